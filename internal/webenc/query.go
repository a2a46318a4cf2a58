package webenc

import (
	"mime"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/relink-go/relink/internal/pct"
)

// QueryEncoding returns the encoding in which a document in e encodes the
// queries of its URLs, and the standard's name of it, or nil and "" for
// UTF-8. UTF-8, UTF-16 and the "replacement" encoding mean UTF-8 (the
// URL Standard's rule), and so does nil. An encoding the standard names
// is returned as the standard's (see Exact); one it does not name is
// returned as it is, with the name "", unless it encodes as UTF-8 or
// UTF-16 (a byte order mark or not), which means UTF-8 too.
func QueryEncoding(e encoding.Encoding) (encoding.Encoding, string) {
	if e == nil {
		return nil, ""
	}
	e = Exact(e)
	name, err := Name(e)
	if err != nil {
		// Not one of the standard's. A Unicode encoding (UTF-8 with a
		// BOM, UTF-16 with a BOM policy) still means UTF-8 queries.
		if isUnicodeEncoder(e) {
			return nil, ""
		}
		return e, ""
	}
	switch name {
	case "utf-8", "utf-16be", "utf-16le", "replacement":
		return nil, ""
	}
	return e, name
}

// isUnicodeEncoder reports whether e encodes "å" as UTF-8 or UTF-16,
// with or without a byte order mark.
func isUnicodeEncoder(e encoding.Encoding) bool {
	out, err := e.NewEncoder().String("\u00e5")
	if err != nil {
		return false
	}
	switch strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(out, "\xef\xbb\xbf"), "\xff\xfe"), "\xfe\xff") {
	case "\xc3\xa5", "\xe5\x00", "\x00\xe5":
		return true
	}
	return false
}

// LookupHint returns the encoding a charset hint names and its name in
// the standard, as Lookup does, or nil and "". The hint is a label
// ("shift_jis"), or a Content-Type value whose charset parameter is one
// ("text/html; charset=shift_jis"): what a transport says of a document.
func LookupHint(hint string) (encoding.Encoding, string) {
	if hint == "" {
		return nil, ""
	}
	label := hint
	if strings.Contains(hint, "/") || strings.Contains(hint, ";") {
		label = ""
		if _, params, err := mime.ParseMediaType(hint); err == nil {
			label = params["charset"]
		}
	}
	return Lookup(label)
}

// AppendQuery appends to b the query q of a URL in a document whose
// queries are encoded in e (named name in the standard, or ""): the URL
// Standard's "percent-encode after encoding". ASCII bytes are written as
// they are when keepASCII(q, i) holds for the byte q[i], else
// percent-encoded; each run of other characters is encoded in e, and of
// the bytes e writes, those keep accepts are written as they are and the
// others percent-encoded. A character e cannot encode becomes the
// percent-encoded numeric character reference "%26%23NNNN%3B", and a byte
// of q that is not UTF-8 is percent-encoded as itself. The longest
// encodable pieces are encoded whole, so that a stateful encoder switches
// state within a run as browsers do; the iso-2022-jp encoder's errors on
// the C0 bytes of its escape sequences become the reference of U+FFFD, as
// in the Encoding Standard. See AppendStatefulQuery for one encoder over
// the whole query.
func AppendQuery(b []byte, q string, e encoding.Encoding, name string, keepASCII func(q string, i int) bool, keep func(byte) bool) []byte {
	for i := 0; i < len(q); {
		c := q[i]
		if c < utf8.RuneSelf {
			switch {
			case name == "iso-2022-jp" && (c == 0x0E || c == 0x0F || c == 0x1B):
				b = append(b, "%26%2365533%3B"...)
			case keepASCII(q, i):
				b = append(b, c)
			default:
				b = pct.Append(b, c)
			}
			i++
			continue
		}
		j := i
		for j < len(q) && q[j] >= utf8.RuneSelf {
			j++
		}
		b = appendEncodedRun(b, q[i:j], e, keep)
		i = j
	}
	return b
}

// appendEncodedRun encodes run, a run of non-ASCII text, in e and appends
// the bytes, keeping those keep accepts and percent-encoding the others.
// The longest encodable pieces are encoded whole, so that stateful
// encoders (ISO-2022-JP) switch state as browsers do; a character e cannot
// encode becomes "%26%23NNNN%3B", and a byte that is not UTF-8 is
// percent-encoded as itself.
func appendEncodedRun(b []byte, run string, e encoding.Encoding, keep func(byte) bool) []byte {
	if out, err := e.NewEncoder().String(run); err == nil {
		return appendKept(b, out, keep)
	}
	start := 0
	flush := func(end int) {
		if end > start {
			out, _ := e.NewEncoder().String(run[start:end])
			b = appendKept(b, out, keep)
		}
	}
	for i := 0; i < len(run); {
		r, n := utf8.DecodeRuneInString(run[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			flush(i)
			b = pct.Append(b, run[i])
			start = i + n
		default:
			if _, err := e.NewEncoder().String(run[i : i+n]); err != nil {
				flush(i)
				b = appendNCR(b, r)
				start = i + n
			}
		}
		i += n
	}
	flush(len(run))
	return b
}

// AppendStatefulQuery is AppendQuery for a stateful encoding
// (ISO-2022-JP), with the same keep for every byte: the whole query goes
// through one encoder, as the URL Standard's "percent-encode after
// encoding" does, so that its state carries from one run of characters
// to the next ("¥s" stays in JIS X 0201 Roman for the "s"). A character
// the encoder rejects becomes "%26%23NNNN%3B", the encoder's state kept;
// ISO-2022-JP rejects U+000E, U+000F and U+001B as U+FFFD, and a byte
// that is not UTF-8 is percent-encoded as itself.
func AppendStatefulQuery(b []byte, q string, e encoding.Encoding, keep func(byte) bool) []byte {
	enc := e.NewEncoder()
	src := []byte(q)
	var buf [256]byte
	for len(src) > 0 {
		nDst, nSrc, err := enc.Transform(buf[:], src, true)
		b = appendKept(b, buf[:nDst], keep)
		src = src[nSrc:]
		switch {
		case err == nil:
		case err == transform.ErrShortDst:
		case len(src) > 0:
			r, n := utf8.DecodeRune(src)
			switch {
			case r == utf8.RuneError && n <= 1:
				b = pct.Append(b, src[0])
				n = 1
			case r == 0x0E || r == 0x0F || r == 0x1B:
				b = appendNCR(b, utf8.RuneError)
			default:
				b = appendNCR(b, r)
			}
			src = src[n:]
		default:
			return b
		}
	}
	// The encoder's return to ASCII at the end of its input.
	nDst, _, _ := enc.Transform(buf[:], nil, true)
	return appendKept(b, buf[:nDst], keep)
}

// appendKept appends the bytes of s, those keep accepts as they are and
// the others percent-encoded.
func appendKept[T string | []byte](b []byte, s T, keep func(byte) bool) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; keep(c) {
			b = append(b, c)
		} else {
			b = pct.Append(b, c)
		}
	}
	return b
}

// appendNCR appends the percent-encoded numeric character reference of r.
func appendNCR(b []byte, r rune) []byte {
	b = append(b, "%26%23"...)
	b = strconv.AppendInt(b, int64(r), 10)
	return append(b, "%3B"...)
}
