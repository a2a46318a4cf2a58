package iri_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/relink-go/relink/iri"
)

// Display safety (issue 11): ToIRI and TextForm show a URI to people, so
// the userinfo, path, query and fragment must not show a character that
// hides (spaces, invisible and bidi characters), fakes the browser's lock
// icon, or looks like URI syntax ("google.com∕@evil.com" reads as a host
// and a path, "evil.com/google。com" as a host). Each such character stays
// percent-encoded; ordinary text in any script is still decoded.

// pct percent-encodes every byte of s.
func pct(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, "%%%02X", s[i])
	}
	return b.String()
}

// hostileChars are characters a display IRI must keep encoded wherever
// they are: next to Latin letters, and in every component.
var hostileChars = []struct {
	r     rune
	class string
}{
	// Lock icons: look like the browser's security indicator.
	{0x1F50F, "lock"}, {0x1F510, "lock"}, {0x1F512, "lock"}, {0x1F513, "lock"},
	// Invisible: format, default-ignorable, fillers, blank.
	{0x200D, "invisible"}, {0x200C, "invisible"}, {0x200B, "invisible"}, {0x2060, "invisible"},
	{0xFEFF, "invisible"}, {0x00AD, "invisible"}, {0x034F, "invisible"}, {0x180E, "invisible"},
	{0x115F, "invisible"}, {0x1160, "invisible"}, {0x3164, "invisible"}, {0xFFA0, "invisible"},
	{0x2800, "invisible"}, {0x17B4, "invisible"}, {0xFE0F, "invisible"}, {0x1D173, "invisible"},
	{0x2064, "invisible"}, {0x206A, "invisible"}, {0x0600, "invisible"}, {0x1D159, "invisible"},
	// Spaces and separators.
	{0x00A0, "space"}, {0x2002, "space"}, {0x2009, "space"}, {0x200A, "space"},
	{0x202F, "space"}, {0x205F, "space"}, {0x3000, "space"}, {0x1680, "space"},
	{0x2028, "space"}, {0x2029, "space"}, {0x0085, "space"},
	// Bidi controls.
	{0x202E, "bidi"}, {0x202D, "bidi"}, {0x200F, "bidi"}, {0x200E, "bidi"},
	{0x061C, "bidi"}, {0x2066, "bidi"}, {0x2067, "bidi"}, {0x2069, "bidi"},
	// Look like "/" or "\".
	{0x1735, "slash"}, {0x2571, "slash"}, {0x29F6, "slash"}, {0x2044, "slash"},
	{0x2215, "slash"}, {0xFF0F, "slash"}, {0x29F8, "slash"}, {0x1D23A, "slash"},
	{0x3033, "slash"}, {0x30CE, "slash"}, {0xFF89, "slash"}, {0x4E3F, "slash"},
	{0x2F03, "slash"}, {0x2AFD, "slash"}, {0x27CB, "slash"}, {0x2041, "slash"},
	{0x0338, "slash"}, {0x2CC6, "slash"},
	{0x2E4A, "slash"}, {0x1F67C, "slash"}, {0x233F, "slash"}, // not in confusables.txt (issue 19)
	{0x2216, "backslash"}, {0xFF3C, "backslash"}, {0xFE68, "backslash"}, {0x29F5, "backslash"},
	{0x1F67D, "backslash"}, {0x2340, "backslash"}, {0x29F7, "backslash"}, // likewise
	// Look like ".".
	{0x3002, "dot"}, {0xFF61, "dot"}, {0xFF0E, "dot"}, {0x2024, "dot"},
	{0xFE52, "dot"}, {0x0701, "dot"}, {0x0702, "dot"}, {0x0660, "dot"},
	{0x06F0, "dot"}, {0xA4F8, "dot"}, {0x2025, "dot"}, {0x10A50, "dot"},
	{0x06D4, "dot"}, {0xFE12, "dot"}, // "-" and none in confusables.txt (issue 19)
	// Look like ":".
	{0x0589, "colon"}, {0x05C3, "colon"}, {0x02D0, "colon"}, {0x02F8, "colon"},
	{0x2236, "colon"}, {0xA789, "colon"}, {0xFE13, "colon"}, {0xFF1A, "colon"},
	{0xFE55, "colon"}, {0x0903, "colon"}, {0xFE30, "colon"}, {0x205A, "colon"},
	{0x0703, "colon"}, {0x16EC, "colon"},
	// Look like "?", "#", "@", "%", "&", "=".
	{0xFF1F, "question"}, {0xFE56, "question"}, {0x0294, "question"}, {0x097D, "question"},
	{0x2047, "question"},
	{0xFF03, "hash"}, {0xFE5F, "hash"},
	{0xFF20, "at"}, {0xFE6B, "at"},
	{0xFF05, "percent"}, {0xFE6A, "percent"}, {0x066A, "percent"}, {0x2052, "percent"},
	{0xFF06, "ampersand"}, {0xFE60, "ampersand"}, {0xA778, "ampersand"},
	{0xFF1D, "equals"}, {0xFE66, "equals"}, {0x30A0, "equals"},
}

