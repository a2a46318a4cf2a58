package iri

import (
	"bufio"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

const (
	sevE = SeverityError
	sevW = SeverityWarning
)

// cv is the part of a Violation the tables compare.
type cv struct {
	off  int
	code string
	sev  Severity
}

// allModes in a checkCase runs the case in Strict, LEIRI and Web mode
// with the same expectations.
const allModes Mode = 255

type checkCase struct {
	mode Mode
	in   string
	want []cv // every violation, in order
}

var checkCaseModes = []Mode{Strict, LEIRI, Web}

func runCheckCases(t *testing.T, cases []checkCase) {
	t.Helper()
	for _, c := range cases {
		modes := []Mode{c.mode}
		if c.mode == allModes {
			modes = checkCaseModes
		}
		for _, m := range modes {
			vs := m.check(c.in)
			var got []cv
			for _, v := range vs {
				got = append(got, cv{v.Offset, v.Code, v.Severity})
			}
			if !slices.Equal(got, c.want) {
				var b strings.Builder
				for _, v := range vs {
					b.WriteString("\n\t" + v.String())
				}
				t.Errorf("%v.Check(%q) = %v, want %v:%s", m, c.in, got, c.want, b.String())
			}
		}
	}
}

func TestCheckClean(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "", nil},
		{allModes, "http://example.org/", nil},
		{allModes, "https://résumé.example.org/Dürst?q=ü#frag", nil},
		{allModes, "http://xn--bcher-kva.example/", nil},
		{allModes, "http://[2001:db8::7]:8080/a;b=c?x=%C3%BC&y#z", nil},
		{allModes, "http://[v1.fe80::a+en1]/", nil},
		{allModes, "mailto:user@example.org?subject=hi", nil},
		{allModes, "urn:isbn:0451450523", nil},
		{allModes, "../../a/b?c#d", nil},
		{allModes, "./a:b", nil},
		{allModes, ".", nil},
		{allModes, "//example.org/a", nil},
		{allModes, "?q=\uE000", nil}, // private use is allowed in the query
		{allModes, "http://example.org/%2F%3F%25", nil},
		{allModes, "foo://Ä/", nil}, // only ASCII letters are checked for case
	})
}

func TestCheckLEIRIOnly(t *testing.T) {
	runCheckCases(t, []checkCase{
		{Strict, "http://h/a b", []cv{{10, CodeLEIRIOnly, sevE}}},
		{LEIRI, "http://h/a b", []cv{{10, CodeLEIRIOnly, sevW}}},
		{Web, "http://h/a b", []cv{{10, CodeLEIRIOnly, sevW}}},
		{Strict, "http://h/<>\"{}|^`", []cv{
			{9, CodeLEIRIOnly, sevE}, {10, CodeLEIRIOnly, sevE}, {11, CodeLEIRIOnly, sevE}, {12, CodeLEIRIOnly, sevE},
			{13, CodeLEIRIOnly, sevE}, {14, CodeLEIRIOnly, sevE}, {15, CodeLEIRIOnly, sevE}, {16, CodeLEIRIOnly, sevE},
		}},
		{Strict, "http://h/\x01\x7f", []cv{{9, CodeLEIRIOnly, sevE}, {10, CodeLEIRIOnly, sevE}}},
		{Strict, "http://h/\u0085", []cv{{9, CodeLEIRIOnly, sevE}}},       // C1 control
		{Strict, "http://h/a\uFFFE", []cv{{10, CodeLEIRIOnly, sevE}}},     // noncharacter
		{Strict, "http://h/\uFFFD", []cv{{9, CodeLEIRIOnly, sevE}}},       // specials
		{Strict, "http://h/?\U000E0041", []cv{{10, CodeLEIRIOnly, sevE}}}, // tag
		{Strict, "http://a<b/", []cv{{8, CodeLEIRIOnly, sevE}}},           // in the host
		{LEIRI, "http://a b/", []cv{{8, CodeLEIRIOnly, sevW}}},            // in the host
		{Strict, "http://u\x00@h/", []cv{{8, CodeLEIRIOnly, sevE}}},       // in the userinfo
		{Strict, "http://h/?a\\b", []cv{{11, CodeLEIRIOnly, sevE}}},       // a backslash in the query stays one
		{Strict, "foo:a\\b", []cv{{5, CodeLEIRIOnly, sevE}}},              // and in a scheme that is not special
		{Web, "foo:a\\b", []cv{{5, CodeLEIRIOnly, sevW}}},                 // Web mode keeps it
		{Strict, "http://h/#{x}", []cv{{10, CodeLEIRIOnly, sevE}, {12, CodeLEIRIOnly, sevE}}},
	})
}

