package iri_test

import (
	"fmt"

	"github.com/relink-go/relink/iri"
)

func ExampleTextForm() {
	for _, s := range []string{
		"https://example.com/%CE%B1%CE%B2%CE%B3/%CE%B4.%CE%B5%CE%B6.",
		"https://ru.wikipedia.org/wiki/%D0%9C%D0%B0%D1%80%D1%81_(%D0%BF%D0%BB%D0%B0%D0%BD%D0%B5%D1%82%D0%B0)",
		"https://example.com/a_(b))?q=%CE%B1%20%CE%B2#%E2%80%AEtxt",
	} {
		t, err := iri.TextForm(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("See %s for details.\n", t)
	}
	// Output:
	// See https://example.com/αβγ/δ.εζ%2E for details.
	// See https://ru.wikipedia.org/wiki/Марс_(планета) for details.
	// See https://example.com/a_(b)%29?q=α%20β#%E2%80%AEtxt for details.
}

func ExampleTextParts_Format() {
	p := iri.TextParts{
		Prefix: "https://example.com",
		Path:   []string{"docs", "a/b"},
		Query: []iri.TextParam{
			{Key: "q", Value: "α=β&γ", HasValue: true},
			{Key: "lang", Value: "el", HasValue: true},
		},
		Fragment: "Σ.",
	}
	fmt.Println(p.Format())
	// Output:
	// https://example.com/docs/a%2Fb?q=α%3Dβ%26γ&lang=el#Σ%2E
}
