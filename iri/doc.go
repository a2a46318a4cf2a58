// Package iri handles Internationalized Resource Identifiers as RFC 3987
// and its revision draft-duerst-iri-bis ("3987bis" below) define them:
// parsing, mapping to URIs and back, resolution, comparison and checking.
//
// An IRI is a URI in which characters beyond ASCII appear as themselves:
// people write http://résumé.example.org/Dürst, the network carries
// http://xn--rsum-bpad.example.org/D%C3%BCrst. The first is for reading,
// the second for requests, and this package maps one to the other.
//
// # A Converter and its mode
//
// A Converter does the work. It is configured once, with functional
// options, and then safe for concurrent use:
//
//	c := iri.NewConverter(iri.WithMode(iri.Web), iri.WithCharsetLabel("shift_jis"))
//
// Its Mode says how liberal parsing is:
//
//   - Strict takes the IRI grammar of 3987bis section 2.2 and nothing else;
//   - LEIRI (section 7.1, the default) also takes what XML and other
//     formats let through (space, < > " { } | \ ^ `, controls, invalid
//     UTF-8) and percent-encodes it when converting, so that no input is
//     lost;
//   - Web is what a browser does with an href: the WHATWG URL Standard,
//     the modern form of the Web Address processing of section 7.2,
//     implemented by package weburl.
//
// Its charset (WithCharset, or WithCharsetLabel with a label or a
// Content-Type value) is the encoding of the document the references come
// from: the query of an http or https reference is encoded in it before
// percent-encoding, as 3987bis section 3.5 and browsers do. Charset tells
// which one is in use.
//
// Every method follows the converter's mode: Parse splits a reference into
// a Reference; ToURI maps it to a URI (sections 3.3 to 3.6), ToIRI to the
// IRI a person should see (section 3.7), TextForm to the form to write in
// running text; Normalize and Equivalent compare; Check reports every
// violation; ParseBase parses a base to resolve against.
//
// # The package-level functions
//
// Parse, ToURI, ToIRI, TextForm, Check, Normalize, Equivalent and Resolve
// are the methods of the default converter: LEIRI mode, UTF-8 queries.
// Use a Converter for another mode or a document charset.
//
// # Resolution
//
// Converter.ParseBase parses an absolute IRI once; Base.Resolve resolves
// references against it. In Web mode the result is the href a browser
// requests (dot segments removed, "\" read as "/", host lowercased,
// default port dropped, the query in the document charset); in Strict and
// LEIRI modes it is RFC 3986 section 5.2 on the text, which ToURI or ToIRI
// then map. Reference.ResolveReference is the same algorithm on parsed
// values. Package weburl resolves the links of a page directly, without an
// IRI in between.
//
// # Display
//
// ToIRI decodes only what is safe to show: percent-encoded UTF-8 that is
// not reserved, invisible or a look-alike of URL syntax, and host labels
// that pass IDNA and a spoofing policy (see DisplayHost). TextForm adds the
// minimal escaping of UTS #58, so that a link detector finds the whole
// IRI in running text and nothing more; TextParts builds that form from
// decoded parts. NeedsEmbedding, Isolate and Embed keep an IRI with
// right-to-left characters readable (section 4).
//
// # Normalization and canonicalization
//
// Normalize and Equivalent climb the comparison ladder of section 5.3, one
// Level per rung: simple string, syntax-based, scheme-based, and mapped to
// a URI. Package iri/canon adds the rewrites crawlers disagree on (sorted
// queries, no "www", SURT keys...), with ready-made profiles such as
// canon.Standard and canon.Crawler.
//
// # Checking
//
// Check goes through a whole reference and reports each violation with a
// stable code, a severity and a byte offset: what the mode rejects, and
// what it accepts but a careful producer avoids (an overlong UTF-8 form,
// a confusable host, a default port written out). An *Error from Parse,
// ToURI or Resolve carries the first violation and wraps one of the Err
// sentinel errors; in Web mode, what the URL Standard's parser rejects is
// a *weburl.Error.
//
// # Hosts
//
// A host of a DNS scheme (http, https, ftp, ws, file and other schemes
// known to use DNS names, and relative references) that has non-ASCII
// characters, raw or percent-encoded as UTF-8, is converted with UTS #46
// ToASCII (golang.org/x/net/idna, nontransitional, STD3 rules and
// CheckHyphens off as section 3.4 and the URL Standard ask) and checked
// again by this package: an A-label must decode and re-encode to itself.
// A host that cannot be converted is an error, never a silently different
// name. Hosts of other schemes are percent-encoded. ASCII hosts are never
// changed by ToURI, so that ToURI is the identity on URIs.
//
// Everything works on Go strings. A string that is not valid UTF-8 is not
// an error in LEIRI and Web modes: each invalid byte is an octet,
// percent-encoded as itself. FromCharset decodes an IRI written in a
// legacy charset (section 3.1).
package iri
