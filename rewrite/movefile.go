package rewrite

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"

	"github.com/relink-go/relink/weburl"
)

// Files of moves: a table of OLD and NEW URLs, and the _redirects file
// of Netlify and Cloudflare Pages.

// The bounds of a file of moves (ReadMoves): a larger file, a longer
// line, or more moves are an error that names the file and line.
const (
	MaxMoveFile = 64 << 20  // bytes of a file
	MaxMoveLine = 64 << 10  // bytes of a line
	MaxMoves    = 1_000_000 // moves of a file
)

// maxMoves is MaxMoves, lowered by tests.
var maxMoves = MaxMoves

// A MoveFormat is the syntax of a file of moves.
type MoveFormat uint8

const (
	// MovesTSV is a table of moves, one a line: OLD, a tab, NEW, as
	// PrefixMap.Add takes them (OLD moves with everything below it);
	// with a third field "exact", as PrefixMap.AddExact takes them (OLD
	// alone moves). Empty lines and lines starting with "#" are skipped.
	MovesTSV MoveFormat = iota + 1
	// MovesRedirects is the _redirects file of Netlify and Cloudflare
	// Pages: lines of FROM TO [STATUS[!]] separated by white space, "#"
	// starting a comment line. A rule whose FROM ends in "/*" and whose
	// TO ends in "/:splat" is a prefix move; one with neither splat an
	// exact move (Netlify redirects only that path, a final "/" aside).
	// Rules that are not moves of a prefix or a page are skipped and
	// reported (see ReadMoves): a status other than 301, 302, 303, 307
	// and 308 (200 is a rewrite: the URL stays; 404 and 410 are not
	// moves), placeholders (/:year/:slug), a splat not at the end or not
	// carried over (/a/* /b sends a whole tree to one page), query
	// parameters and conditions (Country=, Language=, Role=, Cookie=),
	// and a rule whose FROM an earlier rule matches already (the servers
	// apply the first rule that matches, and a later one never applies
	// to those URLs). A "!" (force) changes nothing here: the links move
	// whether or not a file is left at the old place, which Netlify's
	// shadowing would serve without a "!".
	MovesRedirects
)

// MoveFormatOf returns the format of the file of moves named name: a
// file named _redirects is MovesRedirects, any other MovesTSV.
func MoveFormatOf(name string) MoveFormat {
	if path.Base(strings.ReplaceAll(name, "\\", "/")) == "_redirects" {
		return MovesRedirects
	}
	return MovesTSV
}

// A MoveFileError is a line of a file of moves that is wrong, or a rule
// that ReadMoves skips.
type MoveFileError struct {
	File string
	Line int // from 1; 0 for the file as a whole
	Err  error
}

func (e *MoveFileError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err)
}

func (e *MoveFileError) Unwrap() error { return e.Err }

