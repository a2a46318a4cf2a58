package iri

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/relink-go/relink/internal/confusable"
	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/internal/uts46"
)

const chromiumIDNDir = "../testdata/chromium-idn/"

// withTopDomains runs f with the top-domain list of the skeleton check
// read from the list file name.
func withTopDomains(t *testing.T, name string, f func()) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	names, err := confusable.ParseDomainList(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	saved := topDomains
	topDomains = confusable.NewTopDomains(names)
	defer func() { topDomains = saved }()
	f()
}

// readTSV returns the fields of the lines of a tab-separated file, "#"
// lines and blank lines aside, with their line numbers.
func readTSV(t *testing.T, name string) (rows [][]string, lines []int) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
		lines = append(lines, n)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows, lines
}

// readKnownDifferences reads a known-differences file whose comment lines
// (those that are empty or start with "#", returned as header) declare
// the reasons ("# reason <key>: <text>") and whose other lines are rows
// of nfields tab-separated fields, with their line numbers. A missing
// file gives an error for which os.IsNotExist is true.
func readKnownDifferences(name string, nfields int) (header []string, reasons map[string]string, rows [][]string, lines []int, err error) {
	reasons = map[string]string{}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, reasons, nil, nil, err
	}
	for n, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if line == "" || line[0] == '#' {
			header = append(header, line)
			if k, text, ok := strings.Cut(line, ": "); ok && strings.HasPrefix(k, "# reason ") {
				reasons[strings.TrimPrefix(k, "# reason ")] = text
			}
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != nfields {
			return nil, nil, nil, nil, fmt.Errorf("%s:%d: %d tab-separated fields, want %d", name, n+1, len(f), nfields)
		}
		rows = append(rows, f)
		lines = append(lines, n+1)
	}
	return header, reasons, rows, lines, nil
}

// knownDifferences reads known-differences.tsv: host, Chromium's result,
// ours, reason.
func knownDifferences(t *testing.T) map[string]string {
	rows, lines := readTSV(t, chromiumIDNDir+"known-differences.tsv")
	m := map[string]string{}
	for i, r := range rows {
		if len(r) != 4 || r[3] == "" {
			t.Fatalf("known-differences.tsv:%d: want host, chromium, relink, reason", lines[i])
		}
		m[r[0]] = r[1] + " " + r[2]
	}
	return m
}

// TestChromiumIDNSpoofCases runs the test cases of Chromium's IDN spoof
// checker with its test list of top domains: each host must be shown in
// Unicode exactly when Chromium shows it so, but for the listed
// differences, where we are stricter.
func TestChromiumIDNSpoofCases(t *testing.T) {
	known := knownDifferences(t)
	rows, lines := readTSV(t, chromiumIDNDir+"idn_spoof_checker_cases.tsv")
	diffs := map[string]string{}
	pass := 0
	withTopDomains(t, chromiumIDNDir+"idn_test_domains.list", func() {
		for i, r := range rows {
			if len(r) < 2 {
				t.Fatalf("idn_spoof_checker_cases.tsv:%d: want host and result", lines[i])
			}
			host, result := r[0], r[1]
			var want string
			switch result {
			case "safe":
				if len(r) > 2 {
					want = r[2]
				} else {
					u, err := uts46.ToUnicode(host)
					if err != nil {
						t.Errorf("line %d: %s does not decode: %v", lines[i], host, err)
						continue
					}
					want = u
				}
			case "unsafe", "invalid":
				want = string(appendRegName(nil, host))
			default:
				t.Fatalf("idn_spoof_checker_cases.tsv:%d: bad result %q", lines[i], result)
			}
			got, err := DisplayHost(host)
			if err != nil {
				t.Errorf("line %d: DisplayHost(%s): %v", lines[i], host, err)
				continue
			}
			if got == want {
				pass++
				continue
			}
			ours := "unsafe"
			if got != string(appendRegName(nil, host)) {
				ours = "safe"
			}
			diffs[host] = result + " " + ours
			if known[host] != result+" "+ours {
				u, _ := uts46.ToUnicode(host)
				t.Errorf("line %d: DisplayHost(%s) [%s] = %s; Chromium: %s (rule %q)", lines[i], host, u, got, want, ruleOf(host))
			}
		}
	})
	cases := map[string]bool{}
	for _, r := range rows {
		cases[r[0]] = true
	}
	for h, k := range known {
		if !cases[h] {
			continue // a policy difference: TestKnownPolicyDifferences
		}
		if diffs[h] != k {
			t.Errorf("known-differences.tsv lists %s (%s), but DisplayHost now agrees with Chromium or differs otherwise (%q)", h, k, diffs[h])
		}
	}
	t.Logf("Chromium IDN spoof cases: %d/%d as Chromium shows them, %d listed differences", pass, len(rows), len(diffs))
}

