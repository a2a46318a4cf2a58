// Package wat writes the pages of a crawl in the shape of the records of
// Common Crawl's WAT files, for the programs written to read them.
//
// A WAT file (Web Archive Transformation, written by ia-web-commons) holds
// one JSON record of metadata per WARC record. FromPage fills the fields
// that readers of outlinks use, such as cc-pyspark's host-graph job: the
// page's URL, its WARC header, its HTTP status, the Location of a
// redirect, and the links of its HTML, each with a path ("A@/href",
// "IMG@/src") and its URL as written. The JSON of a Record marshals with
// the keys and the decimal strings of WAT files.
//
// Package crawl decides which records are pages and finds their links;
// this package only gives them another shape.
package wat
