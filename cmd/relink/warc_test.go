package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/warc"
	"github.com/relink-go/relink/wat"
	"golang.org/x/text/encoding/htmlindex"
)

// When RELINK_TEST_MAIN is set, the test binary is relink: the map-step
// test runs it under xargs and through pipes.
func init() {
	if os.Getenv("RELINK_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
}

// warcFixtures returns the WARC files of testdata/warc, relative to the
// repository's root, in lexical order.
func warcFixtures(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "warc", "*.warc*"))
	if err != nil || len(files) < 7 {
		t.Fatalf("fixtures: %v %v", files, err)
	}
	return files
}

// goldenName is the golden file of a fixture's output: compressed when
// the output is large.
func goldenName(fixture, suffix string, size int) string {
	name := filepath.Join("testdata", "warc", "golden", filepath.Base(fixture)+suffix)
	if size > 100<<10 {
		name += ".gz"
	}
	return name
}

// checkGoldenMaybeGz is checkGolden for a golden file that may be
// gzipped (its name ends in .gz).
func checkGoldenMaybeGz(t *testing.T, file, got string) {
	t.Helper()
	if !strings.HasSuffix(file, ".gz") {
		checkGolden(t, file, got)
		return
	}
	if *update {
		var b bytes.Buffer
		z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		z.Write([]byte(got))
		z.Close()
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	want, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	if got == string(want) {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	bad := 0
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w && bad < 10 {
			t.Errorf("%s:%d:\ngot  %q\nwant %q", file, i+1, g, w)
			bad++
		}
	}
	t.Errorf("output differs from %s (run go test -update if the change is deliberate)", file)
}

// TestWARCGolden runs relink warc on each fixture and compares the
// output with the golden JSONL, and checks that the spans of the links
// are in the decoded bodies and that --per-page gives the same links.
func TestWARCGolden(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	for _, file := range warcFixtures(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			got := runString([]string{"warc", file}, "")
			if got.code != 0 || got.stderr != "" {
				t.Fatalf("exit status %d, stderr %q", got.code, got.stderr)
			}
			checkGoldenMaybeGz(t, goldenName(file, ".jsonl", len(got.stdout)), got.stdout)

			perPage := runString([]string{"warc", "--per-page", file}, "")
			if perPage.code != 0 || perPage.stderr != "" {
				t.Fatalf("--per-page: exit status %d, stderr %q", perPage.code, perPage.stderr)
			}
			if flat := flattenPages(t, perPage.stdout); flat != got.stdout {
				t.Errorf("--per-page, flattened, differs from the links")
			}
			if filepath.Base(file) == "ia-web-commons-link-extraction-test.warc" {
				checkGolden(t, goldenName(file, ".per-page.jsonl", 0), perPage.stdout)
			}
			checkSpans(t, file, got.stdout)
			checkRanges(t, file, perPage.stdout)
			pages, links := 0, strings.Count(got.stdout, "\n")
			for range strings.Lines(perPage.stdout) {
				pages++
			}
			t.Logf("%s: %d pages, %d links", file, pages, links)
		})
	}
}

// flattenPages turns --per-page output into the output of one line per
// link.
func flattenPages(t *testing.T, out string) string {
	t.Helper()
	var b strings.Builder
	for line := range strings.Lines(out) {
		var page map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &page); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		var links []json.RawMessage
		json.Unmarshal(page["links"], &links)
		head, _, ok := strings.Cut(line, `,"file":`)
		if !ok {
			t.Fatalf("no file in %s", line)
		}
		for _, l := range links {
			fmt.Fprintf(&b, `%s,"file":%s,%s`+"\n", head, page["file"], l[1:])
		}
	}
	return b.String()
}

// checkRanges checks that each page of out, the --per-page output for
// file, has a record_length, and that the file's bytes [record_offset,
// record_offset+record_length) hold its record alone.
func checkRanges(t *testing.T, file, out string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(out) {
		var p crawl.PageRecord
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		end := p.RecordOffset + p.RecordLength
		if p.RecordLength <= 0 || end > int64(len(data)) {
			t.Errorf("%s: %s: record_offset %d, record_length %d", file, p.URL, p.RecordOffset, p.RecordLength)
			continue
		}
		r := warc.NewReader(bytes.NewReader(data[p.RecordOffset:end]))
		rec, err := r.Next()
		if err != nil || rec.TargetURI != p.URL || rec.RecordID != p.RecordID {
			t.Errorf("%s: [%d, %d) alone: %v, want the record of %s", file, p.RecordOffset, end, err, p.URL)
			continue
		}
		if _, err := r.Next(); err != io.EOF {
			t.Errorf("%s: [%d, %d) holds more than the record of %s: %v", file, p.RecordOffset, end, p.URL, err)
		}
	}
}

