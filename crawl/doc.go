// Package crawl finds the outlinks of crawled pages: the HTML pages that
// the response and resource records of a WARC file hold.
//
// # Pages and their links
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
// to a [Handler], streaming: a page of a million links is never held. As
// relink's other stream processors, it takes an [Options] struct by value
// when it is made ([NewExtractor]). For
// a program that wants a page as one value, [Extractor.Record] returns a
// [PageRecord], the form of a line of relink warc --per-page; a line of
// relink warc is a [LinkRecord]. Both are described by the JSON schema
// in record.schema.json ([Schema]).
//
// # Where a record is
//
// A page's record_offset and, in a PageRecord, its record_length give the
// byte range of the file that holds the page's record alone (its gzip
// member), as a CDX index does, so that a record can be fetched again by
// an HTTP Range request. The length is known only once the record has
// been read to its end (the end of a gzip member is found by
// decompressing it), after the links are given, so the streamed form, a
// LinkRecord per link as Extract gives them, does not carry it: it is in
// the PageRecord that [Extractor.Record] returns, and at the end of a
// line of relink warc --per-page. A program that streams with Extract gets
// it from warc.Record.Length once Extract has returned. It is 0 for a
// record that shares its gzip member with others (a file gzipped as one
// stream) or that is cut short.
//
// # Related packages
//
// Package wat gives a PageRecord in the shape of a record of Common
// Crawl's WAT files, and package remote opens the files of a crawl where
// they are (a path, an http:// or https:// URL, s3://).
package crawl
