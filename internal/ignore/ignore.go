// Package ignore matches paths against the patterns of ignore files:
// .gitignore, .ignore and .git/info/exclude, in the syntax of
// gitignore(5).
//
// A Pattern list is the contents of one ignore file, parsed by Parse. Its
// patterns are matched against a path relative to the directory of the
// file, slash-separated, without a leading slash: the last pattern that
// matches decides, and a pattern written with a leading "!" re-includes
// what an earlier one ignored.
//
// The syntax is gitignore's:
//
//   - a blank line, or a line starting with "#", matches nothing; "\#"
//     starts a pattern with "#", "\!" one with "!";
//   - trailing spaces are dropped unless escaped with a backslash;
//   - a pattern ending with "/" matches directories only;
//   - a pattern with a "/" at its start or in its middle is anchored: it
//     matches the path from the file's directory; without one, it
//     matches a name at any depth;
//   - "*" matches any run of characters but "/", "?" any one character
//     but "/", "[...]" one character of a set (a range a-z, a class
//     [:alpha:], negated by a leading "!" or "^"), never "/"; a
//     backslash makes the next character literal;
//   - "**/" at the start matches any number of leading directories
//     (none included), "/**" at the end everything inside, "/**/" zero or
//     more directories; other runs of "**" are a "*".
//
// A pattern gitignore would never match (an unclosed "[", a trailing
// backslash) is reported by Parse, with its line, and left out.
//
// Matching does not look at a path's parents: that an ignored directory
// hides all it holds is for the walk to apply, by not entering it (git
// does the same, which is why "!" cannot re-include a file of an ignored
// directory).
//
// A pattern with wildcards is compiled to a regular expression of
// package regexp, so matching takes time linear in the path's length
// whatever the pattern; a name or a path without wildcards, or "*" and a
// name, is compared as a string. A file holds at most MaxPatterns
// patterns of at most MaxPatternLen bytes.
package ignore

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// MaxPatternLen is the length in bytes of the longest pattern Parse takes;
// a longer line is reported and left out.
const MaxPatternLen = 4096

// MaxPatterns is the number of patterns Parse takes from one file; a file
// that holds more is refused whole (ErrTooManyPatterns), since a part of
// its patterns would say otherwise than all of them. A pattern that is a
// name or a path without wildcards, or "*" and one, takes a few dozen
// bytes; one with wildcards, a compiled regular expression of about a
// kilobyte.
const MaxPatterns = 10000

// ErrTooManyPatterns is the error of Parse for a file of more than
// MaxPatterns patterns.
var ErrTooManyPatterns = fmt.Errorf("more than %d patterns", MaxPatterns)

// A Result is what a Pattern list says of a path.
type Result int

const (
	None    Result = iota // no pattern matches
	Ignore                // the last pattern that matches ignores the path
	Include               // the last pattern that matches is a negation ("!")
)

func (r Result) String() string {
	switch r {
	case None:
		return "none"
	case Ignore:
		return "ignore"
	case Include:
		return "include"
	}
	return fmt.Sprintf("Result(%d)", int(r))
}

// A Patterns is the parsed patterns of one ignore file, in order. The
// zero value, and nil, match nothing.
type Patterns struct {
	list []pattern
}

type pattern struct {
	re      *regexp.Regexp // nil for a literal pattern
	lit     string         // a literal pattern, without its "/" or "*"
	suffix  bool           // "*" and lit: a name ending in lit
	anchor  bool           // lit is a path from the file's directory, not a name at any depth
	negate  bool
	dirOnly bool
	line    int
}

// A LineError reports a line of an ignore file that is no pattern
// gitignore would match.
type LineError struct {
	Line    int    // 1-based
	Pattern string // the line as written
	Reason  string
}

func (e *LineError) Error() string {
	return fmt.Sprintf("line %d: %s: %q left out", e.Line, e.Reason, e.Pattern)
}

