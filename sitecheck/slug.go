package sitecheck

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// A Slug is a Markdown renderer's way of making the id of a heading (its
// "slug") from the heading's text, which a link's #fragment names.
type Slug uint8

const (
	// SlugGitHub is GitHub's (github-slugger, also the default of many
	// other tools): the text lower-cased, every character that is not a
	// letter, mark, number, "_", "-" or space removed, each space made
	// "-". Repeats get "-1", "-2"...
	SlugGitHub Slug = iota + 1
	// SlugGitLab is GitLab's documented rule: lower-cased, what is not a
	// word character, "-" or space removed, spaces made "-", then each
	// run of "-" made one. Repeats get "-1", "-2"...
	SlugGitLab
	// SlugMkDocs is MkDocs's (Python-Markdown's toc extension, its
	// default slugify): the text decomposed (NFKD) and its non-ASCII
	// characters dropped, what is not a word character, white space or
	// "-" removed, trimmed, lower-cased, each run of "-" and white space
	// made one "-". Repeats get "_1", "_2"...
	SlugMkDocs
	// SlugHugo is Hugo's default (autoHeadingIDType "github"): the text
	// trimmed, each space and "-" made "-", letters, digits and "_" kept
	// lower-cased, everything else removed; "heading" when nothing is
	// left. Repeats get "-1", "-2"...
	SlugHugo
	// SlugPandoc is pandoc's auto_identifiers: what is not a letter,
	// digit, "_", "-" or "." removed, the words joined by "-",
	// lower-cased, everything before the first letter removed; "section"
	// when nothing is left. Repeats get "-1", "-2"...
	SlugPandoc
)

var slugNames = [...]string{"", "github", "gitlab", "mkdocs", "hugo", "pandoc"}

// String returns the name of s, as ParseSlug reads it.
func (s Slug) String() string {
	if s > 0 && int(s) < len(slugNames) {
		return slugNames[s]
	}
	return fmt.Sprintf("Slug(%d)", s)
}

// ParseSlug returns the Slug named name: "github", "gitlab", "mkdocs",
// "hugo" or "pandoc".
func ParseSlug(name string) (Slug, error) {
	for s := SlugGitHub; int(s) < len(slugNames); s++ {
		if slugNames[s] == name {
			return s, nil
		}
	}
	return 0, fmt.Errorf("sitecheck: unknown slug dialect %q (want github, gitlab, mkdocs, hugo or pandoc)", name)
}

// Make returns the slug of a heading whose text (as rendered: without
// Markdown syntax, see HeadingText) is text, before repeats are told
// apart (see Slugger).
func (s Slug) Make(text string) string {
	var b strings.Builder
	switch s {
	case SlugGitHub:
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r) || unicode.Is(unicode.Pc, r):
				b.WriteRune(r)
			}
		}
	case SlugGitLab:
		dash := false
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ' || r == '-':
				if !dash {
					b.WriteByte('-')
				}
				dash = true
			case isWord(r):
				b.WriteRune(r)
				dash = false
			}
		}
	case SlugMkDocs:
		t := norm.NFKD.String(text)
		var k strings.Builder
		for _, r := range t {
			if r < 0x80 && (isASCIIWord(r) || r == '-' || isPySpace(r)) {
				k.WriteRune(r)
			}
		}
		t = strings.ToLower(strings.TrimFunc(k.String(), isPySpace))
		sep := false
		for _, r := range t {
			if r == '-' || isPySpace(r) {
				sep = true
				continue
			}
			if sep {
				b.WriteByte('-')
				sep = false
			}
			b.WriteRune(r)
		}
		if sep {
			b.WriteByte('-')
		}
	case SlugHugo:
		for _, r := range strings.TrimSpace(text) {
			switch {
			case r == ' ' || r == '-':
				b.WriteByte('-')
			case r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(unicode.ToLower(r))
			}
		}
		if b.Len() == 0 {
			return "heading"
		}
	case SlugPandoc:
		words := strings.Fields(strings.Map(func(r rune) rune {
			if r == '\u00a0' {
				return ' '
			}
			return unicode.ToLower(r)
		}, text))
		for i, w := range words {
			if i > 0 {
				b.WriteByte('-')
			}
			for _, r := range w {
				if unicode.IsLetter(r) || unicode.IsNumber(r) || r == '_' || r == '-' || r == '.' {
					b.WriteRune(r)
				}
			}
		}
		t := strings.TrimLeftFunc(b.String(), func(r rune) bool { return !unicode.IsLetter(r) })
		if t == "" {
			return "section"
		}
		return t
	default:
		panic(fmt.Sprintf("sitecheck: Make of an unknown %v", s))
	}
	return b.String()
}

// isWord reports a word character of GitLab's (Ruby's \p{Word}): a
// letter, mark, number or connector punctuation.
func isWord(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r) || unicode.Is(unicode.Pc, r)
}

func isASCIIWord(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_'
}

// isPySpace is Python's \s on ASCII.
func isPySpace(r rune) bool { return r == ' ' || '\t' <= r && r <= '\r' }

// A Slugger makes the slugs of the headings of one document, in order,
// telling repeats apart as the dialect does. The zero Slugger is not
// usable: make one with NewSlugger.
type Slugger struct {
	s    Slug
	seen map[string]int
}

// NewSlugger returns a Slugger of dialect s for a new document.
func NewSlugger(s Slug) *Slugger {
	return &Slugger{s: s, seen: map[string]int{}}
}

// Add records id, an id the document holds that is not a slug (an
// explicit {#id}), so that a later slug equal to it is told apart.
func (g *Slugger) Add(id string) {
	if _, ok := g.seen[id]; !ok {
		g.seen[id] = 0
	}
}

