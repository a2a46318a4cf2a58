package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/relink-go/relink/beam/internal/fixtures"
)

// TestMain runs relink-beam itself when the tests start this binary as
// it (relinkBeam): one run in a process, as the Beam SDK's flags want.
func TestMain(m *testing.M) {
	if os.Getenv("RELINK_BEAM_RUN") == "1" {
		os.Exit(run(os.Args[1:], os.Stderr))
	}
	os.Exit(m.Run())
}

type result struct {
	code           int
	stdout, stderr string
}

// relinkBeam runs relink-beam with args as a user does, in a process of
// its own (this test binary, which runs run), on the Prism runner in
// that process unless args say otherwise.
func relinkBeam(t *testing.T, args ...string) result {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "RELINK_BEAM_RUN=1")
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	r := result{cmd.ProcessState.ExitCode(), out.String(), errs.String()}
	if strings.Contains(r.stderr, "panic: ") || strings.Contains(r.stderr, "goroutine ") {
		t.Errorf("%q: the process panicked:\n%s", args, r.stderr)
	}
	return r
}

// The line of counters printed at the end of a run.
var countersLine = regexp.MustCompile(`(?m)^relink-beam: bad_files (\d+), bad_records (\d+), links (\d+), pages (\d+), ranges (\d+)$`)

// counters are the values of the line of counters: bad_files,
// bad_records, links, pages, ranges.
type counters [5]int64

func (c counters) String() string {
	return fmt.Sprintf("bad_files %d, bad_records %d, links %d, pages %d, ranges %d", c[0], c[1], c[2], c[3], c[4])
}

// parseCounters returns the counters of the run, and whether it printed
// them, once.
func parseCounters(stderr string) (counters, bool) {
	m := countersLine.FindAllStringSubmatch(stderr, -1)
	if len(m) != 1 {
		return counters{}, false
	}
	var c counters
	for i := range c {
		c[i], _ = strconv.ParseInt(m[0][i+1], 10, 64)
	}
	return c, true
}

// testdata is the main module's testdata/warc, from here.
var testdata = filepath.Join("..", "..", "..", "testdata", "warc")

// golden returns relink warc's lines for a fixture (cmd/relink's golden
// files), with the file named as here.
func golden(t *testing.T, fixture string) []string {
	lines := fixtures.Golden(t, testdata, fixture)
	for i, l := range lines {
		lines[i] = strings.Replace(l, `"file":"testdata/warc/`, `"file":"`+filepath.ToSlash(testdata)+"/", 1)
	}
	return lines
}

// TestReport runs relink-beam on the WARC fixtures as a user does, and
// checks the counters it prints at the end against the links it wrote,
// relink warc's lines for the same files (the golden files), and the
// pages package crawl finds in them, and its exit status 0; with
// --host-graph=false the same, without the graph's files.
func TestReport(t *testing.T) {
	files := fixtures.WARC(t, testdata)
	pages, bad := fixtures.Pages(t, files)
	if bad != 0 {
		t.Fatalf("the fixtures have %d bad records", bad)
	}
	var want []string
	for _, f := range files {
		want = append(want, golden(t, f)...)
	}
	slices.Sort(want)
	for _, graph := range []bool{true, false} {
		out := t.TempDir() + "/"
		args := []string{"--graph-shards", "2", "--output", out}
		if !graph {
			args = append(args, "--host-graph=false")
		}
		for _, f := range files {
			args = append(args, "--input", f)
		}
		r := relinkBeam(t, args...)
		c, ok := parseCounters(r.stderr)
		wantC := counters{0, 0, int64(len(want)), pages, int64(len(files))}
		if r.code != exitOK || !ok || c != wantC || r.stdout != "" {
			t.Errorf("host graph %v: exit status %d, counters %v (printed: %v), stdout %q; want 0 and %v\n%s", graph, r.code, c, ok, r.stdout, wantC, r.stderr)
		}
		if got, _ := fixtures.FileLines(t, filepath.Join(out, "links-*.jsonl")); !slices.Equal(got, want) {
			t.Errorf("host graph %v: %d lines of links, relink warc %d", graph, len(got), len(want))
		}
		shards, _ := filepath.Glob(out + "host-*-of-00002.tsv")
		if graph && len(shards) != 4 || !graph && len(shards) != 0 {
			t.Errorf("host graph %v: %d files of the graph", graph, len(shards))
		}
		if strings.Contains(r.stderr, "level=WARN") {
			t.Errorf("host graph %v: warnings on clean files:\n%s", graph, r.stderr)
		}
	}
}

