package main

import (
	"strings"
	"testing"
)

func TestJSONL(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		code       int
		out        string
		wantStderr string
	}{
		{
			name: "web href, IPv4 number form",
			args: []string{"uri", "--format", "jsonl"},
			stdin: `{"input":"http://0x7f.1/"}` + "\n" +
				`{"input":"HTTPS://Example.COM:443/a/../b"}` + "\n",
			out: `{"input":"http://0x7f.1/","uri":"http://127.0.0.1/"}` + "\n" +
				`{"input":"HTTPS://Example.COM:443/a/../b","uri":"https://example.com/b"}` + "\n",
		},
		{
			name:  "per-record base and charset",
			args:  []string{"uri", "--format", "jsonl"},
			stdin: `{"input":"../b?q=å","base":"http://example.com/a/x","charset":"windows-1251"}` + "\n",
			out:   `{"input":"../b?q=å","uri":"http://example.com/b?q=%26%23229%3B"}` + "\n",
		},
		{
			name:  "flags apply to records without base or charset",
			args:  []string{"uri", "--format", "jsonl", "--base", "http://example.com/d/", "--charset", "windows-1252"},
			stdin: `{"input":"x?q=å"}` + "\n" + `{"input":"x?q=å","base":null,"charset":"utf-8"}` + "\n",
			out: `{"input":"x?q=å","uri":"http://example.com/d/x?q=%E5"}` + "\n" +
				`{"input":"x?q=å","uri":"http://example.com/d/x?q=%C3%A5"}` + "\n",
		},
		{
			name: "a base is read in its record's charset, its query too",
			args: []string{"uri", "--format", "jsonl", "--base", "http://example.com/d/?q=é", "--charset", "windows-1252"},
			stdin: `{"input":"#f","base":"http://example.com/?q=å","charset":"windows-1252"}` + "\n" +
				`{"input":"#f","base":"http://example.com/?q=å","charset":"utf-8"}` + "\n" +
				`{"input":"#f"}` + "\n" + `{"input":"#f","charset":"utf-8"}` + "\n",
			out: `{"input":"#f","uri":"http://example.com/?q=%E5#f"}` + "\n" +
				`{"input":"#f","uri":"http://example.com/?q=%C3%A5#f"}` + "\n" +
				`{"input":"#f","uri":"http://example.com/d/?q=%E9#f"}` + "\n" +
				`{"input":"#f","uri":"http://example.com/d/?q=%C3%A9#f"}` + "\n",
		},
		{
			name:  "any string: NUL and newline inside",
			args:  []string{"uri", "--format", "jsonl", "--mode", "leiri"},
			stdin: `{"input":"a\u0000b\nc"}` + "\n",
			out:   `{"input":"a\u0000b\nc","uri":"a%00b%0Ac"}` + "\n",
		},
		{
			name: "errors stay in order, exit status 1",
			args: []string{"uri", "--format", "jsonl"},
			stdin: `{"input":"http://a b/"}` + "\n" + `not json` + "\n" + `{"base":"http://x/"}` + "\n" +
				`{"input":"x","base":"rel"}` + "\n" + `{"input":"x","charset":"nope"}` + "\n" + `{"input":"http://ok/"}` + "\n",
			code: 1,
			out: `{"input":"http://a b/","error":"forbidden domain code point in \"a b\""}` + "\n" +
				`{"error":"invalid JSON: invalid character 'o' in literal null (expecting 'u')","line":2}` + "\n" +
				`{"error":"not a JSON object with an \"input\" string","line":3}` + "\n" +
				`{"input":"x","error":"invalid base \"rel\": missing scheme in a relative URL without a usable base"}` + "\n" +
				`{"input":"x","error":"unknown charset \"nope\""}` + "\n" +
				`{"input":"http://ok/","uri":"http://ok/"}` + "\n",
		},
		{
			name:  "iri",
			args:  []string{"iri", "--format", "jsonl"},
			stdin: `{"input":"http://xn--99zt52a.example.org/%e2%80%ae"}` + "\n",
			out:   `{"input":"http://xn--99zt52a.example.org/%e2%80%ae","iri":"http://納豆.example.org/%E2%80%AE"}` + "\n",
		},
		{
			name:  "strict mode base",
			args:  []string{"uri", "--format", "jsonl", "--mode", "strict"},
			stdin: `{"input":"../g","base":"http://a/b/c/d;p?q"}` + "\n",
			out:   `{"input":"../g","uri":"http://a/b/g"}` + "\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runString(tt.args, tt.stdin)
			if got.code != tt.code || got.stdout != tt.out || got.stderr != tt.wantStderr {
				t.Errorf("relink %q\n got %d %q stderr %q\nwant %d %q stderr %q", tt.args, got.code, got.stdout, got.stderr, tt.code, tt.out, tt.wantStderr)
			}
		})
	}
}

// TestFormatJSONL checks --format of uri, iri and check: jsonl reads
// and writes JSON lines, text is the default; anything else is a usage
// error, and so is --jsonl, removed before v1, whose message says what
// to write instead.
func TestFormatJSONL(t *testing.T) {
	in := `{"input": "http://例え.テスト/a b"}` + "\n"
	for _, c := range []string{"uri", "iri", "check"} {
		got := runString([]string{c, "--format", "jsonl"}, in)
		if !strings.HasPrefix(got.stdout, `{"input":"http://例え.テスト/a b",`) {
			t.Errorf("%s --format jsonl: status %d, %q", c, got.code, got.stdout)
		}
		got = runString([]string{c, "--jsonl"}, in)
		if want := "relink " + c + ": flag provided but not defined: --jsonl (it was removed before v1: use --format jsonl)\n"; got.code != exitUsage || !strings.HasPrefix(got.stderr, want) {
			t.Errorf("%s --jsonl: status %d, stderr %q, want a usage error %q", c, got.code, got.stderr, want)
		}
		text := runString([]string{c, "--format", "text", "http://a.example/"}, "")
		if plain := runString([]string{c, "http://a.example/"}, ""); text.code != plain.code || text.stdout != plain.stdout {
			t.Errorf("%s --format text: %q, want %q", c, text.stdout, plain.stdout)
		}
		for _, args := range [][]string{{"--format", "tsv"}, {"--format", "JSONL"}} {
			if got := runString(append([]string{c}, args...), in); got.code != exitUsage {
				t.Errorf("%s %q: status %d, want a usage error", c, args, got.code)
			}
		}
	}
}
