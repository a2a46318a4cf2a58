package webenc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"

	"github.com/relink-go/relink/internal/transformtest"
)

// TestLabels checks every label of the standard's encodings.json: Get
// finds its encoding, and Name, like htmlindex.Name for the encodings
// that keep golang.org/x/text's identity, gives the encoding's name.
func TestLabels(t *testing.T) {
	data, err := os.ReadFile("../../testdata/whatwg-encoding/encodings.json")
	if err != nil {
		t.Fatal(err)
	}
	var groups []struct {
		Encodings []struct {
			Labels []string
			Name   string
		}
	}
	if err := json.Unmarshal(data, &groups); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range groups {
		for _, enc := range g.Encodings {
			want := strings.ToLower(enc.Name)
			for _, l := range enc.Labels {
				n++
				for _, label := range []string{l, strings.ToUpper(l), " \t" + l + "\n\f\r"} {
					e, name := Lookup(label)
					if e == nil || name != want {
						t.Errorf("Lookup(%q) = %v, %q; want %q", label, e, name, want)
						continue
					}
					if got, err := Name(e); got != want || err != nil {
						t.Errorf("Name(Lookup(%q)) = %q, %v; want %q", label, got, err, want)
					}
				}
				e, _ := Get(l)
				if _, multi := e.(*multiByte); multi || want == "iso-8859-8-i" {
					continue // no golang.org/x/text identity: see the package doc
				}
				if got, err := htmlindex.Name(e); got != want || err != nil {
					t.Errorf("htmlindex.Name(Get(%q)) = %q, %v; want %q", l, got, err, want)
				}
			}
		}
	}
	t.Logf("%d labels", n)
	for _, bad := range []string{"", "utf8 ", "latin-1", "x-unknown", "utf-8\v", "\u00a0utf-8", "ut\u0130f-8"} {
		if _, err := Get(bad); err == nil && strings.TrimSpace(bad) != "utf8" {
			t.Errorf("Get(%q): no error", bad)
		}
	}
}

// TestIssueWindows1252 is issue 11's example: the five bytes that
// golang.org/x/text's windows-1252 decodes as U+FFFD.
func TestIssueWindows1252(t *testing.T) {
	for _, label := range []string{"windows-1252", "latin1", "iso-8859-1", "ascii", "us-ascii", "cp1252", "x-cp1252"} {
		e, err := Get(label)
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.NewDecoder().String("\x80\x81\x8d\x8f\x90\x9d\x9f\xff")
		if want := "\u20ac\u0081\u008d\u008f\u0090\u009d\u0178\u00ff"; got != want || err != nil {
			t.Errorf("%s: decode = %+q, %v; want %+q", label, got, err, want)
		}
		b, err := e.NewEncoder().String("\u0081\u008d\u008f\u0090\u009d\u20ac")
		if want := "\x81\x8d\x8f\x90\x9d\x80"; b != want || err != nil {
			t.Errorf("%s: encode = %+q, %v; want %+q", label, b, err, want)
		}
	}
	if Windows1252 != Exact(charmap.Windows1252) {
		t.Error("Exact(charmap.Windows1252) is not Windows1252")
	}
}

// TestExact checks that Exact maps golang.org/x/text's encodings to ours
// and leaves encodings without a name in the standard alone.
func TestExact(t *testing.T) {
	for _, e := range []encoding.Encoding{charmap.Windows1252, japanese.ShiftJIS, charmap.ISO8859_8I} {
		x := Exact(e)
		want, _ := htmlindex.Name(e)
		if got, _ := Name(x); got != want {
			t.Errorf("Name(Exact(%v)) = %q; want %q", e, got, want)
		}
		if x == e {
			t.Errorf("Exact(%v) is itself", e)
		}
	}
	if Exact(charmap.CodePage437) != charmap.CodePage437 {
		t.Error("Exact(CodePage437) changed it")
	}
}

