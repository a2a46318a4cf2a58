package warc_test

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/relink-go/relink/warc"
)

// makeWACZ returns a WACZ file that holds the files, stored or deflated,
// with a pages/pages.jsonl and a datapackage.json.
func makeWACZ(t *testing.T, files map[string][]byte, deflated map[string]bool, order []string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	add := func(name string, data []byte, method uint16) {
		w, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
	}
	add("datapackage.json", []byte(`{"profile": "data-package", "wacz_version": "1.1.1"}`), zip.Deflate)
	add("pages/pages.jsonl", []byte(`{"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}`+"\n"), zip.Deflate)
	for _, name := range order {
		m := zip.Store
		if deflated[name] {
			m = zip.Deflate
		}
		add(name, files[name], m)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestWACZ lists and reads the WARC files of a WACZ: those under
// archive/, in the directory's order; a stored one is a byte range of the
// WACZ, the WARC file byte for byte, and reads the same records; a
// deflated one reads the same records through Open.
func TestWACZ(t *testing.T) {
	gz, err := os.ReadFile("../testdata/warc/resiliparse-warcfile.warc.gz")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := os.ReadFile("../testdata/warc/example.warc")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"archive/data.warc.gz": gz, "archive/b.warc": plain, "archive/c.WARC": plain, "archive/notes.txt": []byte("x"), "other/x.warc": plain}
	order := []string{"archive/data.warc.gz", "archive/notes.txt", "archive/b.warc", "other/x.warc", "archive/c.WARC"}
	data := makeWACZ(t, files, map[string]bool{"archive/b.warc": true}, order)
	z, err := warc.OpenWACZ(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range z.Archives() {
		names = append(names, a.Name)
		if a.Stored != (a.Name != "archive/b.warc") {
			t.Errorf("%s: Stored %v", a.Name, a.Stored)
		}
		if a.Stored && !bytes.Equal(data[a.Offset:a.Offset+a.Size], files[a.Name]) {
			t.Errorf("%s: [Offset, Offset+Size) is not the file", a.Name)
		}
		rc, err := a.Open()
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(rc)
		if err != nil || !bytes.Equal(got, files[a.Name]) {
			t.Errorf("%s: Open reads %d bytes, %v", a.Name, len(got), err)
		}
		if ids(t, bytes.NewReader(got)) != ids(t, bytes.NewReader(files[a.Name])) {
			t.Errorf("%s: other records", a.Name)
		}
	}
	if want := "archive/data.warc.gz archive/b.warc archive/c.WARC"; strings.Join(names, " ") != want {
		t.Errorf("Archives: %v, want %s", names, want)
	}
	if z.Archive("archive/b.warc") == nil || z.Archive("archive/notes.txt") != nil {
		t.Error("Archive finds the wrong entries")
	}
}

func ids(t *testing.T, r io.Reader) string {
	var s []string
	x := warc.NewReader(r)
	for {
		rec, err := x.Next()
		if err == io.EOF {
			return strings.Join(s, " ")
		}
		if err != nil {
			t.Fatal(err)
		}
		s = append(s, rec.RecordID)
	}
}

// TestWACZBad: a file that is not a ZIP, a ZIP without WARC files under
// archive/, and a ZIP whose directory is larger than MaxWACZDirectory
// are errors.
func TestWACZBad(t *testing.T) {
	noWARC := makeWACZ(t, map[string][]byte{"archive/a.txt": []byte("x")}, nil, []string{"archive/a.txt"})
	// The end of central directory record of a ZIP64 file whose
	// directory claims 1 TiB.
	var huge bytes.Buffer
	huge.WriteString("PK\x03\x04 some data")
	at := huge.Len()
	rec := make([]byte, 56)
	binary.LittleEndian.PutUint32(rec, 0x06064b50)
	binary.LittleEndian.PutUint64(rec[40:], 1<<40)
	huge.Write(rec)
	loc := make([]byte, 20)
	binary.LittleEndian.PutUint32(loc, 0x07064b50)
	binary.LittleEndian.PutUint64(loc[8:], uint64(at))
	huge.Write(loc)
	eocd := make([]byte, 22)
	binary.LittleEndian.PutUint32(eocd, 0x06054b50)
	binary.LittleEndian.PutUint32(eocd[12:], 0xffffffff)
	huge.Write(eocd)
	big := make([]byte, 22)
	binary.LittleEndian.PutUint32(big, 0x06054b50)
	binary.LittleEndian.PutUint32(big[12:], warc.MaxWACZDirectory+1)
	for _, c := range []struct {
		name string
		data []byte
		msg  string
	}{
		{"WARC", []byte("WARC/1.1\r\n\r\n"), "not a WACZ file"},
		{"empty", nil, "too short"},
		{"no WARC", noWARC, "holds no WARC file under archive/"},
		{"zip64 directory of 1 TiB", huge.Bytes(), "ZIP directory has 1099511627776 bytes"},
		{"directory over the bound", big, "read at most"},
	} {
		_, err := warc.OpenWACZ(bytes.NewReader(c.data), int64(len(c.data)))
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want %q", c.name, err, c.msg)
		}
	}
}

// FuzzWACZ opens any input as a WACZ file: OpenWACZ never panics, and
// the byte range of a stored WARC file is within the input.
func FuzzWACZ(f *testing.F) {
	f.Add(makeWACZ(&testing.T{}, map[string][]byte{"archive/a.warc": []byte("WARC/1.1\r\n\r\n")}, nil, []string{"archive/a.warc"}))
	f.Add(makeWACZ(&testing.T{}, map[string][]byte{"archive/a.warc.gz": {0x1f, 0x8b}}, map[string]bool{"archive/a.warc.gz": true}, []string{"archive/a.warc.gz"}))
	f.Fuzz(func(t *testing.T, data []byte) {
		z, err := warc.OpenWACZ(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		for _, a := range z.Archives() {
			if a.Stored && (a.Offset < 0 || a.Size < 0 || a.Offset+a.Size > int64(len(data))) {
				t.Fatalf("%s: [%d, +%d) in %d bytes", a.Name, a.Offset, a.Size, len(data))
			}
			if rc, err := a.Open(); err == nil {
				io.Copy(io.Discard, io.LimitReader(rc, 1<<20))
				rc.Close()
			}
		}
	})
}
