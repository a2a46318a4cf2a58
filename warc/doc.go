// Package warc reads Web ARChive files (ISO 28500: WARC 1.0 and 1.1, and
// the drafts 0.17 and 0.18 that older crawls were written in) as a stream,
// and the HTTP responses they hold.
//
// # Records
//
// A WARC file is a sequence of records. Each has a version line
// ("WARC/1.1"), named fields (WARC-Type, WARC-Target-URI, WARC-Date,
// Content-Length...), a blank line, a block of Content-Length bytes, and
// two line breaks. The file may be uncompressed or gzip-compressed, either
// as one gzip member per record (the usual form, which lets an index point
// at a record) or as one member for the whole file.
//
// [NewReader] returns a [Reader] whose [Reader.Next] method returns the
// records in order. A [Record] has the fields of its header and its block
// as an io.Reader that streams from the file: the Reader holds a bounded
// amount of memory (its buffers and one record header) whatever the size
// of a record. A gzipped file is read and decompressed ahead, up to 1 MiB,
// in a goroutine of the Reader's own, so that the decompression runs on
// another core than the caller's work on the records; [Reader.Close]
// stops it when the caller does not read to the end. Offset says where a
// record is, so that an index of records can be built, and so that a bad
// record can be found again; [Record.Length], known once the record has
// been read to its end, completes it to the byte range that holds the
// record alone (its gzip member), the offset and length of a CDX index;
// [Record.GzipMember] lays that member out (the lengths of its header,
// deflate data and trailer, the length and CRC-32 of its data), as the
// Gzip-Metadata of Common Crawl's WAT files does.
//
// # Leniency
//
// Crawls are messy, and one bad record must not cost the rest of a file.
// The Reader accepts header lines that end in LF alone, folded field
// values, field names in any case, the WARC 1.0 draft's "<uri>" form of
// WARC-Target-URI (it removes the brackets), a missing or short record
// terminator, and any WARC/ version. It keeps WARC-Date as written: a
// malformed date is the caller's business, not a reason to stop. When a
// record cannot be read (no Content-Length, a malformed header, a corrupt
// gzip member, bytes that are not a record), Next returns a *SyntaxError
// saying where and why, and the next call resumes at the next line that
// starts with "WARC/" (in a gzip file, at the next gzip member that
// decompresses; a member that begins with "WARC/" begins a record even when
// the member before ended inside a line). A file cut short yields the records it holds, and then a
// *SyntaxError for the record that was cut.
//
// A file of one gzip member per record is read member by member even when
// one is damaged. A member cut short is followed by the next, whose first
// bytes the decompressor takes for the rest of the damaged one: the
// Reader goes back to the first member header after the damaged
// member's start (in the last 256 KiB read; what it reads again is
// bounded by the file's size), so that the member after a damaged one is
// read. A record's header ends in its own member: when the next member
// begins a record ("WARC/" and a digit) before the header's blank line,
// the header is reported as cut short, and the next record keeps its own
// fields. A block ends in its record's member too: a block whose
// Content-Length runs into a member that begins a record is cut there and
// reported, and that record is read next.
//
// # HTTP
//
// The block of a response record is usually an HTTP response: status
// line, header, body. [Record.HTTPResponse] parses it and gives the body
// as the server meant it: HTTP chunked transfer coding and gzip, deflate
// and br content codings are undone when the body still carries them, and
// left alone when the crawler already removed them (Common Crawl, for one,
// stores bodies decoded and renames the original headers to
// X-Crawler-Transfer-Encoding and so on; other crawlers keep a
// Content-Encoding header on a body they decoded, which the Response
// detects from the body's first bytes). [Response.ContentType] reads the
// media type and charset as browsers do.
//
// A compressed body can expand a thousandfold, and codings stack
// ("Content-Encoding: gzip, gzip"): a few hundred bytes of WARC can hold
// gigabytes of payload. [Reader.MaxPayloadSize], 64 MiB unless set,
// bounds what a Body yields, and the work to decode it; a larger payload
// ends with a [*PayloadSizeError] after its first MaxPayloadSize bytes,
// and the next record is read as usual. What the Reader itself holds is
// bounded whatever the input: a record's header, and a line in it, have
// a size limit ([MaxHeaderSize]), and a block is streamed from the file.
// The fields that a reader copies into what it writes for each link of a
// page, WARC-Target-URI, WARC-Record-ID and WARC-Date, are bounded more
// tightly ([MaxFieldSize], 8 KiB): a record with a longer one is a
// *SyntaxError, and skipped.
package warc
