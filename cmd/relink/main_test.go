package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/examples")

type runResult struct {
	code           int
	stdout, stderr string
}

func runString(args []string, stdin string) runResult {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return runResult{code, stdout.String(), stderr.String()}
}

func TestRun(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string

		code int
		out  string   // all of standard output
		errs []string // each appears in standard error; none means it is empty
	}{
		// uri
		{
			name: "uri/args",
			args: []string{"uri", "http://résumé.example.org/Dürst", "https://例え.テスト/パス?クエリ=値#断片"},
			out: "http://xn--rsum-bpad.example.org/D%C3%BCrst\n" +
				"https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9?%E3%82%AF%E3%82%A8%E3%83%AA=%E5%80%A4#%E6%96%AD%E7%89%87\n",
		},
		{
			name: "uri/valid URI unchanged",
			args: []string{"uri", "http://www.example.org/D%FCrst?q=%e2%80%ae#x"},
			out:  "http://www.example.org/D%FCrst?q=%e2%80%ae#x\n",
		},
		{
			name:  "uri/stdin",
			args:  []string{"uri"},
			stdin: "http://example.org/ü\r\n\nhttp://example.org/Ω\n../é",
			out:   "http://example.org/%C3%BC\n\nhttp://example.org/%CE%A9\n../%C3%A9\n",
		},
		{
			name:  "uri/stdin byte order mark",
			args:  []string{"uri"},
			stdin: "\uFEFFhttp://example.org/ü\n\uFEFF",
			out:   "http://example.org/%C3%BC\n%EF%BB%BF\n",
		},
		{
			name:  "uri/stdin empty",
			args:  []string{"uri"},
			stdin: "",
			out:   "",
		},
		{
			name:  "uri/args win over stdin",
			args:  []string{"uri", "http://a.example/é"},
			stdin: "http://b.example/\n",
			out:   "http://a.example/%C3%A9\n",
		},
		{
			name: "uri/web mode is the default",
			args: []string{"uri", " HTTP:\\\\Example.COM:80\\a b\t/./100%\n", "  a b\\100%"},
			out:  "http://example.com/a%20b/100%\na%20b/100%\n",
		},
		{
			name: "uri/leiri mode keeps valid URIs",
			args: []string{"uri", "--mode", "leiri", "HTTP://Example.COM:80/./a%2e/", "a b\\"},
			out:  "HTTP://Example.COM:80/./a%2e/\na%20b%5C\n",
		},
		{
			name: "uri/base",
			args: []string{"uri", "--base", "http://example.org/a/b?q", "../Dürst", "?ü", "#f", "", "//例え.テスト/", "https:x"},
			out: "http://example.org/D%C3%BCrst\n" +
				"http://example.org/a/b?%C3%BC\n" +
				"http://example.org/a/b?q#f\n" +
				"http://example.org/a/b?q\n" +
				"http://xn--r8jz45g.xn--zckzah/\n" +
				"https://x/\n",
		},
		{
			name: "uri/base RFC 3986",
			args: []string{"uri", "--mode=leiri", "--base", "http://example.org/a/b?q", "../Dürst", "?ü", "", "https:x", "g/../../../h"},
			out: "http://example.org/D%C3%BCrst\n" +
				"http://example.org/a/b?%C3%BC\n" +
				"http://example.org/a/b?q\n" +
				"https:x\n" +
				"http://example.org/h\n",
		},
		{
			name:  "uri/base on stdin",
			args:  []string{"uri", "-base=http://例え.テスト/a/"},
			stdin: "b/../c\n./ü\n",
			out:   "http://xn--r8jz45g.xn--zckzah/a/c\nhttp://xn--r8jz45g.xn--zckzah/a/%C3%BC\n",
		},
		{
			name: "uri/flags after inputs",
			args: []string{"uri", "http://example.org/ü", "--mode", "strict", "http://example.org/é", "--charset=windows-1252"},
			out:  "http://example.org/%C3%BC\nhttp://example.org/%C3%A9\n",
		},
		{
			name: "uri/double dash ends flags",
			args: []string{"uri", "--", "-ü", "--mode"},
			out:  "-%C3%BC\n--mode\n",
		},
		{
			// In Shift_JIS, 本 is 0x96 0x7B: the second byte is "{", which
			// the URL Standard leaves unencoded in a query.
			name: "uri/charset shift_jis",
			args: []string{"uri", "--charset", "shift_jis", "http://example.com/日本?q=日本#日本", "mailto:x?subject=日本"},
			out: "http://example.com/%E6%97%A5%E6%9C%AC?q=%93%FA%96{#%E6%97%A5%E6%9C%AC\n" +
				"mailto:x?subject=%E6%97%A5%E6%9C%AC\n",
		},
		{
			name: "uri/charset shift_jis RFC 3987",
			args: []string{"uri", "--mode", "leiri", "--charset", "shift_jis", "http://example.com/日本?q=日本#日本", "?q=日本", "mailto:x?subject=日本"},
			out: "http://example.com/%E6%97%A5%E6%9C%AC?q=%93%FA%96%7B#%E6%97%A5%E6%9C%AC\n" +
				"?q=%93%FA%96%7B\n" +
				"mailto:x?subject=%E6%97%A5%E6%9C%AC\n",
		},
		{
			name: "uri/charset windows-1251",
			args: []string{"uri", "--charset", "windows-1251", "http://example.com/?q=å", "http://example.com/?q=Жå"},
			out:  "http://example.com/?q=%26%23229%3B\nhttp://example.com/?q=%C6%26%23229%3B\n",
		},
		{
			name: "uri/charset label alias",
			args: []string{"uri", "--charset", "Latin1", "http://example.com/?q=é€"},
			out:  "http://example.com/?q=%E9%80\n",
		},
		{
			name: "uri/charset utf-16 means utf-8",
			args: []string{"uri", "--charset", "utf-16le", "http://example.com/?q=é"},
			out:  "http://example.com/?q=%C3%A9\n",
		},

		// iri
		{
			name: "iri/RFC 3987 section 3.2.1",
			args: []string{"iri", "http://www.example.org/D%C3%BCrst", "http://www.example.org/D%FCrst", "http://xn--99zt52a.example.org/%e2%80%ae"},
			out:  "http://www.example.org/Dürst\nhttp://www.example.org/D%FCrst\nhttp://納豆.example.org/%E2%80%AE\n",
		},
		{
			name:  "iri/stdin",
			args:  []string{"iri"},
			stdin: "http://xn--rsum-bpad.example.org/r%C3%A9sum%C3%A9\r\nhttp://xn--pple-43d.com/\n",
			out:   "http://résumé.example.org/résumé\nhttp://xn--pple-43d.com/\n",
		},
		{
			name: "iri/keeps unsafe characters encoded",
			args: []string{"iri", "http://example.com/%E2%80%AE%E2%80%8B%2F%41"},
			out:  "http://example.com/%E2%80%AE%E2%80%8B%2FA\n",
		},
		{
			name: "iri/base",
			args: []string{"iri", "--base", "http://xn--99zt52a.example.org/a/", "%C3%BC"},
			out:  "http://納豆.example.org/a/ü\n",
		},
		{
			name: "iri/legacy charset keeps the query",
			args: []string{"iri", "--charset", "windows-1251", "http://example.com/%D0%96?q=%C6", "mailto:x?q=%D0%96"},
			out:  "http://example.com/Ж?q=%C6\nmailto:x?q=Ж\n",
		},

		{
			name: "iri/text",
			args: []string{"iri", "--text", "http://xn--rsum-bpad.example.org/wiki/%CE%91_(%CE%B2))?q=a%20b", "https://example.com/end.", "https://example.com/%E2%80%AE%22x"},
			out: "http://résumé.example.org/wiki/Α_(β)%29?q=a%20b\n" +
				"https://example.com/end%2E\n" +
				"https://example.com/%E2%80%AE\"x\n",
		},
		{
			name:  "iri/text on stdin with base",
			args:  []string{"iri", "--base", "http://example.org/a/", "--text", "--charset", "UTF-8"},
			stdin: "b%CE%B1.\n",
			out:   "http://example.org/a/bα%2E\n",
		},

		// conversion errors: exit status 1, the other inputs still print
		{
			name:  "error/strict on stdin",
			args:  []string{"uri", "--mode", "strict"},
			stdin: "http://example.org/ü\nhttp://a b/\nhttp://example.org/é\n",
			code:  1,
			out:   "http://example.org/%C3%BC\nhttp://example.org/%C3%A9\n",
			errs:  []string{`relink uri: -:2:9: "http://a b/": character not allowed here` + "\n"},
		},
		{
			name: "error/strict in args",
			args: []string{"iri", "--mode=strict", "http://example.org/%zz", "http://example.org/%C3%BC"},
			code: 1,
			out:  "http://example.org/ü\n",
			errs: []string{`relink iri: "http://example.org/%zz": at offset 19: "%" not followed by two hexadecimal digits` + "\n"},
		},
		{
			name:  "error/IDNA",
			args:  []string{"uri"},
			stdin: "http://ok.example/\nhttp://aא.example.org/\nhttp://a⒈example.com/\nhttp://ok.example/ü\n",
			code:  1,
			out:   "http://ok.example/\nhttp://ok.example/%C3%BC\n",
			errs: []string{
				`relink uri: -:2: "http://aא.example.org/": invalid domain "aא.example.org": idna: invalid label`,
				`relink uri: -:3: "http://a⒈example.com/": invalid domain "a⒈example.com": idna: disallowed rune U+2488`,
			},
		},
		{
			name: "error/IDNA RFC 3987",
			args: []string{"iri", "--mode", "leiri", "http://aא.example.org/"},
			code: 1,
			errs: []string{`relink iri: "http://aא.example.org/": host "aא.example.org": IDNA conversion failed: idna: invalid label`},
		},
		{
			name: "error/invisible characters are quoted",
			args: []string{"uri", "--mode", "leiri", "http://a\u200db.example/"},
			code: 1,
			errs: []string{`relink uri: "http://a\u200db.example/": host "a\u200db.example": IDNA conversion failed`},
		},
		{
			name: "error/URL Standard",
			args: []string{"uri", "  http://example.org:8x/"},
			code: 1,
			errs: []string{`relink uri: "  http://example.org:8x/": invalid port "8x"` + "\n"},
		},
		{
			name: "error/offset",
			args: []string{"uri", "--mode", "leiri", "//example.org:8x/"},
			code: 1,
			errs: []string{`relink uri: "//example.org:8x/": at offset 15: invalid port` + "\n"},
		},
		{
			name: "error/web mode network-path reference",
			args: []string{"uri", "  //example.org:8x/"},
			code: 1,
			errs: []string{`relink uri: "  //example.org:8x/": invalid port "8x"` + "\n"},
		},
		{
			name: "error/resolved form",
			args: []string{"uri", "--mode", "leiri", "--base", "http://example.org/", "//aא.example/", "ok"},
			code: 1,
			out:  "http://example.org/ok\n",
			errs: []string{`relink uri: "//aא.example/" (resolved to "http://aא.example/"): host "aא.example": IDNA conversion failed`},
		},
		{
			name: "error/URL Standard resolution",
			args: []string{"uri", "--base", "http://example.org/", "//aא.example/", "ok"},
			code: 1,
			out:  "http://example.org/ok\n",
			errs: []string{`relink uri: "//aא.example/": invalid domain "aא.example"`},
		},
		{
			name: "error/reference invalid before resolution",
			args: []string{"uri", "--mode", "strict", "--base", "http://example.org/", "a b"},
			code: 1,
			errs: []string{`relink uri: "a b": at offset 1: character not allowed here`},
		},

		// usage errors: exit status 2
		{
			name: "usage/no command",
			args: nil,
			code: 2,
			errs: []string{"Usage:\n\n\trelink <command> [flags] [INPUT...]"},
		},
		{
			name: "usage/unknown command",
			args: []string{"frob"},
			code: 2,
			errs: []string{`relink: unknown command "frob"`, "Run 'relink help' for usage."},
		},
		{
			name: "usage/flag before command",
			args: []string{"--mode", "strict", "uri"},
			code: 2,
			errs: []string{"relink: flag --mode before the command"},
		},
		{
			name: "usage/unknown flag",
			args: []string{"uri", "--frob", "x"},
			code: 2,
			errs: []string{"relink uri: flag provided but not defined: --frob\nusage: relink uri [flags] [INPUT...]\n"},
		},
		{
			name: "usage/missing flag value",
			args: []string{"iri", "x", "--base"},
			code: 2,
			errs: []string{"relink iri: flag needs an argument: --base\n"},
		},
		{
			name: "usage/bad mode",
			args: []string{"uri", "--mode", "lax", "x"},
			code: 2,
			errs: []string{`relink uri: unknown --mode "lax" (want strict, leiri or web)`},
		},
		{
			name: "usage/bad charset",
			args: []string{"uri", "--charset", "klingon", "x"},
			code: 2,
			errs: []string{`relink uri: unknown --charset "klingon"`},
		},
		{
			name: "usage/relative base",
			args: []string{"uri", "--base", "/a/b", "x"},
			code: 2,
			errs: []string{`relink uri: --base "/a/b" is not an absolute IRI (it has no scheme)`},
		},
		{
			name: "usage/invalid base",
			args: []string{"uri", "--mode", "strict", "--base", "http://a b/", "x"},
			code: 2,
			errs: []string{`relink uri: invalid --base "http://a b/": at offset 8: character not allowed here`},
		},
		{
			// The windows-1251 query stays as written; the path is UTF-8.
			name: "text with a legacy charset",
			args: []string{"iri", "--text", "--charset", "windows-1251", "http://example.com/%D0%B8?q=%D0%B8."},
			out:  "http://example.com/и?q=%D0%B8%2E\n",
		},
		{
			name: "usage/text is for iri",
			args: []string{"uri", "--text", "x"},
			code: 2,
			errs: []string{"relink uri: flag provided but not defined: --text"},
		},
		{
			name: "usage/help for unknown command",
			args: []string{"help", "frob"},
			code: 2,
			errs: []string{`relink help: unknown command "frob"`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runString(tt.args, tt.stdin)
			if got.code != tt.code {
				t.Errorf("exit status %d, want %d", got.code, tt.code)
			}
			if got.stdout != tt.out {
				t.Errorf("stdout:\n%s\nwant:\n%s", got.stdout, tt.out)
			}
			if len(tt.errs) == 0 && got.stderr != "" {
				t.Errorf("stderr:\n%s\nwant nothing", got.stderr)
			}
			for _, e := range tt.errs {
				if !strings.Contains(got.stderr, e) {
					t.Errorf("stderr:\n%s\nwant it to contain:\n%s", got.stderr, e)
				}
			}
		})
	}
}