func TestCheckWebOnly(t *testing.T) {
	runCheckCases(t, []checkCase{
		// Leading and trailing spaces and controls: one violation per run.
		{Strict, " http://h/", []cv{{0, CodeWebOnly, sevE}, {5, CodeColonInFirstSegment, sevE}}},
		{LEIRI, " http://h/", []cv{{0, CodeWebOnly, sevW}, {5, CodeColonInFirstSegment, sevE}}},
		{Web, " http://h/", []cv{{0, CodeWebOnly, sevW}}},
		{Strict, "http://h/ \t\n", []cv{{9, CodeWebOnly, sevE}}},
		{Web, "\x00http://h/\x1f ", []cv{{0, CodeWebOnly, sevW}, {10, CodeWebOnly, sevW}}},
		{Strict, " \t ", []cv{{0, CodeWebOnly, sevE}}},
		// Tab, LF and CR inside.
		{Strict, "http://h/a\tb\nc\rd", []cv{{10, CodeWebOnly, sevE}, {12, CodeWebOnly, sevE}, {14, CodeWebOnly, sevE}}},
		{LEIRI, "http://h/a\tb", []cv{{10, CodeWebOnly, sevW}}},
		{Web, "ht\ttp://h/", []cv{{2, CodeWebOnly, sevW}}},
		{Strict, "ht\ttp://h/", []cv{{2, CodeWebOnly, sevE}, {5, CodeColonInFirstSegment, sevE}}},
		// A stray "%": LEIRI rejects it too.
		{Strict, "http://h/%zz", []cv{{9, CodeWebOnly, sevE}}},
		{LEIRI, "http://h/%4", []cv{{9, CodeWebOnly, sevE}}},
		{Web, "http://h/%", []cv{{9, CodeWebOnly, sevW}}},
		{Strict, "http://a%.b/", []cv{{8, CodeWebOnly, sevE}}},
		// Backslashes Web mode reads as slashes: before the query of a
		// special scheme or a relative reference.
		{Strict, "http://h\\a", []cv{{8, CodeWebOnly, sevE}}},
		{LEIRI, "http://h\\a", []cv{{8, CodeWebOnly, sevW}}},
		{Web, "http://h\\a", []cv{{8, CodeWebOnly, sevW}}},
		{Strict, "a\\b?c\\d", []cv{{1, CodeWebOnly, sevE}, {5, CodeLEIRIOnly, sevE}}},
		// "[" and "]" outside an IP literal: LEIRI rejects them.
		{Strict, "http://h/[x]", []cv{{9, CodeWebOnly, sevE}, {11, CodeWebOnly, sevE}}},
		{LEIRI, "http://h/?[", []cv{{10, CodeWebOnly, sevE}}},
		{Web, "http://h/#]", []cv{{10, CodeWebOnly, sevW}}},
	})
}

func TestCheckWebOffsets(t *testing.T) {
	// Offsets refer to the input, not to the preprocessed form.
	runCheckCases(t, []checkCase{
		{Web, "\thttp://h/a\tb%zz%c3%a9", []cv{
			{0, CodeWebOnly, sevW}, {11, CodeWebOnly, sevW}, {13, CodeWebOnly, sevW},
			{16, CodePctLowercase, sevW}, {19, CodePctLowercase, sevW},
		}},
		{Web, "  http://H/", []cv{{0, CodeWebOnly, sevW}, {9, CodeUppercaseHost, sevW}}},
		{Web, "http:\\\\H\\a b", []cv{{5, CodeWebOnly, sevW}, {6, CodeWebOnly, sevW}, {7, CodeUppercaseHost, sevW}, {8, CodeWebOnly, sevW}, {10, CodeLEIRIOnly, sevW}}},
	})
}

