package weburl

import "strings"

// Relative returns the shortest reference that a browser resolves against
// base to target: what a site move or a mirror writes into a page so that
// it keeps working wherever the site is served. It is a path-relative
// reference ("../img/a.png", "page.html?q=1", "#top") when base and target
// share scheme, credentials, host and port, and target's href otherwise.
// The result is checked: resolving it against base with the URL Standard's
// parser gives target's href, or Relative returns the href.
func Relative(base, target *URL) string {
	if base == nil || target == nil || base.opaque || target.opaque || !base.hasHost ||
		base.href[:base.authEnd] != target.href[:target.authEnd] {
		return target.href
	}
	rel := relativePath(base.Pathname(), target.Pathname())
	q, hasQ := target.Query()
	_, baseHasQ := base.Query()
	f, hasF := target.Fragment()
	switch {
	case hasQ:
		rel += "?" + q
	case rel == "" && (baseHasQ || !hasF):
		// Same path: an empty reference would keep the base's query (or
		// be the base itself): name the last segment.
		rel = lastSegment(target.Pathname())
	}
	if hasF {
		rel += "#" + f
	}
	if u, err := Parse(rel, base); err != nil || u.href != target.href {
		return target.href
	}
	return rel
}

// relativePath returns the relative path from the directory of base to
// target, both absolute paths, or "" when they are the same path.
func relativePath(base, target string) string {
	if base == target {
		return ""
	}
	bdir := base[:strings.LastIndexByte(base, '/')+1]
	// The longest common directory prefix.
	common := 0
	for i := 0; i < len(bdir) && i < len(target); i++ {
		if bdir[i] != target[i] {
			break
		}
		if bdir[i] == '/' {
			common = i + 1
		}
	}
	up := strings.Count(bdir[common:], "/")
	rest := target[common:]
	var b strings.Builder
	for range up {
		b.WriteString("../")
	}
	if up == 0 && (rest == "" || strings.HasPrefix(rest, "/") || firstSegmentHasColon(rest)) {
		b.WriteString("./")
	}
	b.WriteString(rest)
	return b.String()
}

func firstSegmentHasColon(p string) bool {
	if i := strings.IndexByte(p, '/'); i >= 0 {
		p = p[:i]
	}
	return strings.IndexByte(p, ':') >= 0
}

// lastSegment returns the last segment of the absolute path p, made safe to
// use as a relative reference, or "./" when it is empty.
func lastSegment(p string) string {
	s := p[strings.LastIndexByte(p, '/')+1:]
	if s == "" || firstSegmentHasColon(s) {
		return "./" + s
	}
	return s
}
