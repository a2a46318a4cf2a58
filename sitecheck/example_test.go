package sitecheck_test

import (
	"fmt"
	"log"

	"github.com/relink-go/relink/sitecheck"
)

func Example() {
	c, err := sitecheck.New("testdata/site", sitecheck.Options{Slug: sitecheck.SlugGitHub})
	if err != nil {
		log.Fatal(err)
	}
	err = c.Check(func(r *sitecheck.Result) error {
		if r.Status.Broken() && r.File == "index.html" {
			fmt.Printf("%s:%d:%d: %s: %s\n", r.File, r.Link.Line, r.Link.Column, r.Link.Value, r.Status)
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	// Output:
	// index.html:7:10: a.html#nope: missing anchor
	// index.html:8:10: missing.html: missing file
	// index.html:11:10: /sub/page: missing file
	// index.html:17:10: #LOCAL: missing anchor
	// index.html:18:10: http://[::1: invalid URL
	// index.html:23:10: doc.md#missing: missing anchor
	// index.html:24:11: img.png: missing file
}