func TestCheckInvalidUTF8(t *testing.T) {
	runCheckCases(t, []checkCase{
		{Strict, "http://h/\xff", []cv{{9, CodeInvalidUTF8, sevE}}},
		{LEIRI, "http://h/\xc3", []cv{{9, CodeInvalidUTF8, sevW}}},
		{Web, "http://h\xe0/", []cv{{8, CodeInvalidUTF8, sevW}}},
	})
}

func TestCheckBidiFormat(t *testing.T) {
	runCheckCases(t, []checkCase{
		{Strict, "http://h/a\u202Eb", []cv{{10, CodeBidiFormat, sevE}}},
		{Strict, "http://h/?\u200E#\u2066", []cv{{10, CodeBidiFormat, sevE}, {14, CodeBidiFormat, sevE}}},
		{LEIRI, "http://h/a\u200Fb", []cv{{9, CodeBidiComponent, sevW}, {10, CodeBidiFormat, sevW}}}, // RLM is right-to-left
		{Web, "http://h/\u061C", []cv{{9, CodeBidiFormat, sevW}}},
	})
}

func TestCheckPrivateUse(t *testing.T) {
	runCheckCases(t, []checkCase{
		{Strict, "http://h/\uE000", []cv{{9, CodePrivateUse, sevE}}},
		{Strict, "http://h/?\uE000\U000F0000", nil},
		{Strict, "http://h/#\U00100000", []cv{{10, CodePrivateUse, sevE}}},
		{LEIRI, "http://\uF8FF.h/", []cv{{7, CodePrivateUse, sevW}, {7, CodeIDNA, sevE}}},
	})
}

func TestCheckInvalidChar(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://a@b@c/", []cv{{8, CodeInvalidChar, sevE}}},
		{allModes, "http://a[b/", []cv{{8, CodeInvalidChar, sevE}}},
		{allModes, "http://a:b:c/", []cv{{8, CodeInvalidChar, sevE}, {11, CodeInvalidPort, sevE}}},
	})
}

func TestCheckColonInFirstSegment(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "1a:b", []cv{{2, CodeColonInFirstSegment, sevE}}},
		{allModes, "_:a", []cv{{1, CodeColonInFirstSegment, sevE}}},
		{allModes, "a/b:c", nil},
		{allModes, "//h/a:b", nil},
		{Strict, "a b:c", []cv{{1, CodeLEIRIOnly, sevE}, {3, CodeColonInFirstSegment, sevE}}},
	})
}

func TestCheckInvalidPort(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h:8x/", []cv{{10, CodeInvalidPort, sevE}}},
		{allModes, "http://h:x8/", []cv{{9, CodeInvalidPort, sevE}}},
		{allModes, "//h:-1", []cv{{4, CodeInvalidPort, sevE}}},
	})
}

func TestCheckInvalidIPLiteral(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://[::G]/", []cv{{7, CodeInvalidIPLiteral, sevE}}},
		{allModes, "http://[::1/", []cv{{7, CodeInvalidIPLiteral, sevE}}},
		{allModes, "http://[::1]x/", []cv{{7, CodeInvalidIPLiteral, sevE}}},
		{allModes, "http://[fe80::1%25eth0]/", []cv{{7, CodeInvalidIPLiteral, sevE}}}, // zone identifiers are not in the grammar
		{allModes, "http://[1.2.3.4]/", []cv{{7, CodeInvalidIPLiteral, sevE}}},
		{allModes, "http://[v1]/", []cv{{7, CodeInvalidIPLiteral, sevE}}},
	})
}

