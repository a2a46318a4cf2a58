package htmlattr

import "fmt"

// A Kind says how an attribute value holds its URLs, and so which parser
// finds them.
type Kind uint8

const (
	// KindURL: the value is one URL, possibly surrounded by spaces (see
	// TrimURL).
	KindURL Kind = iota + 1
	// KindSpaceList: URLs separated by ASCII whitespace (ParseSpaceList).
	KindSpaceList
	// KindCommaList: URLs separated by commas (ParseCommaList).
	KindCommaList
	// KindSrcset: image candidates (ParseSrcset).
	KindSrcset
	// KindRefresh: a delay and a URL, as in meta refresh (ParseRefresh).
	KindRefresh
	// KindCSS: CSS declarations or a CSS value (package cssurl).
	KindCSS
	// KindHTML: a whole HTML document (the srcdoc attribute of iframe),
	// whose links resolve against the base URL of the document that holds
	// it.
	KindHTML
	// KindOnclick: the JavaScript of an onclick attribute, of which
	// ParseOnclick finds the URL of two forms (a RoleSpeculative link).
	KindOnclick
)

var kindNames = [...]string{"", "URL", "SpaceList", "CommaList", "Srcset", "Refresh", "CSS", "HTML", "Onclick"}

// String returns the kind's name without its prefix: "URL", "SpaceList",
// "CommaList", "Srcset", "Refresh", "CSS", "HTML", "Onclick".
func (k Kind) String() string {
	if int(k) < len(kindNames) && k != 0 {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// A Role says what a link is for: what a browser does with it, and so what
// a crawler or a mirroring tool should do with it.
type Role uint8

const (
	// RoleHyperlink: a document the user may navigate to (a, area, most link
	// elements). A crawler follows it.
	RoleHyperlink Role = iota + 1
	// RoleResource: something the browser loads to render the page: an image,
	// a script, a style sheet, media, a plug-in's data. A mirror fetches it
	// with the page.
	RoleResource
	// RoleFrame: a document the browser loads into the page (iframe, frame).
	// A mirror fetches it with the page, and it is HTML to scan in turn.
	RoleFrame
	// RoleForm: where a form is submitted. Fetching it submits the form
	// (perhaps with POST); rewrite it, but do not crawl it blindly.
	RoleForm
	// RolePing: a URL the browser notifies in the background (hyperlink
	// auditing, attribution reporting). Never fetch it.
	RolePing
	// RoleReference: a document about this one that the browser neither loads
	// nor navigates to by itself (cite, longdesc, profile, pluginspage).
	RoleReference
	// RoleBase: the base element's href. Not a link: the URL the document's
	// other relative URLs resolve against, once it is itself resolved
	// against the document's URL.
	RoleBase
	// RoleSpeculative: a URL that no standard makes a link but that a
	// page's scripts most likely use as one, as Common Crawl's WAT files
	// (ia-web-commons) take them: the data-href and data-uri attributes of
	// any element, and the URL that the onclick attribute of a div or
	// input element sends the browser to (ParseOnclick). The value may be
	// no URL at all (data-uri="urn:..."; an id); extractors report these
	// links only when asked, and a rewriter leaves them as written.
	RoleSpeculative
)

var roleNames = [...]string{"", "Hyperlink", "Resource", "Frame", "Form", "Ping", "Reference", "Base", "Speculative"}

// String returns the role's name without its prefix: "Hyperlink",
// "Resource", "Frame", "Form", "Ping", "Reference", "Base", "Speculative"
// (relink writes it in lower case).
func (r Role) String() string {
	if int(r) < len(roleNames) && r != 0 {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", r)
}

// Flags qualify a rule.
type Flags uint8

const (
	// FlagLazy marks an attribute of a lazy-loading script (data-src and its
	// kin), which the script copies into the real attribute when the
	// element scrolls into view. Its value is usually, but not always, a
	// URL: a page may use the same data- attribute for something else.
	FlagLazy Flags = 1 << iota
	// FlagCodebase marks the codebase attribute of object and applet (HTML
	// 4.01 section 13): the base URL, itself resolved against the
	// document's base, of the element's attributes marked FlagUsesCodebase.
	FlagCodebase
	// FlagUsesCodebase marks an attribute that resolves against the element's
	// codebase attribute when it has one. Current browsers ignore codebase;
	// HTML 4.01 and the tools of its time honor it.
	FlagUsesCodebase
	// FlagIgnoresBase marks an attribute that resolves against the document's
	// URL, not its base URL: html's manifest, which the browser reads when
	// it parses the html start tag, before any base element.
	FlagIgnoresBase
	// FlagObsolete marks an attribute that the WHATWG HTML standard no longer
	// has, or never had, kept because old pages still use it.
	FlagObsolete
)

// A Cond says what else of the element decides whether, or how, the
// attribute holds a link. The zero Cond means nothing else does.
type Cond uint8

const (
	// CondAlways: the rule applies whatever the element's other attributes.
	CondAlways Cond = iota
	// CondMeta: meta's content attribute holds a link only if the element's
	// http-equiv, name or property attribute says so: call MetaContent for
	// the rule to apply.
	CondMeta
	// CondRel: link's href is a RoleResource or a RoleHyperlink depending on the
	// element's rel attribute: call LinkRole.
	CondRel
	// CondImageInput: input's src is used only when the element's type
	// attribute is an ASCII case-insensitive match for "image".
	CondImageInput
	// CondParamURL: param's value is a URL only if ParamIsURL says so of the
	// element's name and valuetype attributes.
	CondParamURL
)

// A Rule says how one attribute of one element holds links.
type Rule struct {
	Kind  Kind
	Role  Role
	Flags Flags
	Cond  Cond
}

// An Entry is one row of the rules table: the rule for attribute Attr of
// element Tag, and where the rule comes from. Tag is "" for an attribute
// that carries links on any element (style, xlink:href, the lazy-loading
// attributes); a rule for a named element takes precedence over it.
type Entry struct {
	Tag, Attr string
	Rule
	Source string
}

// Rules returns a copy of the rules table that Lookup consults, in the
// order it is written: WHATWG HTML, obsolete and legacy HTML, SVG,
// MathML, attributes of any element, lazy-loading attributes.
//
// The table leaves out, on purpose:
//
//   - xmlns and xmlns:* attributes, and the URLs of @namespace in CSS:
//     namespace names are identifiers compared as strings, never fetched;
//     rewriting one breaks the document.
//   - xml:base: XML Base scoping of relative URLs in SVG and MathML. No
//     current browser honors it (SVG 2 removed it), so following it would
//     resolve links differently from every browser.
//   - usemap (img, input, object): a hash-name reference ("#map") matched
//     against map elements of the same document, not a URL; resolving it
//     against the base URL would break the image map.
//   - itemtype, itemid and itemprop (microdata): vocabulary and item
//     identifiers that "should not be automatically dereferenced".
//   - the for, headers, list, form, aria-* and other IDREF attributes:
//     element ids, not URLs.
//   - data-url, data-background and other data- attributes that no
//     lazy-loading library defines: many unrelated scripts use them for
//     values that are not URLs (colors, ids, JSON). data-href and data-uri,
//     which Common Crawl's WAT files take, are in the table with
//     RoleSpeculative, as are the onclick attributes of div and input.
//   - onclick on other elements, and the other event handler attributes
//     (onload, onmouseover...): JavaScript, of which only the two forms of
//     ParseOnclick are taken, on the elements ia-web-commons takes them.
//   - data-bgset (lazysizes bgset plugin) and data-background-image-set
//     (lozad.js): a syntax of their own, close to srcset but with "|" and
//     "[media]" separators, that ParseSrcset would misread; data-require
//     (lazysizes): a module name.
//   - embed's and object's type, codetype and the like: MIME types.
//   - the content of script elements, including importmap and
//     speculationrules JSON, and the xml-stylesheet processing instruction:
//     element content, not attributes; the style element's content is CSS
//     (cssurl.Scanner).
//   - portal (removed from Chromium) and fencedframe (its config comes from
//     script, not from an attribute).
func Rules() []Entry {
	return append([]Entry(nil), ruleTable...)
}

// Lookup returns the rule for attribute attr of element tag, and whether
// there is one: whether the attribute can carry links at all. Both names
// must be in lower case, as the HTML tokenizer gives them (SVG's feImage is
// "feimage"); Lookup does not fold case.
//
// A rule whose Cond is not CondAlways needs more of the element: see Cond.
// A rule whose Role is RoleSpeculative (data-href, data-uri, the onclick of
// div and input) is a guess that a caller takes only when asked.
// Attributes that look like links but are not (xmlns, itemtype, usemap…)
// have no rule; Rules lists them.
//
// Lookup is meant to be called for every attribute of every tag: it does
// not allocate, and it answers from a hash table built once from the
// rules table.
func Lookup(tag, attr []byte) (Rule, bool) {
	if len(attr) < minAttrLen || len(attr) > maxAttrLen || attrShapes[attr[0]]&(1<<len(attr)) == 0 {
		return Rule{}, false
	}
	// The pairs that hold most of a page's links, first.
	switch string(attr) {
	case "href":
		switch string(tag) {
		case "a":
			return aHref, true
		case "link":
			return linkHref, true
		}
	case "src":
		switch string(tag) {
		case "img":
			return imgSrc, true
		case "script":
			return scriptSrc, true
		}
	}
	ha := quickHash(attr)
	var g *attrGroup
	var gi uint16
	for i := ha & tableMask; ; i = (i + 1) & tableMask {
		gi = attrIndex[i]
		if gi == 0 {
			return Rule{}, false // the common case: class, id, alt…
		}
		if g = &attrGroups[gi-1]; g.attr == string(attr) {
			break
		}
	}
	if g.tagged {
		for i := pairHash(ha, tag) & tableMask; ; i = (i + 1) & tableMask {
			p := pairIndex[i]
			if p.entry == 0 {
				break
			}
			if p.group == gi && ruleTable[p.entry-1].Tag == string(tag) {
				return ruleTable[p.entry-1].Rule, true
			}
		}
	}
	return g.any, g.hasAny
}

// The rules table is indexed by two open-addressing hash tables with
// linear probing, built at init: attrIndex finds an attribute's group
// (most attributes of a page have none, and the search ends there), and
// pairIndex finds the entry for a named element. Slots hold 1 + an index;
// 0 is empty. A pair slot also holds the attribute's group, so that
// finding the entry takes one string comparison, of the element name.
const (
	tableBits = 10
	tableMask = 1<<tableBits - 1
)

// An attrGroup is what the table says of one attribute name.
type attrGroup struct {
	attr   string
	tagged bool // some named element has a rule for attr
	hasAny bool // any element has rule any for attr
	any    Rule
}

var (
	attrGroups             []attrGroup
	attrIndex              [1 << tableBits]uint16
	pairIndex              [1 << tableBits]struct{ entry, group uint16 }
	minAttrLen, maxAttrLen = 1 << 30, 0
	// attrShapes[c] has bit n set when the table has an attribute of n
	// bytes that begins with c: most attributes of a page (class, id,
	// title, alt…) fail this test, before any hashing.
	attrShapes [256]uint64

	// The rules of the commonest pairs, for Lookup's fast path.
	aHref, linkHref, imgSrc, scriptSrc Rule
)

// quickHash hashes a name from its length and four of its bytes, which is
// enough to tell the few hundred names of the table apart cheaply;
// collisions only cost a probe.
func quickHash[T ~string | ~[]byte](b T) uint32 {
	n := len(b)
	h := uint32(n) * 0x9e3779b1
	if n > 0 {
		h ^= uint32(b[0]) | uint32(b[n-1])<<8 | uint32(b[n/2])<<16 | uint32(b[(n-1)/3])<<24
	}
	h ^= h >> 15
	h *= 0x2c1b3c6d
	h ^= h >> 12
	return h
}

func pairHash[T ~string | ~[]byte](ha uint32, tag T) uint32 {
	h := ha*0x27d4eb2f ^ quickHash(tag)
	h ^= h >> 16
	return h
}

func init() {
	if len(ruleTable) > len(pairIndex)/2 {
		panic("htmlattr: rules table too full")
	}
	groups := map[string]int{}
	for n, e := range ruleTable {
		gi, ok := groups[e.Attr]
		if !ok {
			gi = len(attrGroups)
			groups[e.Attr] = gi
			attrGroups = append(attrGroups, attrGroup{attr: e.Attr})
			i := quickHash(e.Attr) & tableMask
			for attrIndex[i] != 0 {
				i = (i + 1) & tableMask
			}
			attrIndex[i] = uint16(gi + 1)
		}
		g := &attrGroups[gi]
		if e.Tag == "" {
			g.hasAny, g.any = true, e.Rule
		} else {
			g.tagged = true
			i := pairHash(quickHash(e.Attr), e.Tag) & tableMask
			for pairIndex[i].entry != 0 {
				i = (i + 1) & tableMask
			}
			pairIndex[i].entry, pairIndex[i].group = uint16(n+1), uint16(gi+1)
		}
		minAttrLen = min(minAttrLen, len(e.Attr))
		maxAttrLen = max(maxAttrLen, len(e.Attr))
		attrShapes[e.Attr[0]] |= 1 << len(e.Attr)
		switch e.Tag + "@" + e.Attr {
		case "a@href":
			aHref = e.Rule
		case "link@href":
			linkHref = e.Rule
		case "img@src":
			imgSrc = e.Rule
		case "script@src":
			scriptSrc = e.Rule
		}
	}
	if aHref.Kind == 0 || linkHref.Kind == 0 || imgSrc.Kind == 0 || scriptSrc.Kind == 0 {
		panic("htmlattr: a pair of Lookup's fast path is not in the table")
	}
	if maxAttrLen >= 64 {
		panic("htmlattr: an attribute name too long for attrShapes")
	}
}

// Shorthands for the table.
var (
	ruleURL       = Rule{Kind: KindURL, Role: RoleResource}
	ruleHyperlink = Rule{Kind: KindURL, Role: RoleHyperlink}
	ruleFrame     = Rule{Kind: KindURL, Role: RoleFrame}
	ruleForm      = Rule{Kind: KindURL, Role: RoleForm}
	ruleReference = Rule{Kind: KindURL, Role: RoleReference}
	ruleSrcset    = Rule{Kind: KindSrcset, Role: RoleResource}
	ruleCSS       = Rule{Kind: KindCSS, Role: RoleResource}
)

func (r Rule) with(f Flags) Rule { r.Flags |= f; return r }

// The sources named in the table:
//
//   - HTML: the WHATWG HTML Living Standard; the section is the element's,
//     and the attributes index (section "Attributes" of the Index) lists
//     them all as "valid URL potentially surrounded by spaces", "set of
//     space-separated tokens consisting of valid non-empty URLs", or
//     "comma-separated list of image candidate strings".
//   - HTML obsolete: its section 16.3, "Requirements for implementations",
//     and 16.2, "Non-conforming features", of attributes that browsers
//     still honor or that authors still write.
//   - HTML 4.01: the W3C Recommendation of 1999, for what WHATWG HTML
//     dropped (object's codebase, classid and archive; applet; profile;
//     param's valuetype=ref; longdesc).
//   - wget: GNU Wget's html-url.c tag table; HTTrack: its htsparse.c; both
//     keep pre-standard Netscape and Internet Explorer attributes.
//   - SVG 2 (W3C Candidate Recommendation) and SVG 1.1 (for xlink:href,
//     which SVG 2 keeps as a synonym of href).
//   - MathML 3 (W3C Recommendation): href on every presentation element,
//     math's altimg, mglyph's src; MathML 2 for xlink:href.
//   - The lazy-loading libraries named on each entry.
var ruleTable = buildRuleTable()

func buildRuleTable() []Entry {
	t := []Entry{
		// WHATWG HTML.
		{"a", "href", ruleHyperlink, "HTML (the a element)"},
		{"area", "href", ruleHyperlink, "HTML (the area element)"},
		{"a", "ping", Rule{Kind: KindSpaceList, Role: RolePing}, "HTML (a; hyperlink auditing)"},
		{"area", "ping", Rule{Kind: KindSpaceList, Role: RolePing}, "HTML (area; hyperlink auditing)"},
		{"base", "href", Rule{Kind: KindURL, Role: RoleBase}, "HTML (the base element)"},
		{"link", "href", Rule{Kind: KindURL, Role: RoleHyperlink, Cond: CondRel}, "HTML (the link element); role from rel (link types)"},
		{"link", "imagesrcset", ruleSrcset, "HTML (link; preloading responsive images)"},
		{"img", "src", ruleURL, "HTML (the img element)"},
		{"img", "srcset", ruleSrcset, "HTML (img; parsing a srcset attribute)"},
		{"source", "src", ruleURL, "HTML (the source element, in audio and video)"},
		{"source", "srcset", ruleSrcset, "HTML (the source element, in picture)"},
		{"script", "src", ruleURL, "HTML (the script element)"},
		{"iframe", "src", ruleFrame, "HTML (the iframe element)"},
		{"iframe", "srcdoc", Rule{Kind: KindHTML, Role: RoleFrame}, "HTML (iframe srcdoc: an HTML document)"},
		{"embed", "src", ruleURL, "HTML (the embed element)"},
		{"object", "data", ruleURL.with(FlagUsesCodebase), "HTML (the object element); codebase from HTML 4.01 13.3"},
		{"input", "src", Rule{Kind: KindURL, Role: RoleResource, Cond: CondImageInput}, "HTML (input, Image Button state)"},
		{"track", "src", ruleURL, "HTML (the track element)"},
		{"audio", "src", ruleURL, "HTML (the audio element)"},
		{"video", "src", ruleURL, "HTML (the video element)"},
		{"video", "poster", ruleURL, "HTML (video poster)"},
		{"form", "action", ruleForm, "HTML (the form element; form submission)"},
		{"button", "formaction", ruleForm, "HTML (the button element)"},
		{"input", "formaction", ruleForm, "HTML (the input element)"},
		{"blockquote", "cite", ruleReference, "HTML (the blockquote element)"},
		{"q", "cite", ruleReference, "HTML (the q element)"},
		{"ins", "cite", ruleReference, "HTML (the ins element)"},
		{"del", "cite", ruleReference, "HTML (the del element)"},
		{"meta", "content", Rule{Kind: KindRefresh, Role: RoleHyperlink, Cond: CondMeta}, "HTML (meta, Refresh state: shared declarative refresh steps); other names: MetaContent"},
		{"img", "attributionsrc", Rule{Kind: KindSpaceList, Role: RolePing}, "Attribution Reporting API (WICG), as in Chromium"},
		{"a", "attributionsrc", Rule{Kind: KindSpaceList, Role: RolePing}, "Attribution Reporting API (WICG), as in Chromium"},

		// Obsolete and legacy HTML.
		{"html", "manifest", ruleURL.with(FlagIgnoresBase | FlagObsolete), "HTML 5.2 (application cache; removed from WHATWG HTML)"},
		{"body", "background", ruleURL.with(FlagObsolete), "HTML obsolete features; rendering (body background); HTML 4.01 7.5.1"},
		{"table", "background", ruleURL.with(FlagObsolete), "HTML rendering (tables: background); wget"},
		{"thead", "background", ruleURL.with(FlagObsolete), "HTML rendering (tables: background)"},
		{"tbody", "background", ruleURL.with(FlagObsolete), "HTML rendering (tables: background)"},
		{"tfoot", "background", ruleURL.with(FlagObsolete), "HTML rendering (tables: background)"},
		{"tr", "background", ruleURL.with(FlagObsolete), "HTML rendering (tables: background)"},
		{"td", "background", ruleURL.with(FlagObsolete), "HTML rendering (tables: background); wget"},
		{"th", "background", ruleURL.with(FlagObsolete), "HTML rendering (tables: background); wget"},
		{"frame", "src", ruleFrame.with(FlagObsolete), "HTML obsolete features (frames); HTML 4.01 16.2.2"},
		{"frame", "longdesc", ruleReference.with(FlagObsolete), "HTML 4.01 16.2.2"},
		{"iframe", "longdesc", ruleReference.with(FlagObsolete), "HTML 4.01 16.5"},
		{"img", "longdesc", ruleReference.with(FlagObsolete), "HTML 4.01 13.2; W3C HTML5 Image Description Extension"},
		{"img", "lowsrc", ruleURL.with(FlagObsolete), "Netscape Navigator; wget"},
		{"img", "dynsrc", ruleURL.with(FlagObsolete), "Internet Explorer (video in img)"},
		{"image", "src", ruleURL.with(FlagObsolete), "HTML parsing (in body: an image start tag becomes img)"},
		{"image", "srcset", ruleSrcset.with(FlagObsolete), "HTML parsing (in body: an image start tag becomes img)"},
		{"head", "profile", Rule{Kind: KindSpaceList, Role: RoleReference, Flags: FlagObsolete}, "HTML 4.01 7.4.4.2 (meta data profiles)"},
		{"object", "codebase", ruleURL.with(FlagCodebase | FlagObsolete), "HTML 4.01 13.3"},
		{"object", "classid", ruleURL.with(FlagUsesCodebase | FlagObsolete), "HTML 4.01 13.3 (a URL unless it is clsid:)"},
		{"object", "archive", Rule{Kind: KindSpaceList, Role: RoleResource, Flags: FlagUsesCodebase | FlagObsolete}, "HTML 4.01 13.3 (space-separated)"},
		{"applet", "code", ruleURL.with(FlagUsesCodebase | FlagObsolete), "HTML 4.01 13.4; wget"},
		{"applet", "codebase", ruleURL.with(FlagCodebase | FlagObsolete), "HTML 4.01 13.4"},
		{"applet", "archive", Rule{Kind: KindCommaList, Role: RoleResource, Flags: FlagUsesCodebase | FlagObsolete}, "HTML 4.01 13.4 (comma-separated)"},
		{"applet", "object", ruleURL.with(FlagUsesCodebase | FlagObsolete), "HTML 4.01 13.4 (serialized applet)"},
		{"param", "value", Rule{Kind: KindURL, Role: RoleResource, Flags: FlagObsolete, Cond: CondParamURL}, "HTML 4.01 13.3.2 (valuetype=ref); Flash, QuickTime and Windows Media params; HTTrack"},
		{"embed", "pluginspage", ruleReference.with(FlagObsolete), "Netscape plug-ins; HTTrack"},
		{"embed", "href", ruleHyperlink.with(FlagObsolete), "QuickTime plug-in; wget"},
		{"isindex", "action", ruleForm.with(FlagObsolete), "earlier WHATWG HTML parsing rules (isindex became a form with this action); HTML 3.0 draft"},
		{"command", "icon", ruleURL.with(FlagObsolete), "HTML5 drafts (the command element)"},
		{"menuitem", "icon", ruleURL.with(FlagObsolete), "HTML 5.1 (the menuitem element); Firefox context menus"},
		{"bgsound", "src", ruleURL.with(FlagObsolete), "Internet Explorer; wget"},
		{"layer", "src", ruleFrame.with(FlagObsolete), "Netscape 4; wget"},
		{"ilayer", "src", ruleFrame.with(FlagObsolete), "Netscape 4"},
		{"fig", "src", ruleURL.with(FlagObsolete), "HTML 3.0 draft; wget"},
		{"overlay", "src", ruleURL.with(FlagObsolete), "HTML 3.0 draft; wget"},

		// SVG. HTML's tokenizer lower-cases the names of SVG's camel-case
		// elements; xlink:href on any element is below.
		{"a", "xlink:href", ruleHyperlink, "SVG 1.1 (the a element)"},
	}
	for _, tag := range svgHref {
		if tag != "a" { // HTML's a@href above is the same rule
			t = append(t, Entry{tag, "href", ruleURL, "SVG 2 (href)"})
		}
	}

	// MathML.
	for _, tag := range mathMLPresentation {
		t = append(t,
			Entry{tag, "href", ruleHyperlink, "MathML 3 (attributes shared by all presentation elements)"},
			Entry{tag, "xlink:href", ruleHyperlink, "MathML 2 (links with XLink)"})
	}
	t = append(t,
		Entry{"math", "altimg", ruleURL, "MathML 3 (the math element)"},
		Entry{"mglyph", "src", ruleURL, "MathML 3 (mglyph)"},
		Entry{"annotation", "src", ruleReference, "MathML 3 (annotation)"},
		Entry{"annotation-xml", "src", ruleReference, "MathML 3 (annotation-xml)"},
	)

	// Any element.
	t = append(t,
		Entry{"", "style", ruleCSS, "HTML (global attributes: style); CSS Style Attributes"},
		Entry{"", "xlink:href", ruleURL, "XLink 1.0; SVG 1.1 (a, image, use, feImage, script, gradients, pattern, filter, textPath, tref, altGlyph, cursor, color-profile, font-face-uri, mpath, animation elements)"},
	)
	for _, attr := range svgPresentationURL {
		t = append(t, Entry{"", attr, ruleCSS, "SVG 2 (presentation attributes: a CSS value that may hold url())"})
	}

	// Lazy loading: attributes of scripts, not of HTML.
	lazy := func(attr string, r Rule, source string) {
		t = append(t, Entry{"", attr, r.with(FlagLazy), source})
	}
	lazy("data-src", ruleURL, "lazysizes, lozad.js, vanilla-lazyload, jQuery Lazy, Lazy Load XT, bLazy, tuupola lazyload 2")
	lazy("data-srcset", ruleSrcset, "lazysizes, lozad.js, vanilla-lazyload, tuupola lazyload 2")
	lazy("data-original", ruleURL, "jQuery Lazy Load (tuupola/jquery_lazyload) 1.x")
	lazy("data-lazy-src", ruleURL, "WordPress: Jetpack Lazy Images, Rocket Lazy Load, a3 Lazy Load")
	lazy("data-lazy-srcset", ruleSrcset, "WordPress: Jetpack Lazy Images, Rocket Lazy Load, a3 Lazy Load")
	lazy("data-lazy", ruleURL, "Slick carousel (lazyLoad)")
	lazy("data-bg", ruleURL, "lazysizes unveilhooks plugin; vanilla-lazyload; Lazy Load XT bg plugin")
	lazy("data-bg-hidpi", ruleURL, "vanilla-lazyload 15.1")
	lazy("data-bg-multi", ruleCSS, "vanilla-lazyload 15 (a background-image value: url(...), ...)")
	lazy("data-bg-multi-hidpi", ruleCSS, "vanilla-lazyload 15.1")
	lazy("data-bg-set", ruleCSS, "vanilla-lazyload 17.8 (image-set() arguments, separated by |)")
	lazy("data-background-image", Rule{Kind: KindCommaList, Role: RoleResource}, "lozad.js (comma-separated background images)")
	lazy("data-poster", ruleURL, "lazysizes unveilhooks plugin, lozad.js, vanilla-lazyload")
	lazy("data-link", ruleURL, "lazysizes unveilhooks plugin (a style sheet)")
	lazy("data-script", ruleURL, "lazysizes unveilhooks plugin")
	lazy("data-iesrc", ruleURL, "lozad.js (picture fallback for Internet Explorer)")
	lazy("data-echo", ruleURL, "echo.js")

	// Speculative links: what Common Crawl's WAT files hold beside the
	// links of HTML (ia-web-commons' ExtractingParseObserver: its global
	// href attributes, and the onclick of its DIV and INPUT extractors).
	spec := Rule{Kind: KindURL, Role: RoleSpeculative}
	onclick := Rule{Kind: KindOnclick, Role: RoleSpeculative}
	t = append(t,
		Entry{"", "data-href", spec, "Common Crawl WAT files (ia-web-commons: data-href of any element)"},
		Entry{"", "data-uri", spec, "Common Crawl WAT files (ia-web-commons: data-uri of any element)"},
		Entry{"div", "onclick", onclick, "Common Crawl WAT files (ia-web-commons: DIV@/onclick; see ParseOnclick)"},
		Entry{"input", "onclick", onclick, "Common Crawl WAT files (ia-web-commons: INPUT@/onclick; see ParseOnclick)"},
	)
	return t
}

// svgHref are the SVG 2 elements whose href attribute is a URL.
var svgHref = []string{
	"a", "animate", "animatemotion", "animatetransform", "set", "discard",
	"feimage", "image", "lineargradient", "radialgradient", "mpath",
	"pattern", "script", "textpath", "use",
}

// svgPresentationURL are the SVG presentation attributes whose value may
// be, or hold, a url() reference.
var svgPresentationURL = []string{
	"fill", "stroke", "clip-path", "mask", "filter",
	"marker-start", "marker-mid", "marker-end", "cursor",
}

// mathMLPresentation are the MathML 3 presentation elements, and math and
// semantics, on which MathML 3 allows href.
var mathMLPresentation = []string{
	"math", "semantics",
	"mi", "mn", "mo", "mtext", "mspace", "ms", "mglyph",
	"mrow", "mfrac", "msqrt", "mroot", "mstyle", "merror", "mpadded",
	"mphantom", "mfenced", "menclose",
	"msub", "msup", "msubsup", "munder", "mover", "munderover",
	"mmultiscripts", "mtable", "mlabeledtr", "mtr", "mtd",
	"mstack", "mlongdiv", "msgroup", "msrow", "mscarries", "mscarry",
	"msline", "maction",
}

// MetaContent returns the rule for the content attribute of a meta element
// with the given http-equiv, name and property attributes (nil for an
// absent one), and whether content holds a link at all.
//
// An http-equiv of "refresh" makes content a refresh (KindRefresh, role
// RoleHyperlink), as the HTML standard says. Otherwise content is one URL if
// name or property is one of the well-known metadata names whose value is
// a URL: the Open Graph protocol's og:image, og:url, og:video, og:audio
// and their :url and :secure_url forms; Twitter (X) cards' twitter:image,
// twitter:image:src, twitter:player and twitter:player:stream; and
// Internet Explorer 11's pinned-site msapplication-TileImage,
// msapplication-config, msapplication-square70x70logo (and the other
// logo sizes) and msapplication-starturl. All comparisons are ASCII
// case-insensitive.
func MetaContent(httpEquiv, name, property []byte) (Rule, bool) {
	if equalFoldASCII(httpEquiv, "refresh") {
		return Rule{Kind: KindRefresh, Role: RoleHyperlink}, true
	}
	if r, ok := metaNameRule(name); ok {
		return r, true
	}
	return metaNameRule(property)
}

func metaNameRule(name []byte) (Rule, bool) {
	if len(name) < 6 || len(name) > 40 {
		return Rule{}, false
	}
	var buf [40]byte
	lower := buf[:len(name)]
	for i, c := range name {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	switch string(lower) {
	case "og:image", "og:image:url", "og:image:secure_url",
		"og:video", "og:video:url", "og:video:secure_url",
		"og:audio", "og:audio:url", "og:audio:secure_url",
		"twitter:image", "twitter:image:src",
		"twitter:player:stream",
		"msapplication-tileimage", "msapplication-config",
		"msapplication-square70x70logo", "msapplication-square150x150logo",
		"msapplication-wide310x150logo", "msapplication-square310x310logo":
		return ruleURL, true
	case "twitter:player":
		return ruleFrame, true
	case "og:url", "msapplication-starturl":
		return ruleHyperlink, true
	}
	return Rule{}, false
}

// LinkRole returns the role of a link element's href given its rel
// attribute: RoleResource if rel names a link type that makes the browser (or
// the page's installer) load the resource with the page — stylesheet,
// icon, apple-touch-icon, apple-touch-icon-precomposed,
// apple-touch-startup-image, mask-icon, manifest, preload, prefetch,
// modulepreload, prerender, image_src — RoleReference for pingback, preconnect
// and dns-prefetch, whose URL is an endpoint or an origin rather than a
// document, and RoleHyperlink otherwise (alternate, canonical, next, author,
// license, search, and no rel at all). Link types are compared ASCII
// case-insensitively, so "Shortcut Icon" is a RoleResource.
func LinkRole(rel []byte) Role {
	role := RoleHyperlink
	for i := 0; i < len(rel); {
		for i < len(rel) && isASCIIWhitespace(rel[i]) {
			i++
		}
		start := i
		for i < len(rel) && !isASCIIWhitespace(rel[i]) {
			i++
		}
		tok := rel[start:i]
		switch {
		case equalFoldASCII(tok, "stylesheet"), equalFoldASCII(tok, "icon"),
			equalFoldASCII(tok, "apple-touch-icon"), equalFoldASCII(tok, "apple-touch-icon-precomposed"),
			equalFoldASCII(tok, "apple-touch-startup-image"), equalFoldASCII(tok, "mask-icon"),
			equalFoldASCII(tok, "manifest"), equalFoldASCII(tok, "preload"),
			equalFoldASCII(tok, "prefetch"), equalFoldASCII(tok, "modulepreload"),
			equalFoldASCII(tok, "prerender"), equalFoldASCII(tok, "image_src"):
			return RoleResource
		case equalFoldASCII(tok, "pingback"), equalFoldASCII(tok, "preconnect"),
			equalFoldASCII(tok, "dns-prefetch"):
			role = RoleReference
		}
	}
	return role
}

// ParamIsURL reports whether the value attribute of a param element with
// the given name and valuetype attributes is a URL: when valuetype is
// "ref" (HTML 4.01 section 13.3.2), or when name is one that the common
// plug-ins read as a URL: "movie" (Flash), "src", "url" and "filename"
// (Windows Media Player, QuickTime), "qtsrc" (QuickTime). Comparisons are
// ASCII case-insensitive.
func ParamIsURL(name, valuetype []byte) bool {
	return equalFoldASCII(valuetype, "ref") ||
		equalFoldASCII(name, "movie") || equalFoldASCII(name, "src") ||
		equalFoldASCII(name, "url") || equalFoldASCII(name, "filename") ||
		equalFoldASCII(name, "qtsrc")
}

// equalFoldASCII reports whether b is s (which is lower case) under ASCII
// case-insensitive comparison, the only folding HTML does for keywords.
func equalFoldASCII(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}
