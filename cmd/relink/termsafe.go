package main

import (
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Text that relink prints comes in part from its inputs: file names, the
// WARC-Target-URI of a record, a server's reason phrase, the links of a
// document. Any of them can hold the bytes that drive a terminal (ESC
// starts a sequence that can retitle it, clear it or move the cursor; a
// lone CR rewrites a line), so none of them reaches standard output or
// standard error as it is. The characters escaped, in every text form
// and every message of every command, are those unsafeRune reports true for:
//
//	character                            in a message (stderr)   in a field of a text format (stdout)
//	tab, LF, CR                          \t \n \r                a space (a field is one line, a TSV cell)
//	other C0 controls U+0000-U+001F      \x00 ... \x1f           %00 ... %1F
//	DEL U+007F                           \x7f                    %7F
//	C1 controls U+0080-U+009F            \u0080 ... \u009f       %C2%80 ... %C2%9F (the UTF-8 bytes)
//	LINE and PARAGRAPH SEPARATOR         \u2028 \u2029           %E2%80%A8 %E2%80%A9
//	a byte that is not UTF-8             \xff                    %FF
//
// The text formats are those of values that are URLs (href, uri, iri,
// value, tsv, --count, the pages of relink warc): percent-encoding keeps a
// field a URL that means what the document's characters mean, as the URL
// Standard's parser encodes a control character. A message uses the
// escapes of a Go string literal instead, without doubling backslashes:
// it is read by a person, who needs to see the byte, not to parse it
// back. The line feed that ends each message is the only one written.
//
// JSON lines escape these characters too (see jsonSafe): encoding/json
// writes C0 controls and U+2028/U+2029 as \u escapes, and jsonSafe the C1
// controls and DEL, which it leaves as they are.

// unsafeRune reports whether the rune r (utf8.RuneError for a byte that is not
// UTF-8) is escaped in output.
func unsafeRune(r rune) bool {
	return r < 0x20 || r == 0x7f || 0x80 <= r && r < 0xa0 || r == '\u2028' || r == '\u2029' || r == utf8.RuneError
}

// needsEscape reports whether s holds a character that unsafeRune reports,
// or a byte that is not UTF-8.
func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		i = skipPrintable(s, i)
		if i == len(s) {
			break
		}
		if c := s[i]; c < 0x20 || c == 0x7f || c >= 0x80 {
			if c < 0x80 {
				return true
			}
			r, n := utf8.DecodeRuneInString(s[i:])
			if unsafeRune(r) && !(r == utf8.RuneError && n == 3) { // U+FFFD itself is safe
				return true
			}
			i += n - 1
		}
	}
	return false
}

// skipPrintable returns the index of s, from i, past the words of 8
// bytes that are all printable ASCII (0x20 to 0x7e), each tested at once.
func skipPrintable(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		t := s[i : i+8]
		w := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
		const ones, highs = 0x0101010101010101, 0x8080808080808080
		// As in skipPlain: a byte below n borrows in w-n*ones, exactly when no
		// byte has its high bit set.
		d := w ^ (0x7f * ones)
		if !(w&highs == 0 && ((w-0x20*ones)&^w|(d-ones)&^d)&highs == 0) {
			break
		}
	}
	return i
}

