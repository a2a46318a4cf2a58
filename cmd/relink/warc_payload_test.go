package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestByteSize(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64 // -1: an error
		str  string
	}{
		{"0", 0, "0"},
		{"123", 123, "123"},
		{"64MiB", 64 << 20, "64MiB"},
		{"64 mib", 64 << 20, "64MiB"},
		{"64M", 64 << 20, "64MiB"},
		{"1GiB", 1 << 30, "1GiB"},
		{"2g", 2 << 30, "2GiB"},
		{"1536KiB", 1536 << 10, "1536KiB"},
		{"500KB", 500000, "500000"},
		{"1MB", 1000000, "1000000"},
		{"1k", 1024, "1KiB"},
		{"10B", 10, "10"},
		{"8TiB", 8 << 40, "8TiB"},
		{"", -1, ""},
		{"-1", -1, ""},
		{"1.5MiB", -1, ""},
		{"MiB", -1, ""},
		{"12XB", -1, ""},
		{"9000000TiB", -1, ""},
		{"0x10", -1, ""},
	} {
		var s byteSize
		err := s.Set(tt.in)
		switch {
		case tt.want < 0 && err == nil:
			t.Errorf("%q: %d, want an error", tt.in, s)
		case tt.want >= 0 && (err != nil || int64(s) != tt.want || s.String() != tt.str):
			t.Errorf("%q: %d %q %v, want %d %q", tt.in, s, s.String(), err, tt.want, tt.str)
		}
	}
}

// TestWARCMaxPayload runs relink warc on pages whose payload is larger
// than --max-payload: a response under "Content-Encoding: gzip, gzip"
// that inflates to 16 MiB (the record of issue 11, which once killed the
// command with a stack overflow), a resource in a gzip member, and a
// 256 KiB page read whole with --max-payload 0. The links of the payload's
// first SIZE bytes are written, the page is reported with its file and
// offset, and the records and files after it are read.
func TestWARCMaxPayload(t *testing.T) {
	dir := t.TempDir()
	unit := "<p><a href=/x>x</a>\n"
	html := func(size int) []byte { return bytes.Repeat([]byte(unit), size/len(unit)) }
	gz := func(b []byte) []byte {
		var out bytes.Buffer
		z, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
		z.Write(b)
		z.Close()
		return out.Bytes()
	}
	rec := func(typ, uri, ctype string, block []byte) []byte {
		return fmt.Appendf(nil, "WARC/1.1\r\nWARC-Type: %s\r\nWARC-Target-URI: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n",
			typ, uri, ctype, len(block), block)
	}
	response := func(uri string, header string, body []byte) []byte {
		block := append([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"+header+"\r\n"), body...)
		return rec("response", uri, "application/http; msgtype=response", block)
	}
	write := func(name string, data ...[]byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, bytes.Join(data, nil), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	next := response("http://next.example/", "", []byte(`<a href="/next">next</a>`))
	bomb := response("http://bomb.example/", "Content-Encoding: gzip, gzip\r\n", gz(gz(html(16<<20))))
	t.Logf("a %d-byte record of 16 MiB", len(bomb))
	bombs := write("bombs.warc", bomb, next)
	resource := write("resource.warc.gz", gz(rec("resource", "http://res.example/", "text/html", html(16<<20))), gz(next))
	big := write("big.warc", response("http://big.example/", "Content-Encoding: gzip\r\n", gz(html(256<<10))), next)
	after := write("after.warc", next)

	count := func(out, page string) int {
		return strings.Count(out, `{"page":"`+page+`"`)
	}
	limit := 64 << 10
	cut := limit / len(unit) // the links of the first 64 KiB
	for _, perPage := range []bool{false, true} {
		args := []string{"warc", "--max-payload", "64KiB", bombs, resource, after}
		if perPage {
			args = append(args, "--per-page")
		}
		got := runString(args, "")
		if got.code != exitFail {
			t.Errorf("%v: exit status %d, want 1", perPage, got.code)
		}
		for _, w := range []string{
			"relink warc: " + bombs + ": offset 0: the payload is larger than --max-payload 64KiB: the links past its first 64KiB are left out\n",
			"relink warc: " + resource + ": offset 0: the payload is larger than --max-payload 64KiB: the links past its first 64KiB are left out\n",
		} {
			if !strings.Contains(got.stderr, w) {
				t.Errorf("stderr does not have %q:\n%s", w, got.stderr)
			}
		}
		if n := strings.Count(got.stderr, "\n"); n != 2 {
			t.Errorf("%d lines on stderr, want 2:\n%s", n, got.stderr)
		}
		if perPage {
			if n := strings.Count(got.stdout, `"uri":"http://bomb.example/x"`); n != cut {
				t.Errorf("--per-page: %d links of the bomb, want %d", n, cut)
			}
			if count(got.stdout, "http://next.example/") != 3 {
				t.Errorf("--per-page: the records after the bombs are missing")
			}
			continue
		}
		if n := count(got.stdout, "http://bomb.example/"); n != cut {
			t.Errorf("%d links of the bomb, want %d, the links of its first 64 KiB", n, cut)
		}
		if n := count(got.stdout, "http://res.example/"); n != cut {
			t.Errorf("%d links of the resource, want %d", n, cut)
		}
		if n := count(got.stdout, "http://next.example/"); n != 3 {
			t.Errorf("%d links from the records after the bombs, want 3", n)
		}
	}

	// The 256 KiB page: cut at 128 KiB, whole with no limit, and whole
	// under the default limit.
	whole := (256 << 10) / len(unit)
	for _, tt := range []struct {
		flag  []string
		links int
		code  int
	}{
		{[]string{"--max-payload", "128KiB"}, (128 << 10) / len(unit), exitFail},
		{[]string{"--max-payload", "0"}, whole, exitOK},
		{nil, whole, exitOK},
	} {
		got := runString(append(append([]string{"warc"}, tt.flag...), big), "")
		if got.code != tt.code || count(got.stdout, "http://big.example/") != tt.links || count(got.stdout, "http://next.example/") != 1 {
			t.Errorf("%v: exit status %d, %d links; want %d, %d: %s", tt.flag, got.code, count(got.stdout, "http://big.example/"), tt.code, tt.links, got.stderr)
		}
	}

	for _, bad := range []string{"-1", "64XB", "lots"} {
		got := runString([]string{"warc", "--max-payload", bad, after}, "")
		if got.code != exitUsage || !strings.Contains(got.stderr, "not a size") {
			t.Errorf("--max-payload %s: exit status %d, %q", bad, got.code, got.stderr)
		}
	}
}