// ReadMoves adds to m the moves of the file name, read from r in the
// format f. A URL that is a path ("/docs/a.html") or another relative
// reference is resolved against base, the site's URL; without a base it
// is an error. The moves of the file must not repeat an old prefix or
// page of m or of the file (in _redirects, a repeated FROM is an earlier
// rule matching it: skipped).
//
// ReadMoves returns the rules of a _redirects file it skipped, each
// with its line and the reason, and the first error: a line that cannot
// be read (no URL, too few fields), a file longer than MaxMoveFile, a
// line longer than MaxMoveLine, more than MaxMoves moves. On error m is
// left as it was.
func (m *PrefixMap) ReadMoves(name string, r io.Reader, f MoveFormat, base string) (skipped []*MoveFileError, err error) {
	var b *weburl.URL
	if base != "" {
		if b, err = weburl.Parse(base, nil); err != nil {
			return nil, &MoveFileError{name, 0, fmt.Errorf("base %s: not an absolute URL", strconv.Quote(base))}
		}
	}
	rd := &moveReader{file: name, base: b}
	sc := bufio.NewScanner(io.LimitReader(r, MaxMoveFile+1))
	sc.Buffer(make([]byte, 0, 4096), MaxMoveLine)
	read := 0
	for sc.Scan() {
		rd.line++
		line := sc.Bytes()
		read += len(line) + 1
		if rd.line == 1 {
			line = bytes.TrimPrefix(line, []byte("\uFEFF"))
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		if f == MovesRedirects {
			err = rd.redirect(string(line))
		} else {
			err = rd.tsv(string(line))
		}
		if err != nil {
			return rd.skipped, err
		}
		if rd.moves > maxMoves {
			return rd.skipped, rd.errorf("more than %d moves", maxMoves)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return rd.skipped, &MoveFileError{name, rd.line + 1, fmt.Errorf("line longer than %d bytes", MaxMoveLine)}
		}
		return rd.skipped, &MoveFileError{name, 0, err}
	}
	if read > MaxMoveFile {
		return rd.skipped, &MoveFileError{name, 0, fmt.Errorf("longer than %d bytes", MaxMoveFile)}
	}
	// The file is read: its moves join m, which must not have them.
	for o := range rd.m.prefix {
		if _, ok := m.prefix[o]; ok {
			return rd.skipped, &MoveFileError{name, rd.lines[o], fmt.Errorf("old prefix %s is mapped twice (by --map or an earlier file too)", o)}
		}
	}
	for o := range rd.m.exact {
		if _, ok := m.exact[o]; ok {
			return rd.skipped, &MoveFileError{name, rd.lines["="+o], fmt.Errorf("old page %s is mapped twice", o)}
		}
	}
	for o, n := range rd.m.prefix {
		if m.prefix == nil {
			m.prefix = map[string]string{}
		}
		m.prefix[o] = n
	}
	for o, n := range rd.m.exact {
		if m.exact == nil {
			m.exact = map[string]string{}
		}
		m.exact[o] = n
	}
	return rd.skipped, nil
}

// A moveReader reads the lines of a file of moves.
type moveReader struct {
	file    string
	base    *weburl.URL
	line    int
	moves   int
	m       PrefixMap
	lines   map[string]int // the line of each old prefix, and of each old page after "="
	skipped []*MoveFileError
}

func (rd *moveReader) errorf(format string, args ...any) error {
	return &MoveFileError{rd.file, rd.line, fmt.Errorf(format, args...)}
}

// skip notes the rule of the line as skipped, for the reason given.
func (rd *moveReader) skip(format string, args ...any) {
	rd.skipped = append(rd.skipped, &MoveFileError{rd.file, rd.line, fmt.Errorf("unsupported: "+format, args...)})
}

// url resolves s, a URL or a path of the site, against the base.
func (rd *moveReader) url(s string) (string, error) {
	if u, err := weburl.Parse(s, nil); err == nil {
		return u.String(), nil
	}
	if rd.base == nil {
		return "", rd.errorf("%s is not an absolute URL, and there is no base URL to resolve it against (give --base, the site's URL)", strconv.Quote(s))
	}
	u, err := weburl.Parse(s, rd.base)
	if err != nil {
		return "", rd.errorf("%s: not a URL", strconv.Quote(s))
	}
	return u.String(), nil
}

// add adds the move of old to new, exact or prefix; an error of Add names
// the line.
func (rd *moveReader) add(old, new string, exact bool) error {
	o, err := rd.url(old)
	if err != nil {
		return err
	}
	n, err := rd.url(new)
	if err != nil {
		return err
	}
	key := ""
	if exact {
		err = rd.m.AddExact(o, n)
		key = "="
	} else {
		err = rd.m.Add(o, n)
	}
	if err != nil {
		return rd.errorf("%s", strings.TrimPrefix(err.Error(), "rewrite: "))
	}
	if rd.lines == nil {
		rd.lines = map[string]int{}
	}
	p, _ := movePrefix("old", o)
	rd.lines[key+p] = rd.line
	rd.moves++
	return nil
}

// tsv reads a line of MovesTSV.
func (rd *moveReader) tsv(line string) error {
	if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
		return nil
	}
	f := strings.Split(line, "\t")
	switch {
	case len(f) == 2:
		return rd.add(f[0], f[1], false)
	case len(f) == 3 && f[2] == "exact":
		return rd.add(f[0], f[1], true)
	case len(f) == 3:
		return rd.errorf("third field %s: want \"exact\" or none", strconv.Quote(f[2]))
	}
	return rd.errorf("want OLD<TAB>NEW, or OLD<TAB>NEW<TAB>exact; got %d fields", len(f))
}