// checkSpans checks that each link of out, the output for file, is the
// value as written at its span of the decoded body, on its line.
func checkSpans(t *testing.T, file, out string) {
	t.Helper()
	bodies := map[int64][]byte{}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := warc.NewReader(f)
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if rec.Type != "response" {
			continue
		}
		if resp, err := rec.HTTPResponse(); err == nil {
			bodies[rec.Offset], _ = io.ReadAll(resp.Body)
		}
	}
	for line := range strings.Lines(out) {
		var l struct {
			jsonLink
			RecordOffset int64 `json:"record_offset"`
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatal(err)
		}
		if l.Tag == "http" {
			continue
		}
		body := bodies[l.RecordOffset]
		if l.Start < 0 || l.End < l.Start || l.End > int64(len(body)) {
			t.Errorf("record %d: span [%d, %d) out of a %d-byte body", l.RecordOffset, l.Start, l.End, len(body))
			continue
		}
		if n := 1 + bytes.Count(body[:l.Start], []byte("\n")); n != l.Line {
			t.Errorf("record %d: offset %d is on line %d, reported %d", l.RecordOffset, l.Start, n, l.Line)
		}
	}
}

// TestWARCCharsetCommonCrawl checks the charset relink picks for each page
// of the Common Crawl excerpt against Common Crawl's own verdict, the
// charset-detected field of the metadata record that follows each
// response, after mapping both to WHATWG encodings.
func TestWARCCharsetCommonCrawl(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "warc", "resiliparse-warcfile.warc.gz")
	got := runString([]string{"warc", "--per-page", file}, "")
	if got.code != 0 {
		t.Fatalf("exit status %d: %s", got.code, got.stderr)
	}
	ours := map[string]string{}
	for line := range strings.Lines(got.stdout) {
		var p crawl.PageRecord
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			t.Fatal(err)
		}
		ours[p.URL] = p.Charset
	}

	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := warc.NewReader(f)
	agree, total := 0, 0
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if rec.Type != "metadata" {
			continue
		}
		s := bufio.NewScanner(rec.Block)
		for s.Scan() {
			v, ok := strings.CutPrefix(s.Text(), "charset-detected: ")
			if !ok {
				continue
			}
			total++
			e, err := htmlindex.Get(strings.TrimSpace(v))
			if err != nil {
				t.Errorf("%s: Common Crawl says %q, not a WHATWG label", rec.TargetURI, v)
				continue
			}
			theirs, _ := htmlindex.Name(e)
			if ours[rec.TargetURI] == theirs {
				agree++
			} else {
				t.Errorf("%s: charset %q, Common Crawl detected %s (%s)", rec.TargetURI, ours[rec.TargetURI], v, theirs)
			}
		}
	}
	if total != 16 || len(ours) != 16 {
		t.Errorf("%d verdicts, %d pages; want 16 of each", total, len(ours))
	}
	t.Logf("charset agrees with Common Crawl's charset-detected on %d of %d pages", agree, total)
}

