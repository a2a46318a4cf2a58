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
