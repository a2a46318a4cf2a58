package main

import "testing"

// In web mode, the display IRI keeps a lone "%" of an absolute URL as the
// URL Standard's href does (ToURI(ToIRI(u)) == ToURI(u)), and encodes the
// ASCII characters of a relative reference that no IRI allows (controls,
// space, < > "), so that it is safe to show whatever the input.
func TestWebModeIRI(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"iri", "http://example.com/100%"}, "http://example.com/100%\n"},
		{[]string{"iri", "a\x01b c<d>\"e"}, "a%01b%20c%3Cd%3E%22e\n"},
	}
	for _, tt := range tests {
		if got := runString(tt.args, ""); got.code != 0 || got.stdout != tt.want {
			t.Errorf("relink %q: exit status %d, output %q; want 0 and %q", tt.args, got.code, got.stdout, tt.want)
		}
	}
}
