package iri_test

import (
	"errors"
	"testing"

	"github.com/relink-go/relink/iri"
)

// roundTripInputs are valid IRI references in Strict mode: Parse must
// accept each one and String must give it back byte for byte.
var roundTripInputs = []string{
	"",
	"#",
	"?",
	"?#",
	"//",
	"///",
	"/",
	".",
	"..",
	"./g;x",
	"g?y#s",
	"//g",
	"../../g",
	"g;x=1/../y",
	"http://h",
	"http://h/",
	"http://h/?",
	"http://h/#",
	"http://h/?#",
	"http://h?",
	"http://h#",
	"http://@h:/",
	"http://:@h",
	"http://u@h:80/p?q#f",
	"http://u:pw@h:8080/p/a/t/h?query=1&b=2#frag",
	"HTTP://EXAMPLE.COM/%7Efoo",
	"http://h/a%2Fb%2fc",
	"http://h/#a#b",
	"http://h/?a?b/c",
	"http://[::1]/",
	"http://[::1]:8080/",
	"http://[2001:db8::7]/c=GB?objectClass?one",
	"http://[::ffff:192.0.2.1]/",
	"http://[v7.x:y]/",
	"http://[V1F.a!$]/",
	"http://192.0.2.16:80/",
	"http://a_b.example/",
	"http://résumé.example.org",
	"http://r%C3%A9sum%C3%A9.example.org/",
	"http://例え.テスト/パス?クエリ#フラグメント",
	"http://www.example.org/red%09rosé#red",
	"http://validator.w3.org/check?uri=http%3A%2F%2Frésumé.example.org",
	"http://example.com/𐌀𐌁𐌂",
	"http://xn--99zt52a.example.org/%e2%80%ae",
	"http://h/?\uE000\U000F0000",
	"http://ü@h/ä?ö#ß",
	"ftp://ftp.is.co.za/rfc/rfc1808.txt",
	"mailto:John.Doe@example.com",
	"news:comp.infosystems.www.servers.unix",
	"tel:+1-816-555-1212",
	"telnet://192.0.2.16:80/",
	"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
	"urn:example:animal:ferret:nose",
	"foo:",
	"a:b:c",
	"a+b-c.d:x",
	"file:///C:/x",
	"file://localhost/etc/fstab",
	"data:text/plain;charset=utf-8,M%C3%A4rz",
	"g:h",
	"a/b:c",
	"@x",
	"!$&'()*+,;=@/?:",
	"http://h/!$&'()*+,;=:@",
	"http://h/\u00A0",
	"http://h/\uFDCF\uFDF0\uFFEF",
	"http://h/\U00010000\U0001FFFD\U000E1000\U000EFFFD",
	"http://h/ZWJ\u200D\u200C",
}

func TestParseRoundTrip(t *testing.T) {
	for _, s := range roundTripInputs {
		for _, m := range []iri.Mode{iri.Strict, iri.LEIRI, iri.Web} {
			r, err := inMode(m).Parse(s)
			if err != nil {
				t.Errorf("%v.Parse(%q): %v", m, s, err)
				continue
			}
			if got := r.String(); got != s {
				t.Errorf("%v.Parse(%q).String() = %q", m, s, got)
			}
		}
	}
}

// leiriInputs are valid LEIRIs (3987bis section 7.1) that are not IRIs:
// LEIRI and Web mode accept them, Strict rejects them.
var leiriInputs = []string{
	"http://h/a b",
	"http://h/<script>",
	"http://h/\"q\"",
	"http://h/{a}|b^c`d",
	"http://h/a\\b",
	"http://h/\x00\x01\x1f\x7f",
	"http://h/\u202Eevil",
	"http://h/\u200E\u200F\u2066\u2069\u061C",
	"http://h/\uE000",
	"http://h/\uFDD0",
	"http://h/\uFFFE\uFFFF",
	"http://h/\U0001FFFE",
	"http://h/\U000E0001",
	"http://h/\u0085\u009F",
	"http://h/?q=a b#f g",
	"http://u s@h/",
	"http://h/\xff\xfe",
	"http://h/\xed\xa0\x80",
	"http://h/\xc0\xaf",
	"a b",
	"http://a b/",
	"http://a^b/",
}

func TestParseLEIRI(t *testing.T) {
	for _, s := range leiriInputs {
		if _, err := inMode(iri.Strict).Parse(s); err == nil {
			t.Errorf("Strict.Parse(%q) succeeded, want an error", s)
		}
		r, err := inMode(iri.LEIRI).Parse(s)
		if err != nil {
			t.Errorf("LEIRI.Parse(%q): %v", s, err)
			continue
		}
		if got := r.String(); got != s {
			t.Errorf("LEIRI.Parse(%q).String() = %q", s, got)
		}
	}
}

