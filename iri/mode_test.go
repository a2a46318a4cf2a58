package iri_test

import "github.com/relink-go/relink/iri"

// modeConverters hold a converter for each mode, with UTF-8 queries.
var modeConverters = [...]*iri.Converter{
	iri.Strict: iri.NewConverter(iri.WithMode(iri.Strict)),
	iri.LEIRI:  iri.NewConverter(iri.WithMode(iri.LEIRI)),
	iri.Web:    iri.NewConverter(iri.WithMode(iri.Web)),
}

// inMode returns the converter of mode m: the tests parse, check and
// normalize in a mode with it.
func inMode(m iri.Mode) *iri.Converter { return modeConverters[m] }

// resolveIn resolves ref against base with the converter of mode m.
func resolveIn(m iri.Mode, base, ref string) (string, error) {
	b, err := inMode(m).ParseBase(base)
	if err != nil {
		return "", err
	}
	return b.Resolve(ref)
}