// hostileTemplates put a character, escaped, between Latin letters in
// each component; "X" is where it goes.
var hostileTemplates = []struct{ comp, uri string }{
	{"userinfo", "http://accounts.google.comXlogin@evil.example/"},
	{"path", "http://evil.example/accounts.google.comXlogin"},
	{"query", "http://evil.example/?next=google.comXlogin"},
	{"fragment", "http://evil.example/#google.comXlogin"},
}

// displayCase is a URI and the display form ToIRI must give.
type displayCase struct {
	in, want, why string
}

// hostileDisplayCases are attacks written out: sequences, several
// characters, and the characters in other positions.
var hostileDisplayCases = []displayCase{
	{"http://evil.example/%E2%88%95evil.com", "http://evil.example/%E2%88%95evil.com", "a path that starts with a division slash"},
	{"http://evil.example/%F0%9F%94%92", "http://evil.example/%F0%9F%94%92", "a lone lock icon"},
	{"http://evil.example/%F0%9F%94%92%20Secure", "http://evil.example/%F0%9F%94%92%20Secure", "lock and space"},
	{"http://evil.example/%F0%9F%94%92%EF%B8%8F", "http://evil.example/%F0%9F%94%92%EF%B8%8F", "lock with emoji presentation selector"},
	{"http://paypal.com%E2%88%95signin@evil.example/", "http://paypal.com%E2%88%95signin@evil.example/", "userinfo that fakes a host and a path"},
	{"http://paypal%E3%80%82com@evil.example/", "http://paypal%E3%80%82com@evil.example/", "ideographic full stop in userinfo"},
	{"http://%E6%97%A5%E6%9C%AC%E3%80%82%E4%B8%AD%E5%9B%BD@evil.example/", "http://日本%E3%80%82中国@evil.example/", "userinfo faking a Chinese IDN host: the dot stays even between Han"},
	{"http://google.com%E3%83%8Eaccounts@evil.example/", "http://google.com%E3%83%8Eaccounts@evil.example/", "Katakana no between Latin letters in userinfo"},
	{"http://%E3%83%8E%E3%83%BC%E3%83%88@evil.example/", "http://%E3%83%8Eート@evil.example/", "Katakana no in userinfo stays even in Japanese"},
	{"http://evil.example/google.com%E3%83%8Eaccounts", "http://evil.example/google.com%E3%83%8Eaccounts", "Katakana no between Latin letters in a path"},
	{"http://evil.example/%E3%83%8Eaccounts", "http://evil.example/%E3%83%8Eaccounts", "Katakana no before a Latin letter"},
	{"http://evil.example/a%E3%83%8E", "http://evil.example/a%E3%83%8E", "Katakana no after a Latin letter"},
	{"http://evil.example/1%E3%83%8E2", "http://evil.example/1%E3%83%8E2", "Katakana no between ASCII digits"},
	{"http://evil.example/%E6%97%A5%E3%83%8Eb", "http://evil.example/日%E3%83%8Eb", "Katakana no between Han and Latin"},
	{"http://evil.example/google%E3%80%82com", "http://evil.example/google%E3%80%82com", "ideographic full stop between Latin letters"},
	{"http://evil.example/google%EF%BD%A1com", "http://evil.example/google%EF%BD%A1com", "halfwidth ideographic full stop between Latin letters"},
	{"http://evil.example/%E3%80%82com", "http://evil.example/%E3%80%82com", "ideographic full stop before a Latin word"},
	{"http://evil.example/1%D9%A02", "http://evil.example/1%D9%A02", "Arabic-Indic zero between ASCII digits reads as a dot"},
	{"http://evil.example/www%D9%A0google%D9%A0com", "http://evil.example/www%D9%A0google%D9%A0com", "Arabic-Indic zero as a host's dots"},
	{"http://evil.example/http%E0%A4%83//x", "http://evil.example/http%E0%A4%83//x", "Devanagari visarga after Latin reads as a colon"},
	{"http://evil.example/%D0%B0%E0%A4%83", "http://evil.example/а%E0%A4%83", "Devanagari visarga after Cyrillic"},
	{"http://evil.example/%EF%BC%8F%EF%BC%8Fgoogle.com", "http://evil.example/%EF%BC%8F%EF%BC%8Fgoogle.com", "two fullwidth solidi"},
	{"http://evil.example/%E2%AB%BDgoogle.com", "http://evil.example/%E2%AB%BDgoogle.com", "double solidus operator"},
	{"http://evil.example/x%E2%80%AEmoc.elgoog", "http://evil.example/x%E2%80%AEmoc.elgoog", "right-to-left override reverses what follows"},
	{"http://evil.example/%E2%81%A7x%E2%81%A9", "http://evil.example/%E2%81%A7x%E2%81%A9", "bidi isolates"},
	{"http://evil.example/a%E2%80%8B%E2%80%8Bb", "http://evil.example/a%E2%80%8B%E2%80%8Bb", "zero width spaces"},
	{"http://evil.example/" + strings.Repeat("%E2%80%83", 40) + "x", "http://evil.example/" + strings.Repeat("%E2%80%83", 40) + "x", "em spaces that push text out of view"},
	{"http://evil.example/" + strings.Repeat("%E2%A0%80", 10), "http://evil.example/" + strings.Repeat("%E2%A0%80", 10), "braille blanks"},
	{"http://evil.example/" + strings.Repeat("%E3%85%A4", 10), "http://evil.example/" + strings.Repeat("%E3%85%A4", 10), "Hangul fillers"},
	{"http://evil.example/?q=a%EF%BC%86b%EF%BC%9Dc", "http://evil.example/?q=a%EF%BC%86b%EF%BC%9Dc", "fullwidth & and = fake query parameters"},
	{"http://evil.example/a%EF%BC%9Fb%EF%BC%83c", "http://evil.example/a%EF%BC%9Fb%EF%BC%83c", "fullwidth ? and # fake a query and a fragment"},
	{"http://evil.example/a%EF%B9%AA2F", "http://evil.example/a%EF%B9%AA2F", "small percent sign fakes an escape"},
	{"http://evil.example/%D9%AA2F", "http://evil.example/%D9%AA2F", "Arabic percent sign fakes an escape"},
	{"http://evil.example/a%CC%B8b", "http://evil.example/a%CC%B8b", "combining long solidus overlay"},
	{"http://evil.example/a%E2%83%ABb", "http://evil.example/a%E2%83%ABb", "combining long double solidus overlay"},
	{"http://evil.example/a%E2%80%A5b", "http://evil.example/a%E2%80%A5b", "two dot leader reads as '..'"},
	{"http://evil.example/%E2%84%85", "http://evil.example/%E2%84%85", "care of sign holds a '/'"},
	{"http://evil.example/a%E2%92%88com", "http://evil.example/a%E2%92%88com", "digit one full stop holds a '.'"},
	{"http://evil.example/a%E2%80%8Cb%E2%80%8Dc", "http://evil.example/a%E2%80%8Cb%E2%80%8Dc", "ZWNJ and ZWJ (Chromium keeps them encoded)"},
	{"http://evil.example/%E2%81%A0", "http://evil.example/%E2%81%A0", "word joiner"},
	{"http://evil.example/%F3%A0%80%81%F3%A0%81%A1", "http://evil.example/%F3%A0%80%81%F3%A0%81%A1", "tag characters"},
	{"http://evil.example/%E1%A0%8F", "http://evil.example/%E1%A0%8F", "Mongolian free variation selector four (newer than Chromium's list)"},
	{"http://evil.example/%E0%A2%90", "http://evil.example/%E0%A2%90", "Arabic pound mark above (Cf, newer than Chromium's list)"},
	{"http://evil.example/%EF%BF%BC", "http://evil.example/%EF%BF%BC", "object replacement character"},
	{"http://evil.example/%F4%8F%BF%BD", "http://evil.example/%F4%8F%BF%BD", "plane 16 private use outside the query"},
	{"http://evil.example/%E1%BF%BF", "http://evil.example/%E1%BF%BF", "unassigned U+1FFF"},
	{"http://%EF%BC%A1dmin@evil.example/", "http://Ａdmin@evil.example/", "a fullwidth Latin letter is no syntax"},
	{"http://a%EF%B9%ABgoogle.com@evil.example/", "http://a%EF%B9%ABgoogle.com@evil.example/", "small commercial at in userinfo"},
	{"http://evil.example/%E2%80%A4%E2%80%A4/x", "http://evil.example/%E2%80%A4%E2%80%A4/x", "one dot leaders as a dot segment"},
	{"http://evil.example/%C2%A0", "http://evil.example/%C2%A0", "no-break space"},
	{"http://evil.example/%C2%85", "http://evil.example/%C2%85", "next line (C1)"},
	{"http://evil.example/\u2215evil.com", "http://evil.example/%E2%88%95evil.com", "raw division slash is encoded"},
	{"http://evil.example/google\u3002com", "http://evil.example/google%E3%80%82com", "raw ideographic full stop between Latin letters is encoded"},
	{"http://evil.example/\U0001F512", "http://evil.example/%F0%9F%94%92", "raw lock icon is encoded"},
	{"http://evil.example/a\u200Db", "http://evil.example/a%E2%80%8Db", "raw ZWJ is encoded"},
	{"http://google.com\u30CEx@evil.example/", "http://google.com%E3%83%8Ex@evil.example/", "raw Katakana no in userinfo"},
	{"http://evil.example/a%20%E3%80%82", "http://evil.example/a%20%E3%80%82", "after an escape, whose last hex digit reads as a Latin digit (found by FuzzToIRI)"},
	{"http://evil.example/a%2F%E3%83%8E", "http://evil.example/a%2F%E3%83%8E", "after an escape that stays"},
	{"http://evil.example/0%DB%B0%DB%B0", "http://evil.example/0%DB%B0%DB%B0", "a run of look-alikes after an ASCII digit stays encoded as a whole (found by FuzzToIRI)"},
	{"http://evil.example/0\u06F0\u06F0", "http://evil.example/0%DB%B0%DB%B0", "likewise, raw"},
	{"http://evil.example/%DB%B0%DB%B0a", "http://evil.example/%DB%B0%DB%B0a", "a run of look-alikes before a Latin letter"},
	{"http://evil.example/google%E3%83%8E%E3%83%8Eevil", "http://evil.example/google%E3%83%8E%E3%83%8Eevil", "two Katakana no between Latin letters"},
	{"http://paypal.com%E2%B9%8Asignin@evil.example/", "http://paypal.com%E2%B9%8Asignin@evil.example/", "dotted solidus in userinfo (issue 19)"},
	{"http://evil.example/paypal.com%E2%B9%8Asignin", "http://evil.example/paypal.com%E2%B9%8Asignin", "dotted solidus in a path (issue 19)"},
	{"http://evil.example/%D9%85%D8%B5%D8%B1%E2%B9%8A%D9%85%D8%B5%D8%B1", "http://evil.example/مصر%E2%B9%8Aمصر", "dotted solidus even between Arabic letters"},
	{"http://paypal%DB%94com@evil.example/", "http://paypal%DB%94com@evil.example/", "Arabic full stop in userinfo (issue 19)"},
	{"http://%D9%85%D8%B5%D8%B1%DB%94%D9%85%D8%B5%D8%B1@evil.example/", "http://مصر%DB%94مصر@evil.example/", "Arabic full stop in userinfo, even between Arabic letters"},
	{"http://evil.example/paypal%DB%94com", "http://evil.example/paypal%DB%94com", "Arabic full stop between Latin letters in a path (issue 19)"},
	{"http://evil.example/%D9%85%D8%B5%D8%B1%DB%94com", "http://evil.example/مصر%DB%94com", "Arabic full stop between Arabic and Latin"},
	{"http://evil.example/%D9%A1" + strings.Repeat("%D9%A0", 33), "http://evil.example/١" + strings.Repeat("%D9%A0", 33), "a run of more than 32 look-alikes stays encoded"},
}