func TestParseComponents(t *testing.T) {
	tests := []struct {
		in   string
		want iri.Reference
	}{
		{"", iri.Reference{}},
		{"http://h", iri.Reference{Scheme: "http", HasAuthority: true, Host: "h"}},
		{"http://h/", iri.Reference{Scheme: "http", HasAuthority: true, Host: "h", Path: "/"}},
		{"http://h/?", iri.Reference{Scheme: "http", HasAuthority: true, Host: "h", Path: "/", HasQuery: true}},
		{"http://h/#", iri.Reference{Scheme: "http", HasAuthority: true, Host: "h", Path: "/", HasFragment: true}},
		{"http://h/?#", iri.Reference{Scheme: "http", HasAuthority: true, Host: "h", Path: "/", HasQuery: true, HasFragment: true}},
		{"http://h:/", iri.Reference{Scheme: "http", HasAuthority: true, Host: "h", HasPort: true, Path: "/"}},
		{"http://@h/", iri.Reference{Scheme: "http", HasAuthority: true, HasUserinfo: true, Host: "h", Path: "/"}},
		{"http://@:", iri.Reference{Scheme: "http", HasAuthority: true, HasUserinfo: true, HasPort: true}},
		{"http://", iri.Reference{Scheme: "http", HasAuthority: true}},
		{"http:", iri.Reference{Scheme: "http"}},
		{"//", iri.Reference{HasAuthority: true}},
		{"///x", iri.Reference{HasAuthority: true, Path: "/x"}},
		{"?", iri.Reference{HasQuery: true}},
		{"#", iri.Reference{HasFragment: true}},
		{"foo://u:p@example.com:8042/over/there?name=ferret#nose", iri.Reference{
			Scheme: "foo", HasAuthority: true, Userinfo: "u:p", HasUserinfo: true,
			Host: "example.com", Port: "8042", HasPort: true, Path: "/over/there",
			Query: "name=ferret", HasQuery: true, Fragment: "nose", HasFragment: true}},
		{"http://[::1]:80/", iri.Reference{Scheme: "http", HasAuthority: true, Host: "[::1]", Port: "80", HasPort: true, Path: "/"}},
		{"http://[::1]", iri.Reference{Scheme: "http", HasAuthority: true, Host: "[::1]"}},
		{"http://h/#a?b#c", iri.Reference{Scheme: "http", HasAuthority: true, Host: "h", Path: "/", Fragment: "a?b#c", HasFragment: true}},
		{"http://h?a/b#c", iri.Reference{Scheme: "http", HasAuthority: true, Host: "h", Query: "a/b", HasQuery: true, Fragment: "c", HasFragment: true}},
		{"mailto:a@b", iri.Reference{Scheme: "mailto", Path: "a@b"}},
		{"urn:a:b", iri.Reference{Scheme: "urn", Path: "a:b"}},
		{"a/b:c", iri.Reference{Path: "a/b:c"}},
		{"../g?q", iri.Reference{Path: "../g", Query: "q", HasQuery: true}},
		{"http://résumé.example.org/ü?ä#ö", iri.Reference{
			Scheme: "http", HasAuthority: true, Host: "résumé.example.org", Path: "/ü",
			Query: "ä", HasQuery: true, Fragment: "ö", HasFragment: true}},
	}
	for _, tt := range tests {
		r, err := inMode(iri.LEIRI).Parse(tt.in)
		if err != nil {
			t.Errorf("LEIRI.Parse(%q): %v", tt.in, err)
			continue
		}
		if *r != tt.want {
			t.Errorf("LEIRI.Parse(%q) =\n\t%#v\nwant\n\t%#v", tt.in, *r, tt.want)
		}
		if got := r.String(); got != tt.in {
			t.Errorf("LEIRI.Parse(%q).String() = %q", tt.in, got)
		}
	}
}

