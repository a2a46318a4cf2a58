// Package crawl finds the outlinks of crawled pages: the HTML pages that
// the response and resource records of a WARC file hold.
//
// It is the page logic of the relink warc command, for programs that
// process crawls themselves (a batch job's mapper, an Apache Beam
// pipeline): which records are pages, the charset a page is read in, the
// links of the HTTP header (a redirect's Location, RFC 8288 Link headers,
// Refresh) and those of the page's HTML, and the JSON records that relink
// warc writes. Package warc reads the file; package extract finds the
// links; this package decides what a crawled page is and how its links
// are reported.
//
// An [Extractor] reads one record at a time and gives its page and links
// to a [Handler], streaming: a page of a million links is never held. For
// a program that wants a page as one value, [Extractor.Record] returns a
// [PageRecord], the form of a line of relink warc --per-page; a line of
// relink warc is a [LinkRecord]. Both are described by the JSON schema
// in record.schema.json ([Schema]).
package crawl
