package htmlattr

import (
	"strings"
	"testing"
)

var lookupTests = []struct {
	tag, attr string
	ok        bool
	want      Rule
}{
	{"a", "href", true, Rule{Kind: KindURL, Role: RoleHyperlink}},
	{"area", "href", true, Rule{Kind: KindURL, Role: RoleHyperlink}},
	{"a", "ping", true, Rule{Kind: KindSpaceList, Role: RolePing}},
	{"base", "href", true, Rule{Kind: KindURL, Role: RoleBase}},
	{"link", "href", true, Rule{Kind: KindURL, Role: RoleHyperlink, Cond: CondRel}},
	{"link", "imagesrcset", true, Rule{Kind: KindSrcset, Role: RoleResource}},
	{"img", "src", true, Rule{Kind: KindURL, Role: RoleResource}},
	{"img", "srcset", true, Rule{Kind: KindSrcset, Role: RoleResource}},
	{"source", "srcset", true, Rule{Kind: KindSrcset, Role: RoleResource}},
	{"iframe", "src", true, Rule{Kind: KindURL, Role: RoleFrame}},
	{"iframe", "srcdoc", true, Rule{Kind: KindHTML, Role: RoleFrame}},
	{"input", "src", true, Rule{Kind: KindURL, Role: RoleResource, Cond: CondImageInput}},
	{"input", "formaction", true, Rule{Kind: KindURL, Role: RoleForm}},
	{"form", "action", true, Rule{Kind: KindURL, Role: RoleForm}},
	{"video", "poster", true, Rule{Kind: KindURL, Role: RoleResource}},
	{"q", "cite", true, Rule{Kind: KindURL, Role: RoleReference}},
	{"meta", "content", true, Rule{Kind: KindRefresh, Role: RoleHyperlink, Cond: CondMeta}},
	{"html", "manifest", true, Rule{Kind: KindURL, Role: RoleResource, Flags: FlagIgnoresBase | FlagObsolete}},
	{"td", "background", true, Rule{Kind: KindURL, Role: RoleResource, Flags: FlagObsolete}},
	{"head", "profile", true, Rule{Kind: KindSpaceList, Role: RoleReference, Flags: FlagObsolete}},
	{"object", "codebase", true, Rule{Kind: KindURL, Role: RoleResource, Flags: FlagCodebase | FlagObsolete}},
	{"object", "data", true, Rule{Kind: KindURL, Role: RoleResource, Flags: FlagUsesCodebase}},
	{"object", "archive", true, Rule{Kind: KindSpaceList, Role: RoleResource, Flags: FlagUsesCodebase | FlagObsolete}},
	{"applet", "archive", true, Rule{Kind: KindCommaList, Role: RoleResource, Flags: FlagUsesCodebase | FlagObsolete}},
	{"applet", "code", true, Rule{Kind: KindURL, Role: RoleResource, Flags: FlagUsesCodebase | FlagObsolete}},
	{"param", "value", true, Rule{Kind: KindURL, Role: RoleResource, Flags: FlagObsolete, Cond: CondParamURL}},
	{"image", "src", true, Rule{Kind: KindURL, Role: RoleResource, Flags: FlagObsolete}},
	{"isindex", "action", true, Rule{Kind: KindURL, Role: RoleForm, Flags: FlagObsolete}},
	// SVG and MathML.
	{"a", "xlink:href", true, Rule{Kind: KindURL, Role: RoleHyperlink}},
	{"use", "xlink:href", true, Rule{Kind: KindURL, Role: RoleResource}},
	{"use", "href", true, Rule{Kind: KindURL, Role: RoleResource}},
	{"feimage", "href", true, Rule{Kind: KindURL, Role: RoleResource}},
	{"script", "href", true, Rule{Kind: KindURL, Role: RoleResource}},
	{"rect", "fill", true, Rule{Kind: KindCSS, Role: RoleResource}},
	{"mi", "href", true, Rule{Kind: KindURL, Role: RoleHyperlink}},
	{"mrow", "xlink:href", true, Rule{Kind: KindURL, Role: RoleHyperlink}},
	{"math", "altimg", true, Rule{Kind: KindURL, Role: RoleResource}},
	// Any element.
	{"div", "style", true, Rule{Kind: KindCSS, Role: RoleResource}},
	{"a", "style", true, Rule{Kind: KindCSS, Role: RoleResource}},
	{"custom-element", "xlink:href", true, Rule{Kind: KindURL, Role: RoleResource}},
	{"img", "data-src", true, Rule{Kind: KindURL, Role: RoleResource, Flags: FlagLazy}},
	{"div", "data-bg", true, Rule{Kind: KindURL, Role: RoleResource, Flags: FlagLazy}},
	{"div", "data-bg-multi", true, Rule{Kind: KindCSS, Role: RoleResource, Flags: FlagLazy}},
	{"img", "data-lazy-srcset", true, Rule{Kind: KindSrcset, Role: RoleResource, Flags: FlagLazy}},
	{"div", "data-background-image", true, Rule{Kind: KindCommaList, Role: RoleResource, Flags: FlagLazy}},
	{"", "style", true, Rule{Kind: KindCSS, Role: RoleResource}},
	// No rule.
	{"a", "class", false, Rule{}},
	{"a", "", false, Rule{}},
	{"div", "href", false, Rule{}},
	{"div", "src", false, Rule{}},
	{"", "href", false, Rule{}},
	{"img", "usemap", false, Rule{}},
	{"html", "xmlns", false, Rule{}},
	{"svg", "xmlns:xlink", false, Rule{}},
	{"div", "itemtype", false, Rule{}},
	{"div", "data-href", true, Rule{Kind: KindURL, Role: RoleSpeculative}},
	{"a", "data-uri", true, Rule{Kind: KindURL, Role: RoleSpeculative}},
	{"div", "onclick", true, Rule{Kind: KindOnclick, Role: RoleSpeculative}},
	{"input", "onclick", true, Rule{Kind: KindOnclick, Role: RoleSpeculative}},
	{"a", "onclick", false, Rule{}},
	{"button", "onclick", false, Rule{}},
	{"div", "onmouseover", false, Rule{}},
	{"div", "data-url", false, Rule{}},
	{"a", "HREF", false, Rule{}}, // names must be lower case
	{"A", "href", false, Rule{}},
	{"img", "data-srcset-x", false, Rule{}},
	{"a", strings.Repeat("x", 1000), false, Rule{}},
}

