package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExtractSite runs the README's main command on the sample site and
// compares with the golden JSONL.
func TestExtractSite(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata")
	got := runString([]string{"extract", "-r", "--base", "https://example.org/", filepath.Join(dir, "site")}, "")
	if got.code != 0 || got.stderr != "" {
		t.Fatalf("exit status %d, stderr %q", got.code, got.stderr)
	}
	checkGolden(t, filepath.Join(dir, "examples", "site.extract.golden"), got.stdout)

	// Every span is the value as written.
	for line := range strings.Lines(got.stdout) {
		var l jsonLink
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(l.File)
		if err != nil {
			t.Fatal(err)
		}
		if l.Start < 0 || l.End < l.Start || l.End > int64(len(data)) {
			t.Errorf("%s: span [%d, %d) out of range", l.File, l.Start, l.End)
			continue
		}
		if line := 1 + strings.Count(string(data[:l.Start]), "\n"); line != l.Line {
			t.Errorf("%s: offset %d is on line %d, reported %d", l.File, l.Start, line, l.Line)
		}
		if l.Tag == "" && l.Value != "" && strings.HasSuffix(l.File, ".txt") && string(data[l.Start:l.End]) != l.Value {
			t.Errorf("%s: text link value %q, input has %q", l.File, l.Value, data[l.Start:l.End])
		}
	}
}

func TestExtract(t *testing.T) {
	tmp := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(tmp, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	page := write("a b/page.html", `<a href="ü?q=ü">x</a>`)
	text := write("notes.txt", "see http://例え.テスト/パス and mail a@example.com\n")
	missing := filepath.Join(tmp, "missing.html")
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		out    string
		errOut string
	}{
		{
			name:  "stdin html, no base: relative stays relative",
			args:  []string{"extract", "--format", "uri"},
			stdin: `<!doctype html><a href="../x y">a</a><img src="http://EXAMPLE.com/i.png">`,
			out:   "../x%20y\nhttp://example.com/i.png\n",
		},
		{
			name:  "stdin text by content",
			args:  []string{"extract", "--format", "uri"},
			stdin: "hello www.example.com/a and user@example.org\n",
			out:   "http://www.example.com/a\nmailto:user@example.org\n",
		},
		{
			// Issue 19 item 15: a "[" in a path and a stray "%" are
			// valid hrefs, never dropped.
			name:  "stdin text: brackets and a stray percent",
			args:  []string{"extract", "--format", "href"},
			stdin: "https://en.wikipedia.org/wiki/Blur_[band] and www.mystore.com/30%OffCoupons\n",
			out:   "https://en.wikipedia.org/wiki/Blur_[band]\nhttp://www.mystore.com/30%OffCoupons\n",
		},
		{
			name:  "stdin text: brackets and a stray percent as URIs",
			args:  []string{"extract", "--format", "uri"},
			stdin: "https://en.wikipedia.org/wiki/Blur_[band] and www.mystore.com/30%OffCoupons\n",
			out:   "https://en.wikipedia.org/wiki/Blur_%5Bband%5D\nhttp://www.mystore.com/30%25OffCoupons\n",
		},
		{
			name: "file url from directory base",
			args: []string{"extract", "-r", "--format", "uri", "--base", "http://h/root", tmp},
			out:  "http://h/root/a%20b/%C3%BC?q=%C3%BC\nhttp://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9\nmailto:a@example.com\n",
		},
		{
			name: "charset flag for the query",
			args: []string{"extract", "--format", "uri", "--charset", "windows-1252", "--base", "http://h/", page},
			// The bytes C3 BC read as windows-1252 are "Ã¼": UTF-8 in the
			// path, and back to C3 BC in the query.
			out: "http://h/%C3%83%C2%BC?q=%C3%BC\n",
		},
		{
			name:   "missing file and directory without -r: others continue, exit 1",
			args:   []string{"extract", "--format", "uri", missing, tmp, text},
			code:   1,
			out:    "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9\nmailto:a@example.com\n",
			errOut: "relink extract: " + missing + ": no such file or directory\nrelink extract: " + tmp + ": is a directory (use -r)\n",
		},
		{
			name: "bad format",
			args: []string{"extract", "--format", "xml"},
			code: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runString(tt.args, tt.stdin)
			if got.code != tt.code || (tt.code != 2 && (got.stdout != tt.out || got.stderr != tt.errOut)) {
				t.Errorf("relink %q\n got %d %q stderr %q\nwant %d %q stderr %q", tt.args, got.code, got.stdout, got.stderr, tt.code, tt.out, tt.errOut)
			}
		})
	}
}

