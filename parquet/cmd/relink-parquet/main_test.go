package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/relink-go/relink/parquet/linkparquet"
)

const goldenDir = "../../../testdata/warc/golden"

// lines returns the lines of the files, gunzipped when named .gz.
func lines(t *testing.T, names ...string) [][]byte {
	t.Helper()
	var out [][]byte
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(name, ".gz") {
			z, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if b, err = io.ReadAll(z); err != nil {
				t.Fatal(err)
			}
		}
		for l := range bytes.Lines(b) {
			out = append(out, bytes.TrimSuffix(l, []byte("\n")))
		}
	}
	return out
}

// fields decodes a JSON object into its fields, numbers as written.
func fields(t *testing.T, b []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return m
}

// checkRows checks that the Parquet file name holds a row for each
// line, equal to it.
func checkRows(t *testing.T, name string, want [][]byte) {
	t.Helper()
	rows, err := parquet.ReadFile[linkparquet.Record](name)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(want) {
		t.Fatalf("%s: %d rows, want %d", name, len(rows), len(want))
	}
	for i := range rows {
		j, _ := json.Marshal(&rows[i])
		if !reflect.DeepEqual(fields(t, j), fields(t, want[i])) {
			t.Fatalf("%s: row %d\n%s\nwant\n%s", name, i, j, want[i])
		}
	}
}

func runCmd(stdin []byte, args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, bytes.NewReader(stdin), &o, &e)
	return code, o.String(), e.String()
}