func TestCheckPctOverlong(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h/%C0%AF", []cv{{9, CodePctOverlong, sevE}}},
		{allModes, "http://h/%C1%81", []cv{{9, CodePctOverlong, sevE}}},
		{allModes, "http://h/%E0%80%AF", []cv{{9, CodePctOverlong, sevE}}},
		{allModes, "http://h/%F0%80%80%AF", []cv{{9, CodePctOverlong, sevE}}},
		{allModes, "http://h/a%c0%afb", []cv{{10, CodePctLowercase, sevW}, {10, CodePctOverlong, sevE}, {13, CodePctLowercase, sevW}}},
	})
}

func TestCheckPctSurrogate(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h/%ED%A0%80", []cv{{9, CodePctSurrogate, sevE}}},
		{allModes, "http://h/?q=%ED%BF%BF%ED%A0%80", []cv{{12, CodePctSurrogate, sevE}, {21, CodePctSurrogate, sevE}}},
		{allModes, "http://h/%ED%9F%BF", nil}, // U+D7FF
	})
}

func TestCheckPctNotUTF8(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h/D%FCrst", []cv{{10, CodePctNotUTF8, sevW}}},
		{allModes, "http://h/%C3", []cv{{9, CodePctNotUTF8, sevW}}},
		{allModes, "http://h/%E0%80", []cv{{9, CodePctNotUTF8, sevW}}}, // truncated: not reported as overlong
		{allModes, "http://h/%80%80%41", []cv{{9, CodePctNotUTF8, sevW}, {15, CodePctUnreserved, sevW}}},
		{allModes, "http://h/%F4%90%80%80", []cv{{9, CodePctNotUTF8, sevW}}}, // above U+10FFFF
		{allModes, "http://h/%C3%A9%FC", []cv{{15, CodePctNotUTF8, sevW}}},
		{allModes, "http://%FC.example/", []cv{{7, CodePctNotUTF8, sevW}}},
	})
}

func TestCheckIDNA(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://xn--a.example/", []cv{{7, CodeIDNA, sevE}}},
		{allModes, "http://xn--a.xn--b/", []cv{{7, CodeIDNA, sevE}, {13, CodeIDNA, sevE}}},
		{allModes, "http://bücher.xn--.de/", []cv{{15, CodeIDNA, sevE}}},
		{allModes, "http://a\u200Db.example/", []cv{{7, CodeIDNA, sevE}}},  // ZWJ out of context
		{allModes, "http://%E2%80%AE.example/", []cv{{7, CodeIDNA, sevE}}}, // percent-encoded UTF-8 is an IDN
		{allModes, "http://\u05D0.1example/", []cv{{7, CodeIDNA, sevE}}},   // the Bidi rule fails for the whole host only
		{allModes, "http://\u0644a.example/", []cv{{7, CodeIDNA, sevE}, {7, CodeBidiComponent, sevW}}},
		{allModes, "//xn--a/", []cv{{2, CodeIDNA, sevE}}}, // relative references are taken as DNS
		{allModes, "foo://xn--a/", nil},                   // not a DNS scheme
		{allModes, "http://XN--BCHER-KVA.example/", []cv{{7, CodeUppercaseHost, sevW}}},
	})
}

func TestCheckConfusableHost(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://аррӏе.com/", []cv{{7, CodeConfusableHost, sevW}}}, // Cyrillic look-alike of "apple"
		{allModes, "http://xn--80ak6aa92e.com/", []cv{{7, CodeConfusableHost, sevW}}},
		{allModes, "http://www.pаypal.com/", []cv{{11, CodeConfusableHost, sevW}}}, // Latin with a Cyrillic a
		{allModes, "http://ınstagram.com/", []cv{{7, CodeConfusableHost, sevW}}},   // looks like a top domain
		{allModes, "http://bücher.example/", nil},
		{allModes, "http://пример.рф/", nil},
		{allModes, "foo://аррӏе/", nil},
	})
}

func TestCheckPortRange(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h:65536/", []cv{{9, CodePortRange, sevW}}},
		{allModes, "http://h:65535/", nil},
		{allModes, "http://h:0000065535/", nil},
		{allModes, "//h:99999999999999999999999", []cv{{4, CodePortRange, sevW}}},
	})
}

