package webenc

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
)

// auditNames are the encodings the audit checks: every encoding of the
// standard.
var auditNames = []string{
	"ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6",
	"iso-8859-7", "iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-13", "iso-8859-14",
	"iso-8859-15", "iso-8859-16", "koi8-r", "koi8-u", "macintosh", "windows-874",
	"windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1254",
	"windows-1255", "windows-1256", "windows-1257", "windows-1258", "x-mac-cyrillic",
	"gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr",
	"replacement", "utf-16be", "utf-16le", "x-user-defined", "utf-8",
}

// indexName is the index a single-byte encoding's name uses.
func indexName(name string) string {
	if name == "iso-8859-8-i" {
		return "iso-8859-8"
	}
	return name
}

// A difference is one input on which an encoding and the standard differ.
type difference struct {
	enc, op, in, want, got string
}

func (d difference) String() string {
	return d.enc + "\t" + d.op + "\t" + d.in + "\t" + d.want + "\t" + d.got
}

// decodeInputs calls f with the byte sequences the audit decodes for the
// encoding name: every byte alone, every pair with a non-ASCII first byte,
// and the longer sequences of the encodings that have them.
func decodeInputs(name string, f func([]byte)) {
	var b [8]byte
	for c := 0; c < 256; c++ {
		b[0] = byte(c)
		f(b[:1])
	}
	switch name {
	case "gbk", "gb18030", "big5", "euc-jp", "shift_jis", "euc-kr":
		for c := 0x80; c < 256; c++ {
			for d := 0; d < 256; d++ {
				b[0], b[1] = byte(c), byte(d)
				f(b[:2])
			}
		}
	case "utf-16le", "utf-16be":
		for c := 0; c < 0x10000; c++ {
			b[0], b[1] = byte(c), byte(c>>8)
			if name == "utf-16be" {
				b[0], b[1] = b[1], b[0]
			}
			f(b[:2])
		}
		for _, hi := range []int{0xD800, 0xDBFF} {
			for _, lo := range []int{0xDC00, 0xDFFF, 0xD800, 0x0041, 0xFFFF} {
				for _, extra := range []int{-1, 0x41} {
					n := 0
					for _, u := range []int{hi, lo} {
						if name == "utf-16le" {
							b[n], b[n+1] = byte(u), byte(u>>8)
						} else {
							b[n], b[n+1] = byte(u>>8), byte(u)
						}
						n += 2
					}
					if extra >= 0 {
						b[n] = byte(extra)
						n++
					}
					f(b[:n])
				}
			}
		}
	case "replacement":
		f([]byte("abc"))
	case "utf-8":
		for c := 0x80; c < 256; c++ {
			for d := 0; d < 256; d++ {
				f([]byte{byte(c), byte(d)})
				for _, e := range []byte{0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC0} {
					f([]byte{byte(c), byte(d), e})
					for _, g := range []byte{0x41, 0x80, 0xBF} {
						f([]byte{byte(c), byte(d), e, g})
					}
				}
			}
		}
	case "iso-2022-jp":
		for _, esc := range []string{"\x1b(B", "\x1b(J", "\x1b(I", "\x1b$@", "\x1b$B"} {
			for c := 0; c < 256; c++ {
				f(append([]byte(esc), byte(c)))
				for _, d := range []byte{0x21, 0x41, 0x7E, 0x7F, 0x1B, 0x0A} {
					f(append([]byte(esc), byte(c), d))
				}
			}
		}
		for c := 0x21; c < 0x7F; c++ {
			for d := 0; d < 256; d++ {
				f([]byte{0x1b, '$', 'B', byte(c), byte(d)})
			}
		}
		for c := 0; c < 256; c++ {
			f([]byte{0x1b, byte(c)})
			f([]byte{0x1b, '(', byte(c)})
			f([]byte{0x1b, '$', byte(c)})
			f([]byte{0x1b, '$', 'B', 0x1b, byte(c)})
		}
		for _, s := range []string{"\x1b(B\x1b(J", "\x1b(B\x1b(Ja", "a\x1b(B\x1b(Ja", "\x1b$B\x1b(B", "\x1b$B#!\x1b(B\x1b(B", "\x1b(J\\~\x1b(B\\~", "\x1b", "\x1b(", "\x1b$", "\x1b$B#"} {
			f([]byte(s))
		}
	}
	switch name {
	case "euc-jp":
		for c := 0; c < 256; c++ {
			for d := 0; d < 256; d++ {
				b[0], b[1], b[2] = 0x8F, byte(c), byte(d)
				f(b[:3])
			}
		}
	case "gbk", "gb18030":
		for c := 0x81; c <= 0xFE; c++ {
			for d := 0x30; d <= 0x39; d++ {
				for e := 0x81; e <= 0xFE; e++ {
					for g := 0x30; g <= 0x39; g++ {
						b[0], b[1], b[2], b[3] = byte(c), byte(d), byte(e), byte(g)
						f(b[:4])
					}
				}
			}
		}
		for _, c := range []int{0x81, 0x84, 0x85, 0x8F, 0x90, 0xE3, 0xE4, 0xFD, 0xFE} {
			for _, d := range []int{0x30, 0x39} {
				for e := 0; e < 256; e++ {
					b[0], b[1], b[2] = byte(c), byte(d), byte(e)
					f(b[:3])
					for _, g := range []int{0x30, 0x39, 0x29, 0x41, 0x80, 0xFF} {
						b[3] = byte(g)
						f(b[:4])
					}
				}
			}
		}
	}
}