// Parse parses the contents of an ignore file. Lines end with "\n" or
// "\r\n"; a UTF-8 byte order mark at the start is dropped. The error,
// when not nil, joins a *LineError for each line left out; the
// Patterns hold the others.
func Parse(data []byte) (*Patterns, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	p := &Patterns{}
	var errs []error
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		pat, err := parseLine(line)
		if err != nil {
			errs = append(errs, &LineError{Line: n + 1, Pattern: line, Reason: err.Error()})
			continue
		}
		if pat != nil {
			if len(p.list) == MaxPatterns {
				return nil, ErrTooManyPatterns
			}
			pat.line = n + 1
			p.list = append(p.list, *pat)
		}
	}
	return p, errors.Join(errs...)
}

// MustParse is Parse for patterns known to be valid; it panics on an
// error.
func MustParse(lines ...string) *Patterns {
	p, err := Parse([]byte(strings.Join(lines, "\n")))
	if err != nil {
		panic("ignore: " + err.Error())
	}
	return p
}

// Len returns the number of patterns.
func (p *Patterns) Len() int {
	if p == nil {
		return 0
	}
	return len(p.list)
}

// Match returns what the patterns say of path, a path relative to the
// directory of their file, slash-separated; isDir tells whether it is a
// directory.
func (p *Patterns) Match(path string, isDir bool) Result {
	if p == nil {
		return None
	}
	path = strings.TrimPrefix(path, "/")
	for i := len(p.list) - 1; i >= 0; i-- {
		q := &p.list[i]
		if q.dirOnly && !isDir {
			continue
		}
		if q.match(path) {
			if q.negate {
				return Include
			}
			return Ignore
		}
	}
	return None
}

// literals is whether parseLine compares literal patterns as strings;
// tests turn it off to compare with the regular expressions.
var literals = true

// match reports whether q matches path.
func (q *pattern) match(path string) bool {
	switch {
	case q.re != nil:
		return q.re.MatchString(path)
	case q.suffix:
		// "*lit": a name, the last of the path, ending in lit.
		name := path[strings.LastIndexByte(path, '/')+1:]
		return strings.HasSuffix(name, q.lit)
	case q.anchor:
		return path == q.lit
	}
	return path == q.lit || strings.HasSuffix(path, "/"+q.lit) && len(path) > len(q.lit)
}

// parseLine parses one line; it returns nil for a line that holds no
// pattern.
func parseLine(line string) (*pattern, error) {
	if len(line) > MaxPatternLen {
		return nil, fmt.Errorf("longer than %d bytes", MaxPatternLen)
	}
	if line == "" || line[0] == '#' {
		return nil, nil
	}
	// Trailing spaces go, unless the last is escaped.
	end := len(line)
	for end > 0 && line[end-1] == ' ' {
		if escaped(line, end-1) {
			break
		}
		end--
	}
	line = line[:end]
	p := &pattern{}
	if strings.HasPrefix(line, "!") {
		p.negate = true
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") && !escaped(line, len(line)-1) {
		p.dirOnly = true
		line = strings.TrimRight(line, "/")
	}
	if line == "" {
		return nil, nil
	}
	// The common patterns, a name or path without wildcards or "*" and a
	// name, are compared as strings.
	if !literals {
		// Tests compare with the regular expressions.
	} else if lit := strings.TrimPrefix(line, "/"); !strings.ContainsAny(lit, "*?[\\") && utf8.ValidString(lit) && !strings.Contains(lit, "//") {
		p.lit, p.anchor = lit, strings.Contains(line, "/")
		return p, nil
	}
	if rest, ok := strings.CutPrefix(line, "*"); literals && ok && rest != "" && !strings.ContainsAny(rest, "*?[\\/") && utf8.ValidString(rest) {
		p.lit, p.suffix = rest, true
		return p, nil
	}
	re, err := translate(line)
	if err != nil {
		return nil, err
	}
	if p.re, err = regexp.Compile(re); err != nil {
		var se *syntax.Error
		if errors.As(err, &se) && se.Code == syntax.ErrInvalidUTF8 {
			return nil, errors.New("not UTF-8")
		}
		return nil, errors.New("too complex")
	}
	return p, nil
}

// escaped reports whether the byte at i of s is preceded by an odd
// number of backslashes.
func escaped(s string, i int) bool {
	n := 0
	for i > 0 && s[i-1] == '\\' {
		n++
		i--
	}
	return n%2 == 1
}

