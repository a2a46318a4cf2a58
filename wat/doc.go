// Package wat writes WAT files as Common Crawl's are, and the pages of a
// crawl in the shape of their records, for the programs written to read
// them.
//
// # WAT files
//
// A WAT file (Web Archive Transformation, written by ia-web-commons) is a
// WARC file: a warcinfo record of its own (AppendInfo), then for each
// record of a WARC file, of any type, a metadata record (AppendRecord)
// whose JSON (FromSource) is laid out as ia-web-commons lays it out: the
// record's Container and Envelope (its WARC fields, its block's length
// and SHA-1, and by type its HTTP request or response, its fields, a
// page's HTML metadata and links). A Tee reads the record's block for it.
//
// # Pages as JSON lines
//
// FromPage fills the fields that readers of outlinks use, such as
// cc-pyspark's host-graph job: the page's URL, its WARC header, its HTTP
// status, the Location of a redirect, and the links of its HTML, each
// with a path ("A@/href", "IMG@/src") and its URL as written. The JSON of
// a Record marshals with the keys and the decimal strings of WAT files.
//
// Package crawl decides which records are pages and finds their links;
// this package only gives them another shape.
package wat
