package linkify

import (
	"strings"

	"github.com/relink-go/relink/internal/pct"
	"github.com/rivo/uniseg"
)

// ellipsis is what shorten puts in place of the middle of a link.
const ellipsis = "…"

// shorten returns the display form s of a link shortened to at most max
// user-perceived characters (grapheme clusters, UAX #29), the ellipsis
// included, and true; or s and false when it is no longer than max or
// max is not positive. The middle of s is left out: what is kept of its
// start and of its end is whole grapheme clusters, whole percent-escapes
// ("%E2%80%8B" is three escapes, each kept or left whole) and whole
// labels of its host, each with the dot after it ("www.example.com" is
// cut after "www." or after "example.", never inside "example"), the
// start getting the larger
// half. A start or an end that would cut a host label is shorter; the
// result may then be shorter than max.
func shorten(s string, max int) (string, bool) {
	if max <= 0 || len(s) <= max {
		return s, false // a string of n bytes has at most n clusters
	}
	units := splitUnits(s)
	total := 0
	for _, u := range units {
		total += u.width
	}
	if total <= max {
		return s, false
	}
	budget := max - 1 // the ellipsis is one
	// The start and the end take units in turn, the shorter first, each
	// while its next unit fits: a host label too long for one side
	// leaves the room to the other.
	head, tail, width := 0, len(units), 0
	hw, tw := 0, 0
fill:
	for head < tail {
		hu, tu := units[head].width, units[tail-1].width
		switch {
		case hw <= tw && width+hu <= budget, tw < hw && width+tu > budget && width+hu <= budget:
			head++
			hw += hu
			width += hu
		case width+tu <= budget:
			tail--
			tw += tu
			width += tu
		default:
			break fill // neither fits
		}
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, u := range units[:head] {
		b.WriteString(u.text)
	}
	b.WriteString(ellipsis)
	for _, u := range units[tail:] {
		b.WriteString(u.text)
	}
	return b.String(), true
}

// A unit is a piece of a link that shorten keeps whole or leaves out
// whole: a grapheme cluster, a percent-escape or a host label.
type unit struct {
	text  string
	width int // grapheme clusters
}

// splitUnits splits the display form of a link into units.
func splitUnits(s string) []unit {
	hs, he := hostSpan(s)
	units := make([]unit, 0, len(s))
	state := -1
	for i := 0; i < len(s); {
		switch {
		case i >= hs && i < he:
			// A label and the dot after it: "shop.…" and not "shop…",
			// which could be a label cut.
			j := i + strings.IndexByte(s[i:he]+".", '.')
			if j < he {
				j++
			}
			units = append(units, unit{s[i:j], uniseg.GraphemeClusterCount(s[i:j])})
			i, state = j, -1
			continue
		case s[i] == '%' && pct.IsEncoded(s, i):
			units = append(units, unit{s[i : i+3], 3})
			i, state = i+3, -1
			continue
		}
		c, _, _, st := uniseg.FirstGraphemeClusterInString(s[i:], state)
		switch {
		case i < hs && i+len(c) > hs:
			// A cluster across the edge of the host: cut at the edge.
			c, st = s[i:hs], -1
		case i < he && i+len(c) > he:
			c, st = s[i:he], -1
		}
		units = append(units, unit{c, 1})
		i, state = i+len(c), st
	}
	return units
}

// hostSpan returns the span of the host in the display form of a link,
// or an empty span when it has none: after "//" and any userinfo in a
// link with an authority, after the "@" of an email address, and the
// first part of a link written without a scheme.
func hostSpan(s string) (start, end int) {
	rest := 0
	if i := strings.Index(s, "://"); i > 0 && !strings.ContainsAny(s[:i], "/?#@") {
		rest = i + 3
	} else if i := strings.IndexByte(s, ':'); i > 0 && !strings.ContainsAny(s[:i], "/?#@.") {
		// A scheme without an authority: mailto:, tel:, magnet:.
		if !strings.EqualFold(s[:i], "mailto") {
			return 0, 0
		}
		rest = i + 1
	}
	end = rest + strings.IndexAny(s[rest:]+"/", "/?#")
	start = rest
	if at := strings.LastIndexByte(s[rest:end], '@'); at >= 0 {
		start = rest + at + 1
	}
	if c := strings.LastIndexByte(s[start:end], ':'); c >= 0 && !strings.Contains(s[start:end], "]") {
		end = start + c // a port
	}
	return start, end
}