func TestCheckDefaultPort(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h:80/", []cv{{9, CodeDefaultPort, sevW}}},
		{allModes, "https://h:443/", []cv{{10, CodeDefaultPort, sevW}}},
		{allModes, "ws://h:80", []cv{{7, CodeDefaultPort, sevW}}},
		{allModes, "wss://h:443", []cv{{8, CodeDefaultPort, sevW}}},
		{allModes, "ftp://h:021/", []cv{{8, CodeDefaultPort, sevW}}},
		{allModes, "HTTP://h:80/", []cv{{0, CodeUppercaseScheme, sevW}, {9, CodeDefaultPort, sevW}}},
		{allModes, "http://h:443/", nil},
		{allModes, "foo://h:80/", nil},
		{allModes, "file://h:80/", nil},
	})
}

func TestCheckEmptyPort(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h:/", []cv{{8, CodeEmptyPort, sevW}}},
		{allModes, "//[::1]:", []cv{{7, CodeEmptyPort, sevW}}},
	})
}

func TestCheckBidiComponent(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h/a\u05D0", []cv{{9, CodeBidiComponent, sevW}}}, // rule 1: mixed directions
		{allModes, "http://h/\u05D01", []cv{{9, CodeBidiComponent, sevW}}}, // rule 2: ends with a digit
		{allModes, "http://h/\u05D0\u05D1/x?q=\u05D01&\u05D0=1", []cv{{18, CodeBidiComponent, sevW}}},
		{allModes, "http://h/\u05D0\u05D1", nil},
	})
}

func TestCheckNotNFC(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h/e\u0301", []cv{{8, CodeNotNFC, sevW}}}, // the offset of the path
		{allModes, "http://h/?q=e\u0301#e\u0301", []cv{{10, CodeNotNFC, sevW}, {16, CodeNotNFC, sevW}}},
		{allModes, "http://e\u0301.example/", []cv{{7, CodeNotNFC, sevW}}},
		{allModes, "http://u\u0308@h/", []cv{{7, CodeNotNFC, sevW}}},
		{allModes, "http://h/\u00E9", nil},
		{allModes, "http://h/\u212B", []cv{{8, CodeNotNFC, sevW}}}, // ANGSTROM SIGN, a singleton decomposition
	})
}

func TestCheckHashInFragment(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h/#a#b", []cv{{11, CodeHashInFragment, sevW}}},
		{allModes, "##", []cv{{1, CodeHashInFragment, sevW}}},
	})
}

func TestCheckDotSegment(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h/a/./b/../c", []cv{{11, CodeDotSegment, sevW}, {15, CodeDotSegment, sevW}}},
		{allModes, "http://h/..", []cv{{9, CodeDotSegment, sevW}}},
		{allModes, "http://h/%2e%2E/a", []cv{
			{9, CodePctLowercase, sevW}, {9, CodePctUnreserved, sevW}, {9, CodeDotSegment, sevW}, {12, CodePctUnreserved, sevW},
		}},
		{allModes, "/./a", []cv{{1, CodeDotSegment, sevW}}},
		{allModes, "a/../b", []cv{{2, CodeDotSegment, sevW}}},
		{allModes, "foo:./a", []cv{{4, CodeDotSegment, sevW}}},
		{allModes, "../../a", nil},
		{allModes, "./../a/..b/.c", nil},
		{allModes, "../a/..", []cv{{5, CodeDotSegment, sevW}}},
	})
}

func TestCheckUppercaseScheme(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "HTTP://h/", []cv{{0, CodeUppercaseScheme, sevW}}},
		{allModes, "Urn:x:y", []cv{{0, CodeUppercaseScheme, sevW}}},
	})
}

func TestCheckUppercaseHost(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://Example.com/", []cv{{7, CodeUppercaseHost, sevW}}},
		{allModes, "http://[::A]/", []cv{{7, CodeUppercaseHost, sevW}}},
		{allModes, "http://[V1.A]/", nil},
		{allModes, "http://%C3%BC.example/", nil}, // hex digits are not letters of the name
		{allModes, "http://André.example/", []cv{{7, CodeUppercaseHost, sevW}}},
	})
}

