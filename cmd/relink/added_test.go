package main

import (
	"testing"
)

// TestExtractAdded checks --added OLD NEW: the links of NEW that OLD does
// not have (same role and href resolved by the place of the file), with
// NEW's places, for two trees and two files.
func TestExtractAdded(t *testing.T) {
	const dir = "testdata/added/"
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-r", "--format", "tsv", dir + "old", dir + "new"}, exitOK,
			// https://ex.org/x and a.html are in OLD; the img of a.html
			// was a resource in OLD, the a of a.html is a hyperlink; ../a.html
			// in sub is OLD's; sub's a.html is another URL.
			dir + "new/index.html\t4\t81\ta\thref\thttps://ex.org/y\thttps://ex.org/y\thttps://ex.org/y\n" +
				dir + "new/index.html\t5\t150\timg\tsrc\tb.png\tb.png\tb.png\n" +
				dir + "new/sub/p.html\t2\t35\ta\thref\ta.html\ta.html\ta.html\n"},
		{[]string{"-r", "--format", "href", "--base", "https://ex.org/", dir + "old", dir + "new"}, exitOK,
			"https://ex.org/y\nhttps://ex.org/b.png\nhttps://ex.org/sub/a.html\n"},
		{[]string{"--format", "href", dir + "old/index.html", dir + "new/index.html"}, exitOK, "https://ex.org/y\nb.png\n"},
		// Reversed: OLD's img of a.html is a resource NEW lacks.
		{[]string{"--format", "href", dir + "new/index.html", dir + "old/index.html"}, exitOK, "a.html\n"},
		{[]string{"--format", "href", "--role", "resource", dir + "old/index.html", dir + "new/index.html"}, exitOK, "b.png\n"},
		{[]string{dir + "old"}, exitUsage, ""},
		{[]string{dir + "old", "-"}, exitUsage, ""},
	}
	for _, tt := range tests {
		got := runString(append([]string{"extract", "--added"}, tt.args...), "")
		if got.code != tt.code || got.stdout != tt.want {
			t.Errorf("extract --added %q: exit %d\n%s\nwant exit %d\n%s\nstderr %s", tt.args, got.code, got.stdout, tt.code, tt.want, got.stderr)
		}
	}
}