// legitDisplayCases must still be decoded: text in many scripts, with the
// non-Latin look-alikes among their own script.
var legitDisplayCases = []displayCase{
	{"http://www.example.org/D%C3%BCrst", "http://www.example.org/Dürst", "3987bis 3.7.1"},
	{"https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC", "https://ja.wikipedia.org/wiki/日本", "Han"},
	{"https://ru.wikipedia.org/wiki/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0", "https://ru.wikipedia.org/wiki/Москва", "Cyrillic"},
	{"https://ar.wikipedia.org/wiki/%D9%85%D8%B5%D8%B1", "https://ar.wikipedia.org/wiki/مصر", "Arabic"},
	{"https://el.wikipedia.org/wiki/%CE%91%CE%B8%CE%AE%CE%BD%CE%B1", "https://el.wikipedia.org/wiki/Αθήνα", "Greek"},
	{"https://he.wikipedia.org/wiki/%D7%99%D7%A8%D7%95%D7%A9%D7%9C%D7%99%D7%9D", "https://he.wikipedia.org/wiki/ירושלים", "Hebrew"},
	{"https://ko.wikipedia.org/wiki/%EC%84%9C%EC%9A%B8", "https://ko.wikipedia.org/wiki/서울", "Hangul"},
	{"https://th.wikipedia.org/wiki/%E0%B8%81%E0%B8%A3%E0%B8%B8%E0%B8%87%E0%B9%80%E0%B8%97%E0%B8%9E", "https://th.wikipedia.org/wiki/กรุงเทพ", "Thai"},
	{"https://hi.wikipedia.org/wiki/%E0%A4%AD%E0%A4%BE%E0%A4%B0%E0%A4%A4", "https://hi.wikipedia.org/wiki/भारत", "Devanagari"},
	{"https://ja.wikipedia.org/wiki/%E3%83%8E%E3%83%BC%E3%83%88", "https://ja.wikipedia.org/wiki/ノート", "Katakana no in a Japanese word"},
	{"https://ja.wikipedia.org/wiki/%E5%90%BE%E8%BC%A9%E3%81%AF%E7%8C%AB%E3%81%A7%E3%81%82%E3%82%8B%E3%80%82", "https://ja.wikipedia.org/wiki/吾輩は猫である。", "ideographic full stop ending Japanese text"},
	{"https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC%E3%83%8E%E6%AD%B4%E5%8F%B2", "https://ja.wikipedia.org/wiki/日本ノ歴史", "Katakana no between Han"},
	{"https://zh.example/%E6%99%AE%E9%81%8D%E9%80%82%E7%94%A8%E6%B5%8B%E8%AF%95%E3%80%82%E6%88%91%E7%88%B1%E4%BD%A0", "https://zh.example/普遍适用测试。我爱你", "ideographic full stop between Han (UTS #58 test text)"},
	{"https://sa.wikipedia.org/wiki/%E0%A4%B5%E0%A4%BF%E0%A4%B7%E0%A4%AF%E0%A4%BE%E0%A4%83", "https://sa.wikipedia.org/wiki/विषयाः", "Devanagari visarga ending a word"},
	{"https://hi.wikipedia.org/wiki/%E0%A4%A6%E0%A5%81%E0%A4%83%E0%A4%96", "https://hi.wikipedia.org/wiki/दुःख", "Devanagari visarga inside a word"},
	{"https://azb.wikipedia.org/wiki/%DB%B1%DB%B0%DB%B0%DB%B0_%D9%85%D9%82%D8%A7%D9%84%D9%87", "https://azb.wikipedia.org/wiki/۱۰۰۰_مقاله", "extended Arabic-Indic zeros among their digits"},
	{"https://ar.example/%D9%A2%D9%A0%D9%A2%D9%A3", "https://ar.example/٢٠٢٣", "Arabic-Indic zero in a year"},
	{"https://ur.example/%D8%B4%DA%A9%D8%B1%DB%8C%DB%81%DB%94%D8%A7%D9%84%D9%84%DB%81", "https://ur.example/شکریہ۔اللہ", "Arabic full stop between Arabic letters, as Chromium shows it"},
	{"https://ur.example/?q=%D8%B4%DA%A9%D8%B1%DB%8C%DB%81%DB%94", "https://ur.example/?q=شکریہ۔", "Arabic full stop ending an Urdu sentence in a query"},
	{"https://ar.example/%D9%A1%D9%A0%D9%A0%D9%A0%D9%A0", "https://ar.example/١٠٠٠٠", "a run of Arabic-Indic zeros after their one"},
	{"https://ar.example/%D9%A1" + strings.Repeat("%D9%A0", 31), "https://ar.example/١" + strings.Repeat("٠", 31), "a run of 31 zeros, within maxLookalikeRun"},
	{"https://ja.example/%E3%83%8E%E3%83%8E", "https://ja.example/ノノ", "two Katakana no alone in a segment"},
	{"https://ja.example/?q=%E3%83%8E%E3%83%BC%E3%83%88&x=%E6%97%A5%E6%9C%AC%E3%80%82", "https://ja.example/?q=ノート&x=日本。", "query"},
	{"https://ja.example/#%E3%83%8E%E3%83%BC%E3%83%88", "https://ja.example/#ノート", "fragment"},
	{"https://ja.example/%E6%97%A5%E3%80%82%2E", "https://ja.example/日。%2E", "before an escape, which starts with '%'"},
	{"http://%D0%B8%D0%B2%D0%B0%D0%BD@example.com/", "http://иван@example.com/", "Cyrillic userinfo"},
	{"http://h/%F0%9F%92%A9", "http://h/💩", "emoji that is no lock"},
	{"http://h/%F0%9F%94%91", "http://h/🔑", "a key is no lock icon"},
	{"https://en.wikipedia.org/wiki/%E2%80%A6And_Justice_for_All", "https://en.wikipedia.org/wiki/…And_Justice_for_All", "an ellipsis reads as one"},
	{"https://de.wikipedia.org/wiki/Stra%C3%9Fe_%E2%80%93_Weg", "https://de.wikipedia.org/wiki/Straße_–_Weg", "en dash"},
	{"https://fr.wikipedia.org/wiki/%C2%AB_Citation_%C2%BB", "https://fr.wikipedia.org/wiki/«_Citation_»", "guillemets"},
	{"https://ca.wikipedia.org/wiki/Col%C2%B7legi", "https://ca.wikipedia.org/wiki/Col·legi", "Catalan middle dot"},
	{"https://en.wikipedia.org/wiki/%C2%BD", "https://en.wikipedia.org/wiki/½", "vulgar fraction one half"},
	{"http://h/%E2%88%9A2", "http://h/√2", "mathematical symbol that is no syntax"},
	{"http://h/a%E2%89%A0b", "http://h/a≠b", "not equal to is no '='"},
	{"http://h/?q=%EE%80%80", "http://h/?q=\uE000", "private use in the query"},
}

