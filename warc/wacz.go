package warc

import (
	"archive/zip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
)

// A WACZ is a Web Archive Collection Zipped: a ZIP file that holds WARC
// files under archive/ (archive/data.warc.gz), an index of its pages
// under pages/ (pages/pages.jsonl), and more (indexes/, datapackage.json)
// that a reader of records does not need. Its WARC files are usually
// stored without ZIP compression, so that an entry is a byte range of the
// WACZ file and a record within it can be read by its offset, as in a
// WARC file of its own.
type WACZ struct {
	archives []*WACZArchive
}

// A WACZArchive is a WARC file in a WACZ.
type WACZArchive struct {
	// Name is the entry's name, "archive/data.warc.gz".
	Name string
	// Offset is where the entry's data begins in the WACZ file, and Size
	// its length there: the WARC file itself, byte for byte, when Stored.
	Offset, Size int64
	// Stored says the entry is not ZIP-compressed (method Store), so
	// that [Offset, Offset+Size) of the WACZ file is the WARC file.
	Stored bool

	f *zip.File
}

// MaxWACZDirectory bounds the central directory of a WACZ file, which
// OpenWACZ reads whole: 64 MiB, some 500,000 entries, far more than a
// WACZ holds (its WARC files are few and large). A larger one is an
// error, so that a hostile file cannot make the reader hold gigabytes.
const MaxWACZDirectory = 64 << 20

// OpenWACZ reads the directory of the WACZ file r of size bytes, and
// lists the WARC files under archive/ (names ending in .warc, .warc.gz or
// .warc.zst, in any case), in the order of the directory. A WACZ without
// one is an error, as is a directory larger than MaxWACZDirectory.
func OpenWACZ(r io.ReaderAt, size int64) (*WACZ, error) {
	if err := checkZipDirectory(r, size); err != nil {
		return nil, err
	}
	z, err := zip.NewReader(r, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, fmt.Errorf("not a WACZ file: %w", err)
	}
	w := &WACZ{}
	for _, f := range z.File {
		if !isWACZArchive(f.Name) || f.FileInfo().IsDir() {
			continue
		}
		off, err := f.DataOffset()
		if err != nil {
			return nil, fmt.Errorf("WACZ entry %s: %w", f.Name, err)
		}
		if f.Method == zip.Store && (off < 0 || int64(f.CompressedSize64) < 0 || off > size || int64(f.CompressedSize64) > size-off) {
			return nil, fmt.Errorf("not a WACZ file: its entry %s runs past the end of the file", f.Name)
		}
		w.archives = append(w.archives, &WACZArchive{
			Name: f.Name, Offset: off, Size: int64(f.CompressedSize64),
			Stored: f.Method == zip.Store, f: f,
		})
	}
	if len(w.archives) == 0 {
		return nil, errors.New("not a WACZ file: it holds no WARC file under archive/")
	}
	return w, nil
}

func isWACZArchive(name string) bool {
	l := strings.ToLower(name)
	if !strings.HasPrefix(l, "archive/") {
		return false
	}
	for _, ext := range []string{".warc", ".warc.gz", ".warc.zst"} {
		if strings.HasSuffix(l, ext) {
			return true
		}
	}
	return false
}

// Archives returns the WARC files of the WACZ, in the order of its
// directory.
func (w *WACZ) Archives() []*WACZArchive { return w.archives }

// Archive returns the WARC file named name ("archive/data.warc.gz"), or
// nil.
func (w *WACZ) Archive(name string) *WACZArchive {
	for _, a := range w.archives {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// Open returns a reader of the WARC file, its ZIP compression undone;
// its CRC-32 is checked at its end, as archive/zip does.
func (a *WACZArchive) Open() (io.ReadCloser, error) {
	return a.f.Open()
}

// checkZipDirectory reads the end of central directory record of a ZIP
// file (and its ZIP64 form) and fails when the directory is larger than
// MaxWACZDirectory, before archive/zip reads it whole.
func checkZipDirectory(r io.ReaderAt, size int64) error {
	const eocdLen = 22
	tail := min(size, eocdLen+65535)
	if tail < eocdLen {
		return errors.New("not a WACZ file: too short for a ZIP file")
	}
	buf := make([]byte, tail)
	if _, err := r.ReadAt(buf, size-tail); err != nil && err != io.EOF {
		return err
	}
	i := len(buf) - eocdLen
	for ; i >= 0; i-- {
		if binary.LittleEndian.Uint32(buf[i:]) == 0x06054b50 {
			break
		}
	}
	if i < 0 {
		return errors.New("not a WACZ file: no ZIP end of central directory")
	}
	dir := int64(binary.LittleEndian.Uint32(buf[i+12:]))
	if dir == 0xffffffff && i >= 20 && binary.LittleEndian.Uint32(buf[i-20:]) == 0x07064b50 {
		// ZIP64: the locator gives the offset of the ZIP64 end record,
		// which gives the directory's size.
		at := int64(binary.LittleEndian.Uint64(buf[i-20+8:]))
		var rec [56]byte
		if at < 0 || at > size-56 {
			return errors.New("not a WACZ file: a bad ZIP64 end of central directory")
		}
		if _, err := r.ReadAt(rec[:], at); err != nil {
			return err
		}
		if binary.LittleEndian.Uint32(rec[:]) != 0x06064b50 {
			return errors.New("not a WACZ file: a bad ZIP64 end of central directory")
		}
		dir = int64(binary.LittleEndian.Uint64(rec[40:]))
	}
	if dir < 0 || dir > MaxWACZDirectory {
		return fmt.Errorf("the WACZ file's ZIP directory has %d bytes, more than the %d read at most", dir, MaxWACZDirectory)
	}
	return nil
}
