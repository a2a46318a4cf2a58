package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/relink-go/relink/remote"
	"github.com/relink-go/relink/warc"
)

// splitWACZ splits the name of a WACZ file, or of a WARC file in one
// ("x.wacz#archive/data.warc.gz"), into the WACZ and the entry ("" for
// all its WARC files). It reports false for another name.
func splitWACZ(name string) (wacz, entry string, ok bool) {
	l := strings.ToLower(name)
	if strings.HasSuffix(l, ".wacz") {
		return name, "", true
	}
	if i := strings.Index(l, ".wacz#"); i >= 0 {
		return name[:i+len(".wacz")], name[i+len(".wacz#"):], true
	}
	return "", "", false
}

// wacz prints the links of the pages of the WARC files of a WACZ file
// (or of the one named entry), each named WACZ#ENTRY, record offsets
// counted in the WARC file; with a byte range, of that range of the
// entry.
func (w *warcRun) wacz(name, entry string, input warcInput) {
	ctx := context.Background()
	ra, size, closer, err := w.openReaderAt(ctx, name)
	if err != nil {
		w.failInput(name, err)
		return
	}
	defer closer.Close()
	z, err := warc.OpenWACZ(ra, size)
	if err != nil {
		w.failInput(name, err)
		return
	}
	archives := z.Archives()
	if entry != "" {
		a := z.Archive(entry)
		if a == nil {
			w.failInput(name, fmt.Errorf("the WACZ file has no WARC file %s under archive/", entry))
			return
		}
		archives = archives[:0:0]
		archives = append(archives, a)
	}
	for _, a := range archives {
		if w.out.err != nil {
			return
		}
		full := name + "#" + a.Name
		var in io.ReadCloser
		switch {
		case !a.Stored && input.length > 0:
			w.failInput(full, errors.New("the WARC file is compressed in the WACZ (not stored): its records cannot be read by offset"))
			continue
		case !a.Stored:
			in, err = a.Open()
		case input.length > 0:
			n := min(input.length, max(a.Size-input.offset, 0))
			if n == 0 {
				w.failInput(full, fmt.Errorf("byte %d is past the end of the WARC file (%d bytes)", input.offset, a.Size))
				continue
			}
			in, err = w.openPart(ctx, name, ra, a.Offset+input.offset, n)
		default:
			in, err = w.openPart(ctx, name, ra, a.Offset, a.Size)
		}
		if err != nil {
			w.failInput(full, err)
			continue
		}
		w.read(full, in, input.offset)
		in.Close()
	}
}

// openReaderAt opens a file for random access: a local file as it is, a
// remote one through a Range request for each read (the few that the
// ZIP directory takes).
func (w *warcRun) openReaderAt(ctx context.Context, name string) (io.ReaderAt, int64, io.Closer, error) {
	if !isRemote(name) {
		f, err := os.Open(name)
		if err != nil {
			return nil, 0, nil, err
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, 0, nil, err
		}
		return f, fi.Size(), f, nil
	}
	r, err := w.remote.OpenRange(ctx, name, 0, 1)
	if err != nil {
		return nil, 0, nil, err
	}
	r.Close()
	size := int64(-1)
	if s, ok := r.(interface{ Size() int64 }); ok {
		size = s.Size()
	}
	if size < 0 {
		return nil, 0, nil, errors.New("the server does not give the length of the file, which a WACZ file's directory is read by")
	}
	return &remoteReaderAt{o: &w.remote, ctx: ctx, name: name}, size, io.NopCloser(nil), nil
}

// openPart opens n bytes of the file from offset off: of a local file
// through ra, of a remote one by a Range request that streams them.
func (w *warcRun) openPart(ctx context.Context, name string, ra io.ReaderAt, off, n int64) (io.ReadCloser, error) {
	if !isRemote(name) {
		return io.NopCloser(io.NewSectionReader(ra, off, n)), nil
	}
	return w.remote.OpenRange(ctx, name, off, n)
}

// A remoteReaderAt reads a remote file at offsets, a Range request each.
type remoteReaderAt struct {
	o    *remote.Opener
	ctx  context.Context
	name string
}

func (r *remoteReaderAt) ReadAt(p []byte, off int64) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	rc, err := r.o.OpenRange(r.ctx, r.name, off, int64(len(p)))
	if err != nil {
		return 0, err
	}
	defer rc.Close()
	n, err := io.ReadFull(rc, p)
	if err == io.ErrUnexpectedEOF {
		err = io.EOF
	}
	return n, err
}
