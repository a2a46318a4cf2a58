package iri

import (
	"testing"

	"golang.org/x/text/encoding/htmlindex"
)

// TestWebRelativeClean checks that webRelativeClean holds exactly for the
// references webRelativeEncode leaves unchanged.
func TestWebRelativeClean(t *testing.T) {
	sjis, err := htmlindex.Get("shift_jis")
	if err != nil {
		t.Fatal(err)
	}
	alphabet := []string{"a", "/", "?", "#", "\\", " ", "%", "é", "'", "\"", "<", "`", "{", "|", "^", ".", "&", "="}
	for _, c := range []*Converter{defaultConverter, NewConverter(WithMode(Web), WithCharset(sjis))} {
		var walk func(prefix string, depth int)
		walk = func(prefix string, depth int) {
			if clean, same := webRelativeClean(prefix), c.webRelativeEncode(prefix) == prefix; clean != same {
				t.Errorf("webRelativeClean(%q) = %v, but webRelativeEncode gives %q", prefix, clean, c.webRelativeEncode(prefix))
			}
			if depth == 0 {
				return
			}
			for _, a := range alphabet {
				walk(prefix+a, depth-1)
			}
		}
		walk("", 3)
	}
}

// FuzzWebRelativeClean checks webRelativeClean's first pass against the
// reading part by part.
func FuzzWebRelativeClean(f *testing.F) {
	for _, s := range []string{"a/b?c#d", "a b", "a?b'c", "a#b'c", "a#b`c", "a\\b", "a?b\\c", "abcdefgh/ijklmnop?q=r#s", "é", "a?é", "%zz", "a{b}", "a?{b}", "a#{b}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := webRelativeClean(s), webRelativeCleanParts(s); got != want {
			t.Errorf("webRelativeClean(%q) = %v, part by part %v", s, got, want)
		}
	})
}
