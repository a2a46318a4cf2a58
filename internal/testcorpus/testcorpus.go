// Package testcorpus finds the corpora of real documents that relink's
// corpus tests and benchmarks read. They are too large for the repository:
// build-corpus.sh, beside this file, builds them from Debian's
// documentation packages,
//
//	internal/testcorpus/build-corpus.sh DIR
//
// with the UTF-8 pages in DIR/html, copies of some of them in legacy
// charsets in DIR/legacy/CHARSET (CHARSET being the charset's WHATWG name:
// shift_jis, euc-jp, iso-2022-jp, windows-1251, koi8-r, gbk) and Markdown
// files in DIR/markdown. An environment variable names each corpus's
// directory:
//
//	RELINK_CORPUS=DIR go test ./...                              (HTML)
//	RELINK_MARKDOWN_CORPUS=DIR/markdown go test ./markdown       (Markdown)
//
// A test that asks for a corpus whose variable is not set is skipped, with
// a message that says so and how to build it. A directory that cannot be
// read, or that holds no file of the corpus, fails the test instead: a
// misnamed corpus must not pass as checked.
package testcorpus

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/internal/webenc"
)

// A Corpus is a kind of document that a directory named by an environment
// variable holds.
type Corpus struct {
	// Env is the environment variable that names the directory.
	Env string
	// Ext ends the names of the corpus's files (".html"); other files
	// are not part of it.
	Ext string
	// Build says what the directory holds and how to make it, for the
	// message of a skipped test.
	Build string
}

var (
	// HTML is the corpus of HTML pages: every .html file below
	// $RELINK_CORPUS, which names the directory build-corpus.sh builds
	// (its html/ and legacy/ trees: 1,435 pages), or any tree of pages
	// (DIR/html: the UTF-8 pages alone).
	HTML = Corpus{
		Env:   "RELINK_CORPUS",
		Ext:   ".html",
		Build: "it names a directory of HTML pages, which internal/testcorpus/build-corpus.sh DIR builds in DIR (RELINK_CORPUS=DIR)",
	}

	// Markdown is the corpus of Markdown files: every .md file below
	// $RELINK_MARKDOWN_CORPUS, which names the markdown/ directory
	// build-corpus.sh builds (the Node.js API docs), or any tree of
	// Markdown files.
	Markdown = Corpus{
		Env:   "RELINK_MARKDOWN_CORPUS",
		Ext:   ".md",
		Build: "it names a directory of Markdown files, which internal/testcorpus/build-corpus.sh DIR builds in DIR/markdown (RELINK_MARKDOWN_CORPUS=DIR/markdown)",
	}
)

// A File is a file of a corpus.
type File struct {
	// Path is the file's path: the corpus directory joined with Rel.
	Path string
	// Rel is its path below the corpus directory, with slashes.
	Rel string
	// Charset is the WHATWG name of the legacy charset of a page of
	// build-corpus.sh's legacy/ tree ("shift_jis" for a page below
	// legacy/shift_jis/), whether the corpus directory is the one
	// build-corpus.sh made or a directory inside it; "" for any other
	// file (the UTF-8 pages of html/, Markdown files).
	Charset string
	// Size is its size in bytes.
	Size int64
}

// Dir returns the directory the corpus's variable names, "" when it is
// not set: for a benchmark that reads other documents then.
func (c Corpus) Dir() string { return os.Getenv(c.Env) }

// Files returns the files of the corpus, in lexical order of their paths.
// It skips tb when the corpus's variable is not set, and fails it when the
// directory cannot be read or holds no file of the corpus.
func (c Corpus) Files(tb testing.TB) []File {
	tb.Helper()
	dir := c.Dir()
	if dir == "" {
		tb.Skipf("%s not set: %s", c.Env, c.Build)
	}
	files, err := c.Walk(dir)
	if err != nil {
		tb.Fatalf("%s=%s: %v", c.Env, dir, err)
	}
	return files
}

// Walk returns the files of the corpus below dir, in lexical order of
// their paths, for a program that takes the directory from elsewhere (a
// flag). It returns an error when dir or a directory below it cannot be
// read, or when it holds no file of the corpus.
func (c Corpus) Walk(dir string) ([]File, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var files []File
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(d.Name(), c.Ext) {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		files = append(files, File{
			Path:    path,
			Rel:     filepath.ToSlash(rel),
			Charset: legacyCharset(filepath.ToSlash(filepath.Join(abs, rel))),
			Size:    info.Size(),
		})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no %s file below %s", c.Ext, dir)
	}
	return files, nil
}

// legacyCharset returns the charset of a page at path (absolute, with
// slashes) in a legacy/CHARSET/ directory, "" when it is in none.
func legacyCharset(path string) string {
	parts := strings.Split(path, "/")
	for i := len(parts) - 3; i >= 0; i-- {
		if parts[i] == "legacy" {
			if e, name := webenc.Lookup(parts[i+1]); e != nil {
				return name
			}
		}
	}
	return ""
}

// Read returns the contents of the file, and fails tb when it cannot be
// read.
func (f File) Read(tb testing.TB) []byte {
	tb.Helper()
	b, err := os.ReadFile(f.Path)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
