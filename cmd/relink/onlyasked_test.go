package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/weburl"
)

// A linkSpan is a link of a file: its bytes [off, end), its value as
// written and the URL it requests.
type linkSpan struct {
	off, end int64
	raw      string
	href     string
}

// fileSpans returns the links of the file at path, whose URL is base, as
// rewrite finds them (strict in plain text).
func fileSpans(t *testing.T, path, base string) []linkSpan {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var spans []linkSpan
	x := extract.New(extract.TypeByName(path), extract.Options{BaseURL: base, StrictText: true}, func(l *extract.Link) error {
		spans = append(spans, linkSpan{l.Start, l.End, l.Value, l.Href})
		return nil
	})
	if err := x.Feed(b, true); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return spans
}

// TestRewriteOnlyAsked is issue 18 item 4's delivery test: a copy of real
// documentation trees (testdata/site: HTML in UTF-8, Shift_JIS, KOI8-R
// and GBK, plain text, Markdown; testdata/nodedocs: Node.js's HTML,
// Markdown and CSS) is rewritten with --map, --resolve and --to, each
// alone, and every byte span is compared with the original's: the bytes
// between links never change, the links are the same in number and
// request the same URLs (or, for --map, the mapped ones), and exactly
// the links the option asks for change: --map the links below OLD,
// --resolve absolute the relative links, --to uri the links that are not
// RFC 3986 URIs as written. A map that matches nothing changes no file.
func TestRewriteOnlyAsked(t *testing.T) {
	const base = "https://example.org/"
	maps := [][2]string{
		{"https://ru.wikipedia.org/wiki", "https://ru.example/wiki"},
		{"https://nodejs.org/api", "https://docs.example/node"},
	}
	mapped := func(href string) (string, bool) {
		for _, m := range maps {
			if rest, ok := strings.CutPrefix(href, m[0]); ok && (rest == "" || strings.ContainsRune("/?#", rune(rest[0]))) {
				return m[1] + rest, true
			}
		}
		return "", false
	}
	tests := []struct {
		name string
		args []string
		// change reports whether the link s is to change, and the URL
		// it is to request then.
		change func(s linkSpan) (bool, string)
		want   int // links changed
	}{
		{"--map", []string{"--map", maps[0][0] + "=" + maps[0][1], "--map", maps[1][0] + "=" + maps[1][1]},
			func(s linkSpan) (bool, string) {
				if to, ok := mapped(s.href); ok {
					return true, to
				}
				return false, s.href
			}, 3},
		{"--map matching nothing", []string{"--map", "https://nowhere.example/a=https://elsewhere.example/b"},
			func(s linkSpan) (bool, string) { return false, s.href }, 0},
		{"--resolve absolute", []string{"--resolve", "absolute"},
			func(s linkSpan) (bool, string) {
				// An email address in text stays an address.
				address := strings.HasPrefix(s.href, "mailto:") && strings.Contains(s.raw, "@")
				return s.href != "" && !hasScheme(s.raw) && !address, s.href
			}, 288},
		{"--to uri", []string{"--to", "uri"},
			func(s linkSpan) (bool, string) {
				// A link of text wrapped across lines (RFC 3986
				// appendix C) is read without its white space.
				return !isURIAsWritten(strings.Join(strings.Fields(s.raw), "")), s.href
			}, 18},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			copyTree(t, filepath.Join("..", "..", "testdata", "site"), filepath.Join(dir, "site"))
			copyTree(t, filepath.Join("..", "..", "testdata", "nodedocs", "api"), filepath.Join(dir, "api"))
			before := map[string][]byte{}
			var files []string
			filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && extract.TypeByName(path) != 0 {
					files = append(files, path)
					before[path], _ = os.ReadFile(path)
				}
				return nil
			})
			spansBefore := map[string][]linkSpan{}
			for _, f := range files {
				rel, _ := filepath.Rel(dir, f)
				spansBefore[f] = fileSpans(t, f, weburl.FileURL(base, filepath.ToSlash(rel)))
			}
			got := runString(append(append([]string{"rewrite", "-r", "-w", "--base", base}, tt.args...), dir), "")
			if got.code != exitOK || strings.Contains(got.stderr, "warning") {
				t.Fatalf("status %d, stderr %q", got.code, got.stderr)
			}
			changed, total := 0, 0
			for _, f := range files {
				rel, _ := filepath.Rel(dir, f)
				after, _ := os.ReadFile(f)
				old, new := spansBefore[f], fileSpans(t, f, weburl.FileURL(base, filepath.ToSlash(rel)))
				if len(old) != len(new) {
					t.Fatalf("%s: %d links, %d after", rel, len(old), len(new))
				}
				total += len(old)
				prevOld, prevNew := int64(0), int64(0)
				for i, o := range old {
					n := new[i]
					if !bytes.Equal(before[f][prevOld:o.off], after[prevNew:n.off]) {
						t.Errorf("%s: the bytes before link %d changed: %q, now %q", rel, i, before[f][prevOld:o.off], after[prevNew:n.off])
					}
					prevOld, prevNew = o.end, n.end
					ob, nb := before[f][o.off:o.end], after[n.off:n.end]
					want, href := tt.change(o)
					if !bytes.Equal(ob, nb) {
						changed++
					}
					switch {
					case !want && !bytes.Equal(ob, nb):
						t.Errorf("%s: link %d %q changed to %q", rel, i, ob, nb)
					case want && bytes.Equal(ob, nb):
						t.Errorf("%s: link %d %q did not change", rel, i, ob)
					case o.href != "" && !equivalentHref(n.href, href):
						t.Errorf("%s: link %d %q, now %q, requests %q, want %q", rel, i, ob, nb, n.href, href)
					}
				}
				if !bytes.Equal(before[f][prevOld:], after[prevNew:]) {
					t.Errorf("%s: the bytes after the last link changed", rel)
				}
			}
			if changed != tt.want {
				t.Errorf("%d links changed, want %d", changed, tt.want)
			}
			t.Logf("%s: %d of %d links changed, in %d files", tt.name, changed, total, len(files))
		})
	}
}

