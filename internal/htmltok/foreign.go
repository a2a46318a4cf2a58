package htmltok

import "bytes"

// A tagKind classifies the tag names that change how the tokenizer reads
// what follows: raw-text elements, and the elements that enter or leave
// foreign content.
type tagKind uint8

const (
	kOther tagKind = iota
	kScript
	kStyle
	kTextarea
	kTitle
	kXmp
	kIframe
	kNoembed
	kNoframes
	kPlaintext
	kSVG
	kMath
	kForeignObject
	kDesc
	kMI
	kMO
	kMN
	kMS
	kMText
	kAnnotationXML
	kFont
	kP
	kBr
	kBreakout // the other start tags that end foreign content
)

// classify returns the kind of a tag name, ASCII case-insensitively. It
// runs for every tag, so it dispatches on the first letter before
// comparing.
func classify(name []byte) tagKind {
	if len(name) == 0 || len(name) > len("annotation-xml") {
		return kOther
	}
	var a [len("annotation-xml")]byte
	for i, c := range name {
		a[i] = lower(c)
	}
	return classifyLower(a[:len(name)])
}

// classifyLower is classify for a name already lower-cased.
func classifyLower(name []byte) tagKind {
	if len(name) == 0 || len(name) > len("annotation-xml") {
		return kOther
	}
	// switch string(name) compares without copying name.
	switch name[0] {
	case 'a':
		if string(name) == "annotation-xml" {
			return kAnnotationXML
		}
	case 'b':
		switch string(name) {
		case "b", "big", "blockquote", "body":
			return kBreakout
		case "br":
			return kBr
		}
	case 'c':
		switch string(name) {
		case "center", "code":
			return kBreakout
		}
	case 'd':
		switch string(name) {
		case "desc":
			return kDesc
		case "dd", "div", "dl", "dt":
			return kBreakout
		}
	case 'e':
		switch string(name) {
		case "em", "embed":
			return kBreakout
		}
	case 'f':
		switch string(name) {
		case "font":
			return kFont
		case "foreignobject":
			return kForeignObject
		}
	case 'h':
		switch string(name) {
		case "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr":
			return kBreakout
		}
	case 'i':
		switch string(name) {
		case "iframe":
			return kIframe
		case "i", "img":
			return kBreakout
		}
	case 'l':
		switch string(name) {
		case "li", "listing":
			return kBreakout
		}
	case 'm':
		switch string(name) {
		case "math":
			return kMath
		case "mi":
			return kMI
		case "mo":
			return kMO
		case "mn":
			return kMN
		case "ms":
			return kMS
		case "mtext":
			return kMText
		case "menu", "meta":
			return kBreakout
		}
	case 'n':
		switch string(name) {
		case "noembed":
			return kNoembed
		case "noframes":
			return kNoframes
		case "nobr":
			return kBreakout
		}
	case 'o':
		if string(name) == "ol" {
			return kBreakout
		}
	case 'p':
		switch string(name) {
		case "p":
			return kP
		case "plaintext":
			return kPlaintext
		case "pre":
			return kBreakout
		}
	case 'r':
		if string(name) == "ruby" {
			return kBreakout
		}
	case 's':
		switch string(name) {
		case "script":
			return kScript
		case "style":
			return kStyle
		case "svg":
			return kSVG
		case "s", "small", "span", "strong", "strike", "sub", "sup":
			return kBreakout
		}
	case 't':
		switch string(name) {
		case "textarea":
			return kTextarea
		case "title":
			return kTitle
		case "table", "tt":
			return kBreakout
		}
	case 'u':
		switch string(name) {
		case "u", "ul":
			return kBreakout
		}
	case 'v':
		if string(name) == "var" {
			return kBreakout
		}
	case 'x':
		if string(name) == "xmp" {
			return kXmp
		}
	}
	return kOther
}