// escapeText returns s with the characters unsafeRune reports escaped as a Go
// string literal would escape them (\x1b, \n, \u2028; a byte that is not
// UTF-8 as \xff), for a message on standard error. Backslashes are not
// doubled.
func escapeText(s string) string {
	if !needsEscape(s) {
		return s
	}
	const hex = "0123456789abcdef"
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteByte(hex[s[i]>>4])
			b.WriteByte(hex[s[i]&15])
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x80 && unsafeRune(r):
			b.WriteString(`\x`)
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&15])
		case r != utf8.RuneError && unsafeRune(r):
			b.WriteString(`\u`)
			for sh := 12; sh >= 0; sh -= 4 {
				b.WriteByte(hex[r>>sh&15])
			}
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// tsvField returns s as a field of a text format on standard output: its
// tabs and line breaks as spaces, so that it stays one TSV cell on one
// line, and the other characters unsafeRune reports percent-encoded, byte by
// byte of their UTF-8 form (ESC as %1B, U+2028 as %E2%80%A8).
func tsvField(s string) string {
	if !needsEscape(s) {
		return s
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case unsafeRune(r) && !(r == utf8.RuneError && n == 3):
			for _, c := range []byte(s[i : i+n]) {
				b.WriteByte('%')
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&15])
			}
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// jsonSafe escapes, in place where it can, the C1 controls (the UTF-8
// bytes C2 80 to C2 9F) and DEL of the JSON text b as \u0080 ... \u009f
// and \u007f, which encoding/json leaves as they are. These bytes occur
// only inside JSON strings, so that the result is the same JSON value.
func jsonSafe(b []byte) []byte {
	i := 0
	for i < len(b) && b[i] != 0x7f && !(b[i] == 0xc2 && i+1 < len(b) && b[i+1] >= 0x80 && b[i+1] < 0xa0) {
		i++
	}
	if i == len(b) {
		return b
	}
	const hex = "0123456789abcdef"
	out := append([]byte(nil), b[:i]...)
	for ; i < len(b); i++ {
		switch c := b[i]; {
		case c == 0x7f:
			out = append(out, `\u007f`...)
		case c == 0xc2 && i+1 < len(b) && b[i+1] >= 0x80 && b[i+1] < 0xa0:
			i++
			out = append(out, '\\', 'u', '0', '0', hex[b[i]>>4], hex[b[i]&15])
		default:
			out = append(out, c)
		}
	}
	return out
}

// A safeWriter is standard error as commands see it: it escapes with
// escapeText every character of what is written that unsafeRune reports,
// except the line feeds that end messages, so that no message can drive
// the terminal whatever its file names and values hold. Each Write is
// expected to be whole messages (fmt.Fprintf, io.WriteString of a line),
// so that no UTF-8 sequence is split between two.
type safeWriter struct {
	w io.Writer
}

func (s safeWriter) Write(p []byte) (int, error) {
	if !needsEscape(string(p)) {
		return s.w.Write(p)
	}
	var b strings.Builder
	for line := range strings.Lines(string(p)) {
		if text, ok := strings.CutSuffix(line, "\n"); ok {
			b.WriteString(escapeText(text))
			b.WriteByte('\n')
		} else {
			b.WriteString(escapeText(line))
		}
	}
	if _, err := io.WriteString(s.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// terminalFile returns the file behind standard error w, for what writes
// to a terminal itself (the progress bar of rewrite), and whether there
// is one.
func terminalFile(w io.Writer) (*os.File, bool) {
	if s, ok := w.(safeWriter); ok {
		w = s.w
	}
	f, ok := w.(*os.File)
	return f, ok
}

// A jsonWriter writes JSON text through jsonSafe: give it to
// json.NewEncoder, which writes each value in one Write.
type jsonWriter struct {
	w io.Writer
}

func (j jsonWriter) Write(p []byte) (int, error) {
	if _, err := j.w.Write(jsonSafe(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// position returns where a message is about, as GNU tools, compilers and
// the editors and CI annotators that read them write it: "FILE:LINE:COL"
// (line and column from 1, the column in bytes of the file as it is
// written: for a document in a legacy charset, or UTF-16, its bytes), or
// "FILE:LINE" when the column is 0 (unknown), or FILE alone when the
// line is 0 too. Standard input is "-". The file name is escaped
// (escapeText), line breaks included: it is one field of one line.
//
// Every message of relink is one line of the form
//
//	relink CMD: FILE:LINE:COL: message
//	relink CMD: FILE:LINE:COL: warning: message
//
// with as much of the position as is known (a file that cannot be opened
// has no line); a message about the run as a whole (writing the output,
// a summary) has none. relink warc's positions are in WARC files, whose
// records are known by their byte offset ("FILE: offset 1234: ..."), and
// relink uri, iri and check give the offset in an argument ("at offset
// 5").
func position(file string, line, col int) string {
	s := escapeText(file)
	if line > 0 {
		s += ":" + strconv.Itoa(line)
		if col > 0 {
			s += ":" + strconv.Itoa(col)
		}
	}
	return s
}