// hasScheme reports whether ref starts with a scheme and ":".
func hasScheme(ref string) bool {
	for i := 0; i < len(ref); i++ {
		c := ref[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case c == ':':
			return i > 0
		default:
			return false
		}
	}
	return false
}

// isURIAsWritten reports whether ref is written with the characters of
// an RFC 3986 URI reference only, its percent signs each followed by two
// hex digits.
func isURIAsWritten(ref string) bool {
	for i := 0; i < len(ref); i++ {
		c := ref[i]
		switch {
		case c == '%':
			if i+2 >= len(ref) || !isHexDigit(ref[i+1]) || !isHexDigit(ref[i+2]) {
				return false
			}
		case c <= ' ' || c >= 0x7F || strings.IndexByte("\"<>\\^`{|}", c) >= 0:
			return false
		}
	}
	return true
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// equivalentHref reports whether two URLs are the same up to the case of
// the hex digits of percent-encoding.
func equivalentHref(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] && !(i > 0 && (a[i-1] == '%' || i > 1 && a[i-2] == '%') && strings.EqualFold(a[i:i+1], b[i:i+1])) {
			return false
		}
	}
	return true
}

// TestRewriteGuessedCharset is issue 18 items 1 and 2 through the
// command: a UTF-8 text and HTML file with stray bytes (read as GBK,
// windows-874, windows-1253 before), and an unlabeled ASCII HTML fragment
// with --to iri (read as windows-1252): rewrite leaves the links whose
// new form depends on the guess as written, warns once per file and
// counts them; --charset utf-8 rewrites them.
func TestRewriteGuessedCharset(t *testing.T) {
	dir := t.TempDir()
	const links = "http://example.com/café and https://ru.wikipedia.org/wiki/Юникод\n"
	for i, stray := range []string{"\x80", "\x92 \x93 \xa0", "\xa9 \xb0 \xfc", "\xe9"} {
		txt := filepath.Join(dir, "price"+string(rune('0'+i))+".txt")
		write(t, txt, "Price: 10"+stray+"\n"+links)
		html := filepath.Join(dir, "price"+string(rune('0'+i))+".html")
		write(t, html, "<p>Price: 10"+stray+"\n<a href=\"http://example.com/café\">c</a> <a href=\"/wiki/Юникод\">u</a>\n")
		for _, f := range []string{txt, html} {
			before, _ := os.ReadFile(f)
			got := runString([]string{"rewrite", "--to", "uri", "-w", "--base", "http://example.com/", f}, "")
			after, _ := os.ReadFile(f)
			if want := f + ": warning: charset guessed as utf-8 (nothing declares it): 2 links left as written"; got.code != exitOK || !bytes.Equal(before, after) ||
				!strings.Contains(got.stderr, want) || !strings.Contains(got.stderr, "2 left as written (2 for a guessed charset)") {
				t.Errorf("%q: status %d, file %q, stderr %q; want it unchanged and %q", stray, got.code, after, got.stderr, want)
			}
			got = runString([]string{"rewrite", "--to", "uri", "--charset", "utf-8", "--base", "http://example.com/", f}, "")
			if !strings.Contains(got.stdout, "http://example.com/caf%C3%A9") || !strings.Contains(got.stdout, "/wiki/%D0%AE%D0%BD%D0%B8%D0%BA%D0%BE%D0%B4") || strings.Contains(got.stderr, "warning") {
				t.Errorf("%q --charset utf-8: stdout %q, stderr %q", stray, got.stdout, got.stderr)
			}
		}
	}
	frag := filepath.Join(dir, "fragment.html")
	const page = `<li><a href="https://en.wikipedia.org/wiki/%E2%80%93">dash</a> <a href="/wiki/%E6%96%87%E5%AD%97">moji</a></li>` + "\n"
	write(t, frag, page)
	got := runString([]string{"rewrite", "--to", "iri", frag}, "")
	if got.stdout != page || !strings.Contains(got.stderr, "charset guessed as windows-1252 (nothing declares it): 2 links left as written") {
		t.Errorf("--to iri: stdout %q, stderr %q", got.stdout, got.stderr)
	}
	got = runString([]string{"rewrite", "--to", "iri", "--charset", "utf-8", frag}, "")
	if want := `<li><a href="https://en.wikipedia.org/wiki/–">dash</a> <a href="/wiki/文字">moji</a></li>` + "\n"; got.stdout != want {
		t.Errorf("--to iri --charset utf-8: stdout %q, want %q", got.stdout, want)
	}
	if got := runString([]string{"rewrite", "-q", "--to", "iri", frag}, ""); got.stderr != "" {
		t.Errorf("-q: stderr %q", got.stderr)
	}
}
