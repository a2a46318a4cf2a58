package iri

import "strings"

// ResolveReference resolves ref against the base r (RFC 3986 section 5.2.2,
// the strict algorithm: a scheme in ref is never ignored, so "http:g"
// against an http base stays "http:g"). Components are treated as the
// text they are, IRI characters included (3987bis section 6.5); nothing is
// decoded or normalized except the removal of dot segments. r should be
// absolute; if it is not, the result is the reference relative to r.
func (r *Reference) ResolveReference(ref *Reference) *Reference {
	t := new(Reference)
	switch {
	case ref.Scheme != "":
		*t = *ref
		t.Path = removeDotSegments(ref.Path)
	case ref.HasAuthority:
		*t = *ref
		t.Scheme = r.Scheme
		t.Path = removeDotSegments(ref.Path)
	default:
		t.Scheme = r.Scheme
		t.HasAuthority, t.HasUserinfo, t.HasPort = r.HasAuthority, r.HasUserinfo, r.HasPort
		t.Userinfo, t.Host, t.Port = r.Userinfo, r.Host, r.Port
		switch {
		case ref.Path == "":
			t.Path = r.Path
			if ref.HasQuery {
				t.Query, t.HasQuery = ref.Query, true
			} else {
				t.Query, t.HasQuery = r.Query, r.HasQuery
			}
		case ref.Path[0] == '/':
			t.Path = removeDotSegments(ref.Path)
			t.Query, t.HasQuery = ref.Query, ref.HasQuery
		default:
			t.Path = removeDotSegments(merge(r, ref.Path))
			t.Query, t.HasQuery = ref.Query, ref.HasQuery
		}
	}
	t.Fragment, t.HasFragment = ref.Fragment, ref.HasFragment
	if !t.HasAuthority && strings.HasPrefix(t.Path, "//") {
		// Written as is, the path would read as an authority ("foo:/" and
		// ".//x" would give "foo://x"). Prefixing "/." keeps the path,
		// as the URL Standard's serializer does.
		t.Path = "/." + t.Path
	}
	return t
}

// merge implements RFC 3986 section 5.2.3.
func merge(base *Reference, path string) string {
	if base.HasAuthority && base.Path == "" {
		return "/" + path
	}
	i := strings.LastIndexByte(base.Path, '/')
	return base.Path[:i+1] + path
}

// removeDotSegments removes the "." and ".." segments of path as RFC 3986
// section 5.2.4 specifies, keeping empty segments ("/a/..//b" gives
// "//b" under "/"), and returns path itself when it has none.
func removeDotSegments(path string) string {
	if !hasDotSegment(path) {
		return path
	}
	in := path
	out := make([]byte, 0, len(path))
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			out = out[:lastSlash(out)]
		case in == "/..":
			in = "/"
			out = out[:lastSlash(out)]
		case in == "." || in == "..":
			in = ""
		default:
			// Move the first segment, with its leading "/" if any.
			start := 0
			if in[0] == '/' {
				start = 1
			}
			end := strings.IndexByte(in[start:], '/')
			if end < 0 {
				end = len(in)
			} else {
				end += start
			}
			out = append(out, in[:end]...)
			in = in[end:]
		}
	}
	return string(out)
}

func lastSlash(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return 0
}

// hasDotSegment reports whether path has a segment "." or "..".
func hasDotSegment(path string) bool {
	for i := 0; i < len(path); {
		j := strings.IndexByte(path[i:], '/')
		seg := path[i:]
		if j >= 0 {
			seg = path[i : i+j]
		}
		if seg == "." || seg == ".." {
			return true
		}
		if j < 0 {
			break
		}
		i += j + 1
	}
	return false
}
