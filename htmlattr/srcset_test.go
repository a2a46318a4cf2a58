package htmlattr

import (
	"fmt"
	"strings"
	"testing"
)

// A srcsetTest gives a srcset value and its candidates, each written as
// URL, then " | " and the descriptors if there are any, then " !" if a
// browser ignores the candidate.
var srcsetTests = []struct {
	in   string
	want []string
}{
	{"", nil},
	{" ", nil},
	{",", nil},
	{",,, ,", nil},
	{"a.png", []string{"a.png"}},
	{" a.png ", []string{"a.png"}},
	{"a.png 1x", []string{"a.png | 1x"}},
	{"a.png 1x,b.png 2x", []string{"a.png | 1x", "b.png | 2x"}},
	{"a.png, b.png 2x", []string{"a.png", "b.png | 2x"}},
	{"a.png,,, b.png", []string{"a.png", "b.png"}},
	// A comma inside a URL does not end it.
	{"a.png,b.png", []string{"a.png,b.png"}},
	{"a.png,b.png 2x", []string{"a.png,b.png | 2x"}},
	// The examples of the standard (section 4.8.4.3).
	{"image-1x.png 1x, image-2x.png 2x, image-3x.png 3x, image-4x.png 4x",
		[]string{"image-1x.png | 1x", "image-2x.png | 2x", "image-3x.png | 3x", "image-4x.png | 4x"}},
	{"pear-mobile.jpeg 720w, pear-tablet.jpeg 1280w, pear-desktop.jpeg 1920w",
		[]string{"pear-mobile.jpeg | 720w", "pear-tablet.jpeg | 1280w", "pear-desktop.jpeg | 1920w"}},
	{"/uploads/100-marie-lloyd.jpg 100w, /uploads/150-marie-lloyd.jpg 150w",
		[]string{"/uploads/100-marie-lloyd.jpg | 100w", "/uploads/150-marie-lloyd.jpg | 150w"}},
	// data: URLs, with their commas.
	{"data:image/png;base64,iVBORw0KGgo= 1x, data:image/gif;base64,R0lGODlh 2x",
		[]string{"data:image/png;base64,iVBORw0KGgo= | 1x", "data:image/gif;base64,R0lGODlh | 2x"}},
	{"data:,a,data:,b 2x", []string{"data:,a,data:,b | 2x"}},
	{"data:,a, data:,b", []string{"data:,a", "data:,b"}},
	{"data:text/plain,a%20b,,  x.png", []string{"data:text/plain,a%20b", "x.png"}},
	// Several descriptors, kept verbatim with the space between them.
	{"a.png  100w   50h  , b.png", []string{"a.png | 100w   50h", "b.png"}},
	{"a.png 100w\t50h", []string{"a.png | 100w\t50h"}},
	// Parentheses hold commas and spaces.
	{"a.png (x, y) 1x, b.png", []string{"a.png | (x, y) 1x !", "b.png"}},
	{"a.png 1x (", []string{"a.png | 1x ( !"}},
	{"a.png (, b.png", []string{"a.png | (, b.png !"}},
	// Ignored candidates.
	{"a.png foo", []string{"a.png | foo !"}},
	{"a.png 1x 2x", []string{"a.png | 1x 2x !"}},
	{"a.png 0w", []string{"a.png | 0w !"}},
	{"a.png 10h", []string{"a.png | 10h !"}},
	{"a.png 10w 10h", []string{"a.png | 10w 10h"}},
	{"a.png -1x", []string{"a.png | -1x !"}},
	{"a.png -0x", []string{"a.png | -0x"}},
	{"a.png 1e400x", []string{"a.png | 1e400x !"}},
	{"a.png -1e-400x", []string{"a.png | -1e-400x"}},
	// Not ASCII whitespace: VT, NBSP and U+3000 are part of the URL.
	{"a.png\v1x", []string{"a.png\v1x"}},
	{"a.png\u00a01x", []string{"a.png\u00a01x"}},
	{"a.png\u30001x, b", []string{"a.png\u30001x", "b"}},
}

func formatCandidate(c Candidate) string {
	s := c.URL
	if c.Descriptors != "" {
		s += " | " + c.Descriptors
	}
	if c.Ignored {
		s += " !"
	}
	return s
}