func TestAuthorityAndIsAbs(t *testing.T) {
	tests := []struct {
		in        string
		authority string
		abs       bool
	}{
		{"http://u@h:1/p", "u@h:1", true},
		{"http://@h:/", "@h:", true},
		{"http://h", "h", true},
		{"http:///p", "", true},
		{"mailto:x", "", true},
		{"//h/p", "h", false},
		{"p", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		r, err := inMode(iri.Strict).Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		if got := r.Authority(); got != tt.authority {
			t.Errorf("Parse(%q).Authority() = %q, want %q", tt.in, got, tt.authority)
		}
		if got := r.IsAbs(); got != tt.abs {
			t.Errorf("Parse(%q).IsAbs() = %v, want %v", tt.in, got, tt.abs)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		mode   iri.Mode
		in     string
		offset int
		err    error
	}{
		{iri.Strict, "http://h/a b", 10, iri.ErrInvalidChar},
		{iri.Strict, "http://h/<", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/a\\b", 10, iri.ErrInvalidChar},
		{iri.Strict, "http://h/?q=\"", 12, iri.ErrInvalidChar},
		{iri.Strict, "http://h/#a b", 11, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\x00", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\x7f", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/%zz", 9, iri.ErrInvalidPercent},
		{iri.Strict, "http://h/%4", 9, iri.ErrInvalidPercent},
		{iri.Strict, "http://h/%", 9, iri.ErrInvalidPercent},
		{iri.Strict, "http://h/?%g0", 10, iri.ErrInvalidPercent},
		{iri.Strict, "http://h%/", 8, iri.ErrInvalidPercent},
		{iri.Strict, "http://h:8o/", 10, iri.ErrInvalidPort},
		// The port starts after the last colon: "h:80" is the host.
		{iri.Strict, "http://h:80:80/", 8, iri.ErrInvalidChar},
		{iri.Strict, "http://h:-1/", 9, iri.ErrInvalidPort},
		{iri.Strict, "http://a[b]/", 8, iri.ErrInvalidHost},
		{iri.Strict, "http://a]/", 8, iri.ErrInvalidHost},
		{iri.Strict, "http://a^b/", 8, iri.ErrInvalidChar},
		{iri.Strict, "http://a b/", 8, iri.ErrInvalidChar},
		{iri.Strict, "http://[::1/", 7, iri.ErrInvalidIPLiteral},
		{iri.Strict, "http://[::1]x/", 7, iri.ErrInvalidIPLiteral},
		{iri.Strict, "http://[]/", 7, iri.ErrInvalidIPLiteral},
		{iri.Strict, "http://[1.2.3.4]/", 7, iri.ErrInvalidIPLiteral},
		{iri.Strict, "http://[fe80::1%25eth0]/", 7, iri.ErrInvalidIPLiteral},
		{iri.Strict, "http://[::g]/", 7, iri.ErrInvalidIPLiteral},
		{iri.Strict, "http://[v.x]/", 7, iri.ErrInvalidIPLiteral},
		{iri.Strict, "http://[v1.]/", 7, iri.ErrInvalidIPLiteral},
		{iri.Strict, "http://[v1.é]/", 7, iri.ErrInvalidIPLiteral},
		{iri.Strict, "http://u[@h/", 8, iri.ErrInvalidChar},
		{iri.Strict, "http://u@v@h/", 8, iri.ErrInvalidChar},
		{iri.Strict, "1:b", 1, iri.ErrColonInFirstSegment},
		{iri.Strict, "a b", 1, iri.ErrInvalidChar},
		{iri.Strict, "./x/../é:y", -1, nil},
		{iri.Strict, "é:y", 2, iri.ErrColonInFirstSegment},
		{iri.Strict, "_:x", 1, iri.ErrColonInFirstSegment},
		{iri.Strict, "http://h/\u202E", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/a\u200Eb", 10, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\u2067", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\u061C", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\u0085", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\uE000", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/#\uE000", 10, iri.ErrInvalidChar},
		{iri.Strict, "http://\uE000/", 7, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\uFDD0", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\uFFFE", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\uFFF0", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\U0001FFFF", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\U000E0001", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/\U000EFFFE", 9, iri.ErrInvalidChar},
		{iri.Strict, "http://h/é\xff", 11, iri.ErrInvalidUTF8},
		{iri.Strict, "http://h/\xed\xa0\x80", 9, iri.ErrInvalidUTF8},
		{iri.Strict, "http://h/\xc0\xaf", 9, iri.ErrInvalidUTF8},
		{iri.Strict, "http://h\xe9/", 8, iri.ErrInvalidUTF8},
		// LEIRI accepts more characters but not a broken escape, a bad
		// port, a bad IP literal or a colon in a relative first segment.
		{iri.LEIRI, "http://h/ %zz", 10, iri.ErrInvalidPercent},
		{iri.LEIRI, "http://h/a%", 10, iri.ErrInvalidPercent},
		{iri.LEIRI, "http://h: 1/", 9, iri.ErrInvalidPort},
		{iri.LEIRI, "http://[::1 ]/", 7, iri.ErrInvalidIPLiteral},
		{iri.LEIRI, "http://a[/", 8, iri.ErrInvalidHost},
		{iri.LEIRI, "a b:c", 3, iri.ErrColonInFirstSegment},
		{iri.LEIRI, "http://h/ \x00\xff\u202E", -1, nil},
		// Web mode reports offsets in the preprocessed string.
		{iri.Web, " \thttp://h:x/", 9, iri.ErrInvalidPort},
		{iri.Web, "http://h\t:x/", 9, iri.ErrInvalidPort},
		{iri.Web, "http://a[b/", 8, iri.ErrInvalidHost},
		{iri.Web, "http://h/%zz", -1, nil},
	}
	for _, tt := range tests {
		r, err := inMode(tt.mode).Parse(tt.in)
		if tt.err == nil {
			if err != nil {
				t.Errorf("%v.Parse(%q): unexpected error %v", tt.mode, tt.in, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%v.Parse(%q) = %q, want error %v at %d", tt.mode, tt.in, r.String(), tt.err, tt.offset)
			continue
		}
		if r != nil {
			t.Errorf("%v.Parse(%q) returned a Reference with error %v", tt.mode, tt.in, err)
		}
		if !errors.Is(err, tt.err) {
			t.Errorf("%v.Parse(%q): error %v, want errors.Is %v", tt.mode, tt.in, err, tt.err)
		}
		var e *iri.Error
		if !errors.As(err, &e) {
			t.Errorf("%v.Parse(%q): error %T is not an *iri.Error", tt.mode, tt.in, err)
			continue
		}
		if e.Offset != tt.offset || e.Op != "parse" || e.Mode != tt.mode {
			t.Errorf("%v.Parse(%q): Offset=%d Op=%q Mode=%v, want Offset=%d Op=parse Mode=%v (%v)",
				tt.mode, tt.in, e.Offset, e.Op, e.Mode, tt.offset, tt.mode, err)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	_, err := inMode(iri.Strict).Parse("http://h/a b")
	want := `iri: parse "http://h/a b": at offset 10: character not allowed here`
	if err == nil || err.Error() != want {
		t.Errorf("Parse error = %v, want %s", err, want)
	}
	_, err = iri.ToURI("http://h/%zz")
	var e *iri.Error
	if !errors.As(err, &e) || e.Op != "touri" || !errors.Is(err, iri.ErrInvalidPercent) {
		t.Errorf("ToURI error = %#v, want an *iri.Error with Op touri", err)
	}
	_, err = iri.ToIRI("http://h/%zz")
	if !errors.As(err, &e) || e.Op != "toiri" {
		t.Errorf("ToIRI error = %#v, want an *iri.Error with Op toiri", err)
	}
	_, err = iri.Resolve("%zz", "http://h/")
	if !errors.As(err, &e) || e.Op != "resolve" {
		t.Errorf("Resolve error = %#v, want an *iri.Error with Op resolve", err)
	}
}

func TestWebPreprocessing(t *testing.T) {
	tests := []struct{ in, want string }{
		// Step 1: leading and trailing space, tab, CR, LF (and, as in the
		// URL Standard, every C0 control) are trimmed.
		{"  http://h/  ", "http://h/"},
		{"\t\r\nhttp://h/\r\n", "http://h/"},
		{"\x00\x01http://h/\x1f", "http://h/"},
		{" http://h/a b ", "http://h/a b"},
		// Step 2: tab, CR and LF inside are removed.
		{"http://h/a\tb\nc\rd", "http://h/abcd"},
		{"ht\ttp://h\n.example/", "http://h.example/"},
		{"http://h/?q=a\tb#f\nr", "http://h/?q=ab#fr"},
		// Step 4: a stray "%" becomes "%25"; valid escapes stay.
		{"http://h/100%", "http://h/100%25"},
		{"http://h/%zz%41", "http://h/%25zz%41"},
		{"http://h/%4", "http://h/%254"},
		{"http://h/?%#%", "http://h/?%25#%25"},
		{"http://h/%%41", "http://h/%25%41"},
		// Step 5: backslash is a path separator for special schemes and
		// relative references, before the query only.
		{`http:\\h\a\b?c\d#e\f`, `http://h/a/b?c\d#e\f`},
		{`HTTPS:\\h\a`, `HTTPS://h/a`},
		{`file:\\\C:\x`, `file:///C:/x`},
		{`ws:\\h\a`, `ws://h/a`},
		{`\a\b`, `/a/b`},
		{`..\a`, `../a`},
		{`\\h\a`, `//h/a`},
		{`foo:\a\b`, `foo:\a\b`},
		{`mailto:a\b`, `mailto:a\b`},
		{`http://h/#\`, `http://h/#\`},
		// Nothing to do: the input itself.
		{"http://h/a b<>", "http://h/a b<>"},
		{"", ""},
	}
	for _, tt := range tests {
		r, err := inMode(iri.Web).Parse(tt.in)
		if err != nil {
			t.Errorf("Web.Parse(%q): %v", tt.in, err)
			continue
		}
		if got := r.String(); got != tt.want {
			t.Errorf("Web.Parse(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestParseBoundaries checks the edges of the character classes of RFC
// 3987 section 2.2 (ucschar, iprivate) and of IP literals (RFC 3986
// section 3.2.2) in Strict mode.
func TestParseBoundaries(t *testing.T) {
	tests := []struct {
		in string
		ok bool
	}{
		{"http://h/\u00A0", true},
		{"http://h/\u009F", false},
		{"http://h/\uD7FF", true},
		{"http://h/\uF8FF", false},
		{"http://h/?\uF8FF", true},
		{"http://h/\uF900", true},
		{"http://h/\uFDCF", true},
		{"http://h/\uFDD0", false},
		{"http://h/\uFDEF", false},
		{"http://h/\uFDF0", true},
		{"http://h/\uFFEF", true},
		{"http://h/\uFFF0", false},
		{"http://h/\uFFFD", false},
		{"http://h/\U00010000", true},
		{"http://h/\U0001FFFD", true},
		{"http://h/\U0001FFFE", false},
		{"http://h/\U0002FFFF", false},
		{"http://h/\U000DFFFD", true},
		{"http://h/\U000E0000", false},
		{"http://h/\U000E0FFF", false},
		// RFC 3987 iprivate has no tags; the 2009 draft added U+E0000-E0FFF
		// to iprivate (issue private-include-tags-115). The package follows
		// RFC 3987 here.
		{"http://h/?\U000E0001", false},
		{"http://h/\U000E1000", true},
		{"http://h/\U000EFFFD", true},
		{"http://h/\U000EFFFE", false},
		{"http://h/\U000F0000", false},
		{"http://h/?\U000F0000", true},
		{"http://h/?\U000FFFFD", true},
		{"http://h/?\U000FFFFE", false},
		{"http://h/?\U00100000", true},
		{"http://h/?\U0010FFFD", true},
		{"http://h/?\U0010FFFF", false},
		{"http://[::]/", true},
		{"http://[1:2:3:4:5:6:7::]/", true},
		{"http://[1:2:3:4:5:6:7:8]/", true},
		{"http://[1:2:3:4:5:6:7:8:9]/", false},
		{"http://[::1:2:3:4:5:6:7:8]/", false},
		{"http://[::1.2.3.4]/", true},
		{"http://[::1.02.3.4]/", false},
		{"http://[::ffff:1.2.3.256]/", false},
		{"http://[::1.2.3]/", false},
		{"http://[1.2.3.4::]/", false},
		{"http://[00001::]/", false},
		{"http://[0001::]/", true},
		{"http://[v1.]/", false},
		{"http://[vG.a]/", false},
		{"http://[vF.a:b!]/", true},
		{"http://1.2.3.256/", true}, // a reg-name
		{"http://h:/", true},
		{"http://h:0123456789/", true},
	}
	for _, tt := range tests {
		_, err := inMode(iri.Strict).Parse(tt.in)
		if (err == nil) != tt.ok {
			t.Errorf("Parse(%+q): %v, want ok=%v", tt.in, err, tt.ok)
		}
	}
}

func TestModeNames(t *testing.T) {
	for _, m := range []iri.Mode{iri.Strict, iri.LEIRI, iri.Web} {
		got, err := iri.ParseMode(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	if got, err := iri.ParseMode("LEIRI"); err != nil || got != iri.LEIRI {
		t.Errorf(`ParseMode("LEIRI") = %v, %v`, got, err)
	}
	if _, err := iri.ParseMode("whatwg"); err == nil {
		t.Error(`ParseMode("whatwg") succeeded`)
	}
	if got := iri.Mode(9).String(); got != "Mode(9)" {
		t.Errorf("Mode(9).String() = %q", got)
	}
}
