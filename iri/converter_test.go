package iri_test

import (
	"slices"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"

	"github.com/relink-go/relink/iri"
)

// TestDefaults checks that every package-level function is the default
// converter's method: LEIRI mode, UTF-8 queries.
func TestDefaults(t *testing.T) {
	c := iri.NewConverter()
	if c.Mode() != iri.LEIRI || c.Charset() != "utf-8" {
		t.Errorf("NewConverter(): mode %v, charset %q; want leiri, utf-8", c.Mode(), c.Charset())
	}
	inputs := []string{"http://h/a b", "http://h/%zz", "HTTP://Bücher.DE:80/./a?ü#x", "a\\b", "http://h/a\u202eb", ""}
	for _, s := range inputs {
		r1, err1 := iri.Parse(s)
		r2, err2 := c.Parse(s)
		if (err1 == nil) != (err2 == nil) || err1 == nil && *r1 != *r2 {
			t.Errorf("Parse(%q) = %v, %v; the converter's %v, %v", s, r1, err1, r2, err2)
		}
		if got, want := iri.Check(s), c.Check(s); !slices.Equal(got, want) {
			t.Errorf("Check(%q) = %v; the converter's %v", s, got, want)
		}
		for name, f := range map[string][2]func(string) (string, error){
			"ToURI":    {iri.ToURI, c.ToURI},
			"ToIRI":    {iri.ToIRI, c.ToIRI},
			"TextForm": {iri.TextForm, c.TextForm},
		} {
			a, errA := f[0](s)
			b, errB := f[1](s)
			if a != b || (errA == nil) != (errB == nil) {
				t.Errorf("%s(%q) = %q, %v; the converter's %q, %v", name, s, a, errA, b, errB)
			}
		}
		for _, level := range []iri.Level{iri.SimpleString, iri.SyntaxBased, iri.SchemeBased, iri.MappedToURI} {
			a, errA := iri.Normalize(s, level)
			b, errB := c.Normalize(s, level)
			if a != b || (errA == nil) != (errB == nil) {
				t.Errorf("Normalize(%q, %v) = %q, %v; the converter's %q, %v", s, level, a, errA, b, errB)
			}
			e1, errA := iri.Equivalent(s, "http://h/a%20b", level)
			e2, errB := c.Equivalent(s, "http://h/a%20b", level)
			if e1 != e2 || (errA == nil) != (errB == nil) {
				t.Errorf("Equivalent(%q, %v) = %v, %v; the converter's %v, %v", s, level, e1, errA, e2, errB)
			}
		}
	}
	// LEIRI, not Strict: a space parses and is only a warning.
	if _, err := iri.Parse("http://h/a b"); err != nil {
		t.Errorf("Parse: %v, want LEIRI's acceptance", err)
	}
	for _, v := range iri.Check("http://h/a b") {
		if v.Severity == iri.SeverityError {
			t.Errorf("Check: %v, want no error in LEIRI mode", v)
		}
	}
}

func TestCharset(t *testing.T) {
	for _, tt := range []struct {
		opts []iri.Option
		want string
	}{
		{nil, "utf-8"},
		{[]iri.Option{iri.WithCharset(charmap.Windows1252)}, "windows-1252"},
		{[]iri.Option{iri.WithCharset(unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM))}, "utf-8"},
		{[]iri.Option{iri.WithCharset(charmap.CodePage437)}, ""},
		{[]iri.Option{iri.WithCharsetLabel("latin1")}, "windows-1252"},
		{[]iri.Option{iri.WithCharsetLabel(" Shift_JIS ")}, "shift_jis"},
		{[]iri.Option{iri.WithCharsetLabel("text/html; charset=EUC-JP")}, "euc-jp"},
		{[]iri.Option{iri.WithCharsetLabel("text/html")}, "utf-8"},
		{[]iri.Option{iri.WithCharsetLabel("utf-16le")}, "utf-8"},
		{[]iri.Option{iri.WithCharsetLabel("no-such-charset")}, "utf-8"},
		{[]iri.Option{iri.WithCharsetLabel("gbk"), iri.WithCharsetLabel("bogus")}, "utf-8"},
		{[]iri.Option{iri.WithCharsetLabel("gbk"), iri.WithCharset(nil)}, "utf-8"},
	} {
		if got := iri.NewConverter(tt.opts...).Charset(); got != tt.want {
			t.Errorf("%d options: Charset() = %q, want %q", len(tt.opts), got, tt.want)
		}
	}
	// A label gives what the encoding gives.
	byLabel := iri.NewConverter(iri.WithCharsetLabel("windows-1252"))
	byEncoding := iri.NewConverter(iri.WithCharset(charmap.Windows1252))
	for _, s := range []string{"http://h/ä?q=ä€\u0081", "?q=日"} {
		a, errA := byLabel.ToURI(s)
		b, errB := byEncoding.ToURI(s)
		if a != b || errA != nil || errB != nil {
			t.Errorf("ToURI(%q): by label %q, %v; by encoding %q, %v", s, a, errA, b, errB)
		}
	}
}
