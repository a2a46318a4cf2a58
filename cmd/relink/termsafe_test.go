package main

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestEscapes checks the escaping table of termsafe.go: every character
// that can drive a terminal, in a message and in a field of a text
// format.
func TestEscapes(t *testing.T) {
	tests := []struct {
		in, text, field string
	}{
		{"http://a/b", "http://a/b", "http://a/b"},
		{"a\x1b]0;pwned\x07b", `a\x1b]0;pwned\x07b`, "a%1B]0;pwned%07b"},
		{"\x00\x0b\x0c\x7f", `\x00\x0b\x0c\x7f`, "%00%0B%0C%7F"},
		{"a\tb\nc\rd", `a\tb\nc\rd`, "a b c d"},
		{"\u009b2J\u0085", `\u009b2J\u0085`, "%C2%9B2J%C2%85"},
		{"x\u2028y\u2029z", `x\u2028y\u2029z`, "x%E2%80%A8y%E2%80%A9z"},
		{"bad\xffutf8", `bad\xffutf8`, "bad%FFutf8"},
		{"ok: Dürst \uFFFD 例え \\ %41", "ok: Dürst \uFFFD 例え \\ %41", "ok: Dürst \uFFFD 例え \\ %41"},
	}
	for _, tt := range tests {
		if got := escapeText(tt.in); got != tt.text {
			t.Errorf("escapeText(%q) = %q, want %q", tt.in, got, tt.text)
		}
		if got := tsvField(tt.in); got != tt.field {
			t.Errorf("tsvField(%q) = %q, want %q", tt.in, got, tt.field)
		}
		b, _ := json.Marshal(tt.in)
		safe := jsonSafe(b)
		var back string
		if err := json.Unmarshal(safe, &back); err != nil || back != strings.ToValidUTF8(tt.in, "\uFFFD") {
			t.Errorf("jsonSafe(%s) = %s: reads back as %q, %v", b, safe, back, err)
		}
		if hasControl(string(safe)) {
			t.Errorf("jsonSafe(%s) = %s: holds a control character", b, safe)
		}
	}
}

// hasControl reports whether s holds a character that could drive a
// terminal (tab and line feed, which separate fields and lines, aside).
func hasControl(s string) bool {
	for _, r := range s {
		if r != '\n' && r != '\t' && unsafeRune(r) && r != '\uFFFD' {
			return true
		}
	}
	return false
}

// TestTerminalSafeOutput checks issue 19 item 11: control characters of
// the inputs (links, file names, WARC-Target-URI) reach no text format,
// no --count line, no JSON line and no message raw.
func TestTerminalSafeOutput(t *testing.T) {
	evil := "http://evil.example/\x1b]0;owned\x07\x1b[2J\u009b31m\u2028end\x7f"
	doc := `<a href="` + evil + `">x</a> <a href="http://[bad` + "\x1b[5m" + `">y</a>`
	warcIn := htmlResponse("http://page.example/\x1b[2J\u2029", doc)
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
	}{
		{"extract value", []string{"extract", "--type", "html", "--format", "value"}, doc},
		{"extract iri", []string{"extract", "--type", "html", "--format", "iri"}, doc},
		{"extract tsv", []string{"extract", "--type", "html", "--format", "tsv"}, doc},
		{"extract jsonl", []string{"extract", "--type", "html"}, doc},
		{"extract count", []string{"extract", "--type", "html", "--format", "value", "--count"}, doc},
		{"extract text", []string{"extract", "--type", "text", "--format", "value", "-v"}, evil + " " + evil},
		{"warc tsv", []string{"warc", "--format", "tsv", "-v"}, warcIn},
		{"warc value", []string{"warc", "--format", "value"}, warcIn},
		{"warc iri", []string{"warc", "--format", "iri"}, warcIn},
		{"warc count", []string{"warc", "--format", "value", "--count"}, warcIn},
		{"warc jsonl", []string{"warc"}, warcIn},
		{"warc per-page", []string{"warc", "--per-page"}, warcIn},
		{"uri", []string{"uri", "--mode", "leiri"}, evil},
		{"iri", []string{"iri", "--mode", "leiri"}, evil},
		{"uri error", []string{"uri", "--mode", "strict"}, evil},
		{"uri jsonl", []string{"uri", "--mode", "strict", "--format", "jsonl"}, `{"input": "` + strings.ReplaceAll(evil, "\x1b", `\u001b`) + `"}`},
		{"check", []string{"check"}, evil},
		{"file name", []string{"extract", "no\x1b[2Jsuch\u2028file"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := runString(tc.args, tc.stdin)
			if hasControl(got.stdout) {
				t.Errorf("stdout holds a control character:\n%q", got.stdout)
			}
			if hasControl(got.stderr) {
				t.Errorf("stderr holds a control character:\n%q", got.stderr)
			}
			if got.stdout == "" && got.stderr == "" {
				t.Errorf("no output at all")
			}
		})
	}
}

// needsEscapeBytewise is needsEscape a byte at a time, as it was before
// it passed printable ASCII 8 bytes at a time.
func needsEscapeBytewise(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c >= 0x80 {
			if c < 0x80 {
				return true
			}
			r, n := utf8.DecodeRuneInString(s[i:])
			if unsafeRune(r) && !(r == utf8.RuneError && n == 3) {
				return true
			}
			i += n - 1
		}
	}
	return false
}

func FuzzNeedsEscape(f *testing.F) {
	for _, s := range []string{"", "https://example.org/abcdefgh", "abcdefgh\x7f", "abcdefghi\x1b", "abcdefg\u2028", "0123456789abcdef\xff", "\ufffd12345678"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := needsEscape(s), needsEscapeBytewise(s); got != want {
			t.Fatalf("needsEscape(%q) = %v, want %v", s, got, want)
		}
	})
}
