package main

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoInternalCharset is issue 20 item 2: the command decides and looks
// up charsets through the public package charset, as any program would,
// and imports none of the internal packages that implement it.
func TestNoInternalCharset(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, internal := range []string{"/internal/webenc", "/internal/charset", "/internal/transcode", "/internal/chardet"} {
				if strings.HasSuffix(path, internal) {
					t.Errorf("%s imports %s", name, path)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no files checked")
	}
}