func TestLookup(t *testing.T) {
	for _, tt := range lookupTests {
		got, ok := Lookup([]byte(tt.tag), []byte(tt.attr))
		if ok != tt.ok || got != tt.want {
			t.Errorf("Lookup(%q, %q) = %+v, %v; want %+v, %v", tt.tag, tt.attr, got, ok, tt.want, tt.ok)
		}
	}
}

func TestRulesTable(t *testing.T) {
	seen := map[[2]string]bool{}
	for _, e := range Rules() {
		key := [2]string{e.Tag, e.Attr}
		if seen[key] {
			t.Errorf("%s@%s is in the table twice", e.Tag, e.Attr)
		}
		seen[key] = true
		if e.Tag != strings.ToLower(e.Tag) || e.Attr != strings.ToLower(e.Attr) || e.Attr == "" {
			t.Errorf("%q@%q: names must be lower case and attr not empty", e.Tag, e.Attr)
		}
		if e.Kind == 0 || e.Kind > KindOnclick || e.Role == 0 || e.Role > RoleSpeculative || e.Source == "" {
			t.Errorf("%s@%s: incomplete entry %+v", e.Tag, e.Attr, e)
		}
		if (e.Kind == KindOnclick) != (e.Role == RoleSpeculative && e.Attr == "onclick") {
			t.Errorf("%s@%s: KindOnclick is the kind of the speculative onclick, and only its", e.Tag, e.Attr)
		}
		if e.Flags&FlagLazy != 0 && (e.Tag != "" || !strings.HasPrefix(e.Attr, "data-")) {
			t.Errorf("%s@%s: lazy-loading attributes are data- attributes of any element", e.Tag, e.Attr)
		}
		got, ok := Lookup([]byte(e.Tag), []byte(e.Attr))
		if !ok || got != e.Rule {
			t.Errorf("Lookup(%q, %q) = %+v, %v; the table says %+v", e.Tag, e.Attr, got, ok, e.Rule)
		}
		if e.Tag != "" {
			// A named element's rule wins over an any-element rule, so a
			// rule of its own must say something different.
			if r, ok := lookupAny(e.Attr); ok && r == e.Rule {
				t.Errorf("%s@%s repeats the rule for any element", e.Tag, e.Attr)
			}
		}
	}
	if len(seen) < 150 {
		t.Errorf("only %d entries", len(seen))
	}
}

func lookupAny(attr string) (Rule, bool) {
	for _, e := range ruleTable {
		if e.Tag == "" && e.Attr == attr {
			return e.Rule, true
		}
	}
	return Rule{}, false
}

func TestLookupAllocs(t *testing.T) {
	tag, attr, miss := []byte("img"), []byte("srcset"), []byte("class")
	if n := testing.AllocsPerRun(100, func() {
		Lookup(tag, attr)
		Lookup(tag, miss)
	}); n != 0 {
		t.Errorf("Lookup allocates %v times", n)
	}
}

