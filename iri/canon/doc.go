// Package canon maps IRI references to the canonical forms crawlers and
// web archives compare them by: the normal form of an iri.Level, then
// rewrites that are not equivalences of any specification but heuristics
// that reduce duplicates.
//
// Such rewrites (drop the fragment, the "www" label, a trailing slash;
// sort the query; write the key as a SURT) can make two different
// resources compare equal, and crawlers disagree on them, so each is an
// Option that says what it risks, composed into a Canonicalizer. Standard,
// Crawler, UsuallySafe and SURT are ready-made profiles; Canonicalizer.With
// derives one profile from another.
//
// Normalization that every specification agrees on (case, percent-encoding,
// dot segments, default ports, IDNA) is package iri's: iri.Normalize and
// iri.Equivalent. This package adds only what goes beyond it.
package canon
