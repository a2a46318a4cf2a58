// Command linkpeer is the peer side of the command-level comparison in
// bench (TestCLITable): small programs built on the HTML tokenizers relink
// is measured against, run as whole processes as relink is.
//
//	linkpeer xnet [-w] PATH...    golang.org/x/net/html's tokenizer, Next and Raw
//	                              over every token; with -w, each token's bytes
//	                              written to standard output
//	linkpeer tdewolff PATH...     github.com/tdewolff/parse/v2/html's lexer,
//	                              printing the value of each link attribute
//	                              (those of relink's rules table), one a line
//
// A PATH that is a directory is walked, every regular file below it read,
// in lexical order, as relink extract -r and rewrite -r read a tree.
package main

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/relink-go/relink/htmlattr"
	"github.com/tdewolff/parse/v2"
	tdhtml "github.com/tdewolff/parse/v2/html"
	"golang.org/x/net/html"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: linkpeer xnet [-w] PATH... | linkpeer tdewolff PATH...")
		os.Exit(2)
	}
	mode, args := os.Args[1], os.Args[2:]
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	var each func(io.Reader) error
	switch mode {
	case "xnet":
		write := false
		if args[0] == "-w" {
			write, args = true, args[1:]
		}
		each = func(r io.Reader) error { return xnet(r, out, write) }
	case "tdewolff":
		each = func(r io.Reader) error { return tdewolff(r, out) }
	default:
		fmt.Fprintf(os.Stderr, "linkpeer: unknown mode %q\n", mode)
		os.Exit(2)
	}
	for _, arg := range args {
		if err := walk(arg, each); err != nil {
			fmt.Fprintln(os.Stderr, "linkpeer:", err)
			os.Exit(1)
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "linkpeer:", err)
		os.Exit(1)
	}
}

// walk calls each on the file at path, or on every regular file below it
// when it is a directory.
func walk(path string, each func(io.Reader) error) error {
	return filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := each(f); err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		return nil
	})
}

// xnet passes r through x/net/html's tokenizer, writing each token's bytes
// to out when write is set.
func xnet(r io.Reader, out *bufio.Writer, write bool) error {
	z := html.NewTokenizer(r)
	for z.Next() != html.ErrorToken {
		if raw := z.Raw(); write {
			out.Write(raw)
		}
	}
	if err := z.Err(); err != io.EOF {
		return err
	}
	return nil
}

// tdewolff runs tdewolff's lexer over r and prints the value of each
// attribute that relink's rules table makes a link (htmlattr.Lookup on
// the lower-cased tag and attribute names), quotes stripped.
func tdewolff(r io.Reader, out *bufio.Writer) error {
	in := parse.NewInput(r)
	l := tdhtml.NewLexer(in)
	var tag []byte
	for {
		tt, _ := l.Next()
		switch tt {
		case tdhtml.ErrorToken:
			if err := l.Err(); err != io.EOF {
				return err
			}
			return nil
		case tdhtml.StartTagToken:
			tag = l.Text()
		case tdhtml.AttributeToken:
			if _, ok := htmlattr.Lookup(tag, l.AttrKey()); ok {
				v := l.AttrVal()
				if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
					v = v[1 : len(v)-1]
				}
				out.Write(v)
				out.WriteByte('\n')
			}
		}
	}
}
