package linkfilter

import (
	"errors"
	"strings"
	"testing"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		in, scheme, host string
		hasHost          bool
	}{
		{"https://example.org/a", "https", "example.org", true},
		{"HTTP://u:p@Example.org:8080?q", "http", "Example.org", true},
		{"http://[::1]:80/", "http", "[::1]", true},
		{"http://[::1]/", "http", "[::1]", true},
		{"//example.org#f", "", "example.org", true},
		{"file:///etc/passwd", "file", "", true},
		{"mailto:a@b", "mailto", "", false},
		{"a/b:c", "", "", false},
		{"/b", "", "", false},
		{"", "", "", false},
	}
	for _, tt := range tests {
		scheme, host, hasHost := split(tt.in)
		if scheme != tt.scheme || host != tt.host || hasHost != tt.hasHost {
			t.Errorf("split(%q) = %q, %q, %v; want %q, %q, %v", tt.in, scheme, host, hasHost, tt.scheme, tt.host, tt.hasHost)
		}
	}
}

func TestRegistrableDomain(t *testing.T) {
	tests := []struct{ host, site string }{
		{"www.example.org", "example.org"},
		{"example.org", "example.org"},
		{"a.b.example.co.uk", "example.co.uk"},
		{"Example.ORG.", "example.org"},
		{"co.uk", "co.uk"},
		{"localhost", "localhost"},
		{"192.168.0.1", "192.168.0.1"},
		{"[::1]", "[::1]"},
		{"user.github.io", "user.github.io"},
		{"xn--r8jz45g.xn--zckzah", "xn--r8jz45g.xn--zckzah"},
		{"a.xn--r8jz45g.xn--zckzah", "xn--r8jz45g.xn--zckzah"},
	}
	for _, tt := range tests {
		if got := RegistrableDomain(tt.host); got != tt.site {
			t.Errorf("RegistrableDomain(%q) = %q, want %q", tt.host, got, tt.site)
		}
	}
}

func TestHostWithin(t *testing.T) {
	tests := []struct {
		host, domain string
		want         bool
	}{
		{"example.org", "example.org", true},
		{"www.Example.ORG.", "example.org", true},
		{"example.org.uk", "example.org", false},
		{"ample.org", "example.org", false},
		{"notexample.org", "example.org", false},
		{"org", "example.org", false},
		{"[::1]", "[::1]", true},
	}
	for _, tt := range tests {
		if got := HostWithin(tt.host, tt.domain); got != tt.want {
			t.Errorf("HostWithin(%q, %q) = %v, want %v", tt.host, tt.domain, got, tt.want)
		}
	}
}

// TestMatch checks each option of a Filter, alone and together, on the
// links of one document at https://example.org/x.
func TestMatch(t *testing.T) {
	const doc = "https://example.org/x"
	links := map[string]*extract.Link{
		"a":     {Tag: "a", Attr: "href", Role: htmlattr.RoleHyperlink, Rel: "NoFollow\tugc", Href: "https://www.example.org/a"},
		"rel":   {Tag: "a", Attr: "href", Role: htmlattr.RoleHyperlink, Href: "/b"},
		"c":     {Tag: "a", Attr: "href", Role: htmlattr.RoleHyperlink, Rel: "sponsored", Href: "https://shop.example.co.uk/c"},
		"img":   {Tag: "img", Attr: "src", Role: htmlattr.RoleResource, Href: "http://cdn.example.net:8080/i.png"},
		"mail":  {Tag: "a", Attr: "href", Role: htmlattr.RoleHyperlink, Href: "mailto:x@example.org"},
		"form":  {Tag: "form", Attr: "action", Role: htmlattr.RoleForm, Href: "https://user@EXAMPLE.org./post"},
		"v6":    {Tag: "a", Attr: "href", Role: htmlattr.RoleHyperlink, Href: "http://[::1]/v6"},
		"idn":   {Tag: "a", Attr: "href", Role: htmlattr.RoleHyperlink, Href: "https://xn--r8jz45g.xn--zckzah/p"},
		"text":  {Href: "http://www.example.com/t"},
		"bad":   {Tag: "a", Attr: "href", Role: htmlattr.RoleHyperlink, Err: errors.New("invalid")},
		"netpr": {Tag: "a", Attr: "href", Role: htmlattr.RoleHyperlink, Href: "//example.org/p"},
	}
	tests := []struct {
		name string
		opts Options
		doc  string
		want []string
	}{
		{"zero", Options{}, doc, []string{"a", "rel", "c", "img", "mail", "form", "v6", "idn", "text", "bad", "netpr"}},
		{"scheme, any case", Options{Schemes: []string{"MAILTO", "http"}}, doc, []string{"img", "mail", "v6", "text"}},
		{"tag", Options{Tags: []string{"IMG", "form"}}, doc, []string{"img", "form"}},
		{"attr", Options{Attrs: []string{"src"}}, doc, []string{"img"}},
		{"role", Options{Roles: []htmlattr.Role{htmlattr.RoleForm, 0}}, doc, []string{"form", "text"}},
		{"rel token, any case", Options{Rels: []string{"ugc", "Sponsored"}}, doc, []string{"a", "c"}},
		{"host and subdomains", Options{Hosts: []string{"example.org"}}, doc, []string{"a", "form", "netpr"}},
		{"host in Unicode", Options{Hosts: []string{"テスト"}}, doc, []string{"idn"}},
		{"host IP", Options{Hosts: []string{"[::1]"}}, doc, []string{"v6"}},
		{"same-site", Options{Site: SameSite}, doc, []string{"a", "rel", "form", "netpr"}},
		{"external", Options{Site: External}, doc, []string{"c", "img", "v6", "idn", "text"}},
		{"same-site without a document URL", Options{Site: SameSite}, "", []string{"rel"}},
		{"external without a document URL", Options{Site: External}, "", []string{"a", "c", "img", "form", "v6", "idn", "text", "netpr"}},
		{"external hyperlinks over https", Options{Site: External, Roles: []htmlattr.Role{htmlattr.RoleHyperlink}, Schemes: []string{"https"}}, doc, []string{"c", "idn"}},
	}
	for _, tt := range tests {
		f, err := New(tt.opts)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		for name, l := range links {
			want := false
			for _, w := range tt.want {
				want = want || w == name
			}
			if got := f.Match(l, tt.doc); got != want {
				t.Errorf("%s: Match(%s %q) = %v, want %v", tt.name, name, l.Href, got, want)
			}
		}
	}
	var zero Filter
	if !zero.Match(links["bad"], "") {
		t.Error("the zero Filter leaves a link")
	}
}