// TestHTMLEscapeUnsupported checks that x/text's wrappers read our
// encoders' errors.
func TestHTMLEscapeUnsupported(t *testing.T) {
	for _, c := range []struct{ label, in, want string }{
		{"windows-1252", "a\u0101b\u0081", "a&#257;b\x81"},
		{"shift_jis", "\u2212\u00e5", "\x81\x7c&#229;"},
		{"big5", "\u00ca\u4e00", "&#202;\xa4\x40"},
		{"euc-jp", "\u00e5\u3042", "&#229;\xa4\xa2"},
		{"gbk", "\u20ac\U00010000", "\x80&#65536;"},
		{"iso-2022-jp", "\u3042\u00e5a", "\x1b$B$\x22\x1b(B&#229;a"},
	} {
		e, _ := Get(c.label)
		got, err := encoding.HTMLEscapeUnsupported(e.NewEncoder()).String(c.in)
		if got != c.want || err != nil {
			t.Errorf("%s: %+q: got %+q, %v; want %+q", c.label, c.in, got, err, c.want)
		}
	}
}

// texts are samples of each multi-byte encoding's text, with errors.
var texts = map[string]string{
	"gbk":         "\xc4\xe3\xba\xc3, \x81\x30\x81\x30 \x80 \xff \x81\x30\x41 \x84\x31\xa4\x37 \xa1",
	"gb18030":     "\xc4\xe3\xba\xc3, \x81\x30\x81\x30 \x90\x30\x81\x30 \xe3\x32\x9a\x35 \x80 \x81\x30\x41 \xa6\xd9\xfe",
	"big5":        "\xa4\xa4\xa4\xe5 \x88\x62 \x81\x40 \xa4\x40\xff \xa4",
	"euc-jp":      "\xa4\xa2\xa4\xa4 \x8e\xb1 \x8f\xb0\xa1 \x8f\xa1\x41 \x8e\x41 \xa4",
	"shift_jis":   "\x82\xa0\x82\xa2 \xb1 \x80 \xf0\x40 \x82\x40 \xa0 \x81",
	"euc-kr":      "\xb0\xa1\xb0\xa2 \x81\x41 \xc9\x41 \xff \xb0",
	"iso-2022-jp": "a\x1b$B$\x22$$\x1b(B b\x1b(J\\~\x1b(I1\x1b(B\x1b(Bc\x0e \x1b$B$\x1b(Bx\x1b$A\x1b",
}

// singleByteTexts are samples of single-byte encodings' text, with
// bytes that map to nothing.
var singleByteTexts = map[string]string{
	"windows-1252":   "caf\xe9 \x80\x81\x8d\x9f\xff",
	"koi8-r":         "\xf0\xd2\xc9\xd7\xc5\xd4, \xcd\xc9\xd2!",
	"iso-8859-8":     "\xf9\xec\xe5\xed \xbf\xfb",
	"x-user-defined": "a\x80\xff",
}

// TestChunks decodes and encodes the samples at every chunk size and
// small destination sizes: the output must not depend on them.
func TestChunks(t *testing.T) {
	for name, text := range texts {
		chunks(t, name, text)
	}
	for name, text := range singleByteTexts {
		chunks(t, name, text)
	}
}

func chunks(t *testing.T, name, text string) {
	e, _ := Get(name)
	want, err := e.NewDecoder().String(text)
	if err != nil {
		t.Fatal(err)
	}
	if ref := string(refDecode(loadIndexes(t), name, []byte(text))); ref != want {
		t.Errorf("%s: decode = %+q; the standard's %+q", name, want, ref)
	}
	// The text to encode: what decodes, less the characters name
	// cannot encode.
	var enc strings.Builder
	for _, r := range want {
		if _, ok := refEncode(loadIndexes(t), name, r); ok && r != utf8.RuneError {
			enc.WriteRune(r)
		}
	}
	wantEnc, err := e.NewEncoder().String(enc.String())
	if err != nil {
		t.Fatalf("%s: encode %+q: %v", name, enc.String(), err)
	}
	dst := []int{0, 4, 5, 6, 7, 8, 9} // 4: room for any character
	transformtest.Sweep{
		Name: name + " decode",
		In:   []byte(text),
		New:  func() transform.Transformer { return e.NewDecoder() },
		Dst:  dst,
		Want: []byte(want),
	}.Run(t)
	transformtest.Sweep{
		Name: name + " encode",
		In:   []byte(enc.String()),
		New:  func() transform.Transformer { return e.NewEncoder() },
		Dst:  dst,
		Want: []byte(wantEnc),
	}.Run(t)
}