// TestDisplaySafety runs every hostile character in every component, the
// written-out attacks and the legitimate texts through ToIRI (LEIRI and
// Web modes) and TextForm, and checks the display forms, that none of
// them shows a spoofing character (spoofable), and that each maps back to
// its URI.
func TestDisplaySafety(t *testing.T) {
	var cases []displayCase
	for _, h := range hostileChars {
		for _, tpl := range hostileTemplates {
			u := strings.Replace(tpl.uri, "X", pct(string(h.r)), 1)
			cases = append(cases, displayCase{u, u, fmt.Sprintf("U+%04X (%s) in the %s", h.r, h.class, tpl.comp)})
		}
	}
	cases = append(cases, hostileDisplayCases...)
	nHostile := len(cases)
	cases = append(cases, legitDisplayCases...)

	web := iri.NewConverter(iri.WithMode(iri.Web))
	pass := 0
	for _, c := range cases {
		ok := true
		got, err := iri.ToIRI(c.in)
		if err != nil || got != c.want {
			t.Errorf("ToIRI(%q) = %q, %v; want %q (%s)", c.in, got, err, c.want, c.why)
			ok = false
		}
		if bad := spoofable(got); bad != "" {
			t.Errorf("ToIRI(%q) = %q shows %s (%s)", c.in, got, bad, c.why)
			ok = false
		}
		// ToIRI's contract: the display form maps back to the URI.
		if want, err := iri.ToURI(c.in); err == nil {
			if back, err := iri.ToURI(got); err != nil || !equivalentURI(back, want) {
				t.Errorf("ToURI(ToIRI(%q)) = ToURI(%q) = %q, %v; want %q", c.in, got, back, err, want)
				ok = false
			}
		}
		if w, err := web.ToIRI(c.in); err != nil {
			t.Errorf("Web ToIRI(%q): %v", c.in, err)
			ok = false
		} else if bad := spoofable(w); bad != "" {
			t.Errorf("Web ToIRI(%q) = %q shows %s (%s)", c.in, w, bad, c.why)
			ok = false
		}
		if tf, err := iri.TextForm(c.in); err != nil {
			t.Errorf("TextForm(%q): %v", c.in, err)
			ok = false
		} else if bad := spoofable(tf); bad != "" {
			t.Errorf("TextForm(%q) = %q shows %s (%s)", c.in, tf, bad, c.why)
			ok = false
		}
		if ok {
			pass++
		}
	}
	t.Logf("display safety: %d/%d cases pass (%d hostile: %d characters × %d components + %d written out; %d legitimate)",
		pass, len(cases), nHostile, len(hostileChars), len(hostileTemplates), len(hostileDisplayCases), len(cases)-nHostile)
}

