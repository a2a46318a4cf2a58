// Package weburl is the WHATWG URL Standard's parser
// (https://url.spec.whatwg.org): what a browser does with an href.
//
// # What a browser does with an href
//
// A browser does not take an href as written. It trims the spaces and
// controls around it and drops the tabs and newlines inside, reads "\" as
// "/" in http, https, ws, wss, ftp and file URLs, resolves the reference
// against the document's base URL, removes dot segments, lowercases the
// scheme and an ASCII host and maps a Unicode host with IDNA, drops the
// scheme's default port, reads IPv4 addresses in their decimal, octal and
// hexadecimal forms, and percent-encodes what each component may not hold
// as it is. The query of a special URL is encoded in the document's
// encoding first: "?q=ü" in a windows-1252 page requests "?q=%FC". The
// result is a URL record, whose serialization, the href, is the URL that
// goes over the network.
//
// # Parse, Parser and Relative
//
// Parse does all this for a UTF-8 document and returns a *URL, immutable,
// with the accessors of the standard's URL API (Protocol, Host, Pathname,
// Search, Hash, Origin...). A Parser, made by NewParser for a document's
// encoding, does it for any document; its Resolve returns only the href,
// and AppendResolve appends it to a buffer of the caller's: an absolute
// URL already in serialized form and the common relative references of a
// page ("page.html", "../img/a.png", "/about", "?q=1", "#top") are
// resolved without allocating, without running the whole parser.
//
// Relative goes the other way: the shortest reference that resolves
// against a base to a given URL, for moving a site or mirroring it.
//
// # Conformance
//
// The parser passes all 891 cases of the web-platform-tests'
// urltestdata.json. Hosts go through UTS #46 ToASCII as
// golang.org/x/net/idna implements it, with the checks it lacks; its
// Unicode tables follow the Go toolchain (Unicode 15.0 before Go 1.27),
// which decides a few rare hosts differently from a browser.
//
// This is not RFC 3986: net/url keeps what it is given, and package iri
// maps Internationalized Resource Identifiers by RFC 3987 (its Web mode
// uses this package).
package weburl