// TestKnownPolicyDifferences checks the rows of known-differences.tsv
// that are not Chromium test cases: hosts that Chromium's policy shows in
// Unicode and DisplayHost in A-labels.
func TestKnownPolicyDifferences(t *testing.T) {
	rows, _ := readTSV(t, chromiumIDNDir+"idn_spoof_checker_cases.tsv")
	cases := map[string]bool{}
	for _, r := range rows {
		cases[r[0]] = true
	}
	for h, k := range knownDifferences(t) {
		if cases[h] {
			continue
		}
		if k != "safe unsafe" {
			t.Errorf("known-differences.tsv: %s: %q; want a host Chromium shows and relink does not", h, k)
		}
		got, err := DisplayHost(h)
		if err != nil || got != h {
			t.Errorf("DisplayHost(%s) = %s, %v; known-differences.tsv says it stays in A-labels", h, got, err)
		}
		u, err := uts46.ToUnicode(h)
		if err != nil || u == h {
			t.Errorf("%s does not decode: %v", h, err)
		}
	}
}

// ruleOf returns the rules that the labels of host break, for messages.
func ruleOf(host string) string {
	tld, tldU := hostTLD(host)
	var rules []string
	for _, l := range strings.Split(host, ".") {
		if u, ok := uts46.DecodeALabel(l); ok {
			if r := labelSpoofRule(u, tld, tldU); r != ruleNone {
				rules = append(rules, u+": "+string(r))
			}
		}
	}
	if len(rules) == 0 {
		if u, ok := appendDisplayLabels(nil, host); ok {
			if d := topDomains.Similar(strings.ToLower(string(u))); d != "" {
				return "looks like " + d
			}
		}
	}
	return strings.Join(rules, "; ")
}