func TestHelp(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"-h"}, []string{"Usage:", "uri         print the URI form of each input", "iri         print the display IRI"}},
		{[]string{"--help"}, []string{"The commands are:"}},
		{[]string{"help"}, []string{"The commands are:"}},
		{[]string{"help", "uri"}, []string{"usage: relink uri [flags] [INPUT...]", "Examples:"}},
		{[]string{"uri", "-h"}, []string{"usage: relink uri [flags] [INPUT...]", "Examples:", "-charset LABEL", "-mode MODE", "-base IRI"}},
		{[]string{"uri", "x", "--help"}, []string{"usage: relink uri"}},
		{[]string{"iri", "-help"}, []string{"usage: relink iri [flags] [INPUT...]", "Examples:", "http://納豆.example.org/%E2%80%AE"}},
	}
	for _, tt := range tests {
		got := runString(tt.args, "")
		if got.code != 0 || got.stderr != "" {
			t.Errorf("relink %s: exit status %d, stderr %q; want 0 and nothing", strings.Join(tt.args, " "), got.code, got.stderr)
		}
		for _, w := range tt.want {
			if !strings.Contains(got.stdout, w) {
				t.Errorf("relink %s: help does not contain %q:\n%s", strings.Join(tt.args, " "), w, got.stdout)
			}
		}
	}
	// The flag package writes a panic of a flag's String method into the
	// help instead of failing.
	for _, c := range commands {
		if got := runString([]string{c.name, "-h"}, ""); strings.Contains(got.stdout, "panic") {
			t.Errorf("relink %s -h:\n%s", c.name, got.stdout)
		}
	}
}