// FuzzDecode decodes any bytes with each multi-byte encoding and compares
// the text with the standard's model's, at every chunk size up to 8.
func FuzzDecode(f *testing.F) {
	for _, text := range texts {
		f.Add([]byte(text))
	}
	names := []string{"gbk", "gb18030", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr", "windows-1252"}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 256 {
			return
		}
		ix := loadIndexes(t)
		for _, name := range names {
			e, _ := Get(name)
			want := string(refDecode(ix, name, in))
			for chunk := 0; chunk <= 8; chunk++ {
				if got := transformtest.Run(t, e.NewDecoder(), in, chunk, 0); string(got) != want {
					t.Fatalf("%s: chunk %d: decode %q = %+q; the standard's %+q", name, chunk, in, got, want)
				}
			}
			// What decodes encodes back to bytes that decode the same,
			// but for the characters the standard's encoder has no bytes
			// for or bytes that decode to another character.
			var keep bytes.Buffer
			for _, r := range want {
				if b, ok := refEncode(ix, name, r); ok && r != utf8.RuneError && string(refDecode(ix, name, b)) == string(r) {
					keep.WriteRune(r)
				}
			}
			b, err := e.NewEncoder().Bytes(keep.Bytes())
			if err != nil {
				t.Fatalf("%s: encode %+q: %v", name, keep.Bytes(), err)
			}
			if back, _ := e.NewDecoder().Bytes(b); !bytes.Equal(back, keep.Bytes()) {
				t.Fatalf("%s: %+q encodes to %q, which decodes to %+q", name, keep.Bytes(), b, back)
			}
		}
	})
}

func ExampleGet() {
	e, _ := Get("latin1")
	name, _ := Name(e)
	s, _ := e.NewDecoder().String("caf\xe9 \x81")
	fmt.Printf("%s %+q\n", name, s)
	// Output: windows-1252 "caf\u00e9 \u0081"
}

// wptCase is a case of testdata/whatwg-encoding/wpt-cases.json.
type wptCase struct {
	Encoding, Bytes, Text, Input, Query, Desc string
}

// TestWPTDecoder runs the decoder cases of the web-platform-tests files
// in wpt-cases.json.
func TestWPTDecoder(t *testing.T) {
	data, err := os.ReadFile("../../testdata/whatwg-encoding/wpt-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var files map[string][]wptCase
	if err := json.Unmarshal(data, &files); err != nil {
		t.Fatal(err)
	}
	n := 0
	var diffs []string
	for _, cases := range files {
		for _, c := range cases {
			if c.Bytes == "" {
				continue
			}
			var in []byte
			for _, h := range strings.Fields(c.Bytes) {
				var b byte
				fmt.Sscanf(h, "%02X", &b)
				in = append(in, b)
			}
			e, _ := Get(c.Encoding)
			got, err := e.NewDecoder().Bytes(in)
			if err != nil {
				t.Fatal(err)
			}
			n++
			if string(got) != c.Text {
				diffs = append(diffs, difference{c.Encoding, "wpt-decode", c.Bytes, quoteRunes(c.Text), quoteRunes(string(got))}.String())
			}
		}
	}
	if n == 0 {
		t.Fatal("no decoder cases")
	}
	t.Logf("%d WPT decoder cases, %d known differences", n, len(diffs))
	checkKnown(t, diffs, "wpt-decode")
}
