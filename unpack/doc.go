// Package unpack turns web archives (WARC files) into a folder of
// ordinary files that a browser opens from disk, their links rewritten to
// point to one another.
//
// It is what wget --convert-links leaves of a live crawl, made from an
// archive, and what relink unpack runs.
//
// # Files
//
// Each response, resource and revisit record of an http or https URL
// becomes one file, whose path comes from its URL ([FilePath]):
// host/path, "index" for a path that ends in "/", the query after an "@"
// (one longer than 40 bytes cut, followed by "~" and 8 hex digits of its
// SHA-256), and an extension that says the file's media type when the
// name has none of that type's (.html, .css, .js, .svg, .png...), so
// that a browser reading the file from disk takes it for what the server
// said. A payload without a Content-Type has the type of its
// WARC-Identified-Payload-Type, or is taken for HTML when it begins as HTML
// does (extract.TypeOf). The host is written in Unicode (its xn-- labels decoded), with
// "+port" for a port other than the scheme's; each segment of the path is
// percent-decoded where the escapes give UTF-8, and made NFC, so that
// non-ASCII names stay readable. What a name may not hold on Windows or
// macOS, or what would change the path, is percent-encoded: the
// controls, < > : " / \ | ? *, % itself, a final dot or space ("." and
// ".." too); a name that Windows reserves for a device (CON, NUL, COM1,
// LPT1..., with any extension) gets "_" after its stem; a name longer
// than 200 bytes is cut and ends in "~" and a hash. No URL can name a
// file outside the folder: a segment is a name, never a path, and the
// files are written through an [os.Root], which follows no symbolic link
// out of the folder.
//
// Two URLs can still have one file: http and https, names that differ
// only in case or normalization on a file system that ignores them
// (Windows, macOS), a file whose path another URL needs as a directory
// (http://h/a and http://h/a/b). The paths are compared in lower case and
// NFC, and of two that collide the one later in byte order (and a file
// that is also a directory) gets "~" and 8 hex digits of the SHA-256 of
// its URL before its extension, 16 if that collides again, and so on.
//
// When a URL was captured several times, the latest capture wins, or,
// with [Options.At], the one nearest to a moment; a capture whose status
// is 400 or more is taken only when the URL has no other. A redirect (a
// 3xx response with a Location) is a small HTML page that sends the
// browser on (a meta refresh, and a link). A revisit record has the
// payload of a capture with the same WARC-Payload-Digest: of the URL its
// WARC-Refers-To-Target-URI names, else of its own URL, else the latest
// (the payload is the same); a revisit without a digest, and a 304
// response, that of the capture of its URL before it. A revisit whose
// payload the archives do not hold is left out.
//
// The HTTP codings of a body (chunked, gzip, deflate, br) are undone as
// package warc undoes them, and its limits apply:
// [Options.MaxPayloadSize] bounds each payload, and a record too large or
// that cannot be read is reported and left out. Each file is written to
// a temporary file beside it and renamed, so that it is whole or absent.
//
// # Links
//
// In the HTML, CSS and Markdown files, package rewrite rewrites the
// links, every other byte kept and the document's charset with it: a link
// to a captured URL (an href, a src, a srcset candidate, a url() or
// @import of a style sheet or style attribute, a meta refresh, a Markdown
// destination...) is made the relative path of its file, with its
// fragment; the <base href> of a page is made the relative path of the
// place it names, so that the page's relative links resolve in the
// folder. A link to what was not captured stays absolute (a relative one
// is made absolute), or, with [Options.Missing], points to [MissingPage],
// a page that says so and shows the URL. A link to http://h/x finds the
// capture of https://h/x when there is no other, and the other way round;
// a link to a directory (http://h/d/) finds the capture of its index
// page (http://h/d/index.html or index.htm), and the other way round, as a
// web server serves them.
//
// # Memory
//
// Unpack reads each archive twice: once to index its records, once to
// write the files, in the order of the archives. The index (each
// capture, the captures chosen with their paths, the order of writing,
// the map from URL to file that the rewriting looks in) is sorted in
// memory up to [Options.MaxIndexMemory] per stage (two stages at once at
// most), and past that written
// in sorted runs to temporary files and merged; the map from URL to file
// is then a sorted file with one URL in 32 in memory. What a record
// costs is bounded by package warc and package rewrite; a payload that
// several files share (a revisit's) is copied to a temporary file once.
package unpack
