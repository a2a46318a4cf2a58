package confusable

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

const dataDir = "../../testdata/uts39/"

// dataLines returns the fields of the data lines of a UCD-style file.
func dataLines(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(dataDir + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(strings.TrimPrefix(sc.Text(), "\uFEFF"), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		fs := strings.Split(line, ";")
		for i := range fs {
			fs[i] = strings.TrimSpace(fs[i])
		}
		out = append(out, fs)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func parseRange(t *testing.T, s string) (lo, hi rune) {
	a, b, ok := strings.Cut(s, "..")
	x, err := strconv.ParseUint(a, 16, 32)
	if err != nil {
		t.Fatal(err)
	}
	y := x
	if ok {
		if y, err = strconv.ParseUint(b, 16, 32); err != nil {
			t.Fatal(err)
		}
	}
	return rune(x), rune(y)
}

// TestPrototypes checks the generated table and Version against
// confusables.txt.
func TestPrototypes(t *testing.T) {
	data, err := os.ReadFile(dataDir + "confusables.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\n# Version: "+Version+"\n") {
		t.Errorf("confusables.txt is not version %s: go generate ./internal/confusable", Version)
	}
	want := map[rune]string{}
	for _, f := range dataLines(t, "confusables.txt") {
		r, _ := parseRange(t, f[0])
		var b strings.Builder
		for _, cp := range strings.Fields(f[1]) {
			x, _ := parseRange(t, cp)
			b.WriteRune(x)
		}
		want[r] = b.String()
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		got, ok := Prototype(r)
		w, wok := want[r]
		if ok != wok || got != w {
			t.Fatalf("Prototype(%U) = %q, %v; want %q, %v", r, got, ok, w, wok)
		}
	}
}

// TestAllowed checks the generated table against IdentifierStatus.txt and
// a few script sets.
func TestAllowed(t *testing.T) {
	allowed := map[rune]bool{}
	for _, f := range dataLines(t, "IdentifierStatus.txt") {
		lo, hi := parseRange(t, f[0])
		for r := lo; r <= hi; r++ {
			allowed[r] = true
		}
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		_, ok := Allowed(r)
		if ok != (allowed[r] && !unicode.Is(unicode.Categories["Cn"], r)) {
			t.Fatalf("Allowed(%U) = %v; IdentifierStatus.txt says %v", r, ok, allowed[r])
		}
	}
	tests := []struct {
		r    rune
		want Scripts
	}{
		{'a', Latn},
		{'-', AnyScript},
		{'1', AnyScript},
		{'а', Cyrl},
		{'օ', Armn},
		{'中', Hani | Hanb | Jpan | Kore},
		{'あ', Hira | Jpan},
		{'ノ', Kana | Jpan},
		{'ー', Hira | Kana | Jpan}, // Script_Extensions
		{'한', Hang | Kore},
		{'ㄅ', Bopo | Hanb},
		{'\u0301', AnyScript},
	}
	for _, tt := range tests {
		if got, ok := Allowed(tt.r); !ok || got != tt.want {
			t.Errorf("Allowed(%q) = %v, %v; want %v", tt.r, got, ok, tt.want)
		}
	}
	for _, r := range "ɡ\u200d\u2215☃🔒ㇵ" {
		if _, ok := Allowed(r); ok {
			t.Errorf("Allowed(%+q) = true", r)
		}
	}
}

func TestSkeleton(t *testing.T) {
	pairs := [][2]string{
		{"paypal", "pаypal"}, // Cyrillic a
		{"apple", "аррlе"},
		{"google", "gօօgle"},
		{"google", "ɡoogle"},
		{"instagram", "ınstagram"},
		{"rn", "m"},
	}
	for _, p := range pairs {
		if a, b := Skeleton(p[0]), Skeleton(p[1]); a != b {
			t.Errorf("Skeleton(%q) = %q, Skeleton(%q) = %q; want equal", p[0], a, p[1], b)
		}
	}
	if a, b := Skeleton("paypal"), Skeleton("paypa1x"); a == b {
		t.Errorf("Skeleton(paypal) = Skeleton(paypa1x) = %q", a)
	}
}

// TestHostSkeletons runs the skeleton cases of Chromium's
// idn_spoof_checker_unittest.cc (Skeletons and MultipleSkeletons).
func TestHostSkeletons(t *testing.T) {
	tests := []struct {
		host string
		want []string
	}{
		{"test‐site", []string{"test-site"}},
		{"test‒site", []string{"test-site"}},
		{"test–site", []string{"test-site"}},
		{"test—site", []string{"test-site"}},
		{"test﹘site", []string{"test-site"}},
		{"test―site", []string{"test-site"}},
		{"test一site", []string{"test-site"}},
		{"test−site", []string{"test-site"}},
		{"test⸺site", []string{"test-site"}},
		{"test⸻site", []string{"test-site"}},
		{"七est.net", []string{"test.net"}},
		{"丅est.net", []string{"test.net"}},
		{"丆est.net", []string{"test.net"}},
		{"c丫xe.com", []string{"cyxe.corn"}},
		{"cy乂e.com", []string{"cyxe.corn"}},
		{"丩3.com", []string{"43.corn"}},
		{"appӏe.com", []string{"appie.corn", "apple.corn"}},
		{"œxamþle.com", []string{"cexarnble.corn", "cexarnple.corn", "cexarnþle.corn", "oexarnble.corn", "oexarnple.corn", "oexarnþle.corn"}},
		{"éxample.com.", []string{"exarnple.corn"}},
	}
	for _, tt := range tests {
		got := HostSkeletons(tt.host)
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("HostSkeletons(%q) = %q; want %q", tt.host, got, tt.want)
		}
	}
	// Too many characters with alternatives: one skeleton.
	if got := HostSkeletons(strings.Repeat("œ", 30)); len(got) != 1 {
		t.Errorf("HostSkeletons(30 œ) has %d skeletons; want 1", len(got))
	}
}

// TestSimilar runs Chromium's GetSimilarTopDomain cases against its test
// list of top domains.
func TestSimilar(t *testing.T) {
	data, err := os.ReadFile("../../testdata/chromium-idn/idn_test_domains.list")
	if err != nil {
		t.Fatal(err)
	}
	names, err := ParseDomainList(data)
	if err != nil {
		t.Fatal(err)
	}
	top := NewTopDomains(names)
	tests := []struct{ host, want string }{
		{"tést.net", "test.net"},
		{"subdomain.tést.net", "test.net"},
		{"test.net", ""},
		{"subdomain.test.net", ""},
		{"subdómain.test.net", ""},
		{"tesł.net", "test.net"},
		{"łest.net", "test.net"},
		{"łesł.net", "test.net"},
		{"စ2.com", "o2.com"},
		{"კ9.com", "39.com"},
		{"ੜ9.com", "39.com"},
		{"digklrno68.com", "digklmo68.com"},
		{"example.com", ""},
		{"com", ""},
	}
	for _, tt := range tests {
		if got := top.Similar(tt.host); got != tt.want {
			t.Errorf("Similar(%q) = %q; want %q", tt.host, got, tt.want)
		}
	}
	// The production list.
	for _, h := range []string{"ınstagram.com", "gооgle.com", "аррӏе.com", "www.gοοgle.com"} {
		if got := Top.Similar(h); got == "" {
			t.Errorf("Top.Similar(%q) = %q; want a top domain", h, got)
		}
	}
	for _, h := range []string{"google.com", "mail.google.com", "bücher.de", "例え.テスト"} {
		if got := Top.Similar(h); got != "" {
			t.Errorf("Top.Similar(%q) = %q; want none", h, got)
		}
	}
}

// TestTopDomainsGenerated checks that topdomains.go is what gentop.go
// makes of domains.list (Chromium's) and domains-relink.list (relink's
// additions, none of them in Chromium's list).
func TestTopDomainsGenerated(t *testing.T) {
	var lists [2][]string
	for i, file := range []string{"domains.list", "domains-relink.list"} {
		data, err := os.ReadFile("../../testdata/chromium-idn/" + file)
		if err != nil {
			t.Fatal(err)
		}
		if lists[i], err = ParseDomainList(data); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
	}
	chromium, relink := lists[0], lists[1]
	for _, d := range relink {
		if slices.Contains(chromium, d) {
			t.Errorf("domains-relink.list: %s is in Chromium's list already", d)
		}
	}
	skels, doms := NewTopDomains(append(slices.Clone(chromium), relink...)).Entries()
	if !slices.Equal(skels, topSkeletons[:]) || !slices.Equal(doms, topNames[:]) {
		t.Errorf("topdomains.go is out of date: run go generate")
	}
	if len(chromium) < 8000 {
		t.Errorf("only %d top domains in Chromium's list", len(chromium))
	}
}

func TestParseDomainList(t *testing.T) {
	if _, err := ParseDomainList([]byte("a.com\nB.com\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("ParseDomainList(B.com) error = %v; want one naming line 2", err)
	}
}

func FuzzHostSkeletons(f *testing.F) {
	for _, s := range []string{"аррӏе.com", "œxamþle.com", "ł" + strings.Repeat("œ", 5), "test⸻site", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		if n := len(HostSkeletons(h)); n > maxSkeletons {
			t.Errorf("HostSkeletons(%q) gives %d skeletons; want at most %d", h, n, maxSkeletons)
		}
		host := strings.TrimSuffix(h, ".")
		if d := Top.Similar(h); d != "" && (host == d || strings.HasSuffix(host, "."+d)) {
			t.Errorf("Top.Similar(%q) = %q, the host itself or a domain above it; want \"\"", h, d)
		}
		Skeleton(h)
	})
}
