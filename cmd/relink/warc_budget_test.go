package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// budgetPage returns a response record of url whose page has n links,
// <a href=/i> for i from 0, or the same link n times.
func budgetPage(url string, n int, distinct bool) string {
	var b strings.Builder
	b.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n")
	for i := range n {
		if !distinct {
			i = 0
		}
		fmt.Fprintf(&b, "<a href=/%d>x</a>\n", i)
	}
	return fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\nWARC-Record-ID: <urn:uuid:%s>\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n",
		url, url, b.Len(), b.String())
}

// TestWARCMaxOutput runs relink warc with --max-output 10KiB on a page
// of 2000 links and a small page after it, in each output shape: the
// first page's output stays within 10 KiB (a --per-page or --wat line
// whole and valid JSON), the page is reported with its offset, exit
// status 1, and the next page is written whole. With --max-output 0 and
// by default (64 MiB), everything is written.
func TestWARCMaxOutput(t *testing.T) {
	in := budgetPage("http://a.example/", 2000, true) + budgetPage("http://b.example/", 1, true)
	const budget = 10 << 10
	for _, args := range [][]string{
		{},
		{"--format", "tsv"},
		{"--format", "href"},
		{"--per-page"},
		{"--wat=jsonl"},
		{"--count", "--format", "href"},
		{"--unique"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			run1 := func(extra ...string) (int, string, string) {
				var out, errs bytes.Buffer
				code := run(append(append([]string{"warc"}, extra...), args...), strings.NewReader(in), &out, &errs)
				return code, out.String(), errs.String()
			}
			code, out, errs := run1("--max-output", "10KiB")
			first, second := 0, 0
			for line := range strings.Lines(out) {
				switch {
				case strings.Contains(line, "b.example"):
					second++
				case strings.Contains(line, "a.example"):
					first += len(line)
					if line[0] == '{' && !json.Valid([]byte(line)) {
						t.Errorf("not JSON: %.200s", line)
					}
				default:
					t.Errorf("a line of neither page: %.200s", line)
				}
			}
			want := "relink warc: -: offset 0: the output for the record reached --max-output 10KiB: its lines past it are left out\n"
			if code != exitFail || first > budget || first < budget/2 || second != 1 || errs != want {
				t.Errorf("exit %d, %d bytes for the first page, %d lines for the second, stderr %q; want 1, at most %d, 1, %q",
					code, first, second, errs, budget, want)
			}
			for _, extra := range [][]string{{"--max-output", "0"}, nil} {
				code, out, errs := run1(extra...)
				if code != exitOK || len(out) <= budget || errs != "" {
					t.Errorf("%q: exit %d, %d bytes, stderr %q; want 0, all of it", extra, code, len(out), errs)
				}
			}
		})
	}
}

// TestWARCDistinct runs --unique and --count on a page of 2000 distinct
// links with the bound on a page's distinct values lowered to 10 KiB:
// --unique writes every link (those past the bound without holding their
// value), --count counts the values held, and each reports the links past
// the bound, exit status 1. The next page's values are held anew.
func TestWARCDistinct(t *testing.T) {
	defer func(m int64) { maxDistinct = m }(maxDistinct)
	maxDistinct = 10 << 10
	in := budgetPage("http://a.example/", 2000, true) + budgetPage("http://b.example/", 100, true)
	// The hrefs of the first page are http://a.example/N, 18 to 21
	// bytes, and count 64 bytes more: 122 of them fit in 10 KiB.
	const held = (10 << 10) / (64 + 19)
	for _, tt := range []struct {
		args  []string
		lines int // of the first page
		what  string
	}{
		{[]string{"--unique", "--format", "href"}, 2000, "written without being compared (they may repeat)"},
		{[]string{"--count", "--format", "href"}, held, "left out of the counts"},
	} {
		var out, errs bytes.Buffer
		code := run(append([]string{"warc"}, tt.args...), strings.NewReader(in), &out, &errs)
		first, second := strings.Count(out.String(), "http://a.example/"), strings.Count(out.String(), "http://b.example/")
		if tt.args[0] == "--count" {
			first /= 2 // the page's URL and the value
			second /= 2
		}
		want := fmt.Sprintf("relink warc: -: offset 0: the page has more distinct values than --unique and --count hold (10KiB): %d of its links were %s\n",
			2000-held, tt.what)
		if code != exitFail || first != tt.lines || second != 100 || errs.String() != want {
			t.Errorf("%q: exit %d, %d and %d lines, stderr %q; want 1, %d and 100, %q", tt.args, code, first, second, errs.String(), tt.lines, want)
		}
	}
}