// redirect reads a line of MovesRedirects.
func (rd *moveReader) redirect(line string) error {
	f := strings.Fields(line)
	if len(f) == 0 || strings.HasPrefix(f[0], "#") {
		return nil
	}
	if len(f) < 2 {
		return rd.errorf("want FROM TO [STATUS]: one field")
	}
	from, i := f[0], 1
	for i < len(f) && !isRedirectTarget(f[i]) && strings.Contains(f[i], "=") {
		i++ // query parameters to match: /store id=:id /blog/:id
	}
	if i == len(f) {
		return rd.errorf("want FROM TO [STATUS]: no TO")
	}
	if i > 1 {
		rd.skip("query parameters are matched (%s)", f[1])
		return nil
	}
	to, rest := f[i], f[i+1:]
	status := 301
	if len(rest) > 0 && isStatus(rest[0]) {
		status, _ = strconv.Atoi(strings.TrimSuffix(rest[0], "!"))
		rest = rest[1:]
	}
	switch {
	case len(rest) > 0:
		rd.skip("conditions (%s): the move depends on the request", strings.Join(rest, " "))
		return nil
	case status == 200:
		rd.skip("status 200 is a rewrite: the URL stays as it is, and so do the links")
		return nil
	case status != 301 && status != 302 && status != 303 && status != 307 && status != 308:
		rd.skip("status %d is not a move", status)
		return nil
	case strings.Contains(from, "?"):
		rd.skip("a query in FROM is matched")
		return nil
	case hasPlaceholder(from):
		rd.skip("placeholders in FROM (%s)", from)
		return nil
	}
	oldPrefix, splat := strings.CutSuffix(from, "/*")
	if from == "*" || from == "/*" {
		oldPrefix, splat = "/", true
	}
	if strings.Contains(oldPrefix, "*") {
		rd.skip("a splat not at the end of FROM (%s)", from)
		return nil
	}
	newPrefix, splatTo := strings.CutSuffix(to, "/:splat")
	switch {
	case splat && !splatTo:
		rd.skip("%s sends every URL below it to one URL (%s): not a move of each", from, to)
		return nil
	case !splat && splatTo:
		rd.skip(":splat in TO without a splat in FROM")
		return nil
	case hasPlaceholder(newPrefix) || strings.Contains(newPrefix, "*"):
		rd.skip("placeholders in TO (%s)", to)
		return nil
	}
	if newPrefix == "" {
		newPrefix = "/"
	}
	o, err := rd.url(oldPrefix)
	if err != nil {
		return err
	}
	if n, ok := rd.first(o, !splat); ok {
		rd.skip("an earlier rule, line %d, matches FROM already: the first rule that matches applies", n)
		return nil
	}
	if !splat && strings.Contains(to, "?") {
		rd.skip("a query in TO")
		return nil
	}
	return rd.add(oldPrefix, newPrefix, !splat)
}

// first returns the line of an earlier rule that matches the URL o, a
// page when exact (a prefix of its own, or the same page) or a prefix
// (one of its prefixes).
func (rd *moveReader) first(o string, exact bool) (int, bool) {
	p, err := movePrefix("old", o)
	if err != nil {
		return 0, false
	}
	if exact {
		if n, ok := rd.lines["="+p]; ok {
			return n, true
		}
	}
	for i := len(p); i >= 0; i = strings.LastIndexByte(p[:i], '/') {
		if n, ok := rd.lines[p[:i]]; ok {
			return n, true
		}
	}
	return 0, false
}

// isRedirectTarget reports whether the field s of a _redirects line is a
// path or a URL, rather than a query parameter to match.
func isRedirectTarget(s string) bool {
	return strings.HasPrefix(s, "/") || strings.Contains(s, "://")
}

// isStatus reports whether s is an HTTP status code, followed by a "!"
// or not.
func isStatus(s string) bool {
	s = strings.TrimSuffix(s, "!")
	if len(s) != 3 {
		return false
	}
	for i := range 3 {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// hasPlaceholder reports whether the path or URL s has a segment that is
// a placeholder, ":name".
func hasPlaceholder(s string) bool {
	if i := strings.Index(s, "://"); i >= 0 {
		s = s[i+3:]
		if j := strings.IndexByte(s, '/'); j >= 0 {
			s = s[j:]
		} else {
			return false
		}
	}
	return strings.Contains(s, "/:")
}