// TestWARCErrors checks that bad records and files are reported with the
// file and the offset, skipped, and that the rest is read.
func TestWARCErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	page := func(uri, html string, header ...string) string {
		block := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n" + strings.Join(header, "") + "\r\n" + html
		return fmt.Sprintf("WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", uri, len(block), block)
	}
	good := page("http://a.example/", `<a href="x">x</a>`)
	bad := "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: many\r\n\r\n<a href=lost>\r\n\r\n"
	mixed := write("mixed.warc", []byte(good+bad+page("http://b.example/", `<a href="y">y</a>`)))
	var gz bytes.Buffer
	for _, r := range []string{good, page("http://c.example/", `<a href=z>`)} {
		z := gzip.NewWriter(&gz)
		z.Write([]byte(r))
		z.Close()
	}
	cut := write("cut.warc.gz", gz.Bytes()[:gz.Len()-10])
	badEnc := write("bad-encoding.warc", []byte(page("http://d.example/", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xff\xff\xff", "Content-Encoding: gzip\r\n")))
	missing := filepath.Join(dir, "missing.warc")

	got := runString([]string{"warc", "--format-is-not-a-flag"}, "")
	if got.code != exitUsage {
		t.Errorf("bad flag: exit status %d", got.code)
	}

	got = runString([]string{"warc", mixed, missing, cut, badEnc, dir}, "")
	if got.code != exitInputFailed {
		t.Errorf("exit status %d, want 3 (a file could not be read)", got.code)
	}
	var pages []string
	for line := range strings.Lines(got.stdout) {
		var l crawl.LinkRecord
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatal(err)
		}
		pages = append(pages, l.URL+" "+l.Href)
	}
	want := []string{"http://a.example/ http://a.example/x", "http://b.example/ http://b.example/y", "http://a.example/ http://a.example/x", "http://c.example/ http://c.example/z"}
	if !slices.Equal(pages, want) {
		t.Errorf("links\n%s\nwant\n%s", strings.Join(pages, "\n"), strings.Join(want, "\n"))
	}
	wantErr := []string{
		"relink warc: " + mixed + ": offset " + fmt.Sprint(len(good)) + `: bad Content-Length "many"` + "\n",
		"relink warc: " + missing + ": no such file or directory\n",
		"relink warc: " + cut + ": offset ",
		": truncated: the file ends inside a gzip member",
		"relink warc: " + badEnc + ": offset 0: http: gzip: ",
		"relink warc: " + dir + ": ",
	}
	for _, w := range wantErr {
		if !strings.Contains(got.stderr, w) {
			t.Errorf("stderr does not contain %q:\n%s", w, got.stderr)
		}
	}

	// Standard input, and --paths-from.
	data, _ := os.ReadFile(mixed)
	if got := runString([]string{"warc"}, string(data)); got.code != exitFail || strings.Count(got.stdout, "\n") != 2 ||
		!strings.Contains(got.stderr, "relink warc: -: offset ") {
		t.Errorf("stdin: %d %q %q", got.code, got.stdout, got.stderr)
	}
	list := write("paths.txt", []byte(mixed+"\r\n\n"+cut+"\n"))
	if got := runString([]string{"warc", "--paths-from", list}, ""); got.code != exitBadFile || strings.Count(got.stdout, "\n") != 4 {
		t.Errorf("--paths-from: %d %q %q", got.code, got.stdout, got.stderr)
	}
	if got := runString([]string{"warc", "--paths-from", "-", "-"}, ""); got.code != exitUsage {
		t.Errorf("stdin twice: exit status %d", got.code)
	}

	// The exit status tells a bad record (1) from a file that is not a
	// WARC file or is cut short (5), and both from a file that could not
	// be read (3).
	notWARC := write("notes.warc", []byte("These are notes, not a WARC file.\n"))
	notGzip := write("notes.warc.gz", []byte{0x1f, 0x8b, 8, 0, 1, 2, 3})
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{mixed}, exitBadRecords, `bad Content-Length "many"`},
		{[]string{cut}, exitBadFile, "truncated"},
		{[]string{notWARC}, exitBadFile, notWARC + ": not a WARC file: no record could be read"},
		{[]string{notGzip}, exitBadFile, notGzip + ": not a WARC file: no record could be read"},
		{[]string{mixed, cut}, exitBadFile, "truncated"},
		{[]string{cut, missing}, exitInputFailed, "no such file"},
	} {
		if got := runString(append([]string{"warc"}, c.args...), ""); got.code != c.code || !strings.Contains(got.stderr, c.msg) {
			t.Errorf("%v: exit status %d, %q; want %d and %q", c.args, got.code, got.stderr, c.code, c.msg)
		}
	}
}

