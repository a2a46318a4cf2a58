package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocExamples runs every example of README.md and docs/*.md written
// as a shell session, "    $ relink ARGS" (or "    $ echo 'LINE' | relink
// ARGS") followed by its output, and checks that relink prints that
// output: an example that a change of flags or output left behind fails.
// A line "..." ends the output shown, the rest left out.
func TestDocExamples(t *testing.T) {
	const root = "../.."
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	var examples []docExample
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(root, file)
		examples = append(examples, docExamples(filepath.ToSlash(name), string(data))...)
	}
	if len(examples) < 15 {
		t.Fatalf("only %d examples found", len(examples))
	}
	t.Chdir(root) // the examples name files from the repository's root
	for _, ex := range examples {
		args, stdin, err := exampleCommand(ex.command)
		if err != nil {
			t.Errorf("%s:%d: %v", ex.file, ex.line, err)
			continue
		}
		got := runString(args, stdin).stdout
		if ex.elided {
			if !strings.HasPrefix(got, ex.output) {
				t.Errorf("%s:%d: $ %s\nprints\n%s\nwhich does not begin with\n%s", ex.file, ex.line, ex.command, got, ex.output)
			}
		} else if got != ex.output {
			t.Errorf("%s:%d: $ %s\nprints\n%s\nwant\n%s", ex.file, ex.line, ex.command, got, ex.output)
		}
	}
}

// A docExample is a command of a shell session in a Markdown file and
// the output shown after it.
type docExample struct {
	file    string
	line    int
	command string // after "$ "
	output  string // the lines after it, each ending in "\n"
	elided  bool   // the output shown ends in "...": it is a prefix
}

// docExamples returns the shell-session examples of the Markdown text
// doc: the lines "$ relink" or "$ echo" of a block indented by four
// spaces, each with the lines after it up to the next "$ " or the
// block's end.
func docExamples(file, doc string) []docExample {
	var exs []docExample
	var cur *docExample
	lines := strings.Split(doc, "\n")
	for i, l := range lines {
		body, indented := strings.CutPrefix(l, "    ")
		if !indented {
			cur = nil
			continue
		}
		if c, ok := strings.CutPrefix(body, "$ "); ok {
			cur = nil
			if strings.HasPrefix(c, "relink ") || strings.HasPrefix(c, "echo ") {
				exs = append(exs, docExample{file: file, line: i + 1, command: c})
				cur = &exs[len(exs)-1]
			}
			continue
		}
		if cur == nil {
			continue
		}
		if body == "..." {
			cur.elided = true
			cur = nil
			continue
		}
		cur.output += body + "\n"
	}
	return exs
}

// exampleCommand returns the arguments of relink in the shell command c,
// and its standard input: "relink ARGS", or "echo 'LINE' | relink ARGS".
// The arguments are words as the shell splits them, with single and
// double quotes (no variables, no escapes).
func exampleCommand(c string) (args []string, stdin string, err error) {
	words, err := shellWords(c)
	if err != nil {
		return nil, "", err
	}
	if len(words) >= 4 && words[0] == "echo" && words[2] == "|" {
		stdin = words[1] + "\n"
		words = words[3:]
	}
	if len(words) == 0 || words[0] != "relink" {
		return nil, "", fmt.Errorf("not a relink command: %s", c)
	}
	return words[1:], stdin, nil
}

// shellWords splits s into words as a POSIX shell does, for the quotes
// the examples use; "|" outside quotes is a word of its own.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case '\'', '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("unclosed quote in %s", s)
			}
			if c == '"' && strings.ContainsAny(s[i+1:i+1+j], "$`\\") {
				return nil, fmt.Errorf("double quotes with $, ` or \\ in %s", s)
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case '|':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
			words = append(words, "|")
		case '\\', '$', '`', '>', '<', ';', '&', '*', '?':
			return nil, fmt.Errorf("shell syntax %q not understood in %s", c, s)
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

func TestShellWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"relink uri 'a b' x", []string{"relink", "uri", "a b", "x"}},
		{`echo '{"input": "x"}' | relink uri --format jsonl`, []string{"echo", `{"input": "x"}`, "|", "relink", "uri", "--format", "jsonl"}},
		{`relink iri "a'b"c`, []string{"relink", "iri", "a'bc"}},
	}
	for _, tt := range tests {
		got, err := shellWords(tt.in)
		if err != nil || strings.Join(got, "\x00") != strings.Join(tt.want, "\x00") {
			t.Errorf("shellWords(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"relink uri 'a", "relink uri $HOME", "relink uri a > out"} {
		if _, err := shellWords(bad); err == nil {
			t.Errorf("shellWords(%q): no error", bad)
		}
	}
}