// checkCandidates checks the spans of cands against v: in range, in order,
// and slicing to the fields.
func checkCandidates(t *testing.T, v string, cands []Candidate) {
	t.Helper()
	prev := 0
	for i, c := range cands {
		if !(prev <= c.Start && c.Start < c.End && c.End <= c.Desc.Start && c.Desc.Start <= c.Desc.End && c.Desc.End <= len(v)) {
			t.Fatalf("%q: candidate %d: spans [%d:%d] [%d:%d] out of order (previous end %d)", v, i, c.Start, c.End, c.Desc.Start, c.Desc.End, prev)
		}
		if v[c.Start:c.End] != c.URL {
			t.Fatalf("%q: candidate %d: v[%d:%d] = %q, URL = %q", v, i, c.Start, c.End, v[c.Start:c.End], c.URL)
		}
		if v[c.Desc.Start:c.Desc.End] != c.Descriptors {
			t.Fatalf("%q: candidate %d: v[%d:%d] = %q, Descriptors = %q", v, i, c.Desc.Start, c.Desc.End, v[c.Desc.Start:c.Desc.End], c.Descriptors)
		}
		if c.Descriptors == "" && (c.Desc.Start != c.End || c.Desc.End != c.End) {
			t.Fatalf("%q: candidate %d: no descriptors but span [%d:%d], URL end %d", v, i, c.Desc.Start, c.Desc.End, c.End)
		}
		if strings.ContainsAny(c.URL, "\t\n\f\r ") || strings.HasPrefix(c.URL, ",") || strings.HasSuffix(c.URL, ",") {
			t.Fatalf("%q: candidate %d: URL %q has whitespace or an edge comma", v, i, c.URL)
		}
		prev = c.Desc.End
	}
}

