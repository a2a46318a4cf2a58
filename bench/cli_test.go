//go:build linux

package bench

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/relink-go/relink/internal/testcorpus"
)

// TestCLITable is the command-level side-by-side of the speed issue:
// whole processes, relink's command against small peer programs
// (cmd/linkpeer: golang.org/x/net/html's tokenizer passing the input
// through, github.com/tdewolff/parse/v2/html's lexer printing the link
// attributes; linkify-it under Node.js for plain text), each run with its
// output to /dev/null. Each round runs every command once, one after the
// other (starting one further along each round), and a command's cost is
// its CPU time, user plus system, from the rusage wait4 returns: on a
// shared machine, wall time measures the other load. Each row gives the
// median over the rounds of the ratio taken within a round (peer's CPU
// time / relink's, so above 1 is relink faster), its range, and each
// side's best throughput (MB of input per CPU second). It prints one
// table, in Markdown, with go test -v:
//
//	RELINK_CLITABLE=7 RELINK_CORPUS=DIR/html \
//	RELINK_LINKIFYIT=/tmp/linkify/node_modules go test -run CLITable -v -timeout 1h
//
// RELINK_CLITABLE is the number of rounds; RELINK_CORPUS names the HTML
// corpus (the UTF-8 pages of internal/testcorpus/build-corpus.sh, DIR/html:
// 828 pages, 64 MB; pages in legacy charsets are left out), from which
// the test makes the tree, the one file (the pages concatenated) and a
// WARC file (each page a response record, gzipped a member per record);
// RELINK_LINKIFYIT names the node_modules directory where linkify-it is
// installed (npm install --prefix /tmp/linkify linkify-it), without
// which the text row has no peer. The text is the plain-text inputs of
// BenchmarkTextLinks repeated to 8 MiB.
func TestCLITable(t *testing.T) {
	rounds, _ := strconv.Atoi(os.Getenv("RELINK_CLITABLE"))
	if rounds <= 0 {
		t.Skip("RELINK_CLITABLE not set to a number of rounds: the table takes minutes of CPU time")
	}
	if testcorpus.HTML.Dir() == "" {
		t.Skip("RELINK_CORPUS not set: the table is measured on the HTML corpus (" + testcorpus.HTML.Build + ")")
	}
	tmp := t.TempDir()
	relink, peer := filepath.Join(tmp, "relink"), filepath.Join(tmp, "linkpeer")
	build(t, "..", relink, "./cmd/relink")
	build(t, ".", peer, "./cmd/linkpeer")
	in := makeInputs(t, tmp)
	// A child's peak RSS (ru_maxrss) includes this process's resident
	// memory before the exec, unless GNU time runs it: return what
	// making the inputs took, and measure the floor with a command that
	// does nothing.
	debug.FreeOSMemory()
	floor := (&cliCmd{name: "true", args: []string{"true"}}).run(t, false).rss

	tree := []string{"-r", in.tree}
	cmds := []*cliCmd{
		{name: "relink extract --format uri FILE", args: []string{relink, "extract", "--format", "uri", in.file}},
		{name: "linkpeer xnet FILE", args: []string{peer, "xnet", in.file}},
		{name: "linkpeer tdewolff FILE", args: []string{peer, "tdewolff", in.file}},
		{name: "relink extract -r --format uri TREE", args: append([]string{relink, "extract", "--format", "uri"}, tree...)},
		{name: "relink extract -r --format uri --base URL TREE", args: append([]string{relink, "extract", "--format", "uri", "--base", "https://example.org/"}, tree...)},
		{name: "relink extract -r --format jsonl --base URL TREE", args: append([]string{relink, "extract", "--format", "jsonl", "--base", "https://example.org/"}, tree...)},
		{name: "linkpeer xnet TREE", args: []string{peer, "xnet", in.tree}},
		{name: "linkpeer tdewolff TREE", args: []string{peer, "tdewolff", in.tree}},
		{name: "relink rewrite --to uri FILE", args: []string{relink, "rewrite", "--to", "uri", in.file}},
		{name: "relink rewrite -n -r -j 1 --to uri TREE", args: append([]string{relink, "rewrite", "-n", "-j", "1", "--to", "uri"}, tree...)},
		{name: "linkpeer xnet -w FILE", args: []string{peer, "xnet", "-w", in.file}},
		{name: "linkpeer xnet -w TREE", args: []string{peer, "xnet", "-w", in.tree}},
		{name: "relink extract --format uri TEXT", args: []string{relink, "extract", "--format", "uri", in.text}},
		{name: "relink warc WARC.GZ", args: []string{relink, "warc", in.warc}},
	}
	linkifyIt := os.Getenv("RELINK_LINKIFYIT")
	if linkifyIt != "" {
		cmds = append(cmds, &cliCmd{name: "node linkify-it TEXT", args: []string{"node", "linkifyit/links.js", in.text}, env: []string{"NODE_PATH=" + linkifyIt}})
	}
	byName := make(map[string]*cliCmd)
	for _, c := range cmds {
		byName[c.name] = c
		// One untimed run of each, which also checks that it works and
		// counts the lines it writes.
		c.lines = c.run(t, true).lines
	}
	for r := range rounds {
		for i := range cmds {
			c := cmds[(r+i)%len(cmds)]
			res := c.run(t, false)
			c.cpu = append(c.cpu, res.cpu)
			c.rss = max(c.rss, res.rss)
		}
	}

	mb := func(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }
	var tb strings.Builder
	fmt.Fprintf(&tb, "%d rounds, %s; CPU time (user+sys) of whole processes; MB/s per CPU second, best round; ratio: median (range) of peer's CPU time / relink's within a round\n\n", rounds, time.Now().UTC().Format("2006-01-02 15:04 MST"))
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Fprintf(&tb, "load average before the table: %s\n", strings.Join(strings.Fields(string(b))[:3], " "))
	}
	tb.WriteString("| workload | relink | peer | peer | ratio | target |\n|---|---|---|---|---|---|\n")
	row := func(work string, size int64, ours, theirs, peerName, target string) {
		o, p := byName[ours], byName[theirs]
		if p == nil {
			fmt.Fprintf(&tb, "| %s | %.0f MB/s | %s | not run (RELINK_LINKIFYIT not set) | | %s |\n", work, o.best(size), peerName, target)
			return
		}
		med, lo, hi := ratios(p.cpu, o.cpu)
		fmt.Fprintf(&tb, "| %s | %.0f MB/s | %s | %.0f MB/s | **%.2fx** (%.2f-%.2f) | %s |\n", work, o.best(size), peerName, p.best(size), med, lo, hi, target)
	}
	file := "one file, " + mb(in.size)
	treeName := fmt.Sprintf("the tree, %d files", in.files)
	row("`extract --format uri`, "+file, in.size, "relink extract --format uri FILE", "linkpeer xnet FILE", "x/net/html Next+Raw passthrough", "3x")
	row("same file", in.size, "relink extract --format uri FILE", "linkpeer tdewolff FILE", "tdewolff lexer printing link attributes", "1.5x")
	row("`extract -r --format uri`, "+treeName, in.size, "relink extract -r --format uri TREE", "linkpeer xnet TREE", "x/net/html Next+Raw passthrough", "3x")
	row("same tree", in.size, "relink extract -r --format uri TREE", "linkpeer tdewolff TREE", "tdewolff lexer printing link attributes", "1.5x")
	row("`extract -r --format jsonl --base`, same tree", in.size, "relink extract -r --format jsonl --base URL TREE", "relink extract -r --format uri TREE", "`extract -r --format uri`", "≥ 0.77x (JSONL ≤ 1.3x the time)")
	// The same, against the same resolution work: what the JSON lines
	// cost over the URIs when both resolve against --base.
	row("same", in.size, "relink extract -r --format jsonl --base URL TREE", "relink extract -r --format uri --base URL TREE", "`extract -r --format uri --base`", "")
	row("`rewrite --to uri`, "+file, in.size, "relink rewrite --to uri FILE", "linkpeer xnet -w FILE", "x/net/html Next+Raw writing every token", "3x")
	row("`rewrite -n -r -j 1 --to uri`, same tree", in.size, "relink rewrite -n -r -j 1 --to uri TREE", "linkpeer xnet -w TREE", "x/net/html Next+Raw writing every token", "")
	row("`extract --format uri`, text, "+mb(in.textSize), in.textSize, "relink extract --format uri TEXT", "node linkify-it TEXT", "linkify-it (node, whole process)", "8x; 200 MB/s")
	w := byName["relink warc WARC.GZ"]
	fmt.Fprintf(&tb, "| `relink warc`, %s gzipped (%s of WARC data) | %.1f MB/s gz, %.0f MB/s of WARC data | FastWARC's published figures | | | 35 MB/s gz |\n", mb(in.warcSize), mb(in.warcRaw), w.best(in.warcSize), w.best(in.warcRaw))
	fmt.Fprintf(&tb, "\nlines written (untimed run) and peak RSS (largest of the rounds; %.1f MB for `true`):\n\n", float64(floor)/1e6)
	for _, c := range cmds {
		fmt.Fprintf(&tb, "- %s: %d lines, %.1f MB\n", c.name, c.lines, float64(c.rss)/1e6)
	}
	t.Log("\n" + tb.String())
}

