package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestJSONLArguments checks issue 18 item 9: --jsonl and --format jsonl
// hold for inputs given as arguments, a JSON line that is not an object
// gets an error that says what a record is, and "-" reads standard input
// in uri, iri and check as in the other commands.
func TestJSONLArguments(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		out    string
		stderr string
	}{
		{
			name: "uri --jsonl argument",
			args: []string{"uri", "--format", "jsonl", "http://例え.テスト/"},
			out:  `{"input":"http://例え.テスト/","uri":"http://xn--r8jz45g.xn--zckzah/"}` + "\n",
		},
		{
			name: "iri --format jsonl argument, error in JSON",
			args: []string{"iri", "--format", "jsonl", "http://xn--r8jz45g.xn--zckzah/", "http://a b/"},
			code: 1,
			out: `{"input":"http://xn--r8jz45g.xn--zckzah/","iri":"http://例え.テスト/"}` + "\n" +
				`{"input":"http://a b/","error":"forbidden domain code point in \"a b\""}` + "\n",
		},
		{
			name: "check --format jsonl argument",
			args: []string{"check", "--format", "jsonl", "http://ok.example/", "a b"},
			code: 1,
			out: `{"input":"http://ok.example/","violations":[]}` + "\n" +
				`{"input":"a b","violations":[{"offset":1,"code":"leiri-only","severity":"error","message":"space is not an IRI character; LEIRI and Web modes accept it and percent-encode it"}]}` + "\n",
		},
		{
			name:  "a JSON string is not a record",
			args:  []string{"uri", "--format", "jsonl"},
			stdin: `"x"` + "\n" + `[1]` + "\n" + `{"input":2}` + "\n" + `{"input":"http://ok/"}` + "\n",
			code:  1,
			out: `{"error":"not a JSON object with an \"input\" string","line":1}` + "\n" +
				`{"error":"not a JSON object with an \"input\" string","line":2}` + "\n" +
				`{"error":"not a JSON object with an \"input\" string","line":3}` + "\n" +
				`{"input":"http://ok/","uri":"http://ok/"}` + "\n",
		},
		{
			name:  "uri - reads standard input, in its place",
			args:  []string{"uri", "http://a/ä", "-", "http://c/"},
			stdin: "http://b/ö\n",
			out:   "http://a/%C3%A4\nhttp://b/%C3%B6\nhttp://c/\n",
		},
		{
			name:  "iri - with --jsonl reads records",
			args:  []string{"iri", "--format", "jsonl", "-"},
			stdin: `{"input":"http://a/%C3%A4"}` + "\n",
			out:   `{"input":"http://a/%C3%A4","iri":"http://a/ä"}` + "\n",
		},
		{
			name:  "check -",
			args:  []string{"check", "-"},
			stdin: "a b\n",
			code:  1,
			out:   "\"a b\"\t1\tleiri-only\terror: space is not an IRI character; LEIRI and Web modes accept it and percent-encode it\n",
		},
		{
			name:   "standard input named twice",
			args:   []string{"uri", "-", "-"},
			stdin:  "http://b/\n",
			code:   1,
			out:    "http://b/\n",
			stderr: "relink uri: -: standard input named twice\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runString(tt.args, tt.stdin)
			if got.code != tt.code || got.stdout != tt.out || got.stderr != tt.stderr {
				t.Errorf("relink %q\n got %d %q stderr %q\nwant %d %q stderr %q", tt.args, got.code, got.stdout, got.stderr, tt.code, tt.out, tt.stderr)
			}
		})
	}
}

// TestCheckHelp checks that relink check -h describes check: its output,
// not that of uri, and no flag it does not have.
func TestCheckHelp(t *testing.T) {
	got := runString([]string{"check", "-h"}, "")
	for _, bad := range []string{`"uri"`, "--base", "--charset", "The modes, from the most forgiving"} {
		if strings.Contains(got.stdout, bad) {
			t.Errorf("relink check -h mentions %s", bad)
		}
	}
	for _, want := range []string{`"violations"`, `INPUT "-"`} {
		if !strings.Contains(got.stdout, want) {
			t.Errorf("relink check -h lacks %s", want)
		}
	}
}

