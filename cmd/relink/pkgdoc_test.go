package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPackageDocs is issue 20 item 7: the documentation of every public
// package of the module (and of internal/htmltok, the tokenizer the
// others stand on) opens with one sentence that states what the package
// does, its contract; a longer documentation puts its detail under
// headings ("# Section", as go doc writes them), so that no more than a
// paragraph or two stand between that sentence and the first heading.
func TestPackageDocs(t *testing.T) {
	const (
		short     = 18 // lines of a documentation that needs no heading
		preamble  = 16 // lines before the first heading, the sentence included
		minChecks = 15 // packages the walk must find
	)
	// A new sentence: its end, then a capital letter (not after an
	// abbreviation such as "e.g." or a version such as "v1.8.5").
	sentenceEnd := regexp.MustCompile(`[a-z)"]\. +[A-Z]`)
	root := filepath.Join("..", "..")
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			if filepath.Base(filepath.Dir(path)) == "internal" && d.Name() != "htmltok" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		text := f.Doc.Text() // "" for a nil Doc
		if !strings.HasPrefix(text, "Package "+f.Name.Name+" ") {
			return nil // a file without the package's documentation, or a command's
		}
		checked++
		lines := strings.Split(strings.TrimSpace(text), "\n")
		first, _, _ := strings.Cut(text, "\n\n")
		if first = strings.Join(strings.Fields(first), " "); !strings.HasSuffix(first, ".") || sentenceEnd.MatchString(first) {
			t.Errorf("%s: the documentation of package %s does not open with one sentence: %q", path, f.Name.Name, first)
		}
		if len(lines) <= short {
			return nil
		}
		head := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "# ") {
				head = i
				break
			}
		}
		switch {
		case head < 0:
			t.Errorf("%s: the documentation of package %s has %d lines and no heading", path, f.Name.Name, len(lines))
		case head > preamble:
			t.Errorf("%s: the documentation of package %s has %d lines before its first heading, want at most %d", path, f.Name.Name, head, preamble)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < minChecks {
		t.Fatalf("checked %d package documentations: the walk is broken", checked)
	}
}