// spoofHosts are hosts made to deceive, with their paths where a path
// helps the deception: each must be shown in A-labels.
var spoofHosts = []string{
	// The cases of issue 11.
	"gօօgle.com",                     // Armenian oh
	"ргоху.com",                      // all Cyrillic
	"κιωι.com",                       // all Greek
	"ɡoogle.com",                     // U+0261 script g
	"ınstagram.com",                  // dotless i
	"google.comノaccounts.evil.com",   // Katakana no as a slash
	"google.comソaccounts.evil.com",   // Katakana so
	"google.comンaccounts.evil.com",   // Katakana n
	"paypal.com丿login.evil.com",      // ideograph as a slash
	"accounts.google.com丶evil.com",   // ideograph as a slash
	"аррӏе.com",                      // all Cyrillic apple
	"раураӏ.com",                     // all Cyrillic paypal
	"facebооk.com",                   // Cyrillic o
	"fаcebook.com",                   // Cyrillic a
	"microsоft.com",                  // Cyrillic o
	"ɑpple.com",                      // Latin alpha
	"amazọn.com",                     // o with dot below
	"gооgle.com",                     // Cyrillic o twice
	"gοοgle.com",                     // Greek omicron
	"wikipediа.org",                  // Cyrillic a
	"gіthub.com",                     // Cyrillic i
	"twıtter.com",                    // dotless i
	"yоutube.com",                    // Cyrillic o
	"ebаy.com",                       // Cyrillic a
	"nеtflix.com",                    // Cyrillic e
	"lіnkedin.com",                   // Cyrillic i
	"bankofamerіca.com",              // Cyrillic i
	"xn--80ak6aa92e.com",             // аррӏе as A-label
	"xn--pple-43d.com",               // аpple
	"google.com\u0338evil.com",       // solidus overlay
	"gooɡle.com",                     // script g inside
	"ѕсоре.com",                      // Cyrillic scope
	"ԝԝԝ.com",                        // Cyrillic we
	"օօ.com",                         // Armenian
	"ցօօցlе.com",                     // Armenian and Latin
	"соm.com",                        // Cyrillic com
	"ꓲ.com",                          // Lisu
	"g\u200doogle.com",               // zero width joiner
	"go\u200cogle.com",               // zero width non-joiner
	"googlе.com",                     // Cyrillic e
	"аmazon.com",                     // Cyrillic a
	"іnstagram.com",                  // Cyrillic i
	"whatsаpp.com",                   // Cyrillic a
	"yаhoo.com",                      // Cyrillic a
	"rеddit.com",                     // Cyrillic e
	"pi\u0307xel.com",                // dot above after i
	"ıi\u0307.com",                   // dotless i with dot above
	"1շ.com",                         // Armenian digit look-alike
	"৪੨.com",                         // digit look-alikes
	"google.com\u30fbevil.com",       // Katakana middle dot next to Latin
	"google\u4e00com.com",            // ideograph one between Latin
	"🔒google.com",                    // padlock
	"www.\u2039google\u203a.com",     // angle quotes
	"abc\u2010def.com",               // hyphen look-alike
	"abc\u2212def.com",               // minus sign
	"ɢᴏᴏɢʟᴇ.com",                     // small capitals
	"google\u3099.com",               // voiced sound mark
	"ǔnion.com",                      // Pinyin
	"ḷily.com",                       // Latin Extended Additional
	"mn\u00f0pqr.com",                // eth outside .is
	"\u0259xample.com",               // schwa outside .az
	"google\u00b7com.com",            // middle dot outside .cat
	"hard\u1d21are.com",              // small capital w
	"\u0578\u057d\u0582\u0585.com",   // Armenian "nuuo"
	"\u10fd\u10ff\u10ee.com",         // Georgian
	"\u05d7\u05e1\u05d3.com",         // Hebrew
	"\u0e17\u0e19\u0e1a\u0e1e.com",   // Thai
	"xn--googl-fsa.com/accounts",     // googlé
	"www.xn--ggle-0nda.com/signin",   // gооgle
	"login.xn--pypal-4ve.com/webapp", // pаypal
	// Not in NFC, or with invisible (default-ignorable) characters, as
	// A-labels.
	"xn--c1aweoj",         // ргоху alone: a host of one label has no TLD
	"xn--cafe-yvc.com",    // e + combining acute
	"xn--google-df0c.com", // zero width space
	"xn--google-dja.com",  // soft hyphen
	"xn--google-dw0c.com", // word joiner
	"xn--google-5de.com",  // combining grapheme joiner
	"xn--paypal-gq8a.com", // Mongolian vowel separator
	"xn--apple-rfv.com",   // Hangul choseong filler
	"xn--google-pf0c.com", // zero width joiner
}

// latinLookalikes returns, for each ASCII lower-case letter and digit, the
// Allowed characters of other scripts (or non-ASCII Latin) whose
// confusables.txt prototype is that character: the raw material of the
// generated spoofs.
func latinLookalikes() map[byte][]rune {
	m := map[byte][]rune{}
	for r := rune(0x80); r < 0x30000; r++ {
		p, ok := confusable.Prototype(r)
		if !ok || len(p) != 1 {
			continue
		}
		c := p[0]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			continue
		}
		if _, ok := confusable.Allowed(r); !ok || blockedChar(r) || unicode.ToLower(r) != r {
			continue
		}
		m[c] = append(m[c], r)
	}
	return m
}