// TestStdinPositions checks that an error on a line of standard input
// gives FILE:LINE:COL (the column in bytes, from 1, the byte order mark
// of the first line counted), as every message of relink does.
func TestStdinPositions(t *testing.T) {
	got := runString([]string{"uri", "--mode", "strict"}, "\uFEFFa b\nok\nhttp://a b/\n")
	want := "relink uri: -:1:5: \"a b\": character not allowed here\n" +
		"relink uri: -:3:9: \"http://a b/\": character not allowed here\n"
	if got.stderr != want {
		t.Errorf("stderr\n got %q\nwant %q", got.stderr, want)
	}
}

// TestUsageAligned checks that relink -h lines up the summaries of the
// commands, completion's included, and names every kind of document.
func TestUsageAligned(t *testing.T) {
	got := runString([]string{"-h"}, "")
	col := -1
	for _, c := range commands {
		i := strings.Index(got.stdout, "\t"+c.name+" ")
		if i < 0 {
			t.Fatalf("relink -h does not list %s", c.name)
		}
		line := got.stdout[i:]
		line, _, _ = strings.Cut(line, "\n")
		at := strings.Index(line, c.summary)
		if col >= 0 && at != col {
			t.Errorf("the summary of %s starts at column %d, the others at %d", c.name, at, col)
		}
		col = at
	}
	for _, kind := range []string{"HTML", "CSS", "Markdown", "plain text"} {
		if !strings.Contains(got.stdout[:200], kind) {
			t.Errorf("relink -h does not say it reads %s", kind)
		}
		name, _, _ := strings.Cut(manPage()[strings.Index(manPage(), ".SH NAME"):], ".SH SYNOPSIS")
		if !strings.Contains(name, kind) {
			t.Errorf("the NAME of the man page does not say %s", kind)
		}
	}
}

// TestManEnvironment checks that the ENVIRONMENT section of the man page
// names every variable the command reads: each os.Getenv and getenv
// call of the module's code, and the Go runtime's GOMEMLIMIT.
func TestManEnvironment(t *testing.T) {
	man := manPage()
	env, _, _ := strings.Cut(man[strings.Index(man, ".SH ENVIRONMENT"):], ".SH SEE ALSO")
	files, err := filepath.Glob("../../*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("*.go")
	files = append(files, more...)
	re := regexp.MustCompile(`(?i)getenv\("([A-Z0-9_]+)"\)`)
	seen := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.Contains(f, "internal/testcorpus") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			seen[m[1]] = true
		}
	}
	if len(seen) < 5 {
		t.Fatalf("found only %v: the search is broken", seen)
	}
	for v := range seen {
		if !strings.Contains(env, roffEscape(v)) {
			t.Errorf("the man page's ENVIRONMENT does not name %s, which the code reads", v)
		}
	}
}

// TestDataURLNoWarning checks issue 18 item 11: a data: URL longer than
// the CSS URL limit (64 KiB), in a style sheet, a style element or a
// style attribute, is not warned of (it has nothing to rewrite), while
// an http URL as long is in a style sheet (and in HTML:
// TestOversizeCSSURLInHTML).
func TestDataURLNoWarning(t *testing.T) {
	data := "data:image/png;base64," + strings.Repeat("A", 70000)
	for _, tc := range []struct{ typ, doc string }{
		{"css", "a{background:url(" + data + ")}"},
		{"html", "<style>a{background:url(" + data + ")}</style>"},
		{"html", `<p style="background:url('` + data + `')">`},
	} {
		for _, cmd := range []string{"extract", "rewrite"} {
			got := runString([]string{cmd, "--type", tc.typ}, tc.doc)
			if got.code != 0 || got.stderr != "" {
				t.Errorf("relink %s --type %s: status %d, stderr %q; want 0 and none", cmd, tc.typ, got.code, got.stderr)
			}
		}
		if tc.typ != "css" {
			continue
		}
		long := strings.Replace(tc.doc, "data:image/png;base64,", "http://example.com/", 1)
		if got := runString([]string{"extract", "--type", tc.typ}, long); !strings.Contains(got.stderr, "warning:") {
			t.Errorf("relink extract --type %s of a long http URL: no warning (stderr %q)", tc.typ, got.stderr)
		}
	}
}