// gnuTime is GNU time, which TestCLITable runs each command under when it
// is there, for its peak RSS (its own CPU time, a millisecond, is counted
// with the command's).
const gnuTime = "/usr/bin/time"

// A cliCmd is a command of TestCLITable, and its measures.
type cliCmd struct {
	name  string
	args  []string
	env   []string
	lines int
	cpu   []time.Duration // per round
	rss   int64           // peak resident set, bytes
}

type cliResult struct {
	cpu   time.Duration
	rss   int64
	lines int
}

// run runs c with its output to /dev/null, or counted when count is set,
// and fails t if it fails.
func (c *cliCmd) run(t *testing.T, count bool) cliResult {
	args := c.args
	// A child's ru_maxrss counts the memory of this process before the
	// exec: GNU time, a small process, reports the command's own.
	rssFile := ""
	if _, err := os.Stat(gnuTime); err == nil {
		f, err := os.CreateTemp("", "rss")
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		rssFile = f.Name()
		defer os.Remove(rssFile)
		args = append([]string{gnuTime, "-f", "%M", "-o", rssFile}, args...)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), c.env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	var lines lineCounter
	if count {
		cmd.Stdout = &lines
	} else {
		null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer null.Close()
		cmd.Stdout = null
	}
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(c.args, " "), err, stderr.Bytes())
	}
	ps := cmd.ProcessState
	res := cliResult{cpu: ps.UserTime() + ps.SystemTime(), lines: int(lines)}
	if rssFile != "" {
		b, _ := os.ReadFile(rssFile)
		kib, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil {
			t.Fatalf("%s: %s: %q", gnuTime, err, b)
		}
		res.rss = kib << 10
	} else if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		res.rss = ru.Maxrss << 10 // KiB on Linux
	}
	return res
}