// generatedSpoofs returns spoofs of the top domains of the production
// list built from confusables.txt: each domain's first label with one
// letter replaced by a look-alike of another script (Cyrillic, Greek,
// Armenian, ... in turn), and, where every letter has a Cyrillic
// look-alike, the label written all in Cyrillic.
func generatedSpoofs(t *testing.T, n int) []string {
	look := latinLookalikes()
	data, err := os.ReadFile(chromiumIDNDir + "domains.list")
	if err != nil {
		t.Fatal(err)
	}
	names, err := confusable.ParseDomainList(data)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	k := 0
	for _, d := range names {
		label, rest, _ := strings.Cut(d, ".")
		// One look-alike in the first letter that has one.
		for i := 0; i < len(label); i++ {
			alts := look[label[i]]
			if len(alts) == 0 {
				continue
			}
			r := alts[k%len(alts)]
			k++
			out = append(out, label[:i]+string(r)+label[i+1:]+"."+rest)
			break
		}
		// All Cyrillic.
		var b strings.Builder
		for i := 0; i < len(label); i++ {
			var cyr rune
			for _, r := range look[label[i]] {
				if s, _ := confusable.Allowed(r); s == confusable.Cyrl {
					cyr = r
					break
				}
			}
			if cyr == 0 {
				b.Reset()
				break
			}
			b.WriteRune(cyr)
		}
		if b.Len() > 0 {
			out = append(out, b.String()+"."+rest)
		}
		if len(out) >= n {
			break
		}
	}
	return out
}

// TestSpoofHosts checks that no hostile host shows a character beyond
// ASCII: the listed ones, and those generated from the top domains and
// confusables.txt, each with a path.
func TestSpoofHosts(t *testing.T) {
	hosts := append(slices.Clone(spoofHosts), generatedSpoofs(t, 400)...)
	spoofable, rejected := 0, 0
	test := func(hosts []string) {
		for _, h := range hosts {
			in := "http://" + h
			if !strings.Contains(h, "/") {
				in += "/path"
			}
			want, err := ToURI(in)
			if err != nil {
				// Not a valid host: ToIRI must fail too, or show ASCII.
				rejected++
				if got, err := ToIRI(in); err == nil && !pct.IsASCII(hostOf(got)) {
					spoofable++
					t.Errorf("ToURI(%s) fails but ToIRI shows %s", in, got)
				}
				continue
			}
			got, err := ToIRI(in)
			if err != nil {
				t.Errorf("ToIRI(%s): %v", in, err)
				continue
			}
			r, _ := defaultConverter.Parse(got)
			if got != want || !pct.IsASCII(r.Host) {
				spoofable++
				u, _ := uts46.ToUnicode(r.Host)
				t.Errorf("ToIRI(%s) = %s; want %s ([%s] rule %q)", in, got, want, u, ruleOf(strings.ToLower(hostOf(want))))
			}
		}
	}
	test(hosts[:len(spoofHosts)])
	// The hosts of the test list need it.
	generated := hosts[len(spoofHosts):]
	test(generated)
	t.Logf("hostile hosts: %d/%d not spoofable (%d listed, %d generated; %d rejected by IDNA)", len(hosts)-spoofable, len(hosts), len(spoofHosts), len(generated), rejected)
	if len(hosts) < 300 {
		t.Errorf("only %d hostile hosts", len(hosts))
	}
}

func hostOf(u string) string {
	r, _ := defaultConverter.Parse(u)
	return r.Host
}

