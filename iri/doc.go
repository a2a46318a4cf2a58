// Package iri parses Internationalized Resource Identifiers and maps them
// to URIs and back, as RFC 3987 and its revision draft-duerst-iri-bis
// ("3987bis" below) define.
//
// An IRI is a URI in which characters beyond ASCII appear as themselves:
// http://résumé.example.org/Dürst rather than
// http://xn--rsum-bpad.example.org/D%C3%BCrst. This package provides
//
//   - Parse and Mode.Parse, which split an IRI reference into a
//     Reference whose components hold the text as written, so that
//     String returns the input; three modes say how liberal parsing is:
//     Strict (the IRI grammar), LEIRI (3987bis 7.1) and Web (7.2);
//   - Converter.ToURI, the mapping of 3987bis sections 3.3 to 3.6: UTF-8
//     percent-encoding per component, IDNA ToASCII for DNS hosts, and the
//     query of http and https in the document charset;
//   - Converter.ToIRI, the inverse of section 3.7, which decodes only what
//     is safe to show and keeps spoofable host labels in their xn-- form;
//   - ParseURL, ResolveURL and Converter.Resolve in Web mode: the WHATWG
//     URL Standard's parser, what a browser makes of an href value in a
//     document of a given encoding (the modern "Web Address processing");
//   - ResolveReference and Resolve (RFC 3986 section 5.2);
//   - Normalize and Equivalent at each rung of the comparison ladder of
//     section 5.3 (Level), and Canonicalizer profiles for crawlers
//     (Standard, Crawler, UsuallySafe, SURT);
//   - Check and Mode.Check, every violation of a reference with a stable
//     code, a severity and a byte offset;
//   - TextForm, the UTS #58 minimally escaped form for running text;
//   - NeedsEmbedding, Embed, Isolate and CheckBidi for bidirectional
//     IRIs (section 4);
//   - FromCharset, the conversion of section 3.1 from a legacy charset.
//
// Everything works on Go strings. A string that is not valid UTF-8 is not
// an error for LEIRI and Web modes: each invalid byte is treated as an
// octet and percent-encoded as itself, so no input is lost.
//
// # Choosing a mode
//
// Strict parses the IRI-reference production of 3987bis section 2.2 and
// reports the first violation with its byte offset. LEIRI accepts what
// XML and other formats allow in addition (space, < > " { } | \ ^ `,
// controls) and percent-encodes it when converting; it is the default of
// ToURI and ToIRI, whose mapping is defined for any string. Web is what a
// browser does with an href (the WHATWG URL Standard, the modern form of
// the Web Address processing of section 7.2): trimming, tab and newline
// removal, backslashes as slashes, and the standard's own percent-encode
// sets; Web.Parse applies the preprocessing of section 7.2.
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
package iri