// TestHelpExamples runs the examples of each command's help that take
// their input from arguments and checks the output shown.
func TestHelpExamples(t *testing.T) {
	t.Chdir(filepath.Join("..", "..")) // examples name files from the repository's root
	for _, cmd := range commands {
		lines := strings.Split(cmd.help, "\n")
		n := 0
		for i, l := range lines {
			cmdline, ok := strings.CutPrefix(strings.TrimSpace(l), "$ relink ")
			if !ok || strings.ContainsAny(cmdline, "<>|") {
				continue
			}
			args := splitShell(t, cmdline)
			var want strings.Builder
			for _, o := range lines[i+1:] {
				o = strings.TrimSpace(o)
				if o == "" || strings.HasPrefix(o, "$") {
					break
				}
				want.WriteString(o + "\n")
			}
			got := runString(args, "")
			okCode := got.code == exitOK || (cmd.name == "check" || cmd.name == "verify") && got.code == exitFail // check and verify exit 1 on errors they report
			if !okCode || got.stdout != want.String() {
				t.Errorf("relink %s: exit status %d, output:\n%s%s\nwant:\n%s", cmdline, got.code, got.stdout, got.stderr, want.String())
			}
			n++
		}
		// What version prints depends on the build (TestVersionCommand
		// checks it), and completion prints a script, installed with
		// redirections (the Completion tests check it): their help
		// shows no output to compare.
		if n == 0 && cmd != versionCommand && cmd != completionCommand {
			t.Errorf("relink %s: no example in the help", cmd.name)
		}
	}
}