// legitHosts are internationalized hosts in use or in the style of those
// in use: each must be shown in Unicode.
var legitHosts = []string{
	"bücher.de", "münchen.de", "例え.テスト", "пример.рф", "한국.kr",
	"президент.рф", "москва.рф", "правительство.рф", "яндекс.рф",
	"україна.укр", "новини.ua", "мвд.рф", "почта.рф", "сбербанк.рф",
	"παράδειγμα.δοκιμή", "ουτοπία.gr", "ελλάδα.gr", "βιβλία.com",
	"日本語.jp", "中国.cn", "北京大学.cn", "視頻.com", "東京.jp",
	"ドメイン名例.jp", "ウィキペディア.jp", "コマース.jp", "ひらがな.jp", "ビタミンb1.com",
	"정부.kr", "대한민국.kr", "한글han.kr", "漢字hanzi.tw", "注音ㄅㄆㄇㄈ.tw",
	"مثال.إختبار", "موقع.وزارة-الاتصالات.مصر", "עברית.il", "דוגמה.com",
	"उदाहरण.परीक्षा", "भारत.in", "ไทย.th", "ตัวอย่าง.th", "ভারত.in",
	"இந்தியா.in", "ಭಾರತ.in", "ગુજરાત.in", "ලංකා.lk", "հայաստան.am",
	"საქართველო.ge", "ኢትዮጵያ.et", "مصر.eg", "ایران.ir",
	"café.fr", "españa.es", "straße.de", "faß.de", "jürgen.de",
	"zürich.ch", "øresund.dk", "åland.fi", "łódź.pl", "škoda.cz",
	"türkiye.com.tr", "ağ.com.tr", "việtnam.vn", "tiếngviệt.vn", "crème-brûlée.fr",
	"l·l.cat", "þjóð.is", "əlifba.az",
	"www.bücher.de", "shop.münchen.de", "例え.jp", "xn--bcher-kva.de",
	"xn--r8jz45g.xn--zckzah",
}

// legitHostsInASCII are ordinary hosts whose first label the policy shows
// in A-labels all the same (false positives), as Chromium does.
var legitHostsInASCII = []struct{ host, why string }{
	{"בײַשפּיל.טעסט", "Hebrew points (U+05B7, U+05BC) are not Allowed identifier characters"},
	{"fußball.de", "looks like fussball.de, in Chromium's top-domain list: the skeleton alternatives of ß include ss"},
}

// TestLegitHosts checks that ordinary internationalized hosts stay
// readable: shown in Unicode.
func TestLegitHosts(t *testing.T) {
	for _, tt := range legitHostsInASCII {
		uri, _ := ToURI("http://" + tt.host + "/")
		first, _, _ := strings.Cut(hostOf(uri), ".")
		if got, err := ToIRI(uri); err != nil || !strings.HasPrefix(hostOf(got), first+".") {
			t.Errorf("ToIRI(%s) = %s, %v; want its first label in A-labels (%s)", uri, got, err, tt.why)
		}
	}
	ok := 0
	for _, h := range legitHosts {
		in := "http://" + h + "/"
		uri, err := ToURI(in)
		if err != nil {
			t.Errorf("ToURI(%s): %v", in, err)
			continue
		}
		want, _ := uts46.ToUnicode(hostOf(uri))
		got, err := ToIRI(uri)
		if err != nil || hostOf(got) != want {
			t.Errorf("ToIRI(%s) = %s, %v; want host %s (rule %q)", uri, got, err, want, ruleOf(hostOf(uri)))
			continue
		}
		ok++
	}
	t.Logf("legitimate hosts: %d/%d shown in Unicode, and %d known false positives shared with Chromium", ok, len(legitHosts), len(legitHostsInASCII))
}

