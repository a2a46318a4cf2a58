package crawl_test

import (
	"fmt"
	"io"
	"log"
	"os"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/warc"
)

// roles counts the links of each page by what they are for, as a
// crawler's frontier or a host graph would sort them.
type roles struct{ hyperlinks, resources, other int }

func (c *roles) Page(p *crawl.Page) error {
	*c = roles{}
	return nil
}

func (c *roles) Link(p *crawl.Page, l *extract.Link) error {
	switch l.Role {
	case htmlattr.RoleHyperlink:
		c.hyperlinks++
	case htmlattr.RoleResource:
		c.resources++
	default:
		c.other++
	}
	return nil
}

// Example streams the pages of a WARC file and their links to a Handler,
// record by record: a page of a million links is never held.
func Example() {
	f, err := os.Open("../testdata/warc/aut-issue-514.warc")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	r := warc.NewReader(f)
	defer r.Close()
	x := crawl.NewExtractor(crawl.Options{})
	var c roles
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		} else if err != nil {
			log.Fatal(err)
		}
		page, err := x.Extract(rec, &c)
		if err != nil {
			fmt.Println("error:", err)
		}
		if page {
			fmt.Printf("%s: %d hyperlinks, %d resources, %d other\n", rec.TargetURI, c.hyperlinks, c.resources, c.other)
		}
	}
	// Output:
	// http://www.archiveteam.org/: 2 hyperlinks, 0 resources, 0 other
	// https://wiki.archiveteam.org/: 158 hyperlinks, 11 resources, 1 other
}