func TestMetaContent(t *testing.T) {
	tests := []struct {
		httpEquiv, name, property string
		ok                        bool
		want                      Rule
	}{
		{"refresh", "", "", true, Rule{Kind: KindRefresh, Role: RoleHyperlink}},
		{"REFRESH", "og:image", "", true, Rule{Kind: KindRefresh, Role: RoleHyperlink}},
		{" refresh", "", "", false, Rule{}},
		{"content-type", "", "", false, Rule{}},
		{"", "", "og:image", true, Rule{Kind: KindURL, Role: RoleResource}},
		{"", "og:image:secure_url", "", true, Rule{Kind: KindURL, Role: RoleResource}},
		{"", "", "OG:URL", true, Rule{Kind: KindURL, Role: RoleHyperlink}},
		{"", "twitter:image", "", true, Rule{Kind: KindURL, Role: RoleResource}},
		{"", "twitter:player", "", true, Rule{Kind: KindURL, Role: RoleFrame}},
		{"", "msapplication-TileImage", "", true, Rule{Kind: KindURL, Role: RoleResource}},
		{"", "description", "og:description", false, Rule{}},
		{"", "og:title", "og:image", true, Rule{Kind: KindURL, Role: RoleResource}},
		{"", "", "", false, Rule{}},
	}
	b := func(s string) []byte {
		if s == "" {
			return nil
		}
		return []byte(s)
	}
	for _, tt := range tests {
		got, ok := MetaContent(b(tt.httpEquiv), b(tt.name), b(tt.property))
		if ok != tt.ok || got != tt.want {
			t.Errorf("MetaContent(%q, %q, %q) = %+v, %v; want %+v, %v", tt.httpEquiv, tt.name, tt.property, got, ok, tt.want, tt.ok)
		}
	}
}

func TestLinkRole(t *testing.T) {
	tests := []struct {
		rel  string
		want Role
	}{
		{"", RoleHyperlink},
		{"stylesheet", RoleResource},
		{"alternate stylesheet", RoleResource},
		{"Shortcut Icon", RoleResource},
		{"\ticon\n", RoleResource},
		{"apple-touch-icon-precomposed", RoleResource},
		{"preload", RoleResource},
		{"modulepreload", RoleResource},
		{"alternate", RoleHyperlink},
		{"canonical", RoleHyperlink},
		{"next", RoleHyperlink},
		{"nofollow noopener", RoleHyperlink},
		{"pingback", RoleReference},
		{"preconnect dns-prefetch", RoleReference},
		{"dns-prefetch stylesheet", RoleResource},
		{"stylesheets", RoleHyperlink},
		{"icon\vx", RoleHyperlink}, // VT is not a separator
	}
	for _, tt := range tests {
		if got := LinkRole([]byte(tt.rel)); got != tt.want {
			t.Errorf("LinkRole(%q) = %v, want %v", tt.rel, got, tt.want)
		}
	}
}

func TestParamIsURL(t *testing.T) {
	tests := []struct {
		name, valuetype string
		want            bool
	}{
		{"movie", "", true},
		{"Movie", "", true},
		{"src", "", true},
		{"FileName", "", true},
		{"flashvars", "", false},
		{"quality", "", false},
		{"anything", "ref", true},
		{"anything", "REF", true},
		{"anything", "data", false},
	}
	for _, tt := range tests {
		if got := ParamIsURL([]byte(tt.name), []byte(tt.valuetype)); got != tt.want {
			t.Errorf("ParamIsURL(%q, %q) = %v, want %v", tt.name, tt.valuetype, got, tt.want)
		}
	}
}

func TestKindRoleString(t *testing.T) {
	if KindSrcset.String() != "Srcset" || Kind(0).String() != "Kind(0)" || RoleResource.String() != "Resource" || Role(99).String() != "Role(99)" {
		t.Errorf("String: %v %v %v %v", KindSrcset, Kind(0), RoleResource, Role(99))
	}
}

// benchAttrs is a mix of tag and attribute names as a typical page has
// them: mostly attributes that hold no link.
var benchAttrs = [][2][]byte{
	{[]byte("div"), []byte("class")},
	{[]byte("div"), []byte("id")},
	{[]byte("a"), []byte("href")},
	{[]byte("a"), []byte("class")},
	{[]byte("a"), []byte("title")},
	{[]byte("img"), []byte("src")},
	{[]byte("img"), []byte("alt")},
	{[]byte("img"), []byte("width")},
	{[]byte("img"), []byte("height")},
	{[]byte("img"), []byte("srcset")},
	{[]byte("img"), []byte("data-src")},
	{[]byte("span"), []byte("class")},
	{[]byte("span"), []byte("style")},
	{[]byte("meta"), []byte("name")},
	{[]byte("meta"), []byte("content")},
	{[]byte("link"), []byte("rel")},
	{[]byte("link"), []byte("href")},
	{[]byte("script"), []byte("type")},
	{[]byte("div"), []byte("data-testid")},
	{[]byte("button"), []byte("aria-label")},
}

func BenchmarkLookup(b *testing.B) {
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, ta := range benchAttrs {
			if _, ok := Lookup(ta[0], ta[1]); ok {
				n++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchAttrs)), "ns/lookup")
}