func TestParseSrcset(t *testing.T) {
	for _, tt := range srcsetTests {
		cands := ParseSrcset(tt.in)
		checkCandidates(t, tt.in, cands)
		var got []string
		for _, c := range cands {
			got = append(got, formatCandidate(c))
		}
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tt.want) {
			t.Errorf("ParseSrcset(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// wptSrcsetTests are cases of the web-platform-tests file
// html/semantics/embedded-content/the-img-element/srcset/parse-a-srcset-attribute.html
// (BSD-3-Clause), with the character references decoded. want is the
// image an img element with that srcset and no src shows: the URL of the
// first candidate a browser does not ignore, or "" if it ignores them all.
var wptSrcsetTests = []struct{ in, want string }{
	// Splitting loop.
	{"", ""},
	{",", ""},
	{",,,", ""},
	{"  data:,a  1x  ", "data:,a"},
	{"\t\tdata:,a\t\t1x\t\t", "data:,a"},
	{"\n\ndata:,a\n\n1x\n\n", "data:,a"},
	{"\v\vdata:,a\v\v1x\v\v", "\v\vdata:,a\v\v1x\v\v"},
	{"\f\fdata:,a\f\f1x\f\f", "data:,a"},
	{"\r\rdata:,a\r\r1x\r\r", "data:,a"},
	{"\x0e\x0edata:,a\x0e\x0e1x\x0e\x0e", "\x0e\x0edata:,a\x0e\x0e1x\x0e\x0e"},
	{"\x0f\x0fdata:,a\x0f\x0f1x\x0f\x0f", "\x0f\x0fdata:,a\x0f\x0f1x\x0f\x0f"},
	{"\x10\x10data:,a\x10\x101x\x10\x10", "\x10\x10data:,a\x10\x101x\x10\x10"},
	{"data:,a", "data:,a"},
	{"data:,a ", "data:,a"},
	{"data:,a ,", "data:,a"},
	{"data:,a,", "data:,a"},
	{"data:,a, ", "data:,a"},
	{"data:,a,,,", "data:,a"},
	{"data:,a,, , ", "data:,a"},
	{" data:,a", "data:,a"},
	{",,,data:,a", "data:,a"},
	{" , ,,data:,a", "data:,a"},
	{"\u00a0data:,a", "\u00a0data:,a"},
	{"data:,a\u00a0", "data:,a\u00a0"},
	// Descriptor tokenizer.
	{"data:,a 1x", "data:,a"},
	{"data:,a 1x ", "data:,a"},
	{"data:,a 1x,", "data:,a"},
	{"data:,a ( , data:,b 1x, ), data:,c", "data:,c"},
	{"data:,a ((( , data:,b 1x, ), data:,c", "data:,c"},
	{"data:,a [ , data:,b 1x, ], data:,c", "data:,b"},
	{"data:,a { , data:,b 1x, }, data:,c", "data:,b"},
	{`data:,a " , data:,b 1x, ", data:,c`, "data:,b"},
	{`data:,a \,data:;\,b, data:,c`, `data:;\,b`},
	{"data:,a, data:,b (", "data:,a"},
	{"data:,a, data:,b (  ", "data:,a"},
	{"data:,a, data:,b (,", "data:,a"},
	{"data:,a, data:,b (x", "data:,a"},
	{"data:,a, data:,b ()", "data:,a"},
	{"data:,a (, data:,b", ""},
	{"data:,a /*, data:,b, data:,c */", "data:,b"},
	{"data:,a //, data:,b", "data:,b"},
	// Descriptor parser.
	{"data:,a foo", ""},
	{"data:,a foo foo", ""},
	{"data:,a foo 1x", ""},
	{"data:,a foo 1x foo", ""},
	{"data:,a foo 1w", ""},
	{"data:,a foo 1w foo", ""},
	{"data:,a 1x 1x", ""},
	{"data:,a 1w 1w", ""},
	{"data:,a 1w 1x", ""},
	{"data:,a 1x 1w", ""},
	{"data:,a 1w 1h", "data:,a"},
	{"data:,a 1h 1w", "data:,a"},
	{"data:,a 1h 1h", ""},
	{"data:,a 1h 1x", ""},
	{"data:,a 1h 1w 1x", ""},
	{"data:,a 1x 1w 1h", ""},
	{"data:,a 1h", ""},
	{"data:,a 1h foo", ""},
	{"data:,a foo 1h", ""},
	{"data:,a 0w", ""},
	{"data:,a -1w", ""},
	{"data:,a 1w -1w", ""},
	{"data:,a 1.0w", ""},
	{"data:,a 1w 1.0w", ""},
	{"data:,a 1e0w", ""},
	{"data:,a 1w 1e0w", ""},
	{"data:,a 1www", ""},
	{"data:,a 1w 1www", ""},
	{"data:,a +1w", ""},
	{"data:,a 1w +1w", ""},
	{"data:,a 1W", ""},
	{"data:,a 1w 1W", ""},
	{"data:,a Infinityw", ""},
	{"data:,a 1w Infinityw", ""},
	{"data:,a NaNw", ""},
	{"data:,a 1w NaNw", ""},
	{"data:,a 0x1w", ""},
	{"data:,a 0X1w", ""},
	{"data:,a 1\x01w", ""},
	{"data:,a 1\u00a0w", ""},
	{"data:,a 1\u1680w", ""},
	{"data:,a 1\u2000w", ""},
	{"data:,a 1\u3000w", ""},
	{"data:,a 1\ufeffw", ""},
	{"data:,a \x011w", ""},
	{"data:,a \u00a01w", ""},
	{"data:,a \u205f1w", ""},
	{"data:,a 0x", "data:,a"},
	{"data:,a -0x", "data:,a"},
	{"data:,a 1x -0x", ""},
	{"data:,a -1x", ""},
	{"data:,a 1x -1x", ""},
	{"data:,a 1e0x", "data:,a"},
	{"data:,a 1E0x", "data:,a"},
	{"data:,a 1e-1x", "data:,a"},
	{"data:,a 1.5e1x", "data:,a"},
	{"data:,a -x", ""},
	{"data:,a .x", ""},
	{"data:,a -.x", ""},
	{"data:,a 1.x", ""},
	{"data:,a .5x", "data:,a"},
	{"data:,a .5e1x", "data:,a"},
	{"data:,a 1x 1.5e1x", ""},
	{"data:,a 1x 1e1.5x", ""},
	{"data:,a 1.0x", "data:,a"},
	{"data:,a 1x 1.0x", ""},
	{"data:,a +1x", ""},
	{"data:,a 1X", ""},
	{"data:,a Infinityx", ""},
	{"data:,a NaNx", ""},
	{"data:,a 0x1x", ""},
	{"data:,a 0X1x", ""},
	{"data:,a 1\x01x", ""},
	{"data:,a 1\u2009x", ""},
	{"data:,a \u200d1x", ""},
	{"data:,a 1w 0h", ""},
	{"data:,a 1w -1h", ""},
	{"data:,a 1w 1.0h", ""},
	{"data:,a 1w 1e0h", ""},
	{"data:,a 1w 1hhh", ""},
	{"data:,a 1w +1h", ""},
	{"data:,a 1w 1H", ""},
	{"data:,a 1w Infinityh", ""},
	{"data:,a 1w NaNh", ""},
	{"data:,a 0x1h", ""},
	{"data:,a 0X1h", ""},
	{"data:,a 1w 1\x01h", ""},
	{"data:,a 1w 1\u202fh", ""},
	{"data:,a 1w \ufeff1h", ""},
}

func TestParseSrcsetWPT(t *testing.T) {
	pass := 0
	for _, tt := range wptSrcsetTests {
		cands := ParseSrcset(tt.in)
		checkCandidates(t, tt.in, cands)
		got := ""
		for _, c := range cands {
			if !c.Ignored {
				got = c.URL
				break
			}
		}
		if got != tt.want {
			t.Errorf("ParseSrcset(%q): the image shown is %q, want %q (candidates %v)", tt.in, got, tt.want, cands)
			continue
		}
		pass++
	}
	t.Logf("web-platform-tests parse-a-srcset-attribute: %d/%d pass", pass, len(wptSrcsetTests))
}

func TestParseSpaceList(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{" \t\n", nil},
		{"a", []string{"a"}},
		{" /ping1  http://x/ping2\f/p3 ", []string{"/ping1", "http://x/ping2", "/p3"}},
		{"a,b c", []string{"a,b", "c"}},
		{"a\vb", []string{"a\vb"}},
	}
	for _, tt := range tests {
		var got []string
		for _, s := range ParseSpaceList(tt.in) {
			got = append(got, tt.in[s.Start:s.End])
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("ParseSpaceList(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseCommaList(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{" , ,", nil},
		{"a.jar", []string{"a.jar"}},
		{"a.jar, b.jar ,c.jar", []string{"a.jar", "b.jar", "c.jar"}},
		{" a b ,", []string{"a b"}},
		{",,a,,", []string{"a"}},
	}
	for _, tt := range tests {
		var got []string
		for _, s := range ParseCommaList(tt.in) {
			got = append(got, tt.in[s.Start:s.End])
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("ParseCommaList(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTrimURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"  ", ""},
		{" \t/a b\n", "/a b"},
		{"\x01x\x1f", "x"},
		{"\u00a0x", "\u00a0x"},
	}
	for _, tt := range tests {
		s, e := TrimURL(tt.in)
		if got := tt.in[s:e]; got != tt.want {
			t.Errorf("TrimURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// rewriteSrcset replaces the URL of each candidate by u0, u1, …
func rewriteSrcset(v string, cands []Candidate) string {
	var b strings.Builder
	prev := 0
	for i, c := range cands {
		b.WriteString(v[prev:c.Start])
		fmt.Fprintf(&b, "u%d", i)
		prev = c.End
	}
	b.WriteString(v[prev:])
	return b.String()
}

func FuzzParseSrcset(f *testing.F) {
	for _, tt := range srcsetTests {
		f.Add(tt.in)
	}
	for _, tt := range wptSrcsetTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, v string) {
		cands := ParseSrcset(v)
		checkCandidates(t, v, cands)

		// Replacing each URL span by itself gives the input back.
		if got := rewriteSrcset(v, nil); got != v {
			t.Fatalf("identity rewrite of %q gave %q", v, got)
		}
		var b strings.Builder
		prev := 0
		for _, c := range cands {
			b.WriteString(v[prev:c.Start])
			b.WriteString(v[c.Start:c.End])
			prev = c.End
		}
		b.WriteString(v[prev:])
		if b.String() != v {
			t.Fatalf("replacing each URL by itself in %q gave %q", v, b.String())
		}

		// Replacing each URL by another gives the same candidates with the
		// new URLs: the spans are safe to rewrite.
		w := rewriteSrcset(v, cands)
		again := ParseSrcset(w)
		if len(again) != len(cands) {
			t.Fatalf("rewrote %q to %q: %d candidates, then %d", v, w, len(cands), len(again))
		}
		for i := range cands {
			if again[i].URL != fmt.Sprintf("u%d", i) || again[i].Descriptors != cands[i].Descriptors || again[i].Ignored != cands[i].Ignored {
				t.Fatalf("rewrote %q to %q: candidate %d was %+v, is %+v", v, w, i, cands[i], again[i])
			}
		}
	})
}

func BenchmarkParseSrcset(b *testing.B) {
	const v = "https://example.com/images/pear-mobile.jpeg 720w, https://example.com/images/pear-tablet.jpeg 1280w, " +
		"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg== 1920w"
	var cands []Candidate
	b.SetBytes(int64(len(v)))
	b.ReportAllocs()
	for b.Loop() {
		cands = AppendSrcset(cands[:0], v)
	}
}