// best returns c's throughput on n bytes, in MB per CPU second, in its
// fastest round.
func (c *cliCmd) best(n int64) float64 {
	return float64(n) / 1e6 / slices.Min(c.cpu).Seconds()
}

// ratios returns the median, least and greatest of the ratios
// peer[i]/ours[i].
func ratios(peer, ours []time.Duration) (med, lo, hi float64) {
	var rs []float64
	for i := range ours {
		rs = append(rs, peer[i].Seconds()/ours[i].Seconds())
	}
	slices.Sort(rs)
	return rs[len(rs)/2], rs[0], rs[len(rs)-1]
}

type lineCounter int

func (n *lineCounter) Write(p []byte) (int, error) {
	*n += lineCounter(bytes.Count(p, []byte{'\n'}))
	return len(p), nil
}

// build builds the command pkg of the module in dir into out.
func build(t *testing.T, dir, out, pkg string) {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, b)
	}
}

// cliInputs are the inputs TestCLITable makes in a temporary directory.
type cliInputs struct {
	tree, file, text, warc string
	files                  int
	size                   int64 // of the tree's pages, and of file
	textSize               int64
	warcSize, warcRaw      int64 // the WARC file, gzipped and not
}

// makeInputs makes, in dir, the tree of the corpus's UTF-8 pages, the one
// file that joins them, the text and the gzipped WARC file.
func makeInputs(t *testing.T, dir string) cliInputs {
	in := cliInputs{
		tree: filepath.Join(dir, "tree"),
		file: filepath.Join(dir, "all.html"),
		text: filepath.Join(dir, "text.txt"),
		warc: filepath.Join(dir, "corpus.warc.gz"),
	}
	// The pages are not held: a child's peak RSS counts the memory of
	// this process before the exec.
	all, err := os.Create(in.file)
	if err != nil {
		t.Fatal(err)
	}
	wf, err := os.Create(in.warc)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range testcorpus.HTML.Files(t) {
		if f.Charset != "" {
			continue
		}
		page := f.Read(t)
		p := filepath.Join(in.tree, filepath.FromSlash(f.Rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, page, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := all.Write(page); err != nil {
			t.Fatal(err)
		}
		in.size += int64(len(page))
		in.files++
		n, err := writeWARCRecord(wf, i, "https://example.org/"+f.Rel, page)
		if err != nil {
			t.Fatal(err)
		}
		in.warcRaw += n
	}
	if err := wf.Close(); err != nil {
		t.Fatal(err)
	}
	if err := all.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(in.warc)
	if err != nil {
		t.Fatal(err)
	}
	in.warcSize = st.Size()
	var text []byte
	for _, ti := range textInputs(t) {
		text = append(text, ti.text...)
	}
	text = bytes.Repeat(text, (8<<20+len(text)-1)/len(text))
	in.textSize = int64(len(text))
	if err := os.WriteFile(in.text, text, 0o644); err != nil {
		t.Fatal(err)
	}
	return in
}

// writeWARCRecord writes page to w as a WARC response record from uri,
// gzipped as a member of its own, and returns the record's length before
// compression.
func writeWARCRecord(w io.Writer, i int, uri string, page []byte) (int64, error) {
	http := fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: %d\r\n\r\n", len(page))
	head := fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\nWARC-Date: 2026-01-01T00:00:00Z\r\nWARC-Target-URI: %s\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n", i, uri, len(http)+len(page))
	bw := bufio.NewWriter(w)
	z := gzip.NewWriter(bw)
	for _, s := range [][]byte{[]byte(head), []byte(http), page, []byte("\r\n\r\n")} {
		if _, err := z.Write(s); err != nil {
			return 0, err
		}
	}
	if err := z.Close(); err != nil {
		return 0, err
	}
	return int64(len(head) + len(http) + len(page) + 4), bw.Flush()
}
