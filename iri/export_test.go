package iri

// RemoveDotSegments is removeDotSegments, for the external tests that
// check it against the RFC 3986 section 5.2.4 traces.
var RemoveDotSegments = removeDotSegments