// TestMatchSiteChanges checks that Match follows a change of document.
func TestMatchSiteChanges(t *testing.T) {
	f, err := New(Options{Site: SameSite})
	if err != nil {
		t.Fatal(err)
	}
	l := &extract.Link{Href: "https://b.example.co.uk/"}
	for _, tt := range []struct {
		doc  string
		want bool
	}{
		{"https://a.example.co.uk/", true},
		{"https://example.org/", false},
		{"http://B.EXAMPLE.co.uk:8080/", true},
		{"mailto:x@example.co.uk", false},
		{"https://a.example.co.uk/", true},
	} {
		if got := f.Match(l, tt.doc); got != tt.want {
			t.Errorf("in %s: %v, want %v", tt.doc, got, tt.want)
		}
	}
}

func TestNewErrors(t *testing.T) {
	for _, tt := range []struct {
		opts  Options
		field string
		value string
	}{
		{Options{Schemes: []string{"http:"}}, "scheme", "http:"},
		{Options{Schemes: []string{"1http"}}, "scheme", "1http"},
		{Options{Schemes: []string{""}}, "scheme", ""},
		{Options{Hosts: []string{"example.org/path"}}, "host", "example.org/path"},
		{Options{Hosts: []string{"a b"}}, "host", "a b"},
		{Options{Hosts: []string{"example.org:8080"}}, "host", "example.org:8080"},
		{Options{Hosts: []string{"[::1]:80"}}, "host", "[::1]:80"},
		{Options{Hosts: []string{"u@example.org"}}, "host", "u@example.org"},
		{Options{Roles: []htmlattr.Role{htmlattr.RoleSpeculative + 1}}, "role", (htmlattr.RoleSpeculative + 1).String()},
		{Options{Site: External + 1}, "site", "3"},
	} {
		_, err := New(tt.opts)
		var e *Error
		if !errors.As(err, &e) || e.Field != tt.field || e.Value != tt.value || e.Want == "" {
			t.Errorf("New(%+v) = %v, want an *Error on %s %q", tt.opts, err, tt.field, tt.value)
		}
	}
}

// FuzzMatch checks Match on any href and document URL: it never panics,
// a link is never both same-site and external, and a link with a host
// lies within its own host and, when it is not an IP literal, its own
// registrable domain.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"https://www.example.org/a", "/b", "//example.org/p", "mailto:x@y", "http://[::1]:80/", "HTTP://u@Ex.co.uk.:1?q", "", "a:b//c"} {
		f.Add(s, "https://example.org/")
	}
	same, _ := New(Options{Site: SameSite})
	ext, _ := New(Options{Site: External})
	f.Fuzz(func(t *testing.T, href, doc string) {
		l := &extract.Link{Href: href}
		if same.Match(l, doc) && ext.Match(l, doc) {
			t.Errorf("%q in %q: both same-site and external", href, doc)
		}
		_, host, ok := split(href)
		if !ok || host == "" {
			return
		}
		if !HostWithin(host, strings.TrimSuffix(host, ".")) {
			t.Errorf("%q is not within itself", host)
		}
		if d := RegistrableDomain(host); d != strings.TrimSuffix(asciiLower(host), ".") && !HostWithin(host, d) {
			t.Errorf("%q is not within its registrable domain %q", host, d)
		}
	})
}