// TestWARCHostile runs the built command under a 1 GiB address-space
// limit (RLIMIT_AS, set by the shell's ulimit -v; the Go runtime runs
// in it, and a child that allocates 2 GiB under it fails, which the
// test checks first) on records made to blow up the output and the
// memory of the command: a page of 64 MiB of <a href=a> (a few hundred
// bytes of archive) in each output shape, and a page of five million
// distinct hrefs under --unique, --count and --wat. Each
// run ends with exit status 1 and a report, its output within
// --max-output, and no fatal error; the test logs the output's size and
// the peak RSS. It runs when RELINK_MEMTEST is set.
func TestWARCHostile(t *testing.T) {
	if os.Getenv("RELINK_TEST_ALLOC") != "" {
		b := make([]byte, 2<<30)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		os.Exit(0)
	}
	if runtime.GOOS != "linux" {
		t.Skip("needs ulimit -v and /bin/sh")
	}
	if os.Getenv("RELINK_MEMTEST") == "" {
		t.Skip("RELINK_MEMTEST not set: building the command and running it on 64 MiB pages takes a few minutes")
	}
	const limitKiB = 1 << 20
	limited := func(name string, args ...string) *exec.Cmd {
		return exec.Command("/bin/sh", append([]string{"-c", fmt.Sprintf(`ulimit -v %d && exec "$0" "$@"`, limitKiB), name}, args...)...)
	}
	// The limit is in force: 2 GiB cannot be had under it.
	self, _ := os.Executable()
	c := limited(self, "-test.run=^TestWARCHostile$")
	c.Env = append(os.Environ(), "RELINK_TEST_ALLOC=1")
	if out, err := c.CombinedOutput(); err == nil {
		t.Fatalf("a child allocated 2 GiB under ulimit -v %d: %s", limitKiB, out)
	}

	dir := t.TempDir()
	bin := filepath.Join(dir, "relink")
	// Without cgo: glibc gives each thread that calls malloc an arena
	// of 64 MiB of address space, which a limit on the address space
	// counts, and pthread_create then fails under it; pure Go maps what
	// it uses.
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	gz := func(b []byte) []byte {
		var o bytes.Buffer
		z, _ := gzip.NewWriterLevel(&o, gzip.BestCompression)
		z.Write(b)
		z.Close()
		return o.Bytes()
	}
	// bomb writes a gzipped WARC file of one response whose body, gzip
	// coded, is what fill writes.
	bomb := func(name string, fill func(z *gzip.Writer)) string {
		var body bytes.Buffer
		z, _ := gzip.NewWriterLevel(&body, gzip.BestCompression)
		fill(z)
		z.Close()
		http := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n"
		rec := fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://x.example/\r\nWARC-Record-ID: <urn:uuid:x>\r\nContent-Length: %d\r\n\r\n%s%s\r\n\r\n",
			len(http)+body.Len(), http, body.Bytes())
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, gz([]byte(rec)), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	links := bomb("links.warc.gz", func(z *gzip.Writer) {
		unit := bytes.Repeat([]byte("<a href=a>"), 6553)
		for n := 0; n < 64<<20; n += len(unit) {
			z.Write(unit)
		}
	})
	type hostile struct {
		file string
		args []string
	}
	cases := []hostile{
		{links, nil}, {links, []string{"--format", "tsv"}}, {links, []string{"--format", "iri"}},
		{links, []string{"--per-page"}}, {links, []string{"--wat=jsonl"}}, {links, []string{"--unique"}},
	}
	{
		distinct := bomb("distinct.warc.gz", func(z *gzip.Writer) {
			for i := range 5_000_000 {
				fmt.Fprintf(z, "<a href=%x>", i)
			}
		})
		cases = append(cases, hostile{distinct, []string{"--unique", "--format", "href"}},
			hostile{distinct, []string{"--count"}}, hostile{distinct, []string{"--wat=jsonl"}})
	}
	for _, h := range cases {
		args := append(append([]string{"warc"}, h.args...), h.file)
		c := limited(bin, args...)
		var out countWriter
		var errs bytes.Buffer
		c.Stdout, c.Stderr = &out, &errs
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		// The peak RSS: the child's VmHWM, sampled until it exits (the
		// rusage of a child started by vfork counts its parent's).
		done := make(chan bool)
		hwm := make(chan string)
		go func() {
			last := "?"
			for {
				select {
				case <-done:
					hwm <- last
					return
				case <-time.After(5 * time.Millisecond):
				}
				b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.Process.Pid))
				for line := range strings.Lines(string(b)) {
					if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
						last = strings.TrimSpace(v)
					}
				}
			}
		}()
		err := c.Wait()
		close(done)
		code := c.ProcessState.ExitCode()
		t.Logf("%s %s: exit %d, %d bytes of output, peak RSS %s: %.300s", filepath.Base(h.file), strings.Join(h.args, " "), code, out.n, <-hwm, errs.String())
		if code != exitFail || out.n > defaultMaxOutput || strings.Contains(errs.String(), "fatal error") || !strings.Contains(errs.String(), "offset 0: ") {
			t.Errorf("%s %q: %v, exit %d, %d bytes of output; want exit 1, at most %d bytes, a report\n%.1000s", h.file, h.args, err, code, out.n, defaultMaxOutput, errs.String())
		}
	}
}
