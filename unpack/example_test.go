package unpack_test

import (
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"

	"github.com/relink-go/relink/unpack"
	"github.com/relink-go/relink/weburl"
)

func ExampleUnpack() {
	dir, err := os.MkdirTemp("", "site")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join("..", "testdata", "warc", "example.warc")
	archives := []unpack.Archive{{Name: name, Open: func() (io.ReadCloser, error) { return os.Open(name) }}}
	st, err := unpack.Unpack(dir, archives, unpack.Options{Report: func(err error) { log.Print(err) }})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(st.Files, "files,", st.Redirects, "redirect")
	b, _ := os.ReadFile(filepath.Join(dir, "example.org", "index.html"))
	fmt.Printf("%s", b)
	// Output:
	// 2 files, 1 redirect
	// <!DOCTYPE html>
	// <meta charset="utf-8">
	// <title>Redirect</title>
	// <meta http-equiv="refresh" content="0; url=ru/index.html">
	// <p>This page (http://example.org/) redirects to <a href="ru/index.html">http://example.org/ru/</a>.</p>
}

func ExampleFilePath() {
	for _, f := range []struct{ url, mediaType string }{
		{"https://example.org/docs/", "text/html"},
		{"https://example.org/style.css?v=3", "text/css"},
		{"http://xn--bcher-kva.example:8080/%C3%BCber/CON", "text/html"},
		{"https://example.org/a/..%2F..%2Fetc/passwd", "text/plain"},
	} {
		u, _ := weburl.Parse(f.url, nil)
		fmt.Println(unpack.FilePath(u, f.mediaType))
	}
	// Output:
	// example.org/docs/index.html
	// example.org/style@v=3.css
	// bücher.example+8080/über/CON_.html
	// example.org/a/..%2F..%2Fetc/passwd
}