// splitShell splits a command line of the help examples into arguments:
// words separated by spaces, with single quotes.
func splitShell(t *testing.T, s string) []string {
	var args []string
	for s != "" {
		s = strings.TrimLeft(s, " ")
		if strings.HasPrefix(s, "'") {
			end := strings.IndexByte(s[1:], '\'')
			if end < 0 {
				t.Fatalf("unbalanced quote in %q", s)
			}
			args = append(args, s[1:end+1])
			s = s[end+2:]
			continue
		}
		word, rest, _ := strings.Cut(s, " ")
		if word != "" {
			args = append(args, word)
		}
		s = rest
	}
	return args
}

// TestGolden converts testdata/examples/iris.txt with each command (and
// iri --text) and compares standard output and standard error with the
// golden files.
// Run "go test -update" to rewrite them after a deliberate change.
func TestGolden(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "examples")
	in, err := os.ReadFile(filepath.Join(dir, "iris.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string // of the golden files
		args []string
	}{
		{"uri", []string{"uri"}},
		{"iri", []string{"iri"}},
		{"text", []string{"iri", "--text"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runString(tt.args, string(in))
			if got.code != 1 {
				t.Errorf("exit status %d, want 1 (the sample has inputs that must fail)", got.code)
			}
			checkGolden(t, filepath.Join(dir, "iris."+tt.name+".golden"), got.stdout)
			checkGolden(t, filepath.Join(dir, "iris."+tt.name+".stderr.golden"), got.stderr)
		})
	}
}

