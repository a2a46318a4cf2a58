package rewrite

import (
	"fmt"
	"strings"
	"testing"
)

// TestPrefixMap checks PrefixMap: prefixes compared as the URL Standard
// writes them, at a path-segment boundary, the longest old one winning;
// and the errors of Add.
func TestPrefixMap(t *testing.T) {
	var m PrefixMap
	if _, ok := m.Map(nil, "https://a.example/"); ok {
		t.Error("the zero PrefixMap moves a URL")
	}
	for _, mv := range [][2]string{
		{"HTTPS://Old.Example/site/", "https://new.example"},
		{"https://old.example/site/deep", "https://deep.example/x/"},
		{"https://old.example", "https://other.example"},
		{"https://bücher.example/a b", "https://b.example"},
	} {
		if err := m.Add(mv[0], mv[1]); err != nil {
			t.Fatalf("Add(%q, %q): %v", mv[0], mv[1], err)
		}
	}
	for _, tt := range []struct{ href, want string }{
		{"https://old.example/site", "https://new.example"},
		{"https://old.example/site/a?q#f", "https://new.example/a?q#f"},
		{"https://old.example/site?q", "https://new.example?q"},
		{"https://old.example/site#f", "https://new.example#f"},
		{"https://old.example/sites", "https://other.example/sites"},
		{"https://old.example/site/deep/z", "https://deep.example/x/z"},
		{"https://old.example/site/deeper", "https://new.example/deeper"},
		{"https://xn--bcher-kva.example/a%20b/c", "https://b.example/c"},
		{"https://old.example.org/", ""},
		{"http://old.example/site/", ""},
	} {
		got, ok := m.Map(nil, tt.href)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("Map(%q) = %q, %v; want %q", tt.href, got, ok, tt.want)
		}
	}
	for _, tt := range []struct{ old, new, msg string }{
		{"a/b", "https://b.example", `rewrite: old prefix "a/b": not an absolute URL: `},
		{"https://a.example", "b", `rewrite: new prefix "b": not an absolute URL: `},
		{"https://a.example/?q=1", "https://b.example", "has a query"},
		{"https://a.example/", "https://b.example/#x", "has a fragment"},
		{"https://OLD.example/site", "https://c.example", "old prefix https://old.example/site is mapped twice"},
	} {
		err := m.Add(tt.old, tt.new)
		if err == nil || !strings.Contains(err.Error(), tt.msg) || strings.Contains(err.Error(), "weburl:") {
			t.Errorf("Add(%q, %q) = %v, want an error with %q", tt.old, tt.new, err, tt.msg)
		}
	}
}

// FuzzPrefixMap checks PrefixMap on any prefixes and href: Add never
// panics, a prefix it takes maps itself to its new prefix, and Map moves
// an href only to a URL that starts with a new prefix.
func FuzzPrefixMap(f *testing.F) {
	f.Add("https://old.example/site/", "https://new.example", "https://old.example/site/a?q#f")
	f.Add("HTTP://Ex.ample:80/a b", "https://b.example/x/", "http://ex.ample/a%20b/c")
	f.Fuzz(func(t *testing.T, old, new, href string) {
		var m PrefixMap
		if err := m.Add(old, new); err != nil {
			return
		}
		o, _ := movePrefix("old", old)
		n, _ := movePrefix("new", new)
		if got, ok := m.Map(nil, o); !ok || got != n {
			t.Fatalf("Map(%q) = %q, %v; want %q", o, got, ok, n)
		}
		if got, ok := m.Map(nil, href); ok && !strings.HasPrefix(got, n) {
			t.Fatalf("Map(%q) = %q, not below %q", href, got, n)
		}
	})
}

// BenchmarkPrefixMap looks up an href in maps of 1 and 100,000 moves:
// Map's cost is in the length of the href, not the number of moves.
func BenchmarkPrefixMap(b *testing.B) {
	for _, n := range []int{1, 100_000} {
		var m PrefixMap
		for i := range n {
			if err := m.Add(fmt.Sprintf("https://old.example/d%d", i), fmt.Sprintf("https://new.example/e%d", i)); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for range b.N {
				m.Map(nil, "https://old.example/d0/a/b/c.html?q=1#f")
				m.Map(nil, "https://other.example/a/b/c/d/e.html")
			}
		})
	}
}
