package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// pipeDoc returns an HTML document of n links whose values are of
// various lengths, all up to max bytes.
func pipeDoc(n, max int) string {
	r := rand.New(rand.NewSource(1))
	var b strings.Builder
	b.WriteString("<html><body>\n")
	for i := range n {
		fmt.Fprintf(&b, "<a href=\"http://example.com/%d/%s\">x</a>\n", i, strings.Repeat("a", r.Intn(max)))
	}
	return b.String()
}

// brokenLines returns how many of the lines of want, each expected p
// times in got, are missing from it (cut by another writer's bytes).
func brokenLines(want, got string, p int) int {
	count := map[string]int{}
	for l := range strings.Lines(got) {
		count[l]++
	}
	wantCount := map[string]int{}
	for l := range strings.Lines(want) {
		wantCount[l]++
	}
	n := 0
	for l, c := range wantCount {
		n += max(0, p*c-count[l])
	}
	return n
}

// TestPipeLines checks issue 19 item 12: several processes writing to one
// pipe (each writer here has its own file descriptor, as a process has)
// never cut each other's lines of at most PIPE_BUF (4096) bytes, in the
// line formats of extract and uri; and with -o FILE, lines of any length
// stay whole.
func TestPipeLines(t *testing.T) {
	const writers = 6
	doc := pipeDoc(3000, 900) // lines of up to about 3900 bytes
	for _, args := range [][]string{
		{"extract", "--type", "html", "--format", "tsv"},
		{"extract", "--type", "html", "--format", "jsonl"},
	} {
		want := runString(args, doc)
		if n := longestLine(want.stdout); n > 4096 {
			t.Fatalf("%q: a line of %d bytes: the case needs lines of at most 4096", args, n)
		}
		got := concurrentPipe(t, writers, args, doc)
		if lines := strings.Count(got, "\n"); lines != writers*strings.Count(want.stdout, "\n") {
			t.Errorf("%q: %d lines, want %d", args, lines, writers*strings.Count(want.stdout, "\n"))
		}
		if n := brokenLines(want.stdout, got, writers); n > 0 {
			t.Errorf("%q: %d lines cut by another writer's", args, n)
		}
	}
	// uri, its input the hrefs
	hrefs := runString([]string{"extract", "--type", "html", "--format", "href"}, doc).stdout
	want := runString([]string{"uri"}, hrefs).stdout
	if got := concurrentPipe(t, writers, []string{"uri"}, hrefs); brokenLines(want, got, writers) > 0 {
		t.Errorf("uri: %d lines cut by another writer's", brokenLines(want, got, writers))
	}

	// -o FILE: lines up to 20 KB, appended by every writer to one file.
	long := pipeDoc(600, 20000)
	args := []string{"extract", "--type", "html", "--format", "tsv"}
	want = runString(args, long).stdout
	out := filepath.Join(t.TempDir(), "links.tsv")
	var wg sync.WaitGroup
	for range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r := runString(append(args, "-o", out), long); r.code != 0 || r.stdout != "" {
				t.Errorf("-o: exit status %d, stdout %d bytes, stderr %q", r.code, len(r.stdout), r.stderr)
			}
		}()
	}
	wg.Wait()
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if longestLine(want) <= 4096 {
		t.Fatalf("-o: the longest line has %d bytes: the case needs longer ones", longestLine(want))
	}
	if n := brokenLines(want, string(got), writers); n > 0 || len(got) != writers*len(want) {
		t.Errorf("-o: %d lines cut, %d bytes, want %d", n, len(got), writers*len(want))
	}
}

func longestLine(s string) int {
	n := 0
	for l := range strings.Lines(s) {
		n = max(n, len(l))
	}
	return n
}

// concurrentPipe runs relink with args and stdin in n goroutines at once,
// each writing to one pipe through a file descriptor of its own, and
// returns what the pipe carried.
func concurrentPipe(t *testing.T, n int, args []string, stdin string) string {
	if !haveDup {
		t.Skip("each writer needs a file descriptor of its own, which dup(2) makes; this system has no dup(2)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	done := make(chan struct{})
	go func() {
		// Small reads keep the pipe full, so that writers block and
		// wake up together.
		buf := make([]byte, 512)
		for {
			k, err := r.Read(buf)
			got.Write(buf[:k])
			if err == io.EOF {
				break
			}
		}
		close(done)
	}()
	var wg sync.WaitGroup
	for range n {
		out, err := dupFile(w)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var stderr bytes.Buffer
			if code := run(args, strings.NewReader(stdin), out, &stderr); code != 0 {
				t.Errorf("%q: exit status %d, %s", args, code, stderr.Bytes())
			}
			out.Close()
		}()
	}
	wg.Wait()
	w.Close()
	<-done
	r.Close()
	return got.String()
}