// rawText returns the content model a start tag of kind k sets in HTML
// content. noscript is deliberately absent: its content is read as markup,
// as browsers do with scripting disabled (crawlers), while x/net/html's
// tokenizer reads it as raw text.
func (k tagKind) rawText() RawText {
	switch k {
	case kScript:
		return Script
	case kStyle:
		return Style
	case kTextarea:
		return Textarea
	case kTitle:
		return Title
	case kXmp:
		return Xmp
	case kIframe:
		return Iframe
	case kNoembed:
		return Noembed
	case kNoframes:
		return Noframes
	case kPlaintext:
		return Plaintext
	}
	return NotRaw
}

// foreignStack approximates the part of the HTML tree builder's stack of
// open elements that decides whether the tokenizer is in foreign content.
// Each frame is an svg or math element (foreign) or an HTML integration
// point inside one (html), with a count of same-named elements nested in
// it so that <svg><g><svg></svg></svg> ends where it should. It follows
// the WHATWG rules for foreign content: integration points, the start
// tags that break out of foreign content (<p>, <div>, <font color>...),
// and end tags. It does not follow the rest of tree construction (an
// unrelated end tag such as </div> closing an svg through the HTML
// parent that contains it, <select> or <template> subtleties): it is
// exact for the documents people write, and approximate for broken ones.
// Its depth is bounded; frames beyond the bound are only counted.
type foreignStack struct {
	f    [64]frame
	n    int
	lost int
}

type frame struct {
	html  bool // an HTML integration point
	kind  tagKind
	depth int32
}

// foreign reports whether the tokenizer is in foreign content.
func (s *foreignStack) foreign() bool {
	return s.n > 0 && !s.f[s.n-1].html
}

func (s *foreignStack) push(html bool, k tagKind) {
	if s.n == len(s.f) {
		s.lost++
		return
	}
	s.f[s.n] = frame{html: html, kind: k, depth: 1}
	s.n++
}

func (s *foreignStack) pop() {
	if s.lost > 0 {
		s.lost--
		return
	}
	if s.n > 0 {
		s.n--
	}
}

// startTag updates the stack for a start tag and reports whether the tag
// is in foreign content, where no element has raw-text content.
func (s *foreignStack) startTag(k tagKind, selfClosing bool, attrs []Attr) bool {
	if s.foreign() {
		if k == kBreakout || k == kP || k == kBr || k == kFont && fontBreaksOut(attrs) {
			for s.foreign() {
				s.pop()
			}
		} else {
			if !selfClosing {
				top := &s.f[s.n-1]
				switch {
				case top.kind == kSVG && (k == kForeignObject || k == kDesc || k == kTitle),
					top.kind == kMath && k >= kMI && k <= kMText,
					top.kind == kMath && k == kAnnotationXML && htmlEncoding(attrs):
					s.push(true, k)
				case k == top.kind:
					top.depth++
				}
			}
			return true
		}
	}
	if selfClosing {
		return false
	}
	if s.n > 0 && k == s.f[s.n-1].kind {
		s.f[s.n-1].depth++
	}
	if k == kSVG || k == kMath {
		s.push(false, k)
		return true
	}
	return false
}

// endTag updates the stack for an end tag.
func (s *foreignStack) endTag(k tagKind) {
	if s.n == 0 {
		return
	}
	top := &s.f[s.n-1]
	if k == top.kind {
		if top.depth--; top.depth <= 0 {
			s.pop()
		}
		return
	}
	if !top.html && (k == kP || k == kBr) {
		for s.foreign() {
			s.pop()
		}
	}
}

func fontBreaksOut(attrs []Attr) bool {
	for _, a := range attrs {
		switch string(a.Name) {
		case "color", "face", "size":
			return true
		}
	}
	return false
}

func htmlEncoding(attrs []Attr) bool {
	for _, a := range attrs {
		if !a.Dup && string(a.Name) == "encoding" {
			return bytes.EqualFold(a.Val, []byte("text/html")) ||
				bytes.EqualFold(a.Val, []byte("application/xhtml+xml"))
		}
	}
	return false
}
