package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// gzipMembers splits a file of gzip members into their data.
func gzipMembers(t *testing.T, data []byte) [][]byte {
	t.Helper()
	var out [][]byte
	r := bytes.NewReader(data)
	for r.Len() > 0 {
		z, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		z.Multistream(false)
		b, err := io.ReadAll(z)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// zstdFrames splits a file of zstd frames into their data, decoding each
// frame alone from its offset: the frame header gives no length, so the
// frames are found by decoding the file with a decoder per prefix.
func zstdFrames(t *testing.T, data []byte) [][]byte {
	t.Helper()
	dec, _ := zstd.NewReader(nil)
	defer dec.Close()
	var out [][]byte
	magic := []byte{0x28, 0xb5, 0x2f, 0xfd}
	for len(data) > 0 {
		// The frame ends where decoding the bytes up to the next magic
		// number succeeds.
		end := len(data)
		for i := 4; i < len(data); {
			j := bytes.Index(data[i:], magic)
			if j < 0 {
				break
			}
			if b, err := dec.DecodeAll(data[:i+j], nil); err == nil {
				end = i + j
				_ = b
				break
			}
			i += j + 1
		}
		b, err := dec.DecodeAll(data[:end], nil)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
		data = data[end:]
	}
	return out
}

// TestWARCCompressedOutput writes relink warc's output to FILE.gz and
// FILE.zst: gzip -dc and zstd -dc (when installed) and Go's readers read
// the lines of the uncompressed output; each member ends in a line feed,
// and begins a record's lines: the record_id of a member's first line is
// not that of the previous member's last line.
func TestWARCCompressedOutput(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "warc", "resiliparse-clueweb-quirk.warc.gz")
	want := runString([]string{"warc", file, file, file, file}, "")
	if want.code != 0 || len(want.stdout) < 2*memberSize {
		t.Fatalf("exit status %d, %d bytes", want.code, len(want.stdout))
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name    string
		tool    []string
		members func(*testing.T, []byte) [][]byte
	}{
		{"links.jsonl.gz", []string{"gzip", "-dc"}, gzipMembers},
		{"links.jsonl.zst", []string{"zstd", "-dc"}, zstdFrames},
	} {
		out := filepath.Join(dir, c.name)
		got := runString([]string{"warc", "-o", out, file, file, file, file}, "")
		data, err := os.ReadFile(out)
		if got.code != 0 || err != nil {
			t.Fatalf("%s: exit status %d, %s, %v", c.name, got.code, got.stderr, err)
		}
		if len(data) >= len(want.stdout)/2 {
			t.Errorf("%s: %d bytes for %d of lines", c.name, len(data), len(want.stdout))
		}
		if path, err := exec.LookPath(c.tool[0]); err == nil {
			cmd := exec.Command(path, c.tool[1:]...)
			cmd.Stdin = bytes.NewReader(data)
			b, err := cmd.Output()
			if err != nil || string(b) != want.stdout {
				t.Errorf("%s: %s reads %d bytes, %v; want the %d of the output", c.name, strings.Join(c.tool, " "), len(b), err, len(want.stdout))
			}
		}
		members := c.members(t, data)
		if len(members) < 2 || string(bytes.Join(members, nil)) != want.stdout {
			t.Fatalf("%s: %d members, not the output", c.name, len(members))
		}
		last := ""
		for i, m := range members {
			if !bytes.HasSuffix(m, []byte("\n")) {
				t.Errorf("%s: member %d does not end in a line feed", c.name, i)
			}
			lines := strings.Split(strings.TrimSuffix(string(m), "\n"), "\n")
			id := func(line string) string {
				var j struct {
					ID     string `json:"record_id"`
					Offset int64  `json:"record_offset"`
				}
				json.Unmarshal([]byte(line), &j)
				return j.ID
			}
			if i > 0 && id(lines[0]) == last {
				t.Errorf("%s: member %d begins in the middle of the lines of %s", c.name, i, last)
			}
			last = id(lines[len(lines)-1])
		}
		// Appending: a second run adds members after the first's.
		runString([]string{"warc", "-o", out, file}, "")
		data2, _ := os.ReadFile(out)
		if !bytes.HasPrefix(data2, data) || string(bytes.Join(c.members(t, data2), nil)) != want.stdout+runString([]string{"warc", file}, "").stdout {
			t.Errorf("%s: appending does not add whole members", c.name)
		}
	}
}
