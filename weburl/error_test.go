package weburl

import (
	"errors"
	"testing"
)

// TestErrorUnwrap checks that a parse failure is an *Error whose cause
// (Err, what Unwrap returns) holds the reason alone, without the input or
// the base, as url.Error and iri.Error do.
func TestErrorUnwrap(t *testing.T) {
	base, err := Parse("https://example.org/", nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		input string
		base  *URL
		cause string
		msg   string
	}{
		{"https://example.org:x/", nil, `invalid port "x"`, `weburl: invalid URL "https://example.org:x/": invalid port "x"`},
		{"a/b", nil, "", ""},
		{"http://[::1", base, "", ""},
	}
	for _, tt := range tests {
		_, err := Parse(tt.input, tt.base)
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("Parse(%q): %v, want an *Error", tt.input, err)
		}
		cause := errors.Unwrap(err)
		if cause == nil || cause != e.Err {
			t.Fatalf("Parse(%q): Unwrap = %v, want Err %v", tt.input, cause, e.Err)
		}
		if tt.cause != "" && cause.Error() != tt.cause {
			t.Errorf("Parse(%q): cause %q, want %q", tt.input, cause, tt.cause)
		}
		if tt.msg != "" && err.Error() != tt.msg {
			t.Errorf("Parse(%q): %q, want %q", tt.input, err, tt.msg)
		}
		if want := e.Error(); len(cause.Error()) >= len(want) || want[len(want)-len(cause.Error()):] != cause.Error() {
			t.Errorf("Parse(%q): message %q does not end in its cause %q", tt.input, want, cause)
		}
		if tt.base != nil && e.Base != tt.base.String() {
			t.Errorf("Parse(%q): Base %q, want %q", tt.input, e.Base, tt.base)
		}
	}
}