// TestSafeLabelRules checks the rule each kind of label breaks.
func TestSafeLabelRules(t *testing.T) {
	tests := []struct {
		label, tld string
		want       spoofRule
	}{
		{"bücher", "de", ruleNone},
		{"ɡoogle", "com", ruleChar},
		{"gօօgle", "com", ruleMixedScripts},
		{"ргоху", "com", ruleWholeScript},
		{"ргоху", "ru", ruleNone},
		{"κιωι", "com", ruleWholeScript},
		{"κιωι", "gr", ruleNone},
		{"comノaccounts", "com", ruleDangerous},
		{"ノ", "jp", ruleNone},
		{"1շ", "com", ruleDigitLookalike},
		{"gօօgle", "am", ruleMixedScripts},
		{"շ", "com", ruleDigitLookalike},
		{"১1", "com", ruleMixedDigits},
		{"a\u0301\u0301", "com", ruleInvisible},
		{"þjóð", "com", ruleTLDChar},
		{"þjóð", "is", ruleNone},
		{"café中国", "cn", ruleLatinMix},
		{"a_b", "com", ruleChar},
		{"", "com", ruleChar},
	}
	for _, tt := range tests {
		if got := labelSpoofRule(tt.label, tt.tld, tt.tld); got != tt.want {
			t.Errorf("labelSpoofRule(%q, %q) = %q; want %q", tt.label, tt.tld, got, tt.want)
		}
	}
}

// FuzzDisplayHost checks that the display policy neither panics nor shows
// a host that does not map back to the same A-labels.
func FuzzDisplayHost(f *testing.F) {
	for _, h := range append(slices.Clone(spoofHosts), legitHosts...) {
		f.Add(h)
	}
	f.Add("xn--.com")
	f.Add("xn--hello?world.com")
	f.Add(strings.Repeat("ӏ", 40) + ".com")
	f.Add("þœþœþœ.com")
	f.Fuzz(func(t *testing.T, h string) {
		if !utf8.ValidString(h) {
			return
		}
		tld, tldU := hostTLD(h)
		for _, l := range strings.Split(h, ".") {
			labelSpoofRule(l, tld, tldU)
		}
		confusable.Top.Similar(h)
		got, err := DisplayHost(h)
		if err != nil || pct.IsASCII(got) {
			return
		}
		a, err := hostToASCII(h)
		if err != nil {
			return
		}
		back, err := hostToASCII(got)
		if err != nil || !strings.EqualFold(back, a) {
			t.Errorf("DisplayHost(%q) = %q maps to %q, %v; want %q", h, got, back, err, a)
		}
	})
}

// TestTopDomainLookalikes checks the look-alikes of well-known domains
// of relink issue 19, shown in Unicode while the list of top domains had
// 826 entries: each is now shown in A-labels, as a look-alike of its
// domain.
func TestTopDomainLookalikes(t *testing.T) {
	for _, tt := range []struct{ host, like string }{
		{"ledgeŗ.com", "ledger.com"},
		{"npmjş.com", "npmjs.com"},
		{"şchwab.com", "schwab.com"},
		{"ıng.nl", "ing.nl"},
		{"rabobanķ.nl", "rabobank.nl"},
		{"dhļ.com", "dhl.com"},
		{"robınhood.com", "robinhood.com"},
		{"metamasķ.io", "metamask.io"},
	} {
		uri, err := ToURI("https://" + tt.host + "/")
		if err != nil {
			t.Errorf("ToURI(%s): %v", tt.host, err)
			continue
		}
		got, err := ToIRI(uri)
		if err != nil || got != uri {
			t.Errorf("ToIRI(%s) = %s, %v; want %s (in A-labels)", uri, got, err, uri)
		}
		if r := ruleOf(hostOf(uri)); r != "looks like "+tt.like {
			t.Errorf("%s: rule %q; want %q", tt.host, r, "looks like "+tt.like)
		}
		// The domain itself is shown as it is.
		if got, err := ToIRI("https://" + tt.like + "/"); err != nil || got != "https://"+tt.like+"/" {
			t.Errorf("ToIRI(https://%s/) = %s, %v", tt.like, got, err)
		}
	}
}
