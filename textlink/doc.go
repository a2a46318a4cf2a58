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
// # Where a link ends in prose
//
// Find follows UTS #58 for where a link ends, with four rules of its own
// that keep a link from taking in the text around it (each is listed,
// with the fixtures of other linkifiers it changes, in
// textlink/testdata/peers/known-differences.tsv and
// testdata/uts58/known-differences-reference.tsv):
//
//   - An ASCII "<" ends a path, query or fragment, as it does for xurls
//     and linkify-it: https://eastus.example.com/<domain>/<org> is the
//     link https://eastus.example.com/ followed by a placeholder.
//   - The ideographic full stop and comma ("。", "、") and their halfwidth
//     forms end a path, query or fragment: https://例子.测试/路径。谢谢 is
//     the link https://例子.测试/路径.
//   - A link between emphasis delimiters ends before the closing run:
//     **https://example.com/bold** is https://example.com/bold.
//   - A path that ends in AsciiDoc link text, "[text]" right after a
//     letter, digit, "/" or "-" (and the only "[" of the link),
//     ends before it: https://x.org/a[text] is https://x.org/a. A "["
//     after "_" (/wiki/Blur_[band]) or in a query or fragment stays.
//
// # Placeholders
//
// Documentation writes links with parts to be filled in. A placeholder,
// for HasPlaceholder and the tools built on it, is one of these in the
// path, query or fragment of a link:
//
//   - "{name}" or "{{name}}": a name (ASCII letters, digits, "_", "-",
//     "."; starting with a letter or "_"), after an optional URI Template
//     operator (RFC 6570: + # . / ; ? &), with "," between names;
//   - "${name}", the same after "$";
//   - "$NAME": "$" and an upper-case shell variable name (A-Z, "_", then
//     digits too) making up a whole path segment, query field or value,
//     or fragment: https://example.com/$VERSION/x.
//
// "<name>" would be one too, but "<" ends a link, so a link never holds
// it. A placeholder does not stop detection (the link is reported as
// written); a rewriter leaves such a link as it is.
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
// FindOversize, the form of Find that tells of them, or Scanner.Oversize.
package textlink