// translate returns the regular expression of the pattern s (without its
// "!" and final "/").
func translate(s string) (string, error) {
	var b strings.Builder
	b.WriteString(`(?s)^`)
	// A slash anywhere but at the end (gone already) anchors the
	// pattern; without one it matches a name at any depth.
	anchored := strings.Contains(s, "/")
	s = strings.TrimPrefix(s, "/")
	if !anchored {
		b.WriteString(`(?:.*/)?`)
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '*' && strings.HasPrefix(s[i:], "**") && (i == 0 || s[i-1] == '/') && (i+2 == len(s) || s[i+2] == '/'):
			// "**" alone between slashes, or at an end.
			switch {
			case i+2 == len(s) && i == 0:
				b.WriteString(`.*`)
			case i+2 == len(s):
				// "/**" at the end: everything inside; the "/" is
				// written already.
				b.WriteString(`.*`)
			case i == 0:
				// "**/" at the start: any leading directories.
				b.WriteString(`(?:.*/)?`)
				i++ // the "/"
			default:
				// "/**/": zero or more directories; the first "/" is
				// written already.
				b.WriteString(`(?:.*/)?`)
				i++
			}
			i += 2
		case c == '*':
			for i < len(s) && s[i] == '*' {
				i++
			}
			b.WriteString(`[^/]*`)
		case c == '?':
			b.WriteString(`[^/]`)
			i++
		case c == '[':
			n, class, err := bracket(s[i:])
			if err != nil {
				return "", err
			}
			b.WriteString(class)
			i += n
		case c == '\\':
			if i+1 == len(s) {
				return "", errors.New("trailing backslash")
			}
			b.WriteString(regexp.QuoteMeta(s[i+1 : i+2]))
			i += 2
		default:
			j := i + 1
			for j < len(s) && !strings.ContainsRune("*?[\\", rune(s[j])) {
				j++
			}
			b.WriteString(regexp.QuoteMeta(s[i:j]))
			i = j
		}
	}
	b.WriteString(`$`)
	return b.String(), nil
}

// posixClasses are the character classes of a bracket expression that
// gitignore and package regexp both know.
var posixClasses = []string{"alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "xdigit"}

// bracket translates the bracket expression at the start of s, "[...]",
// and returns the number of bytes it takes.
func bracket(s string) (int, string, error) {
	var b strings.Builder
	b.WriteString(`[`)
	i := 1
	if i < len(s) && (s[i] == '!' || s[i] == '^') {
		b.WriteString(`^/`)
		i++
	}
	first := true
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ']' && !first:
			b.WriteString(`]`)
			if b.String() == `[]` {
				return 0, "", errors.New("a set of no character but /")
			}
			// A set never matches "/": a positive one is intersected.
			return i + 1, `(?:` + b.String() + `)`, nil
		case c == '[' && strings.HasPrefix(s[i:], "[:"):
			end := strings.Index(s[i+2:], ":]")
			if end < 0 {
				b.WriteString(`\[`)
				break
			}
			name := s[i+2 : i+2+end]
			found := false
			for _, n := range posixClasses {
				found = found || n == name
			}
			if !found {
				return 0, "", fmt.Errorf("unknown character class [:%s:]", name)
			}
			b.WriteString(`[:` + name + `:]`)
			i += 2 + end + 1
		case c == '\\':
			if i+1 == len(s) {
				return 0, "", errors.New("trailing backslash")
			}
			i++
			b.WriteString(escapeClass(s[i]))
		case c == '-' && !first && i+1 < len(s) && s[i+1] != ']':
			b.WriteString(`-`)
		case c == '/':
			// Never matched: a path's "/" is no character of a name.
		default:
			b.WriteString(escapeClass(c))
		}
		first = false
	}
	return 0, "", errors.New("unclosed [")
}

// escapeClass returns c as a literal in a regexp character class.
func escapeClass(c byte) string {
	switch c {
	case '\\', ']', '[', '^', '-':
		return `\` + string(c)
	}
	// A byte of a multi-byte character is written as it comes: the
	// character's bytes stay together, and regexp reads them as one.
	return string([]byte{c})
}