func TestCheckPctLowercase(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h/%c3%a9", []cv{{9, CodePctLowercase, sevW}, {12, CodePctLowercase, sevW}}},
		{allModes, "http://h/%C3%a9", []cv{{12, CodePctLowercase, sevW}}},
		{allModes, "http://h/%3f", []cv{{9, CodePctLowercase, sevW}}},
	})
}

func TestCheckPctUnreserved(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://h/%41%7E%2F%5F%30", []cv{{9, CodePctUnreserved, sevW}, {12, CodePctUnreserved, sevW}, {18, CodePctUnreserved, sevW}, {21, CodePctUnreserved, sevW}}},
		{allModes, "http://%61.example/", []cv{{7, CodePctUnreserved, sevW}}},
	})
}

func TestCheckUserinfoPassword(t *testing.T) {
	runCheckCases(t, []checkCase{
		{allModes, "http://user:secret@h/", []cv{{11, CodeUserinfoPassword, sevW}}},
		{allModes, "ftp://user:@h/", []cv{{10, CodeUserinfoPassword, sevW}}},
		{allModes, "http://user@h/", nil},
	})
}

func TestViolationString(t *testing.T) {
	v := Violation{Offset: 3, Code: CodeLEIRIOnly, Severity: SeverityError, Message: "space is not an IRI character"}
	if got, want := v.String(), "3: error leiri-only: space is not an IRI character"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := SeverityWarning.String(); got != "warning" {
		t.Errorf("SeverityWarning.String() = %q", got)
	}
	if got := Severity(0).String(); got != "Severity(0)" {
		t.Errorf("Severity(0).String() = %q", got)
	}
}

// checkSeverities is the table of the Code constants' doc comment: the
// severity of each code in Strict, LEIRI and Web mode ('*': either).
var checkSeverities = map[string]string{
	CodeLEIRIOnly: "EWW", CodeWebOnly: "E*W", CodeInvalidUTF8: "EWW", CodeBidiFormat: "EWW",
	CodePrivateUse: "EWW", CodeInvalidChar: "EEE", CodeColonInFirstSegment: "EEE",
	CodeInvalidPort: "EEE", CodeInvalidIPLiteral: "EEE",

	CodePctOverlong: "EEE", CodePctSurrogate: "EEE", CodeIDNA: "EEE",
	CodePctNotUTF8: "WWW", CodeConfusableHost: "WWW", CodePortRange: "WWW", CodeDefaultPort: "WWW",
	CodeEmptyPort: "WWW", CodeBidiComponent: "WWW", CodeNotNFC: "WWW", CodeHashInFragment: "WWW",
	CodeDotSegment: "WWW", CodeUppercaseScheme: "WWW", CodeUppercaseHost: "WWW",
	CodePctLowercase: "WWW", CodePctUnreserved: "WWW", CodeUserinfoPassword: "WWW",
}

// grammarCodes are the codes Parse agrees with.
var grammarCodes = []string{
	CodeLEIRIOnly, CodeWebOnly, CodeInvalidUTF8, CodeBidiFormat, CodePrivateUse,
	CodeInvalidChar, CodeColonInFirstSegment, CodeInvalidPort, CodeInvalidIPLiteral,
}

