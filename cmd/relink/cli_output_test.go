package main

import (
	"strings"
	"testing"
)

// TestJSONLArguments checks issue 18 item 9: --jsonl and --format jsonl
// hold for inputs given as arguments, a JSON line that is not an object
// gets an error that says what a record is, and "-" reads standard input
// in uri, iri and check as in the other commands.
func TestJSONLArguments(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		out    string
		stderr string
	}{
		{
			name: "uri --jsonl argument",
			args: []string{"uri", "--jsonl", "http://例え.テスト/"},
			out:  `{"input":"http://例え.テスト/","uri":"http://xn--r8jz45g.xn--zckzah/"}` + "\n",
		},
		{
			name: "iri --format jsonl argument, error in JSON",
			args: []string{"iri", "--format", "jsonl", "http://xn--r8jz45g.xn--zckzah/", "http://a b/"},
			code: 1,
			out: `{"input":"http://xn--r8jz45g.xn--zckzah/","iri":"http://例え.テスト/"}` + "\n" +
				`{"input":"http://a b/","error":"forbidden domain code point in \"a b\""}` + "\n",
		},
		{
			name: "check --format jsonl argument",
			args: []string{"check", "--format", "jsonl", "http://ok.example/", "a b"},
			code: 1,
			out: `{"input":"http://ok.example/","violations":[]}` + "\n" +
				`{"input":"a b","violations":[{"offset":1,"code":"leiri-only","severity":"error","message":"space is not an IRI character; LEIRI and Web modes accept it and percent-encode it"}]}` + "\n",
		},
		{
			name:  "a JSON string is not a record",
			args:  []string{"uri", "--jsonl"},
			stdin: `"x"` + "\n" + `[1]` + "\n" + `{"input":2}` + "\n" + `{"input":"http://ok/"}` + "\n",
			code:  1,
			out: `{"error":"not a JSON object with an \"input\" string","line":1}` + "\n" +
				`{"error":"not a JSON object with an \"input\" string","line":2}` + "\n" +
				`{"error":"not a JSON object with an \"input\" string","line":3}` + "\n" +
				`{"input":"http://ok/","uri":"http://ok/"}` + "\n",
		},
		{
			name:  "uri - reads standard input, in its place",
			args:  []string{"uri", "http://a/ä", "-", "http://c/"},
			stdin: "http://b/ö\n",
			out:   "http://a/%C3%A4\nhttp://b/%C3%B6\nhttp://c/\n",
		},
		{
			name:  "iri - with --jsonl reads records",
			args:  []string{"iri", "--jsonl", "-"},
			stdin: `{"input":"http://a/%C3%A4"}` + "\n",
			out:   `{"input":"http://a/%C3%A4","iri":"http://a/ä"}` + "\n",
		},
		{
			name:  "check -",
			args:  []string{"check", "-"},
			stdin: "a b\n",
			code:  1,
			out:   "\"a b\"\t1\tleiri-only\terror: space is not an IRI character; LEIRI and Web modes accept it and percent-encode it\n",
		},
		{
			name:   "standard input named twice",
			args:   []string{"uri", "-", "-"},
			stdin:  "http://b/\n",
			code:   1,
			out:    "http://b/\n",
			stderr: "relink uri: -: standard input named twice\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runString(tt.args, tt.stdin)
			if got.code != tt.code || got.stdout != tt.out || got.stderr != tt.stderr {
				t.Errorf("relink %q\n got %d %q stderr %q\nwant %d %q stderr %q", tt.args, got.code, got.stdout, got.stderr, tt.code, tt.out, tt.stderr)
			}
		})
	}
}

// TestCheckHelp checks that relink check -h describes check: its output,
// not that of uri, and no flag it does not have.
func TestCheckHelp(t *testing.T) {
	got := runString([]string{"check", "-h"}, "")
	for _, bad := range []string{`"uri"`, "--base", "--charset", "The modes, from the most forgiving"} {
		if strings.Contains(got.stdout, bad) {
			t.Errorf("relink check -h mentions %s", bad)
		}
	}
	for _, want := range []string{`"violations"`, `INPUT "-"`} {
		if !strings.Contains(got.stdout, want) {
			t.Errorf("relink check -h lacks %s", want)
		}
	}
}

// TestStdinPositions checks that an error on a line of standard input
// gives FILE:LINE:COL (the column in bytes, from 1, the byte order mark
// of the first line counted), as every message of relink does.
func TestStdinPositions(t *testing.T) {
	got := runString([]string{"uri", "--mode", "strict"}, "\uFEFFa b\nok\nhttp://a b/\n")
	want := "relink uri: -:1:5: \"a b\": character not allowed here\n" +
		"relink uri: -:3:9: \"http://a b/\": character not allowed here\n"
	if got.stderr != want {
		t.Errorf("stderr\n got %q\nwant %q", got.stderr, want)
	}
}