// TestExitStatus runs relink-beam as a user does on bad input, and checks
// that its exit status tells, as relink warc's does, a bad record (1)
// from a file that is not a WARC file or ends cut short (5), and both
// from an input that cannot be read (3) and from a usage error (2); that
// the counters say the same; and that the bad records are logged with
// the file and the offset.
func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	page := func(uri, html string) string {
		block := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + html
		return fmt.Sprintf("WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n", uri, len(block), block)
	}
	gzipped := func(records ...string) []byte {
		var b bytes.Buffer
		for _, r := range records {
			z := gzip.NewWriter(&b)
			z.Write([]byte(r))
			z.Close()
		}
		return b.Bytes()
	}
	good := page("http://a.example/", `<a href="x">x</a>`)
	bad := "WARC/1.0\r\nWARC-Type: response\r\nContent-Length: many\r\n\r\n<a href=lost>\r\n\r\n"
	mixed := write("mixed.warc", []byte(good+bad+page("http://b.example/", `<a href="y">y</a>`)))
	gz := gzipped(good, page("http://c.example/", `<a href=z>`))
	cut := write("cut.warc.gz", gz[:len(gz)-10])
	notWARC := write("notes.warc", []byte("These are notes, not a WARC file.\n"))
	notGzip := write("notes.warc.gz", []byte{0x1f, 0x8b, 8, 0, 1, 2, 3})
	// A file of 64 pages, a gzip member each, cut short, read in ranges
	// of 4 KiB: the range that reaches the end finds the cut.
	var many []string
	for i := range 64 {
		many = append(many, page(fmt.Sprintf("http://m%d.example/", i), strings.Repeat(fmt.Sprintf(`<a href="p%d">`, i), 40)))
	}
	gz = gzipped(many...)
	cutMany := write("cut-many.warc.gz", gz[:len(gz)-10])
	missing := filepath.Join(dir, "missing.warc")
	list := write("paths.txt", []byte(mixed+"\n"+missing+"\n"))
	out := func() string { return t.TempDir() + "/" }

	for _, c := range []struct {
		name     string
		args     []string
		code     int
		counters *counters // nil: none printed; ranges -N: N or more
		msgs     []string  // in the standard error
	}{
		{"bad record", []string{"--input", mixed}, exitBadRecords, &counters{0, 1, 2, 2, 1},
			[]string{fmt.Sprintf(`relink: %s: offset %d: bad Content-Length`, mixed, len(good))}},
		// The record cut short is read in part, and its links are
		// written, as relink warc writes them.
		{"cut short", []string{"--input", cut}, exitBadFile, &counters{1, 1, 2, 2, 1},
			[]string{"relink: " + cut + ": offset ", ": truncated: the file ends inside a gzip member"}},
		// All the pages, the last read in part, in ranges.
		{"cut short, in ranges", []string{"--input", cutMany, "--split-size", "4096"}, exitBadFile, &counters{1, 1, 64 * 40, 64, -2},
			[]string{"relink: " + cutMany + ": offset ", ": truncated: the file ends inside a gzip member"}},
		{"not a WARC file", []string{"--input", notWARC}, exitBadFile, &counters{1, 1, 0, 0, 1},
			[]string{"relink: " + notWARC + ": not a WARC file: no record could be read"}},
		{"not gzip", []string{"--input", notGzip}, exitBadFile, &counters{1, 1, 0, 0, 1},
			[]string{"relink: " + notGzip + ": not a WARC file: no record could be read"}},
		{"bad record and bad file", []string{"--input", mixed, "--input", cut, "--host-graph=false"}, exitBadFile, &counters{1, 2, 4, 4, 2}, nil},
		{"missing file", []string{"--input", missing}, exitJobFailed, nil,
			[]string{"relink-beam: the job failed: ", missing + " matches no file"}},
		{"a directory", []string{"--input", dir + "/"}, exitJobFailed, nil,
			[]string{"relink-beam: the job failed: ", "relink: " + dir + "/: ", "is a directory"}},
		{"missing file in a list", []string{"--paths-from", list}, exitJobFailed, nil,
			[]string{"relink-beam: the job failed: ", "relink: " + missing + ": "}},
		{"no input", []string{"--output", "x/"}, exitUsage, nil,
			[]string{"relink-beam: --output, and --input or --paths-from, are required"}},
		{"no output", []string{"--input", mixed, "--output", ""}, exitUsage, nil,
			[]string{"relink-beam: --output, and --input or --paths-from, are required"}},
		{"argument", []string{"--input", mixed, mixed}, exitUsage, nil,
			[]string{`relink-beam: unexpected argument "` + mixed + `": give the files with --input or --paths-from`}},
		{"unknown flag", []string{"--input", mixed, "--no-such-flag"}, exitUsage, nil,
			[]string{"flag provided but not defined: -no-such-flag", "usage: relink-beam "}},
		{"graph shards", []string{"--input", mixed, "--graph-shards", "0"}, exitUsage, nil,
			[]string{"relink-beam: --graph-shards 0: at least 1"}},
		{"unknown runner", []string{"--input", mixed, "--runner", "flnk"}, exitUsage, nil,
			[]string{"relink-beam: --runner flnk: no such runner"}},
		{"async in process", []string{"--input", mixed, "--async"}, exitUsage, nil,
			[]string{"relink-beam: --async: the Prism runner runs in this process"}},
		{"help", []string{"-h"}, exitOK, nil,
			[]string{"usage: relink-beam ", "relink-beam's flags:\n  -graph-shards int", "The Beam SDK's flags", "  -worker_binary string"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"--output", out()}, c.args...)
			r := relinkBeam(t, args...)
			got, printed := parseCounters(r.stderr)
			want := c.counters
			if want != nil && want[4] < 0 && got[4] >= -want[4] {
				w := *want
				w[4] = got[4]
				want = &w
			}
			if r.code != c.code || printed != (want != nil) || want != nil && got != *want {
				t.Errorf("exit status %d, counters %v (printed: %v); want %d, %v\n%s", r.code, got, printed, c.code, c.counters, r.stderr)
			}
			for _, m := range c.msgs {
				if !strings.Contains(r.stderr, m) {
					t.Errorf("the standard error has no %q:\n%s", m, r.stderr)
				}
			}
		})
	}
}

// TestNoTempLeft checks that a run on the Prism runner in process leaves
// nothing in the temporary directory: the SDK's empty
// beamloopbackworker-* file goes with withPrivateTemp's directory.
func TestNoTempLeft(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	files := fixtures.WARC(t, testdata)
	r := relinkBeam(t, "--output", t.TempDir()+"/", "--input", files[0])
	if r.code != exitOK {
		t.Fatalf("exit status %d\n%s", r.code, r.stderr)
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left in TMPDIR: %s", e.Name())
	}
}
