// Package htmltok is a streaming HTML tokenizer that works on a
// document's raw bytes: the layer on which relink finds links in HTML
// (package extract) and rewrites them (package rewrite).
//
// # Model
//
// A Tokenizer is fed the document in pieces of any size, split anywhere,
// by repeated calls to Next, and returns tokens: Text, StartTag, EndTag,
// SelfClosingTag, Comment, Doctype, CDATA, and two kinds that keep the
// stream whole when the input is unusual, Oversize and EOFInTag. The
// invariant that everything else rests on is the one x/net/html states for
// its Raw method: the Raw bytes of the tokens, in order, partition the
// input. A rewriter writes each token's Raw unchanged unless it changes
// that token, so every byte it does not rewrite is copied as it was.
// Passthrough is that loop as a transform.Transformer.
//
// A caller that looks only at some tokens, as a link extractor does, may
// let Next pass over the others: SkipText for the text of the states it
// names, SkipEndTags for end tags but the ones it keeps, SkipStartTags for
// the start tags its function does not keep, SkipStartTagsExcept for the
// start tags without a name or attribute name it gives. With the last,
// Next runs from one '<' to the next over what it passes over without
// building tokens: in the data state it looks at the bytes of tags only,
// and of those only at what decides where a tag and its attribute names
// end (quoted values are jumped over, as text is). Raw then
// partitions the input less what was passed over, and Passed tells how
// far the input has been returned or passed over.
//
// Nothing is decoded: tag and attribute names are lower-cased ASCII, and
// attribute values (Attr.Val) and text are the input bytes, in the
// document's charset, with character references as written. Attr.NameOff
// and Attr.ValOff locate them in Raw for rewriting; UnescapeAttr and
// UnescapeText decode references and can map decoded offsets back to raw
// ones. The document must be in an ASCII-compatible charset, one in which
// the bytes of "<", ">", quotes, "=", "/", "&" and white space only ever
// mean those characters: UTF-8, windows-125x, ISO-8859-x, KOI8, Shift_JIS,
// EUC-JP, GBK, gb18030, Big5, EUC-KR all are. ISO-2022-JP and UTF-16 are
// not, and must be transcoded first.
//
// # What it follows
//
// The tokenizer follows the WHATWG HTML tokenizer in the states that
// decide where tags and attributes are: the data state; tag open, end tag
// open and tag name; the attribute name and value states (unquoted,
// single- and double-quoted) and self-closing start tag; the markup
// declaration states, with comments (including "<!-->", "<!--->" and the
// "--!>" ending), bogus comments ("<?x>", "</ x>", "<!x>"), doctypes and
// CDATA sections; the RCDATA (title, textarea), RAWTEXT (style, xmp,
// iframe, noembed, noframes) and PLAINTEXT states; and script data with
// its escaped and double-escaped states ("<!--" and "<script>" inside a
// script). States that only decide how text is decoded (character
// references, doctype identifiers) are left to the caller.
//
// Some tokenizer states are set by the tree builder. The tokenizer tracks
// the two that matter without building a tree: which raw-text element
// was just opened, and whether it is in foreign content (inside svg or
// math, outside their HTML integration points), where CDATA sections are
// recognized and elements such as <title> or <style> have no raw-text
// content. See Token.Foreign for the rules and their limits.
//
// Duplicate attributes are kept and marked (Attr.Dup): browsers use the
// first, as Token.Attr does.
//
// # Deliberate differences from x/net/html
//
// The tests compare the tokenizer with x/net/html's Tokenizer on real
// pages and under fuzzing. It differs on purpose in these ways:
//
//   - noscript content is markup, as in a browser with scripting disabled
//     (a crawler), not raw text;
//   - in foreign content, no element has raw-text content and CDATA
//     sections are recognized (x/net/html's tokenizer leaves both to its
//     caller, AllowCDATA and NextIsNotRawText);
//   - a tag cut by the end of the input is an EOFInTag token, where
//     x/net/html returns an ErrorToken whose Raw holds it;
//   - <a b=c b=d/> is a start tag (the "/" is in the value "d/"); x/net/html
//     calls it self-closing because it looks at the last attribute it kept;
//   - in script data escaped state, "<" followed by neither "/" nor a
//     letter stays in the escaped state, as the WHATWG specifies; x/net/html
//     goes back to the script data state;
//   - names keep NUL bytes, where x/net/html writes U+FFFD.
//
// # Bounded memory
//
// The tokenizer keeps at most one construct that spans calls: a tag,
// comment, doctype or CDATA section up to MaxTagSize bytes (1 MiB by
// default), or at most 16 bytes of text that may start an end tag. A
// longer construct is passed on as Oversize tokens as its bytes arrive,
// while the tokenizer follows its syntax to find its end. Text is never
// buffered: a Text token ends at the end of the input given to Next, so
// text may be split anywhere, in the middle of a character or a
// character reference; join adjacent Text tokens to interpret them.
//
// # Limitations
//
//   - Foreign content is tracked by a model of the tree builder, not by a
//     tree builder: it follows svg and math, their integration points and
//     the start and end tags that break out of them, but not, for example,
//     an unrelated end tag (</div>) closing an svg through the HTML element
//     that contains it, nor <template> and <select> subtleties.
//   - The attributes of an Oversize tag are not examined, so an oversize
//     <font color=...> or <annotation-xml encoding=...> does not leave or
//     enter foreign content as it would otherwise.
//   - A CDATA section longer than MaxTagSize is Oversize like any other
//     construct: its text is not reported as CDATA.
//   - A tag cut by the end of the input after it became Oversize ends as
//     Oversize, not EOFInTag.
//   - Doctype names and identifiers are not parsed: Data is the raw text
//     after "<!DOCTYPE".
//
// # Use
//
//	z := htmltok.New()
//	for {
//		tok, n, err := z.Next(src, atEOF)
//		src = src[n:]
//		if err == io.EOF {
//			break
//		}
//		if tok == nil {
//			// read more input into src, set atEOF at the end
//			continue
//		}
//		if a, ok := tok.Attr("href"); ok && tok.Type == htmltok.StartTag {
//			...
//		}
//	}
//
// Next allocates nothing per token once its buffers have grown: tokens,
// attribute slices and lower-cased names are reused, and are valid until
// the next call.
package htmltok
