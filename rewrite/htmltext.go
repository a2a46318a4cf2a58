package rewrite

import (
	"strings"
	"unicode"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/iri"
	"github.com/relink-go/relink/textlink"
)

// The links written as plain text in the text of an HTML document
// (Options.TextLinks) are rewritten as those of a plain-text document
// are (see Text): each keeps the form it is written in. An email address
// stays an address (no "mailto:" put before it), a link written without
// a scheme stays without one (unless Resolve is ResolveAbsolute), and a
// link with a scheme keeps it; the document's base URL plays no part,
// as a link in text is absolute by what it means. A link that holds a
// placeholder is left as written. The text of pre, code, kbd, samp, tt,
// script, style and textarea elements is not searched at all (see
// extract.Options.TextLinks).
//
// The new value is checked on its own: detection must find it whole, as
// one link, meaning the same URL as the old one (up to the forms that
// Text's check allows). A value that fails is not written, and Stats
// counts the link as Kept.

// textLink returns the new value of the text link l of an HTML document,
// in Unicode, and true when it differs from the value as written; it
// counts l as decide does.
func (r *rewriter) textLink(l *extract.Link) (string, bool) {
	r.stats.Links++
	if l.Err != nil {
		r.stats.Kept++
		r.stats.Invalid++
		return "", false
	}
	if l.Start < r.base || l.End > r.base+int64(len(r.pend)) {
		r.stats.Kept++
		return "", false
	}
	if r.opts.Keep != nil && !r.opts.Keep(l) {
		return "", false
	}
	written := l.Value
	if strings.ContainsFunc(written, unicode.IsSpace) {
		written = strings.Map(dropSpace, written)
	}
	if textlink.HasPlaceholder(written) {
		r.stats.Kept++
		r.stats.Placeholders++
		return "", false
	}
	f := r.textForms()
	f.form = r.formOf(written)
	old := r.pend[l.Start-r.base : l.End-r.base]
	if r.guessed && r.guessDepends(l, old) {
		// Its characters are the guess's, as in Text.
		if f.changes(l, written) {
			r.stats.Kept++
			r.stats.Guessed++
		}
		return "", false
	}
	target := l.Href
	v, ok := "", false
	if r.opts.Map != nil {
		if newHref, moved := r.opts.Map(l, l.Href); moved && newHref != l.Href {
			if v, target, ok = f.movedValue(written, l.Href, newHref); !ok {
				r.stats.Kept++
				return "", false
			}
		}
	}
	if !ok {
		if !f.resolves(written, l.Href) {
			return "", false // nothing asks for a change (FormKeep)
		}
		if v, ok = f.newValue(written, l.Href); !ok {
			r.stats.Kept++
			return "", false
		}
	}
	if v == l.Value || v == written {
		return "", false
	}
	if r.guessed && !isASCII([]byte(v)) {
		r.stats.Kept++
		r.stats.Guessed++
		return "", false
	}
	m := textlink.Find([]byte(v))
	if len(m) != 1 || m[0].Start != 0 || int(m[0].End) != len(v) {
		r.stats.Kept++
		return "", false
	}
	if h, err := m[0].Href(); err != nil || !f.sameURI(h, target) {
		r.stats.Kept++
		return "", false
	}
	return v, true
}

// textForms returns the Text whose conversions give the forms of text
// links: in UTF-8, since HTML can write any character (a character
// reference where the charset lacks it).
func (r *rewriter) textForms() *Text {
	if r.forms == nil {
		t := &Text{}
		t.opts = r.opts
		t.charset = "utf-8"
		t.disp = iri.NewConverter()
		t.kind = kindUTF8
		r.forms = t
	}
	return r.forms
}