func checkGolden(t *testing.T, file, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got == string(want) {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(gl) || i < len(wl); i++ {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Errorf("%s:%d:\ngot  %q\nwant %q", file, i+1, g, w)
		}
	}
	t.Errorf("output differs from %s (run go test -update if the change is deliberate)", file)
}

// TestRoundTrip checks on the sample that the display IRI of each URI
// maps back to the same URI, up to the case of hex digits and the
// decoding of unreserved characters (RFC 3986 section 6.2.2), in web and
// leiri modes.
func TestRoundTrip(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("..", "..", "testdata", "examples", "iris.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"web", "leiri"} {
		t.Run(mode, func(t *testing.T) {
			var uris []string
			for u := range strings.Lines(runString([]string{"uri", "--mode", mode}, string(in)).stdout) {
				uris = append(uris, strings.TrimSuffix(u, "\n"))
			}
			iris := runString([]string{"iri", "--mode", mode}, strings.Join(uris, "\n"))
			if iris.code != 0 {
				t.Fatalf("relink iri on the URIs: exit status %d: %s", iris.code, iris.stderr)
			}
			back := runString([]string{"uri", "--mode", mode}, iris.stdout)
			if back.code != 0 {
				t.Fatalf("relink uri on the IRIs: exit status %d: %s", back.code, back.stderr)
			}
			got := strings.Split(strings.TrimSuffix(back.stdout, "\n"), "\n")
			if len(got) != len(uris) {
				t.Fatalf("got %d URIs back, want %d", len(got), len(uris))
			}
			for i, u := range uris {
				if normalize(got[i]) != normalize(u) {
					t.Errorf("%q: display IRI maps back to %q", u, got[i])
				}
			}
		})
	}
}