// TestOversizeCSSURLInHTML checks that an http URL longer than the CSS
// URL limit (64 KiB) in a style element or a style attribute of HTML is
// not dropped without a word: extract and rewrite warn of it at its
// FILE:LINE:COL, and the summary line counts it, as for a style sheet.
func TestOversizeCSSURLInHTML(t *testing.T) {
	long := "http://example.com/" + strings.Repeat("a", 70000)
	dir := t.TempDir()
	for _, tc := range []struct {
		name, doc string
		line, col int
		links     int // the short links
	}{
		{"style element", "<p>\n<style>a{background:url(x.png)}\nb{background:url(" + long + ")}</style><a href=y>", 3, 18, 2},
		{"style attribute", "<p>\n <p style=\"color:red;\nbackground:url('" + long + "')\"><a href=y>", 3, 17, 1},
	} {
		file := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-")+".html")
		if err := os.WriteFile(file, []byte(tc.doc), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"extract", file}, {"rewrite", "-n", file}} {
			got := runString(args, "")
			place := fmt.Sprintf("%s:%d:%d", file, tc.line, tc.col)
			if got.code != 0 {
				t.Errorf("%s: relink %s: status %d (stderr %q)", tc.name, args[0], got.code, got.stderr)
			}
			warn := "relink " + args[0] + ": " + place + ": warning: "
			if strings.Count(got.stderr, "warning:") != 1 || !strings.Contains(got.stderr, warn) {
				t.Errorf("%s: relink %s: stderr %q, want one warning %q...", tc.name, args[0], got.stderr, warn)
			}
			if !strings.Contains(got.stderr, "1 oversize construct") {
				t.Errorf("%s: relink %s: stderr %q, want a summary that counts 1 oversize construct", tc.name, args[0], got.stderr)
			}
			if args[0] == "extract" && strings.Count(got.stdout, "\n") != tc.links {
				t.Errorf("%s: relink extract: output %q, want the %d short links", tc.name, got.stdout, tc.links)
			}
		}
	}
}

// TestPositions checks issue 18 item 10: JSON lines give a column and a
// role for text links, and every warning about a place in a file starts
// with FILE:LINE:COL:, the place where what it is about starts (for a
// oversize text link, the link's start, not its scheme's colon).
func TestPositions(t *testing.T) {
	got := runString([]string{"extract", "--type", "text"}, "one\n  see https://example.org/a")
	want := `{"file":"-","tag":"","attr":"","role":"text","value":"https://example.org/a","href":"https://example.org/a","uri":"https://example.org/a","iri":"https://example.org/a","start":10,"end":31,"line":2,"column":7}` + "\n"
	if got.stdout != want {
		t.Errorf("text link in JSON:\n got %s\nwant %s", got.stdout, want)
	}

	dir := t.TempDir()
	long := "https://example.org/" + strings.Repeat("a", 9000)
	text := filepath.Join(dir, "t.txt")
	page := filepath.Join(dir, "p.html")
	os.WriteFile(text, []byte("a\n\tsee "+long+"\n"), 0o644)
	os.WriteFile(page, []byte("<p>\n <a href=\"http://[x/\">x</a>  <img src=\"http://a b/\">\n <p title=\""+strings.Repeat("x", 1<<20+1)+"\">"), 0o644)
	gnu := regexp.MustCompile(`^relink (extract|rewrite): (.+):(\d+):(\d+): (warning: .*|invalid link .*)$`)
	wantPlaces := map[string]bool{text + ":2:6": true, page + ":2:11": true, page + ":2:40": true, page + ":3:2": true}
	seen := map[string]bool{}
	// rewrite examines the invalid links only when asked for a form
	// (--to keep, the default, leaves every link as written).
	for _, args := range [][]string{{"extract", "-v", "--format", "uri"}, {"rewrite", "-n", "-v", "--to", "uri"}} {
		got := runString(append(args, text, page), "")
		for line := range strings.Lines(got.stderr) {
			line = strings.TrimSuffix(line, "\n")
			if !strings.Contains(line, "warning:") && !strings.Contains(line, "invalid link \"") {
				continue
			}
			m := gnu.FindStringSubmatch(line)
			if m == nil {
				t.Errorf("%s: not FILE:LINE:COL: %q", args[0], line)
				continue
			}
			place := m[2] + ":" + m[3] + ":" + m[4]
			if !wantPlaces[place] {
				t.Errorf("%s: %q: place %s, want one of %v", args[0], line, place, wantPlaces)
			}
			seen[args[0]+" "+place] = true
		}
	}
	if len(seen) != 2*len(wantPlaces) {
		t.Errorf("places reported: %v, want each of %v by extract and rewrite", seen, wantPlaces)
	}
}
