package textlink

import (
	"strings"
	"testing"
)

func TestHasPlaceholder(t *testing.T) {
	tests := []struct {
		link string
		want bool
	}{
		{"https://example.com/{name}/x", true},
		{"https://example.com/a/{{name}}", true},
		{"https://example.com/${X}/y", true},
		{"https://example.com/$VAR/z", true},
		{"https://example.com/?v=$VERSION&x=1", true},
		{"https://example.com/#$FRAG", true},
		{"https://api.example.com/users{/id}", true},
		{"https://example.com/search{?q,lang}", true},
		{"www.example.com/{org}/{repo}", true},
		{"https://example.com/a{b}", true},

		{"https://example.com/", false},
		{"https://example.com/{}", false},
		{"https://example.com/{1}", false},
		{"https://example.com/{a b}", false},
		{"https://example.com/$metadata", false}, // OData: lower case
		{"https://example.com/a$VAR", false},     // not a whole segment
		{"https://example.com/$VAR.txt", false},
		{"https://example.com/price/$5", false},
		{"https://example.com/{name", false},
		{"joe{x}@example.com", false}, // no path: an address
		{"https://{host}.example.com/", false},
	}
	for _, tt := range tests {
		if got := HasPlaceholder(tt.link); got != tt.want {
			t.Errorf("HasPlaceholder(%q) = %v, want %v", tt.link, got, tt.want)
		}
	}
}

// FuzzHasPlaceholder checks that HasPlaceholder does not panic and finds
// a placeholder only where a "{" or a "$" is.
func FuzzHasPlaceholder(f *testing.F) {
	for _, s := range []string{"https://example.com/{name}/x", "https://example.com/$VAR/z", "a/${", "x://y/{{a}", "/{+a,b*}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if HasPlaceholder(s) && !strings.ContainsAny(s, "{$") {
			t.Fatalf("HasPlaceholder(%q) without a { or $", s)
		}
	})
}