// TestExtractJSONFields checks the fields of one link of each kind.
func TestExtractJSONFields(t *testing.T) {
	got := runString([]string{"extract", "--base", "http://example.com/d/"}, `<a href="a&amp;b" rel="nofollow">Some  <b>text</b></a>`)
	sc := bufio.NewScanner(strings.NewReader(got.stdout))
	if !sc.Scan() {
		t.Fatalf("no output: %q", got.stderr)
	}
	want := `{"file":"-","tag":"a","attr":"href","role":"hyperlink","value":"a&b","href":"http://example.com/d/a&b","uri":"http://example.com/d/a&b","iri":"http://example.com/d/a&b","start":9,"end":16,"line":1,"column":10,"rel":"nofollow","text":"Some text"}`
	if sc.Text() != want {
		t.Errorf("got  %s\nwant %s", sc.Text(), want)
	}
}

// TestFormatURIIsURI checks that what --format uri writes, of the sample
// site and of every WARC fixture, passes relink check --mode strict: an
// RFC 3986 URI each; and that the test has teeth: --format href gives
// lines that do not.
func TestFormatURIIsURI(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	runs := [][]string{{"extract", "-r", "--base", "https://example.org/", filepath.Join("testdata", "site")}}
	for _, f := range warcFixtures(t) {
		runs = append(runs, []string{"warc", "--text-links", f})
	}
	hrefErrors := 0
	for _, args := range runs {
		for _, format := range []string{"uri", "href"} {
			out := runString(append(args, "-q", "--format", format), "")
			if out.code != 0 {
				t.Fatalf("%q: exit status %d, stderr %q", args, out.code, out.stderr)
			}
			check := runString([]string{"check", "--mode", "strict"}, out.stdout)
			errors := strings.Count(check.stdout, "\terror:")
			if format == "href" {
				hrefErrors += errors
				continue
			}
			if check.code != 0 || errors > 0 {
				t.Errorf("%q --format uri: relink check --mode strict: exit status %d\n%s", args, check.code, check.stdout)
			}
			// --format uri writes the URIs without tsvField's escapes:
			// a URI is printable ASCII.
			for line := range strings.Lines(out.stdout) {
				line = strings.TrimSuffix(line, "\n")
				if strings.ContainsFunc(line, func(r rune) bool { return r <= ' ' || r > '~' }) || tsvField(line) != line {
					t.Errorf("%q --format uri: %q is not printable ASCII", args, line)
				}
			}
		}
	}
	if hrefErrors == 0 {
		t.Errorf("no href fails relink check --mode strict: the fixtures test nothing")
	}
	t.Logf("%d errors in the hrefs, none in the URIs", hrefErrors)
}