// normalize uppercases the hex digits of percent-encodings and decodes
// the unreserved characters but ".".
func normalize(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			hex := strings.ToUpper(s[i+1 : i+3])
			var c byte
			if _, err := fmt.Sscanf(hex, "%02X", &c); err == nil {
				if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '~' {
					b.WriteByte(c)
				} else {
					b.WriteString("%" + hex)
				}
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// TestStreaming checks that each result is written as soon as its line
// is read, while standard input stays open.
func TestStreaming(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr bytes.Buffer
	done := make(chan int, 1)
	go func() {
		code := run([]string{"uri"}, inR, outW, &stderr)
		outW.Close()
		done <- code
	}()
	out := bufio.NewReader(outR)
	for _, tt := range []struct{ in, want string }{
		{"http://example.org/ü\n", "http://example.org/%C3%BC\n"},
		{"http://example.org/a\nhttp://example.org/", "http://example.org/a\n"},
		{"é\n", "http://example.org/%C3%A9\n"},
	} {
		go inW.Write([]byte(tt.in))
		line := make(chan string)
		go func() {
			l, _ := out.ReadString('\n')
			line <- l
		}()
		select {
		case l := <-line:
			if l != tt.want {
				t.Fatalf("after writing %q: got %q, want %q", tt.in, l, tt.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("after writing %q: no output while input is open", tt.in)
		}
	}
	inW.Close()
	rest, _ := io.ReadAll(out)
	if code := <-done; code != 0 || string(rest) != "" || stderr.Len() > 0 {
		t.Errorf("exit status %d, remaining output %q, stderr %q; want 0, none, none", code, rest, stderr.String())
	}
}

func TestLongLines(t *testing.T) {
	for _, n := range []int{64<<10 - 1, 64 << 10, 64<<10 + 1, 3 << 20} {
		seg := strings.Repeat("ü", n/2)
		in := "http://example.org/" + seg + "\r\nhttp://example.org/x\n" + seg + "\n"
		got := runString([]string{"uri"}, in)
		enc := strings.Repeat("%C3%BC", n/2)
		want := "http://example.org/" + enc + "\nhttp://example.org/x\n" + enc + "\n"
		if got.code != 0 || got.stdout != want {
			t.Errorf("line of %d bytes: exit status %d, %d bytes of output, want 0 and %d bytes; stderr %q",
				n, got.code, len(got.stdout), len(want), got.stderr)
		}
	}
}

func TestManyLines(t *testing.T) {
	const n = 100000
	var in, want strings.Builder
	for i := range n {
		fmt.Fprintf(&in, "https://例え.テスト/%d/ü\n", i)
		fmt.Fprintf(&want, "https://xn--r8jz45g.xn--zckzah/%d/%%C3%%BC\n", i)
	}
	got := runString([]string{"uri"}, in.String())
	if got.code != 0 || got.stdout != want.String() {
		t.Errorf("exit status %d, %d bytes of output, want 0 and %d bytes; stderr %q", got.code, len(got.stdout), want.Len(), got.stderr)
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write(p []byte) (int, error) { return 0, errors.New("disk full") }

// errReader returns its data, then an error.
type errReader struct{ data string }

func (r *errReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, errors.New("connection reset")
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestIOErrors(t *testing.T) {
	var stderr bytes.Buffer
	if code := run([]string{"uri", "http://example.org/"}, strings.NewReader(""), errWriter{}, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "relink uri: writing output: disk full") {
		t.Errorf("write error: exit status %d, stderr %q", code, stderr.String())
	}

	stderr.Reset()
	var stdout bytes.Buffer
	code := run([]string{"iri"}, &errReader{"http://example.org/%C3%BC\nhttp://exa"}, &stdout, &stderr)
	if code != 1 || stdout.String() != "http://example.org/ü\n" ||
		!strings.Contains(stderr.String(), "relink iri: -: reading standard input: connection reset") {
		t.Errorf("read error: exit status %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

func BenchmarkURIStdin(b *testing.B) {
	in, err := os.ReadFile(filepath.Join("..", "..", "testdata", "examples", "iris.txt"))
	if err != nil {
		b.Fatal(err)
	}
	// Keep the inputs that convert, so the benchmark measures the
	// streaming path, not error reports.
	var ok bytes.Buffer
	for _, l := range strings.SplitAfter(string(in), "\n") {
		if runString([]string{"uri", "--", strings.TrimSuffix(l, "\n")}, "").code == 0 {
			ok.WriteString(l)
		}
	}
	in = bytes.Repeat(ok.Bytes(), 100)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if code := run([]string{"uri"}, bytes.NewReader(in), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit status %d", code)
		}
	}
}
