// Package textlink finds the links written in plain text: mail, chat,
// logs, notes, the text of a web page.
//
// A link is what a reader of the text takes for one: a URL with a scheme
// (https://example.com/a), a domain name written without one
// (www.example.com, example.com/path) or an email address
// (joe@example.com). Detection follows Unicode Technical Standard #58,
// "Unicode Link Detection and Formatting" (version 17.0), whose
// conformance file LinkDetectionTest.txt it passes (323 of 323 links, no
// extra ones), and the rule of RFC 3987 section 8.3 that a non-ASCII
// character does not end an IRI: https://example.com/Bücher/日本語 is one
// link, and so is a URL with CJK text written against it. Find states the
// rules in full.
//
// # Schemes
//
// A scheme is linked when a reader means it as a link and opening it is
// harmless:
//
//   - http, https, ftp: the web.
//   - mailto: email; xmpp: chat addresses (user@host), both as addresses.
//   - irc, ircs: chat rooms (irc://irc.example.net/#channel), which mail
//     and chat clients hand to an IRC client; nntp: a news server group.
//   - news: a newsgroup or article (news:comp.lang.go).
//   - tel, sms: phone numbers (tel:+1-201-555-0123), which phones and
//     messaging clients dial.
//   - magnet: torrent links (magnet:?xt=urn:btih:...).
//
// Never linked: javascript:, vbscript:, data: and file:, nor a domain name
// written right after them. Not linked either: ssh, sftp and git (not
// clickable in a browser, and git@host:path is not a URI), and any other
// scheme.
//
// # Strict and relaxed
//
// Find and Scanner report links as a reader sees them (relaxed, in the
// terms of mvdan.cc/xurls): a domain name without a scheme counts when its
// last label is a real top-level domain. In technical text that also
// takes file names (README.md, x.sh) and method calls (Date.now) whose
// last word happens to be a top-level domain. Strict detection keeps only
// what cannot be anything but a link, the matches for which Match.Strict
// reports true: a link written with a scheme, or an email address.
//
// # Two ways in
//
// Find reads a whole text and returns its matches. A Scanner reads a text
// that arrives in pieces: it is a transform.Transformer that passes the
// text through and calls a function for each link, with the same links as
// Find whatever the sizes of the pieces, and holds a bounded amount of the
// text (no link is longer than MaxLen bytes). Neither copies the text: the
// Raw of a Match is a slice of the text, and a Scanner's match is valid
// only during the call. A candidate longer than MaxLen is dropped; a
// caller that must account for every link learns of each from
// FindDropped, the form of Find that tells of them, or Scanner.Dropped.
package textlink
