package iri_test

import (
	"bufio"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/linkprop"
	"github.com/relink-go/relink/iri"
)

// uts58Pair is one test case of LinkFormattingTest.txt.
type uts58Pair struct {
	line      int    // line number of the fully escaped form
	structure string // the "# {𝑺=… 𝑯=… 𝑷=…}" comment before the pair
	full      string // the first line: fully escaped
	minimal   string // the second line: minimally escaped
	parts     iri.TextParts
}

func readUTS58Formatting(t *testing.T) []uts58Pair {
	t.Helper()
	f, err := os.Open("../testdata/uts58/LinkFormattingTest.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var pairs []uts58Pair
	var structure string
	var first []string // the pending first line and its number
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		switch {
		case strings.HasPrefix(text, "# {"):
			structure = text
			continue
		case text == "" || strings.HasPrefix(text, "#"):
			continue
		}
		if first == nil {
			first = []string{text, structure}
			structure = ""
			if first[1] == "" {
				t.Fatalf("line %d: pair without a structure comment", n)
			}
			continue
		}
		p := uts58Pair{line: n - 1, structure: first[1], full: first[0], minimal: text}
		p.parts = uts58Parts(t, p.structure)
		pairs = append(pairs, p)
		first = nil
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if first != nil {
		t.Fatalf("unpaired line %q", first[0])
	}
	return pairs
}

// uts58Parts builds TextParts from a structure comment such as
//
//	# {𝑺=https:// 𝑯=example.com 𝑷=α 𝑸=θ 𝑽=ικλ 𝑭=π}
//
// in which each value runs to the space before the next marker (values may
// hold spaces, and be empty).
func uts58Parts(t *testing.T, s string) iri.TextParts {
	t.Helper()
	body, ok1 := strings.CutPrefix(s, "# {")
	body, ok2 := strings.CutSuffix(body, "}")
	if !ok1 || !ok2 {
		t.Fatalf("bad structure %q", s)
	}
	const markers = "𝑺𝑯𝑷𝑸𝑽𝑭𝑫"
	type field struct{ marker, value string }
	var fields []field
	for body != "" {
		m, size := utf8.DecodeRuneInString(body)
		if !strings.ContainsRune(markers, m) || len(body) <= size || body[size] != '=' {
			t.Fatalf("bad structure %q at %q", s, body)
		}
		body = body[size+1:]
		end := len(body)
		for i, r := range body {
			if strings.ContainsRune(markers, r) && i+utf8.RuneLen(r) < len(body) && body[i+utf8.RuneLen(r)] == '=' {
				end = i
				break
			}
		}
		v := body[:end]
		if end < len(body) {
			v = strings.TrimSuffix(v, " ")
		}
		fields = append(fields, field{string(m), v})
		body = body[end:]
	}
	var p iri.TextParts
	for _, f := range fields {
		switch f.marker {
		case "𝑺", "𝑯":
			p.Prefix += f.value
		case "𝑷":
			p.Path = append(p.Path, f.value)
		case "𝑸":
			p.Query = append(p.Query, iri.TextParam{Key: f.value})
		case "𝑽":
			if len(p.Query) == 0 {
				t.Fatalf("value without key in %q", s)
			}
			q := &p.Query[len(p.Query)-1]
			q.Value, q.HasValue = f.value, true
		case "𝑭":
			p.Fragment, p.HasFragment = f.value, true
		case "𝑫":
			p.Fragment += ":~:" + f.value
			p.HasFragment = true
		}
	}
	return p
}

// uts58Decode splits the reference s into TextParts as a reader of the
// fully escaped form would: at every "/", "?", "#", "&" and "=" as
// written, then decoding every "%XX".
func uts58Decode(t *testing.T, s string) iri.TextParts {
	t.Helper()
	// A lone "%" (which the test file has) is read as itself.
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && !(i+2 < len(s) && uts58IsHex(s[i+1]) && uts58IsHex(s[i+2])) {
			b.WriteString("%25")
		} else {
			b.WriteByte(s[i])
		}
	}
	r, err := inMode(iri.LEIRI).Parse(b.String())
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	var d iri.TextParts
	d.Prefix = r.Scheme + "://" + r.Authority()
	if r.Path != "" {
		for _, seg := range strings.Split(r.Path, "/")[1:] {
			d.Path = append(d.Path, uts58Unescape(seg))
		}
	}
	if r.HasQuery {
		for _, param := range strings.Split(r.Query, "&") {
			k, v, ok := strings.Cut(param, "=")
			d.Query = append(d.Query, iri.TextParam{Key: uts58Unescape(k), Value: uts58Unescape(v), HasValue: ok})
		}
	}
	d.Fragment, d.HasFragment = uts58Unescape(r.Fragment), r.HasFragment
	return d
}

