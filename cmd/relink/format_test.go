package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLinkFormats checks that the table of output formats is the one
// place a format is known: every row is a value of --format of relink
// extract and relink warc (help, completion, the usage error), runs, and
// writes what its row says (one value per line, a header whose columns
// match its lines, JSON objects).
func TestLinkFormats(t *testing.T) {
	page := `<a href="https://example.org/a">a</a> <a href="http://a b/">bad</a> <img src="/i.png">`
	fixture := filepath.Join("..", "..", "testdata", "warc", "example.warc")
	help := runString([]string{"extract", "-h"}, "").stdout
	bad := runString([]string{"extract", "--format", "nope"}, page).stderr
	for _, f := range linkFormats {
		if !strings.Contains(help, "\n\t"+f.name+"\t") || !strings.Contains(help, f.help[:20]) {
			t.Errorf("%s: not in the help's list of formats", f.name)
		}
		if !strings.Contains(bad, f.name) {
			t.Errorf("%s: not in the usage error %q", f.name, bad)
		}
		for _, c := range []*command{extractCommand, warcCommand} {
			for _, fl := range commandFlags(c) {
				if fl.Name == "format" && !strings.Contains(strings.Join(flagChoices(fl), " "), f.name) {
					t.Errorf("relink %s: completion does not offer --format %s", c.name, f.name)
				}
			}
		}
		args := []string{"extract", "-q", "--base", "https://example.org/", "--format", f.name}
		if f.header != "" {
			args = append(args, "--header")
		}
		got := runString(args, page)
		if got.code != 0 {
			t.Fatalf("%q: status %d, %s", args, got.code, got.stderr)
		}
		lines := strings.Split(strings.TrimSuffix(got.stdout, "\n"), "\n")
		switch {
		case f.isJSON():
			for _, l := range lines {
				if !strings.HasPrefix(l, `{"file":"-",`) {
					t.Errorf("%s: line %q", f.name, l)
				}
			}
		case f.header != "":
			if lines[0] != strings.TrimSuffix(f.headerLine("file"), "\n") {
				t.Errorf("%s: header %q, want %q", f.name, lines[0], f.headerLine("file"))
			}
			for _, l := range lines[1:] {
				if strings.Count(l, "\t") != strings.Count(lines[0], "\t") {
					t.Errorf("%s: line %q has not the columns of %q", f.name, l, lines[0])
				}
			}
			lines = lines[1:]
		default:
			want := 2 // the invalid link has nothing to show but its value
			if f.name == "value" {
				want = 3
			}
			if len(lines) != want {
				t.Errorf("%s: %d lines %q, want %d", f.name, len(lines), lines, want)
			}
		}
		if f.record && len(lines) != 3 {
			t.Errorf("%s: %d lines, want the 3 links", f.name, len(lines))
		}
		w := runString([]string{"warc", "-q", "--format", f.name, fixture}, "")
		if w.code != 0 || w.stdout == "" {
			t.Errorf("warc --format %s: status %d, %d bytes, %s", f.name, w.code, len(w.stdout), w.stderr)
		}
		if c := runString([]string{"extract", "--count", "--header", "--format", f.name}, page); f.header == "" && (c.code != 0 || !strings.HasPrefix(c.stdout, "count\t"+f.column+"\n")) {
			t.Errorf("--count --format %s: status %d, %q", f.name, c.code, c.stdout)
		}
	}
}

// hasHeader and noHeader select the formats with and without columns
// named by --header, for the tests' usage messages.
func hasHeader(f *linkFormat) bool { return f.header != "" }
func noHeader(f *linkFormat) bool  { return f.header == "" }
