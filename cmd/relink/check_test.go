package main

import "testing"

func TestCheck(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		out   string
	}{
		{
			name: "clean input prints nothing",
			args: []string{"check", "http://example.com/Dürst?q=1#f"},
		},
		{
			name: "error",
			args: []string{"check", "http://example.com/a b"},
			code: 1,
			out:  "\"http://example.com/a b\"\t20\tleiri-only\terror: space is not an IRI character; LEIRI and Web modes accept it and percent-encode it\n",
		},
		{
			name: "warning only: exit 0",
			args: []string{"check", "--mode", "web", "http://example.com/a b"},
			out:  "\"http://example.com/a b\"\t20\tleiri-only\twarning: space is not an IRI character; LEIRI and Web modes accept it and percent-encode it\n",
		},
		{
			name:  "stdin lines",
			args:  []string{"check"},
			stdin: "http://ok.example/\nhttp://ex%C0%AFample.com/\n",
			code:  1,
			out:   "\"http://ex%C0%AFample.com/\"\t9\tpct-overlong\terror: \"%C0%AF\" is an overlong UTF-8 form, a way to slip characters past checks; UTF-8 forbids it\n",
		},
		{
			name:  "jsonl",
			args:  []string{"check", "--format", "jsonl"},
			stdin: `{"input":"http://ok.example/"}` + "\n" + `{"input":"a\u202eb"}` + "\n",
			code:  1,
			out: `{"input":"http://ok.example/","violations":[]}` + "\n" +
				"{\"input\":\"a\u202eb\",\"violations\":[{\"offset\":1,\"code\":\"bidi-format\",\"severity\":\"error\",\"message\":\"bidirectional formatting character U+202E is not allowed in an IRI (3987bis section 4.1)\"}]}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := runString(tt.args, tt.stdin)
			if got.code != tt.code || got.stdout != tt.out || got.stderr != "" {
				t.Errorf("relink %q\n got %d %q stderr %q\nwant %d %q", tt.args, got.code, got.stdout, got.stderr, tt.code, tt.out)
			}
		})
	}
}
