package unpack

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"

	"github.com/relink-go/relink/internal/pct"
	"github.com/relink-go/relink/weburl"
)

// maxName is the most bytes of one file or directory name: file systems
// allow 255 (bytes on Linux, UTF-16 units on Windows, characters on
// macOS); the rest is room for the suffixes of renames.
const maxName = 200

// maxQuery is the most bytes of a query that a name holds as it is; a
// longer one is cut and followed by "~" and a hash of the whole query.
const maxQuery = 40

// typeExt is the extension a file of each media type gets when its name
// has none of them; the first is the one added. Types not listed keep
// their names as they are (text/plain, application/octet-stream...).
var typeExt = map[string][]string{
	"text/html":                {".html", ".htm"},
	"application/xhtml+xml":    {".xhtml", ".html", ".htm"},
	"text/css":                 {".css"},
	"text/javascript":          {".js", ".mjs"},
	"application/javascript":   {".js", ".mjs"},
	"application/x-javascript": {".js", ".mjs"},
	"application/ecmascript":   {".js", ".mjs"},
	"application/json":         {".json"},
	"application/ld+json":      {".jsonld", ".json"},
	"text/markdown":            {".md", ".markdown"},
	"image/png":                {".png"},
	"image/jpeg":               {".jpg", ".jpeg", ".jpe"},
	"image/gif":                {".gif"},
	"image/webp":               {".webp"},
	"image/avif":               {".avif"},
	"image/svg+xml":            {".svg", ".svgz"},
	"image/x-icon":             {".ico"},
	"image/vnd.microsoft.icon": {".ico"},
	"image/bmp":                {".bmp"},
	"font/woff":                {".woff"},
	"font/woff2":               {".woff2"},
	"application/font-woff":    {".woff"},
	"application/font-woff2":   {".woff2"},
	"font/ttf":                 {".ttf"},
	"font/otf":                 {".otf"},
	"application/pdf":          {".pdf"},
	"application/xml":          {".xml"},
	"text/xml":                 {".xml"},
	"application/rss+xml":      {".rss", ".xml"},
	"application/atom+xml":     {".atom", ".xml"},
	"application/wasm":         {".wasm"},
	"video/mp4":                {".mp4"},
	"video/webm":               {".webm"},
	"audio/mpeg":               {".mp3"},
}

// FilePath returns the path of the file that holds u, a URL of scheme http or
// https, in the local copy, slash-separated and relative to its root, for
// a body of media type mediaType ("text/html", "" when unknown); see the
// package documentation for the rules. It returns "" for a URL of another
// scheme. Two URLs may have the same path (http and https, case, the
// forms of a query): Unpack renames the files of the later ones.
func FilePath(u *weburl.URL, mediaType string) string {
	if s := u.Scheme(); s != "http" && s != "https" {
		return ""
	}
	var b strings.Builder
	b.WriteString(hostDir(u))
	segs := strings.Split(strings.TrimPrefix(u.Pathname(), "/"), "/")
	for _, s := range segs[:len(segs)-1] {
		b.WriteByte('/')
		if s == "" {
			b.WriteString("_") // a//b: an empty segment
			continue
		}
		b.WriteString(safeName(decodeName(s), ""))
	}
	b.WriteByte('/')
	name := segs[len(segs)-1]
	if name == "" {
		name = "index"
	} else {
		name = decodeName(name)
	}
	stem, ext := name, ""
	if exts := typeExt[mediaType]; exts != nil {
		e := strings.ToLower(path.Ext(name))
		found := false
		for _, x := range exts {
			if e == x {
				found = true
			}
		}
		if found {
			stem, ext = name[:len(name)-len(e)], name[len(name)-len(e):]
		} else {
			ext = exts[0]
		}
	}
	if q, ok := u.Query(); ok {
		dq := decodeName(q)
		if len(dq) > maxQuery {
			dq = cutUTF8(dq, maxQuery-9) + "~" + hash8(q)
		}
		stem += "@" + dq
	}
	b.WriteString(safeName(stem, ext))
	return b.String()
}

// hostDir returns the name of the directory of u's host.
func hostDir(u *weburl.URL) string {
	h := u.Hostname()
	if strings.Contains(h, "xn--") {
		if d, err := idna.ToUnicode(h); err == nil {
			h = d
		}
	}
	if p := u.Port(); p != "" {
		h += "+" + p
	}
	return safeName(h, "")
}