// zst returns b compressed as zstd frames, one per half.
func zst(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	for _, part := range [][]byte{b[:len(b)/2], b[len(b)/2:]} {
		z, err := zstd.NewWriter(&out)
		if err != nil {
			t.Fatal(err)
		}
		z.Write(part)
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return out.Bytes()
}

// TestConvert checks the inputs relink-parquet takes: files plain,
// gzipped and zstd-compressed, several in order, standard input plain
// or compressed, and that the rows are the lines.
func TestConvert(t *testing.T) {
	dir := t.TempDir()
	plain := goldenDir + "/jwarc-cc.warc.gz.jsonl"
	gz := goldenDir + "/aut-issue-514.warc.jsonl.gz"
	raw, err := os.ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	zname := filepath.Join(dir, "links.jsonl.zst")
	if err := os.WriteFile(zname, zst(t, raw), 0o644); err != nil {
		t.Fatal(err)
	}
	var gzraw bytes.Buffer
	z := gzip.NewWriter(&gzraw)
	z.Write(raw)
	z.Close()

	for _, c := range []struct {
		name  string
		args  []string
		stdin []byte
		want  [][]byte
	}{
		{"plain", []string{plain}, nil, lines(t, plain)},
		{"gzip", []string{gz}, nil, lines(t, gz)},
		{"zstd", []string{zname}, nil, lines(t, plain)},
		{"several", []string{plain, gz, plain}, nil, lines(t, plain, gz, plain)},
		{"stdin", nil, raw, lines(t, plain)},
		{"stdin -", []string{"-"}, raw, lines(t, plain)},
		{"stdin gzip", []string{"-"}, gzraw.Bytes(), lines(t, plain)},
		{"stdin zstd", nil, zst(t, raw), lines(t, plain)},
		{"small row groups, snappy", []string{"-compression", "snappy", "-row-group-rows", "10", plain}, nil, lines(t, plain)},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".parquet")
		code, stdout, stderr := runCmd(c.stdin, append([]string{"-o", out}, c.args...)...)
		if code != 0 || stdout != "" || stderr != "" {
			t.Fatalf("%s: status %d, stdout %q, stderr %q", c.name, code, stdout, stderr)
		}
		checkRows(t, out, c.want)
	}

	// Without -o, the file is written on standard output.
	code, stdout, stderr := runCmd(nil, plain)
	if code != 0 || stderr != "" {
		t.Fatalf("stdout: status %d, stderr %q", code, stderr)
	}
	out := filepath.Join(dir, "stdout.parquet")
	if err := os.WriteFile(out, []byte(stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	checkRows(t, out, lines(t, plain))
}

// rawFrame returns a zstd frame of b in one raw block, with the window
// descriptor wd (RFC 8878 section 3.1.1.1.2: 0x80 asks for 64 MiB, 0x50
// for 1 MiB) and no content size, so that the window is the one asked.
func rawFrame(wd byte, b []byte) []byte {
	f := []byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, wd}
	h := 1 | len(b)<<3 // last block, raw, its size
	f = append(f, byte(h), byte(h>>8), byte(h>>16))
	return append(f, b...)
}

// TestErrors checks the errors: a line that is not a link record named
// by FILE:LINE (and column, for a syntax error), inputs that cannot be
// read, usage; and that no output file is left behind.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	good := lines(t, goldenDir+"/example.warc.jsonl")
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bad := write("bad.jsonl", []byte(string(good[0])+"\n"+string(good[1])+"\n"+`{"tag":"a","attr":"href"}`+"\n"))
	syntax := write("syntax.jsonl", []byte(string(good[0])+"\n"+`{"tag":"a" "attr":"href"}`+"\n"))
	perPage := goldenDir + "/ia-web-commons-link-extraction-test.warc.per-page.jsonl"
	var cut bytes.Buffer
	z := gzip.NewWriter(&cut)
	z.Write(bytes.Repeat(append(good[0], '\n'), 100))
	z.Close()
	truncated := write("cut.jsonl.gz", cut.Bytes()[:cut.Len()-20])
	wideWindow := write("wide.jsonl.zst", rawFrame(0x80, append(good[0], '\n')))     // a 64 MiB window
	narrowWindow := write("narrow.jsonl.zst", rawFrame(0x50, append(good[0], '\n'))) // 1 MiB
	defer func(n int) { maxLine = n }(maxLine)
	maxLine = 3 << 20
	long := write("long.jsonl", append(bytes.Repeat([]byte{' '}, maxLine+1), '\n'))
	notLong := write("notlong.jsonl", append(bytes.Repeat([]byte{' '}, maxLine), '\n'))

	for _, c := range []struct {
		args   []string
		stdin  string
		code   int
		stderr string
	}{
		{[]string{bad}, "", 1, "relink-parquet: " + bad + ":3: not a link record: no value, href, uri, iri, start, end, line, column field\n"},
		{[]string{goldenDir + "/example.warc.jsonl", syntax}, "", 1, "relink-parquet: " + syntax + ":2:12: not a link record: invalid character '\"' after object key:value pair\n"},
		{[]string{perPage}, "", 1, "relink-parquet: " + perPage + `:1: not a link record: field "links": a page record of relink warc --per-page` + "\n"},
		{nil, string(good[0]) + "\nnot json\n", 1, "relink-parquet: standard input:2:2: not a link record: invalid character 'o' in literal null (expecting 'u')\n"},
		{[]string{long}, "", 1, "relink-parquet: " + long + ":1: a line longer than 3 MiB\n"},
		{[]string{notLong}, "", 1, "relink-parquet: " + notLong + ":1: not a link record: an empty line\n"},
		{[]string{truncated}, "", 3, "relink-parquet: " + truncated + ":"},
		{[]string{wideWindow}, "", 3, "relink-parquet: " + wideWindow + ":1: "},
		{[]string{narrowWindow, bad}, "", 1, "relink-parquet: " + bad + ":3: "}, // narrowWindow read
		{[]string{filepath.Join(dir, "missing.jsonl")}, "", 3, "relink-parquet: open " + filepath.Join(dir, "missing.jsonl") + ": no such file or directory\n"},
		{[]string{"-compression", "lzo", bad}, "", 2, "relink-parquet: -compression lzo: not zstd, snappy, gzip or none\n"},
		{[]string{"-row-group-rows", "0", bad}, "", 2, "relink-parquet: -row-group-rows and -row-group-bytes must be positive\n"},
		{[]string{"-x"}, "", 2, "flag provided but not defined: -x\n"},
	} {
		out := filepath.Join(dir, "out.parquet")
		code, _, stderr := runCmd([]byte(c.stdin), append([]string{"-o", out}, c.args...)...)
		if code != c.code || !strings.HasPrefix(stderr, c.stderr) {
			t.Errorf("%q: status %d, stderr %q; want %d, %q", c.args, code, stderr, c.code, c.stderr)
		}
		left, _ := filepath.Glob(filepath.Join(dir, "*out.parquet*"))
		if len(left) != 0 {
			t.Errorf("%q: files left: %q", c.args, left)
		}
	}

	// An output that cannot be written.
	noDir := filepath.Join(dir, "no-such-dir", "out.parquet")
	if code, _, stderr := runCmd(nil, "-o", noDir, bad); code != 4 || !strings.HasPrefix(stderr, "relink-parquet: open "+filepath.Join(dir, "no-such-dir")) {
		t.Errorf("-o %s: status %d, stderr %q; want 4", noDir, code, stderr)
	}

	// -h prints the usage, and is no error.
	if code, stdout, stderr := runCmd(nil, "-h"); code != 0 || stdout != "" || !strings.HasPrefix(stderr, "usage: relink-parquet [-o FILE.parquet] [flags] [FILE.jsonl...|-]\n") || !strings.Contains(stderr, "-row-group-bytes N") {
		t.Errorf("-h: status %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	// A failed run leaves the file it would have replaced as it was.
	out := write("kept.parquet", []byte("old"))
	if code, _, _ := runCmd(nil, "-o", out, bad); code != 1 {
		t.Fatalf("status %d", code)
	}
	if b, _ := os.ReadFile(out); string(b) != "old" {
		t.Errorf("the output file was changed: %q", b)
	}
}

// TestOtherReader checks the file with a Parquet reader that is not
// parquet-go: hyparquet (JavaScript) and DuckDB (C++, its Node.js
// API), run by ../../reader/check.mjs on the golden links of relink warc and
// relink extract. The readers are npm packages; RELINK_PARQUET_NODE
// names the node_modules directory they are installed in:
//
//	npm install --prefix DIR hyparquet hyparquet-compressors @duckdb/node-api
//	RELINK_PARQUET_NODE=DIR/node_modules go test -run OtherReader ./cmd/relink-parquet
func TestOtherReader(t *testing.T) {
	modules := os.Getenv("RELINK_PARQUET_NODE")
	if modules == "" {
		t.Skip("RELINK_PARQUET_NODE does not name a node_modules directory with hyparquet, hyparquet-compressors and @duckdb/node-api: the check by other readers is not run")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("no node to run the readers: ", err)
	}
	dir := t.TempDir()
	inputs := []string{goldenDir + "/jwarc-cc.warc.gz.jsonl", goldenDir + "/aut-issue-514.warc.jsonl.gz", "../../linkparquet/testdata/extract.jsonl"}
	want := lines(t, inputs...)
	jsonl := filepath.Join(dir, "links.jsonl")
	var all []byte
	for _, l := range want {
		all = append(append(all, l...), '\n')
	}
	if err := os.WriteFile(jsonl, all, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, codec := range []string{"zstd", "snappy"} {
		out := filepath.Join(dir, codec+".parquet")
		if code, _, stderr := runCmd(nil, "-o", out, "-compression", codec, "-row-group-rows", "100", jsonl); code != 0 {
			t.Fatalf("status %d: %s", code, stderr)
		}
		cmd := exec.Command("node", "../../reader/check.mjs", out, jsonl)
		cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
		b, err := cmd.CombinedOutput()
		t.Logf("%s:\n%s", codec, b)
		if err != nil {
			t.Errorf("%s: %v", codec, err)
		}
	}
}