// TestExtractTreeReuse checks that the read buffer and the HTML extractor
// that extract -r reuses from one document to the next carry nothing
// over: a charset declared by one page, a tag cut at the end of another,
// the base of a page. The run over the tree writes what the runs over
// each file alone write.
func TestExtractTreeReuse(t *testing.T) {
	tmp := t.TempDir()
	files := []struct{ name, content string }{
		{"a.html", "<meta charset=koi8-r><base href=\"http://base.example/d/\"><a href=\"\xf0\xd2\xc9\xd7\xc5\xd4?q=\xf0\">\xf0</a>"},
		{"b/b.html", "<a href=\"caf\u00e9\">caf\u00e9</a><img src=x.png><a href=\"y"},
		{"c.txt", "see http://example.com/\u00e9 and www.example.org\n"},
		{"d.html", "<p>no links</p>"},
		{"e/e.html", "<a href=\"\u00fc\">\u00fc</a>"},
	}
	var paths []string
	for _, f := range files {
		p := filepath.Join(tmp, filepath.FromSlash(f.name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(f.content), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	for _, format := range []string{"jsonl", "tsv", "iri"} {
		tree := runString([]string{"extract", "-r", "-v", "--base", "https://example.org/", "--format", format, tmp}, "")
		if tree.code != 0 || strings.Count(tree.stderr, "\n") < len(files) {
			t.Fatalf("--format %s: exit status %d, stderr %q", format, tree.code, tree.stderr)
		}
		var stdout, stderr strings.Builder
		for i, p := range paths {
			one := runString([]string{"extract", "-v", "--base", "https://example.org/" + files[i].name, "--format", format, p}, "")
			stdout.WriteString(one.stdout)
			for line := range strings.Lines(one.stderr) {
				if strings.HasPrefix(line, "relink extract: "+p+":") {
					stderr.WriteString(line)
				}
			}
		}
		if tree.stdout != stdout.String() {
			t.Errorf("--format %s: the tree writes\n%s\nthe files one by one\n%s", format, tree.stdout, stdout.String())
		}
		var treeDocs strings.Builder
		for line := range strings.Lines(tree.stderr) {
			if strings.HasPrefix(line, "relink extract: "+tmp+string(filepath.Separator)) {
				treeDocs.WriteString(line)
			}
		}
		if treeDocs.String() != stderr.String() {
			t.Errorf("--format %s: the tree reports\n%s\nthe files one by one\n%s", format, treeDocs.String(), stderr.String())
		}
	}
}

// TestExtractNoAnchorText checks that the formats that print no anchor
// text, whose extractor collects none (extract.Options.NoAnchorText),
// write the links that the JSON lines (which print it) hold, in the same
// order: the value of each, over the testdata pages and a page whose a
// elements hold other links, with and without --text-links.
func TestExtractNoAnchorText(t *testing.T) {
	tmp := t.TempDir()
	copyTree(t, filepath.Join("..", "..", "testdata", "extract"), tmp)
	nested := `<a href=a1>x <img src=i1> <a href=a2>y</a> <area href=r1 alt="alt"> https://t.example/ z</a><img src=i2>`
	if err := os.WriteFile(filepath.Join(tmp, "nested.html"), []byte(nested), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, extra := range [][]string{nil, {"--text-links"}} {
		args := append([]string{"extract", "-r", "-q"}, extra...)
		jsonl := runString(append(args, "--format", "jsonl", tmp), "")
		values := runString(append(args, "--format", "value", tmp), "")
		if jsonl.code != 0 || values.code != 0 {
			t.Fatalf("%q: exit status %d and %d: %s%s", extra, jsonl.code, values.code, jsonl.stderr, values.stderr)
		}
		var want strings.Builder
		texts := 0
		for line := range strings.Lines(jsonl.stdout) {
			var l struct{ Value, Text string }
			if err := json.Unmarshal([]byte(line), &l); err != nil {
				t.Fatal(err)
			}
			want.WriteString(l.Value + "\n")
			if l.Text != "" {
				texts++
			}
		}
		if values.stdout != want.String() {
			t.Errorf("%q: --format value writes\n%s\nthe JSON lines hold\n%s", extra, values.stdout, want.String())
		}
		if texts < 10 {
			t.Errorf("%q: %d JSON lines with a text, want 10 or more", extra, texts)
		}
	}
}

// BenchmarkExtractTree runs relink extract -r over a tree (see jobsTree:
// the corpus RELINK_CORPUS names, else a generated site), its output
// discarded, in the forms of the speed issue's table: --format uri, and
// the JSON lines with --base. It is the in-process view of the command
// for a profile:
//
//	RELINK_CORPUS=DIR/html go test ./cmd/relink -run '^$' -bench ExtractTree/uri -cpuprofile /tmp/cpu.out
func BenchmarkExtractTree(b *testing.B) {
	dir, size := jobsTree(b)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"uri", []string{"--format", "uri"}},
		{"jsonl-base", []string{"--format", "jsonl", "--base", "https://example.org/"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(size)
			b.ReportAllocs()
			args := append(append([]string{"extract", "-r", "-q"}, c.args...), dir)
			for b.Loop() {
				if code := run(args, strings.NewReader(""), io.Discard, io.Discard); code != exitOK {
					b.Fatalf("exit status %d", code)
				}
			}
		})
	}
}

// BenchmarkExtractSmallFiles runs relink extract -r --format uri over a
// tree of 828 small pages (a link each, in 8 directories 4 levels deep,
// as many files as the corpus): what a file costs the command besides
// its bytes (opening, the walk, each document's reset). It reports the
// time per file.
func BenchmarkExtractSmallFiles(b *testing.B) {
	dir := b.TempDir()
	const files = 828
	for i := range files {
		sub := filepath.Join(dir, "usr", "share", "doc", fmt.Sprintf("pkg%d", i%8), "html")
		if i < 8 {
			if err := os.MkdirAll(sub, 0o755); err != nil {
				b.Fatal(err)
			}
		}
		page := `<!doctype html><html><head><title>t</title></head><body><a href="a.html">a</a><p>tiny page</p></body></html>` + "\n"
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("p%d.html", i)), []byte(page), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	args := []string{"extract", "-r", "-q", "--format", "uri", dir}
	b.ReportAllocs()
	for b.Loop() {
		if code := run(args, strings.NewReader(""), io.Discard, io.Discard); code != exitOK {
			b.Fatalf("exit status %d", code)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*files), "ns/file")
}