// decodeName percent-decodes s where the escapes give UTF-8, and keeps
// the others as written (upper-cased), then makes it NFC. A "%" that an
// escape gives is written "%25" again by safeName, so that decoding is
// one to one.
func decodeName(s string) string {
	if !strings.Contains(s, "%") {
		return norm.NFC.String(s)
	}
	var out []byte
	for i := 0; i < len(s); {
		if !pct.IsEncoded(s, i) {
			out = append(out, s[i])
			i++
			continue
		}
		// A run of escapes: decode the longest prefix that is UTF-8.
		var raw []byte
		j := i
		for pct.IsEncoded(s, j) {
			raw = append(raw, pct.Unhex(s[j+1])<<4|pct.Unhex(s[j+2]))
			j += 3
		}
		for k := 0; k < len(raw); {
			r, n := utf8.DecodeRune(raw[k:])
			if r == utf8.RuneError && n <= 1 || r < 0x20 || r == 0x7f {
				out = pct.Append(out, raw[k])
				k++
				continue
			}
			if r == '%' {
				out = append(out, "%25"...)
			} else {
				out = append(out, raw[k:k+n]...)
			}
			k += n
		}
		i = j
	}
	return norm.NFC.String(string(out))
}

// safeName returns stem+ext made safe as a file name on Linux, macOS and
// Windows; see the package documentation. ext is "" or an extension
// chosen from typeExt, safe as it is. A "%" already written as "%XX" by
// decodeName is kept.
func safeName(stem, ext string) string {
	var b strings.Builder
	for i := 0; i < len(stem); {
		r, n := utf8.DecodeRuneInString(stem[i:])
		c := stem[i]
		switch {
		case pct.IsEncoded(stem, i):
			b.WriteString(stem[i : i+3]) // an escape decodeName kept
			i += 3
			continue
		case r == utf8.RuneError && n <= 1, c < 0x20, c == 0x7f,
			n == 1 && strings.IndexByte(`<>:"/\|?*%`, c) >= 0:
			b.WriteByte('%')
			b.WriteByte(pct.UpperHex[c>>4])
			b.WriteByte(pct.UpperHex[c&15])
			i++
			continue
		}
		b.WriteString(stem[i : i+n])
		i += n
	}
	s := b.String()
	if reservedStem(s) {
		if dot := strings.IndexByte(s, '.'); dot >= 0 {
			s = s[:dot] + "_" + s[dot:]
		} else {
			s += "_"
		}
	}
	if ext == "" {
		// A final dot or space, which Windows drops ("." and ".." too).
		if n := len(s); n > 0 && (s[n-1] == '.' || s[n-1] == ' ') {
			s = s[:n-1] + "%" + string(pct.UpperHex[s[n-1]>>4]) + string(pct.UpperHex[s[n-1]&15])
		}
	}
	if s == "" && ext == "" {
		s = "_"
	}
	if len(s)+len(ext) > maxName {
		s = cutUTF8(s, maxName-len(ext)-9) + "~" + hash8(s)
	}
	return s + ext
}

// reservedStem reports whether Windows reserves name for a device: CON,
// PRN, AUX, NUL, COM0-9, LPT0-9 (and COM¹²³, LPT¹²³), in any case, alone
// or before an extension.
func reservedStem(name string) bool {
	stem, _, _ := strings.Cut(name, ".")
	stem = strings.TrimRight(stem, " ")
	switch strings.ToUpper(stem) {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if len(stem) >= 4 {
		p := strings.ToUpper(stem[:3])
		rest := stem[3:]
		if (p == "COM" || p == "LPT") && (len(rest) == 1 && '0' <= rest[0] && rest[0] <= '9' || rest == "¹" || rest == "²" || rest == "³") {
			return true
		}
	}
	return false
}

// cutUTF8 returns the longest prefix of s of at most n bytes that does
// not cut a character.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// hash8 returns the first 8 hex digits of the SHA-256 of s.
func hash8(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:4])
}

// foldKey is the key under which two paths name the same file on a file
// system that ignores case (Windows, macOS) or normalization (macOS):
// lower case, NFC, and "/" as \x01, so that in sorted order the paths
// under a directory follow the file of the same name.
func foldKey(p string) string {
	return strings.ReplaceAll(strings.ToLower(norm.NFC.String(p)), "/", "\x01")
}

// renamed returns p with a suffix before its extension that tells it
// from other paths: "~" and n hex digits of the SHA-256 of url.
func renamed(p, url string, n int) string {
	dir, name := path.Split(p)
	ext := path.Ext(name)
	if len(ext) > 12 || strings.ContainsAny(ext, "@%~") {
		ext = ""
	}
	h := sha256.Sum256([]byte(url))
	suffix := "~" + hex.EncodeToString(h[:])[:min(n, 64)]
	stem := name[:len(name)-len(ext)]
	stem = cutUTF8(stem, maxName+40-len(suffix)-len(ext))
	return dir + stem + suffix + ext
}