// Next returns the slug of the next heading, whose rendered text is
// text: the dialect's slug, and for a slug already given, that slug
// followed by "-1", "-2"... ("_1", "_2"... for MkDocs), the first one
// not already given.
func (g *Slugger) Next(text string) string {
	base := g.s.Make(text)
	sep := "-"
	if g.s == SlugMkDocs {
		sep = "_"
	}
	id := base
	if n, ok := g.seen[base]; ok {
		for {
			n++
			id = base + sep + strconv.Itoa(n)
			if _, taken := g.seen[id]; !taken {
				break
			}
		}
		g.seen[base] = n
	}
	g.seen[id] = 0
	return id
}

// attrBlock is a trailing attribute list, "{#id .class key=value}", as
// pandoc, kramdown, MkDocs (attr_list) and Hugo read it after a heading.
var attrBlock = regexp.MustCompile(`[ \t]*\{[ \t]*([^{}]*?)[ \t]*\}[ \t]*$`)

// HeadingID splits the text of a heading as written (Markdown) into the
// text before a trailing attribute list and the id that list gives
// ({#id}), or returns text and "" when it ends in none.
func HeadingID(text string) (rest, id string) {
	m := attrBlock.FindStringSubmatchIndex(text)
	if m == nil {
		return text, ""
	}
	for _, f := range strings.Fields(text[m[2]:m[3]]) {
		if len(f) > 1 && f[0] == '#' {
			id = f[1:]
		}
	}
	if id == "" {
		return text, ""
	}
	return text[:m[0]], id
}

// HeadingText returns the text a renderer shows for a heading written
// md (inline Markdown): backslash escapes and entity references
// decoded, code spans as their content, links and images as their text,
// raw HTML tags and emphasis markers removed, line breaks made spaces.
// It reads the common constructs, not all of CommonMark: an "_" is taken
// for emphasis unless it has a letter or digit on both sides, and a "*"
// or "~" always is.
//
// It takes time linear in the length of md but for code spans, whose
// closing runs of backticks are searched once for each length.
func HeadingText(md string) string {
	var b strings.Builder
	// What a search found missing from some offset to the end, so that
	// no search is run again: ">" (noGT), ")" and "]" (noClose), runs of
	// n backticks (noTicks).
	noGT := false
	var noClose [2]bool
	noTicks := map[int]bool{}
	for i := 0; i < len(md); {
		c := md[i]
		switch {
		case c == '\\' && i+1 < len(md) && isASCIIPunct(md[i+1]):
			b.WriteByte(md[i+1])
			i += 2
		case c == '`':
			n := run(md, i, '`')
			j := -1
			if !noTicks[n] {
				if j = closingTicks(md, i+n, n); j < 0 {
					noTicks[n] = true
				}
			}
			if j >= 0 {
				code := strings.ReplaceAll(md[i+n:j], "\n", " ")
				if len(code) > 2 && code[0] == ' ' && code[len(code)-1] == ' ' && strings.Trim(code, " ") != "" {
					code = code[1 : len(code)-1]
				}
				b.WriteString(code)
				i = j + n
			} else {
				b.WriteString(md[i : i+n])
				i += n
			}
		case c == '<':
			j := -1
			if !noGT {
				if j = strings.IndexByte(md[i:], '>'); j < 0 {
					noGT = true
				}
			}
			if j < 0 {
				b.WriteByte(c)
				i++
				break
			}
			inner := md[i+1 : i+j]
			if strings.Contains(inner, ":") && !strings.ContainsAny(inner, " <") || strings.Contains(inner, "@") && !strings.ContainsAny(inner, " <") {
				b.WriteString(inner) // an autolink
			} else if inner == "" || !(isASCIILetter(inner[0]) || inner[0] == '/' || inner[0] == '!' || inner[0] == '?') {
				b.WriteByte(c)
				i++
				break
			}
			i += j + 1
		case c == '!' && i+1 < len(md) && md[i+1] == '[':
			i++
		case c == '[':
			i++
		case c == ']':
			i++
			if i < len(md) && (md[i] == '(' || md[i] == '[') {
				close, k := byte(')'), 0
				if md[i] == '[' {
					close, k = ']', 1
				}
				if !noClose[k] {
					if j := strings.IndexByte(md[i:], close); j >= 0 {
						i += j + 1
					} else {
						noClose[k] = true
					}
				}
			}
		case c == '*' || c == '~':
			i++
		case c == '_':
			if i > 0 && i+1 < len(md) && isAlnum(md[i-1]) && isAlnum(md[i+1]) {
				b.WriteByte(c)
			}
			i++
		case c == '&':
			j := strings.IndexByte(md[i:min(len(md), i+34)], ';')
			if j > 1 {
				if u := html.UnescapeString(md[i : i+j+1]); u != md[i:i+j+1] {
					b.WriteString(u)
					i += j + 1
					break
				}
			}
			b.WriteByte(c)
			i++
		case c == '\n':
			b.WriteByte(' ')
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
	return strings.TrimSpace(b.String())
}

func run(s string, i int, c byte) int {
	n := 0
	for i+n < len(s) && s[i+n] == c {
		n++
	}
	return n
}

// closingTicks returns the index of the run of exactly n backticks that
// closes a code span opened before from, or -1.
func closingTicks(s string, from, n int) int {
	for i := from; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		m := run(s, i, '`')
		if m == n {
			return i
		}
		i += m
	}
	return -1
}

func isASCIIPunct(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isAlnum(c byte) bool { return isASCIILetter(c) || '0' <= c && c <= '9' || c >= 0x80 }