// TestWARCMapStep runs relink warc as the map step of a batch job would:
// as a Hadoop Streaming mapper or a Spark RDD.pipe() stage (paths on
// standard input, JSON lines on standard output, both pipes), and under
// xargs -P (several processes writing to one output file, or one pipe).
// The output must be identical to that of runs on each file, in the
// order of the paths (pipe mapper), or a mixture of whole lines that
// gives each file's lines in order (xargs).
func TestWARCMapStep(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	t.Chdir(filepath.Join("..", ".."))
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	files := warcFixtures(t)
	// Each file twice, so that there is more to do than processes.
	files = append(files, files...)
	for _, mode := range [][]string{nil, {"--per-page"}} {
		name := "links"
		if mode != nil {
			name = "per-page"
		}
		t.Run(name, func(t *testing.T) {
			perFile := map[string]string{}
			var all strings.Builder
			for _, f := range files {
				got := runString(append(append([]string{"warc"}, mode...), f), "")
				if got.code != 0 {
					t.Fatalf("%s: exit status %d: %s", f, got.code, got.stderr)
				}
				perFile[f] = got.stdout
				all.WriteString(got.stdout)
			}
			paths := strings.Join(files, "\n") + "\n"

			// Hadoop Streaming, Spark pipe(): twice, the same bytes.
			for i := 0; i < 2; i++ {
				cmd := exec.Command(exe, append(append([]string{"warc"}, mode...), "--paths-from", "-")...)
				cmd.Env = append(os.Environ(), "RELINK_TEST_MAIN=1")
				cmd.Stdin = strings.NewReader(paths)
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("mapper: %v", err)
				}
				if string(out) != all.String() {
					t.Fatalf("mapper output (%d bytes) differs from the runs on each file (%d bytes)", len(out), all.Len())
				}
			}

			// xargs -P into one file and into one pipe.
			if _, err := exec.LookPath("xargs"); err != nil {
				t.Skip("no xargs")
			}
			outputs := []string{"file"}
			if mode == nil {
				outputs = append(outputs, "pipe") // a page's line may exceed PIPE_BUF
			}
			for _, to := range outputs {
				args := append([]string{"-P", "4", "-n", "1", exe, "warc"}, mode...)
				cmd := exec.Command("xargs", args...)
				cmd.Env = append(os.Environ(), "RELINK_TEST_MAIN=1")
				cmd.Stdin = strings.NewReader(paths)
				var out []byte
				if to == "file" {
					f, err := os.Create(filepath.Join(t.TempDir(), "out.jsonl"))
					if err != nil {
						t.Fatal(err)
					}
					cmd.Stdout = f
					err = cmd.Run()
					f.Close()
					if err != nil {
						t.Fatalf("xargs: %v", err)
					}
					out, _ = os.ReadFile(f.Name())
				} else if out, err = cmd.Output(); err != nil {
					t.Fatalf("xargs: %v", err)
				}
				// Each file's lines, in order: a file given twice has
				// its lines twice, possibly interleaved.
				byFile := map[string][]string{}
				for line := range strings.Lines(string(out)) {
					var p struct {
						File string `json:"file"`
					}
					if err := json.Unmarshal([]byte(line), &p); err != nil {
						t.Fatalf("xargs to a %s: a line that is not JSON: %v", to, err)
					}
					byFile[p.File] = append(byFile[p.File], line)
				}
				for f, lines := range byFile {
					want := strings.Repeat(perFile[f], 2)
					got := strings.Join(lines, "")
					if len(got) != len(want) || !sameLines(got, want) {
						t.Errorf("xargs to a %s: %s: %d bytes, want %d", to, f, len(got), len(want))
					}
				}
				if len(byFile) != len(files)/2 {
					t.Errorf("xargs to a %s: lines of %d files, want %d", to, len(byFile), len(files)/2)
				}
			}
		})
	}
}

// sameLines reports whether a and b hold the same lines, in any order.
func sameLines(a, b string) bool {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	slices.Sort(la)
	slices.Sort(lb)
	return slices.Equal(la, lb)
}

