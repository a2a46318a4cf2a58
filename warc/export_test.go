package warc

// ReadAheadDone returns a channel that is closed when the goroutine that
// reads r's gzipped input ahead has returned: nil before the first call
// to Next, and for an uncompressed file.
func ReadAheadDone(r *Reader) <-chan struct{} {
	if r.gz == nil {
		return nil
	}
	return r.gz.done
}

// Replayed returns how many bytes of its input r has read again, going
// back to a member that a damaged one ran into.
func Replayed(r *Reader) int64 { return r.cnt.replayed }