// spoofable returns a description of the first character of the display
// string s, outside its host, that could mislead a reader, or "". It is
// written apart from the package's rules, as an oracle: a character of
// hostileChars next to an ASCII letter or digit, or anywhere in the
// userinfo; an invisible, space or bidi character by its Unicode
// properties; or a lock icon. (The host is the IDN display policy's.)
func spoofable(s string) string {
	r, err := inMode(iri.LEIRI).Parse(s)
	if err != nil {
		return spoofableIn(s, false)
	}
	for _, p := range []struct {
		s        string
		userinfo bool
	}{{r.Userinfo, true}, {r.Path, false}, {r.Query, false}, {r.Fragment, false}} {
		if bad := spoofableIn(p.s, p.userinfo); bad != "" {
			return bad
		}
	}
	return ""
}

var hostileClass = func() map[rune]string {
	m := map[rune]string{}
	for _, h := range hostileChars {
		m[h.r] = h.class
	}
	return m
}()

func spoofableIn(s string, userinfo bool) string {
	prev := rune(-1)
	for i, r := range s {
		next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
		c := hostileClass[r]
		switch {
		case r < utf8.RuneSelf:
		case unicode.In(r, unicode.Cf, unicode.Zs, unicode.Zl, unicode.Zp, unicode.Cc, unicode.Cs),
			unicode.Is(unicode.White_Space, r), unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r),
			unicode.Is(unicode.Variation_Selector, r):
			return fmt.Sprintf("invisible U+%04X", r)
		case c == "lock" || c == "invisible" || c == "space" || c == "bidi":
			return fmt.Sprintf("%s U+%04X", c, r)
		case c != "" && (userinfo || asciiAlnum(prev) || asciiAlnum(next)):
			return fmt.Sprintf("%s look-alike %q (U+%04X)", c, r, r)
		}
		prev = r
	}
	return ""
}

func asciiAlnum(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}