func TestLineWriter(t *testing.T) {
	var writes []string
	w := &lineWriter{w: writerFunc(func(p []byte) (int, error) {
		writes = append(writes, string(p))
		return len(p), nil
	}), limit: 10, nl: -1}
	for _, s := range []string{"abc\n", "defg", "h\n", "ij\n", "0123456789012\n", "x", "y\nz"} {
		w.Write([]byte(s))
	}
	w.Flush()
	want := []string{"abc\ndefgh\n", "ij\n", "0123456789012\n", "xy\nz"}
	if !slices.Equal(writes, want) {
		t.Errorf("writes %q, want %q", writes, want)
	}

	// A line longer than maxLine goes out in pieces.
	writes = nil
	w.Write(bytes.Repeat([]byte("a"), maxLine+5))
	w.Write([]byte("\nb\n"))
	w.Flush()
	if len(writes) != 2 || len(writes[0]) != maxLine+5 || writes[1] != "\nb\n" {
		t.Errorf("long line: %d writes", len(writes))
	}

	// A 10 MiB line written in small pieces goes out in 1 MiB writes,
	// without scanning the buffer again at each piece.
	writes = nil
	piece := bytes.Repeat([]byte("x"), 100)
	for range 10 << 20 / 100 {
		w.Write(piece)
	}
	w.Write([]byte("\n"))
	w.Flush()
	if len(writes) != 10 || len(writes[0]) < maxLine || len(writes[0]) >= maxLine+100 {
		t.Errorf("10 MiB line: %d writes, the first of %d bytes", len(writes), len(writes[0]))
	}

	fail := errors.New("disk full")
	w = &lineWriter{w: writerFunc(func(p []byte) (int, error) { return 0, fail }), limit: 4, nl: -1}
	w.Write([]byte("abcdef\n"))
	if _, err := w.Write([]byte("x")); err != fail || w.Flush() != fail {
		t.Errorf("error %v, want disk full", err)
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestWARCExitStatus checks each exit status of relink warc: a run
// exits with the most serious problem it met.
func TestWARCExitStatus(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join("..", "..", "testdata", "warc", "example.warc")
	bad := filepath.Join(dir, "bad.warc")
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	// A record whose Content-Length is not a number, then the good ones.
	if err := os.WriteFile(bad, append([]byte("WARC/1.0\r\nWARC-Type: response\r\nContent-Length: many\r\n\r\nx\r\n\r\n"), data...), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.warc")
	for _, tt := range []struct {
		name   string
		args   []string
		stdin  string
		stdout io.Writer // nil for a buffer
		code   int
		stderr string
	}{
		{"good", []string{good}, "", nil, exitOK, ""},
		{"bad record", []string{good, bad}, "", nil, exitBadRecords, "bad.warc: offset 0: bad Content-Length"},
		{"usage", []string{"--no-such-flag"}, "", nil, exitUsage, "flag provided but not defined"},
		{"missing file", []string{bad, missing}, "", nil, exitInputFailed, "missing.warc: no such file or directory"},
		{"paths on stdin", nil, good + "\n" + bad + "\n", nil, exitInputFailed, "-: standard input is a list of paths, not a WARC file: read it with --paths-from -"},
		{"paths from a missing list", []string{"--paths-from", missing}, "", nil, exitInputFailed, "missing.warc: no such file or directory"},
		{"output lost", []string{good}, "", errWriter{}, exitOutputLost, "writing output: disk full"},
		{"output lost beats the rest", []string{bad, missing}, "", errWriter{}, exitOutputLost, "writing output: disk full"},
	} {
		var stdout, stderr bytes.Buffer
		var out io.Writer = &stdout
		if tt.stdout != nil {
			out = tt.stdout
		}
		code := run(append([]string{"warc"}, tt.args...), strings.NewReader(tt.stdin), out, &stderr)
		if code != tt.code || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("%s: exit status %d, stderr %q; want %d and %q", tt.name, code, stderr.String(), tt.code, tt.stderr)
		}
	}
	// The same paths through --paths-from - are read.
	var stdout bytes.Buffer
	if code := run([]string{"warc", "--paths-from", "-"}, strings.NewReader(good+"\n"), &stdout, io.Discard); code != exitOK || stdout.Len() == 0 {
		t.Errorf("--paths-from -: exit status %d, %d bytes", code, stdout.Len())
	}
}

func TestLooksLikePaths(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"crawl-data/CC-MAIN-2024-10/segments/1/warc/CC-MAIN-1-00000.warc.gz\n", true},
		{"/data/a.warc\r\n/data/b.warc\n", true},
		{"s3://commoncrawl/x.arc.gz", true},
		{"WARC/1.0\r\nWARC-Type: warcinfo\r\n", false},
		{"\x1f\x8b\x08\x00", false},
		{"", false},
		{"notes.txt\n", false},
		{"a\tb.warc\n", false},
	} {
		if got := looksLikePaths([]byte(tt.in)); got != tt.want {
			t.Errorf("%q: %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestWARCWAT checks that --wat writes one WAT-shaped record per page,
// with the page's links of the HTML, as the crawl package makes them.
func TestWARCWAT(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "warc", "ia-web-commons-link-extraction-test.warc")
	watRun := runString([]string{"warc", "--wat=jsonl", file}, "")
	// --wat holds the speculative links: those of --per-page --speculative.
	pages := runString([]string{"warc", "--per-page", "--speculative", file}, "")
	if watRun.code != 0 || pages.code != 0 {
		t.Fatalf("exit status %d and %d: %s %s", watRun.code, pages.code, watRun.stderr, pages.stderr)
	}
	watLines, pageLines := strings.Split(watRun.stdout, "\n"), strings.Split(pages.stdout, "\n")
	if len(watLines) != len(pageLines) || len(watLines) < 2 {
		t.Fatalf("%d WAT lines, %d pages", len(watLines), len(pageLines))
	}
	links, spec := 0, 0
	for i := range len(watLines) - 1 {
		var p crawl.PageRecord
		if err := json.Unmarshal([]byte(pageLines[i]), &p); err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(wat.FromPage(&p))
		var got, wantV any
		json.Unmarshal([]byte(watLines[i]), &got)
		json.Unmarshal(want, &wantV)
		if !reflect.DeepEqual(got, wantV) {
			t.Errorf("line %d:\n%s\nwant\n%s", i+1, watLines[i], want)
		}
		for _, l := range wat.FromPage(&p).Envelope.PayloadMetadata.HTTPResponseMetadata.HTMLMetadata.Links {
			links++
			if strings.HasSuffix(l.Path, "@/onclick") || strings.HasSuffix(l.Path, "@/data-href") || strings.HasSuffix(l.Path, "@/data-uri") {
				spec++
			}
		}
	}
	if links == 0 || spec != 25 {
		t.Errorf("%d links in the WAT records, %d of them speculative (want 25, as ia-web-commons' WATs have)", links, spec)
	}
}

// TestWARCWATContainer checks the Container of --wat on every fixture:
// Compressed for a gzipped file, and the Gzip-Metadata of each page's
// member, checked against the file: the header is what compress/gzip
// reads of it, the deflate data runs from there to the 8-byte trailer
// that ends the page's range (record_offset and record_length of
// --per-page), and Inflated-CRC and Inflated-Length are the trailer's
// CRC-32, as a signed 32-bit number, and ISIZE. An uncompressed file has
// "Compressed":false and no Gzip-Metadata, and so has a file gzipped as
// one stream, "Compressed":true. The output of a gzipped fixture is
// compared with its golden file.
func TestWARCWATContainer(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	plain, err := os.ReadFile(filepath.Join("testdata", "warc", "ia-web-commons-link-extraction-test.warc"))
	if err != nil {
		t.Fatal(err)
	}
	oneStream := filepath.Join(t.TempDir(), "one-stream.warc.gz")
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write(plain)
	z.Close()
	if err := os.WriteFile(oneStream, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	members := 0
	for _, file := range append(warcFixtures(t), oneStream) {
		wat := runString([]string{"warc", "--wat=jsonl", file}, "")
		pages := runString([]string{"warc", "--per-page", file}, "")
		if wat.code != 0 || pages.code != 0 {
			t.Fatalf("%s: exit status %d and %d: %s %s", file, wat.code, pages.code, wat.stderr, pages.stderr)
		}
		if filepath.Base(file) == "jwarc-cc.warc.gz" {
			checkGolden(t, goldenName(file, ".wat.jsonl", 0), wat.stdout)
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		watLines, pageLines := strings.Split(wat.stdout, "\n"), strings.Split(pages.stdout, "\n")
		if len(watLines) != len(pageLines) || len(watLines) < 2 {
			t.Fatalf("%s: %d WAT lines, %d pages", file, len(watLines), len(pageLines))
		}
		for i := range len(watLines) - 1 {
			var w struct{ Container map[string]any }
			var p crawl.PageRecord
			if err := json.Unmarshal([]byte(watLines[i]), &w); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(pageLines[i]), &p); err != nil {
				t.Fatal(err)
			}
			c := w.Container
			want := map[string]any{"Filename": file, "Offset": fmt.Sprint(p.RecordOffset), "Compressed": strings.HasSuffix(file, ".gz")}
			if strings.HasSuffix(file, ".warc.gz") && file != oneStream {
				m := data[p.RecordOffset : p.RecordOffset+p.RecordLength]
				r := bytes.NewReader(m)
				if _, err := gzip.NewReader(r); err != nil {
					t.Fatal(err)
				}
				header := len(m) - r.Len()
				trailer := m[len(m)-8:]
				want["Gzip-Metadata"] = map[string]any{
					"Header-Length":   fmt.Sprint(header),
					"Deflate-Length":  fmt.Sprint(len(m) - header - 8),
					"Footer-Length":   "8",
					"Inflated-CRC":    fmt.Sprint(int32(binary.LittleEndian.Uint32(trailer))),
					"Inflated-Length": fmt.Sprint(binary.LittleEndian.Uint32(trailer[4:])),
				}
				members++
			}
			if !reflect.DeepEqual(c, want) {
				t.Errorf("%s: line %d: Container %v, want %v", file, i+1, c, want)
			}
		}
	}
	if members < 40 {
		t.Errorf("%d pages with a gzip member of their own, want the fixtures' 46", members)
	}
}

// TestWARCRemote reads WARC files over HTTP from a local server: the
// links are those of the file on disk, a 503 is retried, a 404 is an
// input that could not be read (status 3).
func TestWARCRemote(t *testing.T) {
	defer func(n int, d time.Duration) { urlAttempts, urlBackoff = n, d }(urlAttempts, urlBackoff)
	urlAttempts, urlBackoff = 3, time.Millisecond
	file := filepath.Join("..", "..", "testdata", "warc", "jwarc-cc.warc.gz")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/flaky.warc.gz":
			if hits.Add(1) < 3 {
				http.Error(w, "busy", http.StatusServiceUnavailable)
				return
			}
			w.Write(data)
		case "/ok.warc.gz":
			w.Write(data)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	local := runString([]string{"warc", file}, "")
	for _, name := range []string{"/ok.warc.gz", "/flaky.warc.gz"} {
		got := runString([]string{"warc", srv.URL + name}, "")
		want := strings.ReplaceAll(local.stdout, `"file":"`+file+`"`, `"file":"`+srv.URL+name+`"`)
		if got.code != exitOK || got.stdout != want || want == "" {
			t.Errorf("%s: exit status %d, %d bytes, want %d; %s", name, got.code, len(got.stdout), len(want), got.stderr)
		}
	}
	got := runString([]string{"warc", srv.URL + "/missing.warc.gz", file}, "")
	if got.code != exitInputFailed || !strings.Contains(got.stderr, "/missing.warc.gz: HTTP status 404 Not Found") || got.stdout != local.stdout {
		t.Errorf("404: exit status %d, stderr %q", got.code, got.stderr)
	}
	hits.Store(-10)
	got = runString([]string{"warc", srv.URL + "/flaky.warc.gz"}, "")
	if got.code != exitInputFailed || !strings.Contains(got.stderr, "503 Service Unavailable (after 3 attempts)") {
		t.Errorf("503: exit status %d, stderr %q", got.code, got.stderr)
	}
}

// TestWARCS3 reads a WARC file from an S3-compatible server (gofakes3,
// in process) named by AWS_ENDPOINT_URL_S3: the links are those of the
// file on disk; a missing object is an input that could not be read.
func TestWARCS3(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "warc", "jwarc-cc.warc.gz")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	backend := s3mem.New()
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	defer srv.Close()
	if err := backend.CreateBucket("commoncrawl"); err != nil {
		t.Fatal(err)
	}
	const key = "crawl-data/CC-MAIN-2024-10/jwarc-cc.warc.gz"
	if _, err := backend.PutObject("commoncrawl", key, map[string]string{}, bytes.NewReader(data), int64(len(data)), nil); err != nil {
		t.Fatal(err)
	}
	t.Setenv("AWS_ENDPOINT_URL_S3", srv.URL)
	t.Setenv("AWS_ACCESS_KEY_ID", "AKIAEXAMPLE")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "secret")
	local := runString([]string{"warc", file}, "")
	name := "s3://commoncrawl/" + key
	got := runString([]string{"warc", name}, "")
	want := strings.ReplaceAll(local.stdout, `"file":"`+file+`"`, `"file":"`+name+`"`)
	if got.code != exitOK || got.stdout != want || want == "" {
		t.Errorf("exit status %d, %d bytes, want %d; %s", got.code, len(got.stdout), len(want), got.stderr)
	}
	got = runString([]string{"warc", "s3://commoncrawl/missing.warc.gz"}, "")
	if got.code != exitInputFailed || !strings.Contains(got.stderr, "s3://commoncrawl/missing.warc.gz: HTTP status 404 Not Found") {
		t.Errorf("missing object: exit status %d, stderr %q", got.code, got.stderr)
	}
}