func uts58Unescape(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && uts58IsHex(s[i+1]) && uts58IsHex(s[i+2]) {
			b = append(b, uts58HexVal(s[i+1])<<4|uts58HexVal(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

func uts58IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func uts58HexVal(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

func uts58PartsEqual(a, b iri.TextParts) bool {
	return a.Prefix == b.Prefix && slices.Equal(a.Path, b.Path) &&
		slices.Equal(a.Query, b.Query) &&
		a.Fragment == b.Fragment && a.HasFragment == b.HasFragment
}

// uts58Errata lists the pairs whose minimal form in LinkFormattingTest.txt
// 17.0.0 contradicts UTS #58: all in its "Wikipedia test cases" section,
// their path ends with a Soft character that the file leaves unescaped.
// The selected cases ("Escape soft at end of Path (with nothing
// following)": "δ.εζ." becomes "δ.εζ%2E") and LinkDetectionTest.txt (line
// 175 ends a link before a final "།") show that a detector drops such a
// character, so the minimal form must escape it, as TextForm does. The
// generator (unicodetools, LinkFormattingTest generation) put an empty
// query and fragment after the Wikipedia paths, so its formatter did not
// see the path as the last part. The check for these pairs is that the
// result differs from the file exactly by the final character being
// percent-encoded.
var uts58Errata = map[string]bool{
	"https://bo.wikipedia.org/wiki/སའི་གོ་ལ།":                  true, // U+0F0D TIBETAN MARK SHAD
	"https://mni.wikipedia.org/wiki/ꯅ꯭ꯌꯨ_ꯌꯣꯔ꯭ꯛ_ꯁꯤꯇꯤꯒꯤ_ꯌꯨ.ꯑꯦꯁ.": true, // FULL STOP
	"https://azb.wikipedia.org/wiki/واشینقتن،_دی.سی.":          true, // FULL STOP
	"https://mad.wikipedia.org/wiki/Tasè’":                     true, // U+2019 RIGHT SINGLE QUOTATION MARK
	"https://vep.wikipedia.org/wiki/Brüssel'":                  true, // APOSTROPHE
	"https://ja.wikibooks.org/wiki/植物学/植物とはどのような生き物か？":         true, // U+FF1F FULLWIDTH QUESTION MARK
	"https://new.wikipedia.org/wiki/विन्सेन्ट_भ्यान_ग:":        true, // COLON
	"https://ks.wikipedia.org/wiki/شارٕک۔":                     true, // U+06D4 ARABIC FULL STOP
	"https://am.wikipedia.org/wiki/«የሰብዓዊ_መብት_አቀፋዊ_መግለጽ»":      true, // U+00BB RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK
	"https://it.wikibooks.org/wiki/Questo_è_l'ebraismo!":       true, // EXCLAMATION MARK
}

// uts58Corrected returns the file's minimal form with the correction
// uts58Errata describes.
func uts58Corrected(minimal string) string {
	if !uts58Errata[minimal] {
		return minimal
	}
	r, n := utf8.DecodeLastRuneInString(minimal)
	var b strings.Builder
	b.WriteString(minimal[:len(minimal)-n])
	for _, c := range []byte(string(r)) {
		b.WriteByte('%')
		b.WriteByte("0123456789ABCDEF"[c>>4])
		b.WriteByte("0123456789ABCDEF"[c&15])
	}
	return b.String()
}

// TestLinkFormattingTest runs the 55 pairs of UTS #58 LinkFormattingTest.txt.
// For 50 of them the fully escaped line is the URL the structure comment
// describes, and TextForm of it must give the minimal line. In the other 5
// a path segment, query key or value holds a literal "/", "#", "&" or "="
// that the fully escaped line writes unescaped (so that it is a different
// URL: "/α#β?γ" has a fragment), and Format of the TextParts built from
// the structure comment must give the minimal line.
func TestLinkFormattingTest(t *testing.T) {
	pairs := readUTS58Formatting(t)
	if len(pairs) != 55 {
		t.Fatalf("read %d pairs, want 55", len(pairs))
	}
	exact, corrected, structured := 0, 0, 0
	for _, p := range pairs {
		var got string
		if uts58PartsEqual(uts58Decode(t, p.full), p.parts) {
			var err error
			if got, err = iri.TextForm(p.full); err != nil {
				t.Errorf("line %d: TextForm(%q): %v", p.line, p.full, err)
				continue
			}
		} else {
			structured++
			got = p.parts.Format()
		}
		switch {
		case got == p.minimal:
			exact++
			if uts58Errata[p.minimal] {
				t.Errorf("line %d: %q is listed in uts58Errata but passes as written", p.line, p.minimal)
			}
		case got == uts58Corrected(p.minimal) && uts58Errata[p.minimal]:
			corrected++
		default:
			t.Errorf("line %d: %s\n got %s\nwant %s", p.line, p.structure, got, uts58Corrected(p.minimal))
		}

		// Format must agree on every pair, whatever its fully escaped line.
		if f := p.parts.Format(); f != uts58Corrected(p.minimal) {
			t.Errorf("line %d: Format(%s)\n got %s\nwant %s", p.line, p.structure, f, uts58Corrected(p.minimal))
		}
	}
	if structured != 5 {
		t.Errorf("%d pairs need TextParts, want 5", structured)
	}
	t.Logf("LinkFormattingTest.txt: %d/%d pairs pass as written (%d through TextForm, %d through TextParts.Format); "+
		"%d known differences (uts58Errata: the file leaves a final Soft character unescaped where its own "+
		"selected cases escape it; we escape it)",
		exact, len(pairs), len(pairs)-structured, structured, corrected)
	if exact+corrected != len(pairs) {
		t.Errorf("%d/%d pairs pass or are known differences", exact+corrected, len(pairs))
	}
}

// TestLinkFormattingRoundTrip maps each minimal form back to a URI with
// ToURI and checks that it denotes the URL of the pair:
//
//   - for the 50 pairs whose fully escaped line is that URL, ToURI of the
//     minimal form must equal ToURI of the fully escaped line up to hex
//     case and percent-encoded unreserved characters, and the escapes that
//     UTS #58 adds to characters the fully escaped line has unescaped (an
//     unmatched ")" or a final "." or "!", which are Close or Soft); the
//     two pairs with a lone "%" are mapped in Web mode, which reads it as
//     "%25", as LEIRI rejects it;
//   - for the 5 pairs whose structure holds literal syntax characters (see
//     TestLinkFormattingTest), the fully escaped line is another URL:
//     there the URI's components, decoded, must equal the structure.
func TestLinkFormattingRoundTrip(t *testing.T) {
	web := iri.NewConverter(iri.WithMode(iri.Web))
	uts58Escapes := 0
	for _, p := range readUTS58Formatting(t) {
		display := p.parts.Format()
		if !uts58PartsEqual(uts58Decode(t, p.full), p.parts) {
			uri, err := iri.ToURI(display)
			if err != nil {
				t.Errorf("line %d: ToURI(%q): %v", p.line, display, err)
				continue
			}
			if d := uts58Decode(t, uri); !uts58PartsEqual(d, p.parts) {
				t.Errorf("line %d: ToURI(%q) = %q, which is %+v, want %+v", p.line, display, uri, d, p.parts)
			}
			t.Logf("line %d: literal syntax in %s: checked against the structure", p.line, p.structure)
			continue
		}
		toURI := iri.ToURI
		if strings.Contains(p.full, "%%") || strings.HasSuffix(p.full, "%") {
			toURI = web.ToURI
		}
		got, err := toURI(display)
		if err != nil {
			t.Errorf("line %d: ToURI(%q): %v", p.line, display, err)
			continue
		}
		want, err := toURI(p.full)
		if err != nil {
			t.Errorf("line %d: ToURI(%q): %v", p.line, p.full, err)
			continue
		}
		n, ok := uts58Equivalent(got, want)
		if !ok {
			t.Errorf("line %d: ToURI(%q)\n got %s\nwant %s (up to hex case and unreserved escapes)", p.line, display, got, want)
		}
		uts58Escapes += n
	}
	t.Logf("%d characters escaped by UTS #58 rules (unmatched Close, final Soft) where the source had them unescaped", uts58Escapes)
}

// uts58Equivalent reports whether the URIs a and b are equal up to the
// case of hex digits, the encoding of unreserved characters and "%XX" in a
// where b has the ASCII character XX unencoded and it is Soft or Close,
// and how many of the latter it met.
func uts58Equivalent(a, b string) (int, bool) {
	a, b = uts58NormalizeURI(a), uts58NormalizeURI(b)
	n := 0
	for i, j := 0, 0; ; {
		switch {
		case i == len(a) || j == len(b):
			return n, i == len(a) && j == len(b)
		case a[i] == b[j]:
			i++
			j++
		case a[i] == '%' && i+2 < len(a) && uts58HexVal(a[i+1])<<4|uts58HexVal(a[i+2]) == b[j]:
			if t := linkprop.TermOf(rune(b[j])); t != linkprop.Soft && t != linkprop.Close {
				return n, false
			}
			n++
			i += 3
			j++
		default:
			return n, false
		}
	}
}

// uts58NormalizeURI upper-cases the hex digits of "%XX" and decodes those of
// unreserved characters (RFC 3986 section 6.2.2).
func uts58NormalizeURI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && uts58IsHex(s[i+1]) && uts58IsHex(s[i+2]) {
			c := uts58HexVal(s[i+1])<<4 | uts58HexVal(s[i+2])
			if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
				b.WriteByte(c)
			} else {
				b.WriteString(strings.ToUpper(s[i : i+3]))
			}
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func TestTextForm(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		// Decoding.
		{"https://example.com/%CE%B1", "https://example.com/α"},
		{"https://example.com/%ce%b1", "https://example.com/α"},
		{"https://example.com/%7Euser/%41", "https://example.com/~user/A"},
		{"https://example.com/a%22b%22c", `https://example.com/a"b"c`},
		{"https://example.com/%7Bx%7D%3Cy%3E", "https://example.com/{x}<y>"},
		{"https://example.com/a%20b%0A", "https://example.com/a%20b%0A"},       // Hard
		{"https://example.com/a%2fb%3F%23", "https://example.com/a%2fb%3F%23"}, // reserved stay as written
		{"https://example.com/a%3Bb%2C%21", "https://example.com/a%3Bb%2C%21"},
		{"https://example.com/a%25b", "https://example.com/a%25b"},
		{"https://example.com/a%5Cb", "https://example.com/a%5Cb"},
		{"https://example.com?q=a%2Bb", "https://example.com?q=a%2Bb"},
		{"https://example.com/%E2%80%AEabc", "https://example.com/%E2%80%AEabc"}, // RLO
		{"https://example.com/a%E2%80%8Bb", "https://example.com/a%E2%80%8Bb"},   // ZWSP
		{"https://example.com/a%C2%A0b", "https://example.com/a%C2%A0b"},         // NBSP
		{"https://example.com/%E2%88%95", "https://example.com/%E2%88%95"},       // DIVISION SLASH
		{"https://example.com/D%FCrst", "https://example.com/D%FCrst"},           // not UTF-8
		{"https://example.com/%C0%AF", "https://example.com/%C0%AF"},             // overlong
		{"https://example.com/%ED%A0%80", "https://example.com/%ED%A0%80"},       // surrogate
		{"https://example.com/a/%2E%2E/b", "https://example.com/a/%2E%2E/b"},
		{"https://example.com/a/%2E/b", "https://example.com/a/%2E/b"},
		{"https://example.com/a%2Eb/%2E%2E%2E/c", "https://example.com/a.b/.../c"},
		{"https://example.com?%EE%80%80", "https://example.com?%EE%80%80"}, // private use: displayable in the query, but Hard
		{"https://example.com/%EE%80%80", "https://example.com/%EE%80%80"}, // and not displayable in the path
		// Raw characters.
		{"https://example.com/a b", "https://example.com/a%20b"},
		{"https://example.com/a\u202Eb", "https://example.com/a%E2%80%AEb"},
		{"https://example.com/a\xffb", "https://example.com/a%FFb"},
		{"https://example.com/é", "https://example.com/é"},
		// Soft at the end.
		{"https://example.com/a.", "https://example.com/a%2E"},
		{"https://example.com/a..", "https://example.com/a.%2E"},
		{"https://example.com/a.?", "https://example.com/a.?"},
		{"https://example.com/a.#", "https://example.com/a.#"},
		{"https://example.com/a./", "https://example.com/a./"},
		{"https://example.com/%E3%80%82", "https://example.com/%E3%80%82"}, // IDEOGRAPHIC FULL STOP, final: Soft
		{"https://example.com/%EF%BC%8C", "https://example.com/%EF%BC%8C"}, // FULLWIDTH COMMA, Soft
		{"https://example.com/a%EF%BC%8Cb", "https://example.com/a，b"},
		{"https://example.com?q=a:", "https://example.com?q=a%3A"},
		{"https://example.com#a!", "https://example.com#a%21"},
		{"https://example.com#a%22", "https://example.com#a%22"},
		{"https://example.com/a.%20", "https://example.com/a.%20"},
		{"https://example.com.", "https://example.com."}, // the host is not changed
		// Brackets.
		{"https://example.com/a_(b)", "https://example.com/a_(b)"},
		{"https://example.com/a_(b))", "https://example.com/a_(b)%29"},
		{"https://example.com/a)", "https://example.com/a%29"},
		{"https://example.com/(a/b)", "https://example.com/(a/b%29"}, // "/" clears the stack
		{"https://example.com?(a=b)", "https://example.com?(a=b%29"},
		{"https://example.com?(a)&b", "https://example.com?(a)&b"},
		{"https://example.com#(a:~:b)", "https://example.com#(a:~:b%29"},
		{"https://example.com#a:~:", "https://example.com#a:~%3A"},
		{"https://example.com/a(b%5D)", "https://example.com/a(b%5D)"},
		{"https://example.com/%28a)", "https://example.com/%28a%29"},
		{"https://example.com/%EF%BC%88a%EF%BC%89", "https://example.com/（a）"},
		{"https://example.com/a%EF%BC%89", "https://example.com/a%EF%BC%89"},
		{"https://example.com/%7Ba%7D%7D", "https://example.com/{a}%7D"},
		// Lone "%".
		{"https://example.com/100%", "https://example.com/100%"},
		{"https://example.com/%zz?%#%", "https://example.com/%zz?%#%"},
		// Others.
		{"https://example.com", "https://example.com"},
		{"https://user:pw@example.com:8080/%CE%B1", "https://user:pw@example.com:8080/α"},
		{"/relative/%CE%B1.", "/relative/α%2E"},
		{"", ""},
		{"mailto:%CE%B1@example.com", "mailto:α@example.com"},
	} {
		got, err := iri.TextForm(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("TextForm(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestTextFormErrors(t *testing.T) {
	for _, tt := range []struct {
		in     string
		offset int
		err    error
	}{
		{"https://exa%mple.com/", 11, iri.ErrInvalidPercent},
		{"https://example.com:8x/", 21, iri.ErrInvalidPort},
		{"https://[::1/", 8, iri.ErrInvalidIPLiteral},
		{"a:b/%zz/c:d%", -2, nil}, // fine: lone "%" in the path
	} {
		_, err := iri.TextForm(tt.in)
		if tt.err == nil {
			if err != nil {
				t.Errorf("TextForm(%q): %v", tt.in, err)
			}
			continue
		}
		var e *iri.Error
		if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Op != "textform" || e.Input != tt.in || e.Offset != tt.offset {
			t.Errorf("TextForm(%q) error = %#v, want %v at %d", tt.in, err, tt.err, tt.offset)
		}
	}
}

// TestTextFormLEIRI checks that TextForm keeps a LEIRI a LEIRI, is
// idempotent, and maps back to the same URI up to the UTS #58 escapes.
func TestTextFormLEIRI(t *testing.T) {
	for _, s := range []string{
		"https://example.com/%CE%B1%CE%B2/%E2%80%AE?q=%22x%22&r=%2B#f%20g",
		"https://example.com/a_(b))/%F0%9F%98%80?x=%E3%80%82.",
		"http://h/%3C%3E%5E%60%7B%7C%7D%7F%00",
		"http://h/a'b'?c=d!#e,f;",
		"http://h/%E0%A4%B5%E0%A4%BF%E0%A4%A8:",
		"foo:%D7%90%D7%91/%D7%92",
	} {
		tf, err := iri.TextForm(s)
		if err != nil {
			t.Errorf("TextForm(%q): %v", s, err)
			continue
		}
		if _, err := inMode(iri.LEIRI).Parse(tf); err != nil {
			t.Errorf("TextForm(%q) = %q, not a LEIRI: %v", s, tf, err)
		}
		if again, err := iri.TextForm(tf); err != nil || again != tf {
			t.Errorf("TextForm(TextForm(%q)) = %q, %v; want %q", s, again, err, tf)
		}
		u1, err1 := iri.ToURI(tf)
		u2, err2 := iri.ToURI(s)
		if err1 != nil || err2 != nil {
			t.Errorf("ToURI: %v, %v", err1, err2)
			continue
		}
		if _, ok := uts58Equivalent(u1, u2); !ok {
			t.Errorf("ToURI(TextForm(%q)) = %q, want %q", s, u1, u2)
		}
	}
}

func TestTextPartsFormat(t *testing.T) {
	for _, tt := range []struct {
		p    iri.TextParts
		want string
	}{
		{iri.TextParts{Prefix: "https://example.com"}, "https://example.com"},
		{iri.TextParts{Prefix: "https://example.com", Path: []string{""}}, "https://example.com/"},
		{iri.TextParts{Prefix: "https://example.com", Path: []string{"a", ""}}, "https://example.com/a/"},
		{iri.TextParts{Prefix: "https://example.com", HasQuery: true, HasFragment: true}, "https://example.com?#"},
		{iri.TextParts{Prefix: "https://example.com", Path: []string{"a/b?c#d"}}, "https://example.com/a%2Fb%3Fc%23d"},
		{iri.TextParts{Prefix: "https://example.com", Query: []iri.TextParam{{Key: "a+b", Value: "c d&e=f#", HasValue: true}, {Key: "g"}, {Key: "h", HasValue: true}}},
			"https://example.com?a%2Bb=c%20d%26e%3Df%23&g&h="},
		{iri.TextParts{Prefix: "https://example.com", Query: []iri.TextParam{{Key: "k", Value: "v"}}}, "https://example.com?k=v"},
		{iri.TextParts{Prefix: "https://example.com", Fragment: "a#b?c/d"}, "https://example.com#a#b?c/d"},
		{iri.TextParts{Prefix: "https://example.com", Fragment: "a:~:text=b(c"}, "https://example.com#a:~:text=b(c"},
		{iri.TextParts{Prefix: "https://example.com", Path: []string{`a\b`, "%41%4", "%"}}, "https://example.com/a%5Cb/%2541%4/%"},
		{iri.TextParts{Prefix: "https://example.com", Path: []string{"a\u202Eb\xff", "x.y."}}, "https://example.com/a%E2%80%AEb%FF/x.y%2E"},
		{iri.TextParts{Prefix: "https://example.com", Path: []string{"(a", "b)"}}, "https://example.com/(a/b%29"},
		{iri.TextParts{Prefix: "https://example.com", Path: []string{"a."}, HasQuery: true}, "https://example.com/a.?"},
	} {
		if got := tt.p.Format(); got != tt.want {
			t.Errorf("%+v.Format() = %q, want %q", tt.p, got, tt.want)
		}
	}
}

func BenchmarkTextForm(b *testing.B) {
	const s = "https://bn.wikibooks.org/wiki/%E0%A6%89%E0%A6%87%E0%A6%95%E0%A6%BF%E0%A6%B6%E0%A7%88%E0%A6%B6%E0%A6%AC:%E0%A6%A6%E0%A7%87%E0%A6%B6%E0%A6%B8%E0%A6%AE%E0%A7%82%E0%A6%B9_(%E0%A6%85-%E0%A6%B9)/%E0%A6%87%E0%A6%B8%E0%A6%B0%E0%A6%BE%E0%A6%AF%E0%A6%BC%E0%A7%87%E0%A6%B2"
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := iri.TextForm(s); err != nil {
			b.Fatal(err)
		}
	}
}
