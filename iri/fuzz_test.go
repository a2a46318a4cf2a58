package iri_test

import (
	"errors"
	"testing"

	"github.com/relink-go/relink/iri"
	"golang.org/x/text/encoding/charmap"
)

// addSeeds adds every table input and every real URL to the corpus;
// testdata/fuzz/<FuzzName>/ holds what fuzzing found.
func addSeeds(f *testing.F) {
	for _, s := range allInputs(f) {
		f.Add(s)
	}
}

// FuzzParse: Parse never panics; in Strict and LEIRI mode a reference that
// parses gives back its input, and an error is an *Error with an offset
// inside the input. Web mode's preprocessing is idempotent.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		for _, m := range []iri.Mode{iri.Strict, iri.LEIRI} {
			r, err := inMode(m).Parse(s)
			if err != nil {
				var e *iri.Error
				if !errors.As(err, &e) || e.Op != "parse" || e.Mode != m || e.Input != s ||
					e.Offset < 0 || e.Offset > len(s) {
					t.Fatalf("%v.Parse(%q): bad error %#v", m, s, err)
				}
				continue
			}
			if got := r.String(); got != s {
				t.Fatalf("%v.Parse(%q).String() = %q", m, s, got)
			}
		}
		if _, err := inMode(iri.Strict).Parse(s); err == nil {
			if _, err := inMode(iri.LEIRI).Parse(s); err != nil {
				t.Fatalf("Strict accepts %q but LEIRI does not: %v", s, err)
			}
		}
		w, err := inMode(iri.Web).Parse(s)
		if err != nil {
			return
		}
		ws := w.String()
		w2, err := inMode(iri.Web).Parse(ws)
		if err != nil || w2.String() != ws {
			t.Fatalf("Web.Parse(%q) = %q, but Web.Parse of that = %v, %v", s, ws, w2, err)
		}
	})
}

var fuzz1252 = iri.NewConverter(iri.WithCharset(charmap.Windows1252))

// FuzzToURI: ToURI output is ASCII, a URI reference (Strict parse) and a
// fixed point; a URI is returned unchanged (but for a percent-encoded
// UTF-8 host). The same holds with a legacy document charset.
func FuzzToURI(f *testing.F) {
	addSeeds(f)
	def := iri.NewConverter()
	f.Fuzz(func(t *testing.T, s string) {
		checkToURI(t, def, s)
		checkToURI(t, fuzz1252, s)
	})
}

// FuzzRoundTrip: for u := ToURI(x), ToURI(ToIRI(u)) is equivalent to u,
// ToIRI(u) is an IRI, and ToIRI is a fixed point (up to host case).
func FuzzRoundTrip(f *testing.F) {
	addSeeds(f)
	def := iri.NewConverter()
	f.Fuzz(func(t *testing.T, s string) {
		u, ok := checkToURI(t, def, s)
		if !ok {
			return
		}
		checkToIRI(t, def, u)
		if isURI(s) && s != u {
			checkToIRI(t, def, s)
		}
	})
}

// FuzzToIRI: for any input ToIRI accepts, the result is an IRI (Strict
// parse) with nothing unsafe to show: no raw control, space, bidi
// formatting character or noncharacter.
func FuzzToIRI(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkToIRISafe(t, s)
	})
}
