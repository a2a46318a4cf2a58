package unpack

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// A capture is one record of an archive that may become a file of the
// local copy, as the index holds it.
type capture struct {
	url  string // its URL, the href of WARC-Target-URI, without a fragment
	date string // WARC-Date made sortable (dateKey), "" when it is not a date
	kind byte   // kindResponse, kindResource, kindRedirect, kindRevisit

	// Where the record is, and where its payload is: the same but for a
	// revisit, whose payload is that of an earlier capture.
	archive, srcArchive int
	offset, srcOffset   int64
	doff, srcDoff       int64

	status      int    // HTTP status, 0 for a resource record
	mediaType   string // the payload's, lower case: "text/html"
	contentType string // the Content-Type as written, for its charset
	location    string // a redirect's target, absolute
	digest      string // WARC-Payload-Digest
	refers      string // a revisit's WARC-Refers-To-Target-URI, as an href
	path        string // the file, once decided
}

// The kinds of capture.
const (
	kindResponse = 'r' // an HTTP response with a body
	kindResource = 's' // a resource record: the block is the payload
	kindRedirect = 'd' // a 3xx HTTP response with a Location: a redirect page
	kindRevisit  = 'v' // a revisit record, or a 304: the payload of an earlier capture
)

// encode returns the record key\x00fields, which sorts by key. No field
// holds a NUL: clean removes them.
func (c *capture) encode(key string) []byte {
	var b strings.Builder
	b.WriteString(key)
	for _, f := range []string{
		c.url, c.date, string(c.kind),
		strconv.Itoa(c.archive), strconv.FormatInt(c.offset, 10), strconv.FormatInt(c.doff, 10),
		strconv.Itoa(c.srcArchive), strconv.FormatInt(c.srcOffset, 10), strconv.FormatInt(c.srcDoff, 10),
		strconv.Itoa(c.status), c.mediaType, c.contentType, c.location, c.digest, c.path, c.refers,
	} {
		b.WriteByte(0)
		b.WriteString(f)
	}
	return []byte(b.String())
}

// decodeCapture reads a record that encode wrote, after its key.
func decodeCapture(rec []byte) (*capture, error) {
	f := strings.Split(string(rec), "\x00")
	if len(f) != 17 || len(f[3]) != 1 {
		return nil, errRun
	}
	f = f[1:]
	c := &capture{url: f[0], date: f[1], kind: f[2][0], mediaType: f[10], contentType: f[11], location: f[12], digest: f[13], path: f[14], refers: f[15]}
	var err error
	num := func(s string) int64 {
		n, e := strconv.ParseInt(s, 10, 64)
		if e != nil {
			err = errRun
		}
		return n
	}
	c.archive, c.offset, c.doff = int(num(f[3])), num(f[4]), num(f[5])
	c.srcArchive, c.srcOffset, c.srcDoff = int(num(f[6])), num(f[7]), num(f[8])
	c.status = int(num(f[9]))
	return c, err
}

// clean removes the NULs and other controls of a field taken from an
// archive.
func clean(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
}

// dateLayout is the sortable form of a date in the index: UTC, with
// nanoseconds, so that byte order is time order.
const dateLayout = "20060102150405.000000000"

// dateKey returns WARC-Date (RFC 3339, as WARC 1.0 and 1.1 write it;
// the 14 digits of the 0.17 and 0.18 drafts' ARC-style dates too) in its
// sortable form, or "" when it is not a date.
func dateKey(s string) string {
	t, err := ParseDate(s)
	if err != nil {
		return ""
	}
	return t.UTC().Format(dateLayout)
}

// ParseDate reads a moment as --at takes it and as archives write it:
// RFC 3339 ("2024-05-06T07:08:09Z", with or without fractions of a
// second), a date alone ("2024-05-06", midnight UTC), or the digits of a
// Wayback Machine timestamp, 4 to 14 of them ("20240506070809",
// "202405"), UTC.
func ParseDate(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t, nil
	}
	if len(s) >= 4 && len(s) <= 14 && strings.Trim(s, "0123456789") == "" {
		full := s + "00000101000000"[len(s):] // January 1, midnight, for what is not given
		if t, err := time.Parse("20060102150405", full); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("not a date: want RFC 3339 (2024-05-06T07:08:09Z), a date (2024-05-06) or a timestamp of 4 to 14 digits (20240506070809)")
}