// checkDecoder compares e's decoder with the standard's on name's inputs.
func checkDecoder(ix *indexes, name string, e encoding.Encoding, report func(difference)) (n int) {
	dec := e.NewDecoder()
	dst := make([]byte, 64)
	decodeInputs(name, func(in []byte) {
		n++
		want := string(refDecode(ix, name, in))
		dec.Reset()
		nDst, _, err := dec.Transform(dst, in, true)
		got := string(dst[:nDst])
		if err != nil {
			got = "error " + err.Error()
		}
		if got != want {
			report(difference{name, "decode", fmt.Sprintf("% X", in), quoteRunes(want), quoteRunes(got)})
		}
	})
	return n
}

// maxEncoded is the last code point the audit encodes for name.
func maxEncoded(name string) rune {
	switch name {
	case "gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr":
		return utf8.MaxRune
	}
	return 0x2FFFF
}

// checkEncoder compares e's encoder with the standard's on every code
// point up to maxEncoded(name).
func checkEncoder(ix *indexes, name string, e encoding.Encoding, report func(difference)) (n int) {
	switch name {
	case "utf-8", "utf-16le", "utf-16be", "replacement":
		return 0 // their encoder is UTF-8's, Go's own
	}
	enc := e.NewEncoder()
	dst := make([]byte, 64)
	var src [utf8.UTFMax]byte
	for r := rune(0); r <= maxEncoded(name); r++ {
		if utf8.ValidRune(r) == false {
			continue
		}
		n++
		want, wantOK := refEncode(ix, name, r)
		enc.Reset()
		nDst, _, err := enc.Transform(dst, src[:utf8.EncodeRune(src[:], r)], true)
		got := dst[:nDst]
		if wantOK != (err == nil) || wantOK && string(got) != string(want) {
			w, g := fmt.Sprintf("% X", want), fmt.Sprintf("% X", got)
			if !wantOK {
				w = "error"
			}
			if err != nil {
				g = "error"
			}
			report(difference{name, "encode", fmt.Sprintf("U+%04X", r), w, g})
		}
	}
	return n
}

func quoteRunes(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "U+%04X", r)
	}
	return b.String()
}

var auditXText = flag.Bool("audit-xtext", false, "run TestAuditXText")

// TestAuditXText compares golang.org/x/text's encodings, as
// htmlindex.Get gives them, with the standard's, and logs a table of the
// differences (go test -run AuditXText -audit-xtext -v). It reports what
// package webenc is for; it fails on nothing.
func TestAuditXText(t *testing.T) {
	if !*auditXText {
		t.Skip("a report on golang.org/x/text, not a check of ours: run it with -audit-xtext")
	}
	ix := loadIndexes(t)
	for _, name := range auditNames {
		e, err := htmlindex.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		var dd, de []difference
		nd := checkDecoder(ix, name, e, func(d difference) { dd = append(dd, d) })
		ne := checkEncoder(ix, name, e, func(d difference) { de = append(de, d) })
		t.Logf("%-15s decode %8d sequences: %6d differ; encode %8d code points: %6d differ", name, nd, len(dd), ne, len(de))
		for i, d := range append(dd, de...) {
			if i == 12 {
				t.Logf("  ...")
				break
			}
			t.Logf("  %v", d)
		}
	}
}

// TestAudit compares the encodings Get returns with the standard's model
// on the same inputs as TestAuditXText. The differences must be exactly
// those of testdata/whatwg-encoding/known-differences.tsv.
func TestAudit(t *testing.T) {
	if testing.Short() {
		t.Skip("the audit decodes about 5 million sequences: skipped in -short mode")
	}
	ix := loadIndexes(t)
	var got []string
	for _, name := range auditNames {
		e, err := Get(name)
		if err != nil {
			t.Fatal(err)
		}
		nd := checkDecoder(ix, name, e, func(d difference) { got = append(got, d.String()) })
		ne := checkEncoder(ix, name, e, func(d difference) { got = append(got, d.String()) })
		t.Logf("%-15s decoded %8d sequences, encoded %8d code points", name, nd, ne)
	}
	checkKnown(t, got, "decode", "encode")
}

const knownFile = "../../testdata/whatwg-encoding/known-differences.tsv"

// checkKnown fails unless got, rows of differences, are exactly the rows
// of knownFile (less their last field, the reason) whose operation is one
// of ops.
func checkKnown(t *testing.T, got []string, ops ...string) {
	t.Helper()
	data, err := os.ReadFile(knownFile)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 6 || f[5] == "" {
			t.Fatalf("%s:%d: want 6 tab-separated fields, the last a reason", knownFile, i+1)
		}
		if slices.Contains(ops, f[1]) {
			known[strings.Join(f[:5], "\t")] = true
		}
	}
	seen := map[string]bool{}
	for _, g := range got {
		seen[g] = true
		if !known[g] {
			t.Errorf("difference not in %s:\n%s", knownFile, g)
		}
	}
	for k := range known {
		if !seen[k] {
			t.Errorf("%s lists a difference the audit no longer finds:\n%s", knownFile, k)
		}
	}
	t.Logf("%d known differences", len(known))
}