// checkInvariants checks what holds for every input: see FuzzCheck.
func checkInvariants(t *testing.T, s string) {
	t.Helper()
	if got, want := Check(s), LEIRI.check(s); !slices.Equal(got, want) {
		t.Fatalf("Check(%q) = %v, LEIRI.check = %v", s, got, want)
	}
	w := newWebInfo(s)
	if pre, _ := w.preprocess(s); pre != webPreprocess(s) {
		t.Fatalf("preprocess(%q) = %q, webPreprocess = %q", s, pre, webPreprocess(s))
	}
	for mi, m := range checkCaseModes {
		vs := m.check(s)
		var errOffsets []int
		for i, v := range vs {
			if v.Offset < 0 || v.Offset >= len(s) {
				t.Fatalf("%v.Check(%q): offset out of the input: %v", m, s, v)
			}
			if i > 0 && vs[i-1].Offset > v.Offset {
				t.Fatalf("%v.Check(%q): not sorted: %v", m, s, vs)
			}
			sev, ok := checkSeverities[v.Code]
			if !ok || v.Message == "" {
				t.Fatalf("%v.Check(%q): unknown code or no message: %v", m, s, v)
			}
			if want := sev[mi]; want != '*' && (want == 'E') != (v.Severity == SeverityError) || v.Severity != SeverityError && v.Severity != SeverityWarning {
				t.Fatalf("%v.Check(%q): %v: severity %v, want %c", m, s, v, v.Severity, want)
			}
			if v.Severity == SeverityError && slices.Contains(grammarCodes, v.Code) {
				errOffsets = append(errOffsets, v.Offset)
			}
		}
		_, err := NewConverter(WithMode(m)).Parse(s)
		if (err == nil) != (errOffsets == nil) {
			t.Fatalf("%v.Parse(%q) = %v, but Check reports %v", m, s, err, vs)
		}
		if err == nil && m == Strict {
			// What Strict parses can only have the errors beyond the
			// grammar: a host IDNA rejects, a forbidden UTF-8 form.
			for _, v := range vs {
				if v.Severity == SeverityError && v.Code != CodeIDNA && v.Code != CodePctOverlong && v.Code != CodePctSurrogate {
					t.Fatalf("Strict.Parse(%q) succeeds, but Check reports %v", s, v)
				}
			}
		}
		var e *Error
		if err != nil && m != Web && (!errors.As(err, &e) || !slices.Contains(errOffsets, e.Offset)) {
			t.Fatalf("%v.Parse(%q) = %v, at none of the offsets of Check's errors %v", m, s, err, vs)
		}
	}
}

// checkCorpus returns the inputs of the tables of this file, of the Jena
// test file and the real URLs.
func checkCorpus(t *testing.T) []string {
	var in []string
	for _, c := range readJena(t) {
		in = append(in, c.input)
	}
	f, err := os.Open("../testdata/urls/real-urls.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		in = append(in, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return append(in,
		"", " ", "%", "[", "]", "#", "?", "\\", ":", "//", "///", "//@", "//[", "//]", "//:", "//h:",
		"a b:c", "http://[::1/", "http://[::1]x/", "http://a:b:c/", "http://a@b@c/", "\thttp://h/a\tb%zz%c3%a9",
		"http:\\\\h\\a b", "http://h/%C0%AF%ED%A0%80%FC%c3%a9%41", "http://xn--.bücher/", "http://\u05D0.1example/",
		"http://h/\uE000?\uE000#\uE000", "http://h/a\u202Eb", " \t ", "http://h/ ", "ht\ttp://h/", "http://a b/",
	)
}

func TestCheckInvariants(t *testing.T) {
	for _, s := range checkCorpus(t) {
		checkInvariants(t, s)
	}
}

// FuzzCheck: Check never panics; its violations are sorted, inside the
// input, with a known code and the severity its table gives for the mode;
// Parse fails exactly when Check reports an error of the grammar
// (the first group of codes), at one of their offsets (Strict and LEIRI;
// Web mode's errors refer to the preprocessed string); so an input Strict
// parses has no error but those beyond the grammar (idna, pct-overlong,
// pct-surrogate). Web mode's preprocessing with offsets gives the string
// webPreprocess gives.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"http://example.org/", " \thttp://EXAMPLE.com:80/a\\b/./c?\u202e#f#g ", "a b:c", "http://a@b@c/",
		"http://h/%C0%AF%ED%A0%80%FC%c3%a9%41%zz", "http://аррӏе.com/", "http://xn--a.xn--b/", "http://[::G]:x/",
		"http://u:p@h:/", "\x00\xff%", "//h:99999", "http:\\\\h\\a b", "http://\u05D0.1example/#\uE000",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkInvariants(t, s)
	})
}
