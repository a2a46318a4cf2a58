package remote

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// An Opener opens files where they are: a local path, an http:// or
// https:// URL, or an S3 object written s3://bucket/key. A remote file is
// streamed as it arrives, never copied to disk.
//
// A request is made again, up to Attempts times in all, after a wait
// that starts at Backoff and doubles, when it can succeed the next time:
// when it fails to connect, gets no response headers within
// HeaderTimeout, or gets a 5xx status (but 501 and 505), 408 or 429. A
// Retry-After header of such a response (seconds or an HTTP date) is
// honoured: the wait is at least what it asks, and a server that asks for
// more than MaxRetryAfter fails the file at once. Any other status, a
// redirect that is not followed (below), a certificate that does not
// verify or a host name that does not exist fails at once, with the
// reason in the error. So the waits of one file add up to at most
// (Attempts-1) × max(MaxRetryAfter, Backoff × 2^(Attempts-2)).
//
// A transfer cut off in the middle, or stalled (no bytes for
// IdleTimeout), is taken up where it stopped, with an HTTP Range request
// for the rest, and only when the rest is sure to be of the same file:
// the first response must have a strong ETag, which the request names
// (If-Match) and the 206 response must repeat, or else a Last-Modified
// date, which the request names (If-Unmodified-Since) and the 206 must
// repeat; and the 206's Content-Range must start where the transfer
// stopped and give the length of the whole file the first response gave.
// Otherwise the file fails: the output is never a splice of two
// versions of a file. Each resumption counts as an attempt.
//
// Redirects are followed up to 10 times, to http and https URLs only,
// and a loop is an error at once. The Referer header is never sent. A
// signed request (s3:// with credentials) follows a redirect only within
// its origin (scheme, host and port), and is signed again for the new
// path; a redirect elsewhere fails the file, so that the credentials are
// sent to no one else. An unsigned request that has left its origin
// sends none of the headers Authorization, Proxy-Authorization, Cookie,
// Cookie2 and X-Amz-*. (The standard client drops some of these itself,
// but only for another host name, not another port, and keeps X-Amz-*.)
//
// An s3://bucket/key object is read through S3's REST interface, an
// HTTPS GET of the object's URL, configured the way the AWS tools are,
// from the environment (see Getenv):
//
//   - AWS_ENDPOINT_URL_S3, or else AWS_ENDPOINT_URL: an S3-compatible
//     endpoint ("http://127.0.0.1:9000"), addressed path-style
//     (endpoint/bucket/key); without one, the bucket's AWS endpoint,
//     https://bucket.s3.region.amazonaws.com/key (path-style on
//     s3.region.amazonaws.com for a bucket name with a dot);
//   - AWS_REGION, or else AWS_DEFAULT_REGION: the region (us-east-1 when
//     neither is set; Common Crawl's bucket is there);
//   - AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN: the
//     credentials. With a key, requests are signed with AWS Signature
//     Version 4; without one they are anonymous, which a public bucket
//     accepts. Common Crawl's bucket does not: it serves the same files
//     anonymously at https://data.commoncrawl.org/ + the key.
//
// What the environment does not set is read from the AWS shared files,
// as the AWS CLI reads them, for the profile AWS_PROFILE names (or
// "default"): the credentials file (AWS_SHARED_CREDENTIALS_FILE, or
// ~/.aws/credentials) and then the config file (AWS_CONFIG_FILE, or
// ~/.aws/config) for aws_access_key_id, aws_secret_access_key and
// aws_session_token; the config file for region and endpoint_url. The
// home directory is HOME's, or the user's when the environment is empty
// (Spark's RDD.pipe clears it). A profile named by AWS_PROFILE that
// neither file has is an error, and so is one whose credentials come from
// IAM Identity Center (sso_*), credential_process, role_arn or
// web_identity_token_file, which the Opener does not read: a request is
// not sent anonymously when credentials were meant.
//
// The zero Opener is ready to use. An Opener is safe for concurrent use
// if its Client is.
type Opener struct {
	// Client makes the requests; nil means http.DefaultClient. Its
	// CheckRedirect is not used: the Opener follows redirects as said
	// above.
	Client *http.Client
	// Attempts is how many requests are made for one file, first
	// request and resumptions included; 0 means 4.
	Attempts int
	// Backoff is the wait before the second attempt; each later wait is
	// twice the one before. 0 means one second.
	Backoff time.Duration
	// HeaderTimeout bounds the wait for a response's headers, from the
	// start of the request (connection included); 0 means
	// DefaultHeaderTimeout, a negative value no bound.
	HeaderTimeout time.Duration
	// IdleTimeout bounds the wait for the next bytes of a response's
	// body, while its reader waits for them; 0 means DefaultIdleTimeout,
	// a negative value no bound.
	IdleTimeout time.Duration
	// MaxRetryAfter is the longest wait a Retry-After header can ask
	// for; 0 means DefaultMaxRetryAfter.
	MaxRetryAfter time.Duration
	// Getenv reads the AWS settings for s3:// objects; nil means
	// os.Getenv.
	Getenv func(key string) string
}

// The defaults of an Opener's bounds.
const (
	DefaultHeaderTimeout = 30 * time.Second
	DefaultIdleTimeout   = 60 * time.Second
	DefaultMaxRetryAfter = 60 * time.Second
)

// maxRedirects is how many redirects one request follows.
const maxRedirects = 10

// Open opens the file at location: a path, an http:// or https://
// URL, or s3://bucket/key. Reading a remote file ends with an error that
// names the file and why it could not be read; ctx bounds the whole
// transfer.
func (o *Opener) Open(ctx context.Context, location string) (io.ReadCloser, error) {
	switch {
	case hasPrefixFold(location, "http://"), hasPrefixFold(location, "https://"):
		return o.get(ctx, location, nil)
	case hasPrefixFold(location, "s3://"):
		obj, err := o.s3Object(location)
		if err != nil {
			return nil, err
		}
		return o.get(ctx, obj.url, obj.sign)
	}
	return os.Open(location)
}

// OpenRange opens length bytes of the file at location, from byte
// offset on, as a CDX index gives a record's place: a local file is read
// from there, a remote one with an HTTP Range request (bytes=offset-
// offset+length-1), which must be answered 206 Partial Content from
// offset on (or 200 with the whole file, for a range from 0). The reader
// returns io.EOF after length bytes, or at the end of the file if it
// ends before. A transfer cut off is taken up as Open's is, within the
// range. length must be positive and offset not negative. The reader has
// a method Size() int64 that returns the length of the whole file, -1
// when the server did not give it.
func (o *Opener) OpenRange(ctx context.Context, location string, offset, length int64) (io.ReadCloser, error) {
	if offset < 0 || length <= 0 || offset > math.MaxInt64-length {
		return nil, fmt.Errorf("%s: bad byte range %d,%d", location, offset, length)
	}
	switch {
	case hasPrefixFold(location, "http://"), hasPrefixFold(location, "https://"):
		return o.getRange(ctx, location, nil, offset, length)
	case hasPrefixFold(location, "s3://"):
		obj, err := o.s3Object(location)
		if err != nil {
			return nil, err
		}
		return o.getRange(ctx, obj.url, obj.sign, offset, length)
	}
	f, err := os.Open(location)
	if err != nil {
		return nil, err
	}
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return &limitedFile{io.LimitReader(f, length), f}, nil
}

// A limitedFile reads a part of a local file.
type limitedFile struct {
	io.Reader
	f *os.File
}

func (l *limitedFile) Close() error { return l.f.Close() }

// Size returns the length of the whole file, or -1 if unknown.
func (l *limitedFile) Size() int64 {
	fi, err := l.f.Stat()
	if err != nil {
		return -1
	}
	return fi.Size()
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// An Error is the error of a remote file that could not be read.
type Error struct {
	URL      string // the URL asked for (for s3://, the object's HTTP URL)
	Status   int    // the last HTTP status, 0 when there was none
	Attempts int    // how many requests were made
	Err      error  // what went wrong
}

// Error returns the reason, and how many requests were made when there
// were several: "HTTP status 503 Service Unavailable (after 4 attempts)".
func (e *Error) Error() string {
	s := e.Err.Error()
	if e.Attempts > 1 {
		s += " (after " + strconv.Itoa(e.Attempts) + " attempts)"
	}
	return s
}

// Unwrap returns Err, so that errors.Is finds context.Canceled or an
// error of the network in it.
func (e *Error) Unwrap() error { return e.Err }

// errStatus is the error of a response with a status that is not the one
// asked for.
type errStatus struct{ status string }

func (e errStatus) Error() string { return "HTTP status " + e.status }

// A redirectError is a redirect that is not followed: retrying cannot
// help.
type redirectError struct{ msg string }

func (e *redirectError) Error() string { return e.msg }

// A timeoutError is a bound of the Opener reached.
type timeoutError struct{ msg string }

func (e *timeoutError) Error() string { return e.msg }

// Timeout reports true, as the network's timeouts do.
func (e *timeoutError) Timeout() bool { return true }

func (o *Opener) client() *http.Client {
	if o.Client != nil {
		return o.Client
	}
	return http.DefaultClient
}

func (o *Opener) attempts() int {
	if o.Attempts > 0 {
		return o.Attempts
	}
	return 4
}

func (o *Opener) backoff() time.Duration {
	if o.Backoff > 0 {
		return o.Backoff
	}
	return time.Second
}

// bound returns d, or def when d is 0; 0 for no bound when d < 0.
func bound(d, def time.Duration) time.Duration {
	switch {
	case d == 0:
		return def
	case d < 0:
		return 0
	}
	return d
}

func (o *Opener) getenv(key string) string {
	if o.Getenv != nil {
		return o.Getenv(key)
	}
	return os.Getenv(key)
}

// get opens the resource at u for streaming. sign, when not nil, signs
// each request before it is sent.
func (o *Opener) get(ctx context.Context, u string, sign func(*http.Request)) (io.ReadCloser, error) {
	return o.getRange(ctx, u, sign, 0, -1)
}

// getRange opens length bytes of the resource at u from offset on, or
// all of it from offset on when length is negative.
func (o *Opener) getRange(ctx context.Context, u string, sign func(*http.Request), offset, length int64) (io.ReadCloser, error) {
	r := &remoteReader{
		o: o, ctx: ctx, url: u, sign: sign, wait: o.backoff(), total: -1, base: offset, want: length,
		headerTimeout: bound(o.HeaderTimeout, DefaultHeaderTimeout),
		idleTimeout:   bound(o.IdleTimeout, DefaultIdleTimeout),
		maxRetryAfter: bound(o.MaxRetryAfter, DefaultMaxRetryAfter),
	}
	c := *o.client()
	c.CheckRedirect = r.checkRedirect
	r.client = &c
	if err := r.request(); err != nil {
		return nil, err
	}
	return r, nil
}

// A remoteReader reads a remote file, resuming a transfer cut off.
type remoteReader struct {
	o      *Opener
	ctx    context.Context
	client *http.Client // o's, with the Opener's redirect policy
	url    string
	sign   func(*http.Request)

	headerTimeout, idleTimeout, maxRetryAfter time.Duration

	body   io.ReadCloser
	cancel context.CancelCauseFunc // ends the current response
	idle   *time.Timer             // ends it when no bytes come

	// What the first response said of the file, to check a resumption.
	etag    string // a strong ETag
	lastMod string // Last-Modified
	total   int64  // the file's length, -1 when unknown

	// The byte range asked for: from base, want bytes (-1: to the end).
	base, want int64

	off   int64 // bytes read so far (from base)
	tries int   // requests made
	wait  time.Duration
	cut   error // why the body stopped early, once some bytes came with it
	err   error // sticky
}

var (
	errHeaderTimeout = errors.New("header timeout")
	errIdleTimeout   = errors.New("idle timeout")
)

// request makes requests until one gives the file (from r.off on), or
// the attempts are spent.
func (r *remoteReader) request() error {
	var last error
	status := 0
	var after time.Duration // what the last response's Retry-After asked
	for r.tries < r.o.attempts() {
		if r.tries > 0 {
			t := time.NewTimer(max(r.wait, after))
			select {
			case <-r.ctx.Done():
				t.Stop()
				return r.fail(status, r.ctx.Err())
			case <-t.C:
			}
			r.wait *= 2
		}
		r.tries++
		after = 0
		ctx, cancel := context.WithCancelCause(r.ctx)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.url, nil)
		if err != nil {
			cancel(nil)
			return r.fail(0, err)
		}
		if pos := r.base + r.off; pos > 0 || r.want >= 0 {
			rng := "bytes=" + strconv.FormatInt(pos, 10) + "-"
			if r.want >= 0 {
				rng += strconv.FormatInt(r.base+r.want-1, 10)
			}
			req.Header.Set("Range", rng)
		}
		if r.off > 0 {
			if r.etag != "" {
				req.Header.Set("If-Match", r.etag)
			} else {
				req.Header.Set("If-Unmodified-Since", r.lastMod)
			}
		}
		if r.sign != nil {
			r.sign(req)
		}
		var timer *time.Timer
		if r.headerTimeout > 0 {
			timer = time.AfterFunc(r.headerTimeout, func() { cancel(errHeaderTimeout) })
		}
		resp, err := r.client.Do(req)
		if timer != nil {
			timer.Stop()
		}
		if err != nil {
			cancel(nil)
			if r.ctx.Err() != nil {
				return r.fail(status, r.ctx.Err())
			}
			if context.Cause(ctx) == errHeaderTimeout {
				last = &timeoutError{"no response within " + r.headerTimeout.String()}
				continue
			}
			if permanent(err) {
				return r.fail(status, err)
			}
			last = err
			continue
		}
		status = resp.StatusCode
		ranged := r.base > 0 || r.want >= 0
		if r.off == 0 && ranged && resp.StatusCode == http.StatusPartialContent {
			if err := r.firstRange(resp); err != nil {
				resp.Body.Close()
				cancel(nil)
				return r.fail(status, err)
			}
			r.start(resp, cancel)
			return nil
		}
		if r.off == 0 && ranged && resp.StatusCode == http.StatusRequestedRangeNotSatisfiable {
			resp.Body.Close()
			cancel(nil)
			return r.fail(status, fmt.Errorf("byte %d is past the end of the file (%s)", r.base, resp.Header.Get("Content-Range")))
		}
		if r.off == 0 && r.base > 0 && resp.StatusCode == http.StatusOK {
			resp.Body.Close()
			cancel(nil)
			return r.fail(status, fmt.Errorf("the server sent the whole file for a request of the bytes from %d on: it does not serve byte ranges", r.base))
		}
		if r.off == 0 && resp.StatusCode == http.StatusOK {
			if et := resp.Header.Get("ETag"); et != "" && !strings.HasPrefix(et, "W/") {
				r.etag = et
			}
			r.lastMod = resp.Header.Get("Last-Modified")
			r.total = resp.ContentLength
			r.start(resp, cancel)
			return nil
		}
		if r.off > 0 && resp.StatusCode == http.StatusPartialContent {
			if err := r.sameFile(resp); err != nil {
				resp.Body.Close()
				cancel(nil)
				return r.fail(status, fmt.Errorf("the transfer stopped at byte %d and the server cannot resume it: %w", r.off, err))
			}
			r.start(resp, cancel)
			return nil
		}
		resp.Body.Close()
		cancel(nil)
		switch {
		case r.off > 0 && (resp.StatusCode == http.StatusOK || resp.StatusCode == http.StatusPartialContent):
			return r.fail(status, fmt.Errorf("the transfer stopped at byte %d and the server cannot resume it", r.off))
		case r.off > 0 && resp.StatusCode == http.StatusPreconditionFailed:
			return r.fail(status, fmt.Errorf("the transfer stopped at byte %d and the file has changed since", r.off))
		}
		last = errStatus{resp.Status}
		if !retryStatus(resp.StatusCode) {
			return r.fail(status, last)
		}
		if d, ok := retryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
			if d > r.maxRetryAfter {
				return r.fail(status, fmt.Errorf("%w: the server asks to retry after %v, more than the %v waited at most",
					last, d.Round(time.Second), r.maxRetryAfter))
			}
			after = d
		}
	}
	return r.fail(status, last)
}

// start takes resp's body as the one to read.
func (r *remoteReader) start(resp *http.Response, cancel context.CancelCauseFunc) {
	r.body, r.cancel = resp.Body, cancel
	if r.idleTimeout > 0 {
		r.idle = time.AfterFunc(r.idleTimeout, func() { cancel(errIdleTimeout) })
		r.idle.Stop() // runs while Read waits
	}
}

// firstRange checks the 206 response to the first request of a byte
// range: it starts where asked and ends where asked, or at the end of the
// file; it notes the file's validators and length.
func (r *remoteReader) firstRange(resp *http.Response) error {
	cr := resp.Header.Get("Content-Range")
	first, last, total, ok := parseContentRange(cr)
	switch {
	case !ok:
		return fmt.Errorf("bad Content-Range %q", cr)
	case first != r.base:
		return fmt.Errorf("Content-Range %q does not start at byte %d", cr, r.base)
	case r.want >= 0 && last != r.base+r.want-1 && (total < 0 || last != total-1):
		return fmt.Errorf("Content-Range %q does not end at byte %d", cr, r.base+r.want-1)
	case r.want < 0 && total >= 0 && last != total-1:
		return fmt.Errorf("Content-Range %q does not reach the end of the file", cr)
	}
	if et := resp.Header.Get("ETag"); et != "" && !strings.HasPrefix(et, "W/") {
		r.etag = et
	}
	r.lastMod = resp.Header.Get("Last-Modified")
	r.total = total
	if r.want < 0 || last-first+1 < r.want {
		r.want = last - first + 1 // what the file holds of the range
	}
	return nil
}

// sameFile checks that a 206 response holds the rest of the file the
// first response began: from r.off to the end, of the same length, with
// the same validator.
func (r *remoteReader) sameFile(resp *http.Response) error {
	cr := resp.Header.Get("Content-Range")
	first, last, total, ok := parseContentRange(cr)
	switch {
	case !ok:
		return fmt.Errorf("bad Content-Range %q", cr)
	case first != r.base+r.off:
		return fmt.Errorf("Content-Range %q does not start at byte %d", cr, r.base+r.off)
	case r.total >= 0 && total != r.total:
		return fmt.Errorf("Content-Range %q: the file had %d bytes", cr, r.total)
	case r.want >= 0 && last != r.base+r.want-1:
		return fmt.Errorf("Content-Range %q does not end at byte %d", cr, r.base+r.want-1)
	case r.want < 0 && total >= 0 && last != total-1:
		return fmt.Errorf("Content-Range %q does not reach the end of the file", cr)
	}
	if r.total < 0 {
		r.total = total
	}
	if r.etag != "" {
		if et := resp.Header.Get("ETag"); et != r.etag {
			return fmt.Errorf("the rest has ETag %q, the file had %q", et, r.etag)
		}
		return nil
	}
	if lm := resp.Header.Get("Last-Modified"); lm != r.lastMod {
		return fmt.Errorf("the rest has Last-Modified %q, the file had %q", lm, r.lastMod)
	}
	return nil
}

// parseContentRange parses "bytes first-last/total" (total "*" is -1).
func parseContentRange(cr string) (first, last, total int64, ok bool) {
	rest, ok := strings.CutPrefix(cr, "bytes ")
	if !ok {
		return 0, 0, 0, false
	}
	rng, size, ok := strings.Cut(rest, "/")
	if !ok {
		return 0, 0, 0, false
	}
	a, b, ok := strings.Cut(rng, "-")
	if !ok {
		return 0, 0, 0, false
	}
	var err1, err2, err3 error
	first, err1 = strconv.ParseInt(a, 10, 64)
	last, err2 = strconv.ParseInt(b, 10, 64)
	total = -1
	if size != "*" {
		total, err3 = strconv.ParseInt(size, 10, 64)
	}
	ok = err1 == nil && err2 == nil && err3 == nil && first >= 0 && last >= first
	return first, last, total, ok
}

// retryStatus reports whether a request that got status can succeed when
// made again.
func retryStatus(status int) bool {
	switch status {
	case http.StatusRequestTimeout, http.StatusTooManyRequests:
		return true
	case http.StatusNotImplemented, http.StatusHTTPVersionNotSupported:
		return false
	}
	return status >= 500 && status < 600
}

// retryAfter parses a Retry-After header: delay-seconds or an HTTP date
// (a date past is a wait of 0).
func retryAfter(h string, now time.Time) (time.Duration, bool) {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0, false
	}
	if strings.Trim(h, "0123456789") == "" {
		n, err := strconv.ParseInt(h, 10, 64)
		if err != nil || n > math.MaxInt64/int64(time.Second) {
			return math.MaxInt64, true // beyond any bound
		}
		return time.Duration(n) * time.Second, true
	}
	t, err := http.ParseTime(h)
	if err != nil {
		return 0, false
	}
	return max(t.Sub(now), 0), true
}

// permanent reports whether an error of the client is sure to come back
// on another attempt: a redirect not followed, a certificate that does
// not verify, a host name that does not exist.
func permanent(err error) bool {
	var (
		re  *redirectError
		cve *tls.CertificateVerificationError
		ua  x509.UnknownAuthorityError
		he  x509.HostnameError
		ci  x509.CertificateInvalidError
		dns *net.DNSError
	)
	switch {
	case errors.As(err, &re), errors.As(err, &cve), errors.As(err, &ua), errors.As(err, &he), errors.As(err, &ci):
		return true
	case errors.As(err, &dns):
		return dns.IsNotFound
	}
	return false
}

// checkRedirect is the redirect policy of the client (see Opener).
func (r *remoteReader) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= maxRedirects {
		return &redirectError{"stopped after " + strconv.Itoa(maxRedirects) + " redirects"}
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return &redirectError{"redirected to " + req.URL.Redacted() + ", which is not an http or https URL"}
	}
	for _, v := range via {
		if v.URL.String() == req.URL.String() {
			return &redirectError{"redirect loop at " + req.URL.Redacted()}
		}
	}
	req.Header.Del("Referer")
	left := false // the request has left its origin
	for _, v := range append(via[1:], req) {
		left = left || !sameOrigin(via[0].URL, v.URL)
	}
	switch {
	case r.sign != nil && left:
		return &redirectError{"a signed request is redirected to another origin, " + req.URL.Redacted() +
			": not followed, so that the credentials go nowhere else"}
	case r.sign != nil:
		for k := range req.Header {
			if k == "Authorization" || strings.HasPrefix(k, "X-Amz-") {
				delete(req.Header, k)
			}
		}
		r.sign(req) // for the new path
	case left:
		for k := range req.Header {
			switch k {
			case "Authorization", "Proxy-Authorization", "Cookie", "Cookie2":
				delete(req.Header, k)
			default:
				if strings.HasPrefix(k, "X-Amz-") {
					delete(req.Header, k)
				}
			}
		}
	}
	return nil
}

// sameOrigin reports whether a and b have the same scheme, host and port
// (the default port of the scheme when none is written).
func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) && port(a) == port(b)
}

func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if strings.EqualFold(u.Scheme, "https") {
		return "443"
	}
	return "80"
}

func (r *remoteReader) fail(status int, err error) error {
	r.err = &Error{URL: r.url, Status: status, Attempts: r.tries, Err: err}
	return r.err
}

func (r *remoteReader) Read(p []byte) (int, error) {
	for {
		if r.err != nil {
			return 0, r.err
		}
		if r.want >= 0 && r.off >= r.want {
			return 0, io.EOF
		}
		if r.want >= 0 && int64(len(p)) > r.want-r.off {
			p = p[:r.want-r.off]
		}
		if r.cut == nil {
			if r.idle != nil {
				r.idle.Reset(r.idleTimeout)
			}
			n, err := r.body.Read(p)
			if r.idle != nil {
				r.idle.Stop()
			}
			r.off += int64(n)
			if err == nil || err == io.EOF {
				return n, err
			}
			r.cut = err
			if r.ctx.Err() == nil && (errors.Is(err, errIdleTimeout) || errors.Is(err, context.Canceled)) {
				// Only the idle timer cancels the request alone.
				r.cut = &timeoutError{"no data for " + r.idleTimeout.String()}
			}
			if n > 0 {
				return n, nil // the transfer is taken up on the next Read
			}
		}
		// Cut off: take up the transfer where it stopped.
		err := r.cut
		r.cut = nil
		r.end()
		if r.ctx.Err() != nil {
			return 0, r.fail(0, r.ctx.Err())
		}
		if r.off > 0 && r.etag == "" && r.lastMod == "" {
			return 0, r.fail(0, fmt.Errorf("the transfer stopped at byte %d (%w) and the server gave no ETag or Last-Modified that would make sure the rest is of the same file", r.off, err))
		}
		if r.tries >= r.o.attempts() {
			return 0, r.fail(0, fmt.Errorf("the transfer stopped at byte %d: %w", r.off, err))
		}
		if rerr := r.request(); rerr != nil {
			return 0, rerr
		}
	}
}

// end closes the current response.
func (r *remoteReader) end() {
	if r.idle != nil {
		r.idle.Stop()
		r.idle = nil
	}
	if r.body != nil {
		r.body.Close()
		r.body = nil
	}
	if r.cancel != nil {
		r.cancel(nil)
		r.cancel = nil
	}
}

// Size returns the length of the whole file, as the server gave it, or -1
// if it did not: a reader that OpenRange returns has the method, so that a
// caller can learn a file's length from a request of its first byte.
func (r *remoteReader) Size() int64 { return r.total }

func (r *remoteReader) Close() error {
	var err error
	if r.body != nil {
		err = r.body.Close()
	}
	r.end()
	return err
}

// An s3Object is an S3 object as an HTTP URL, and how to sign a request
// for it.
type s3Object struct {
	url  string
	sign func(*http.Request) // nil for anonymous requests
}

// s3Object maps s3://bucket/key to the object's URL and its signer.
func (o *Opener) s3Object(location string) (*s3Object, error) {
	rest := location[len("s3://"):]
	bucket, key, ok := strings.Cut(rest, "/")
	if !ok || bucket == "" || key == "" {
		return nil, fmt.Errorf("%s: not an S3 object (want s3://bucket/key)", location)
	}
	cfg, err := o.aws()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", location, err)
	}
	region, endpoint := cfg.region, cfg.endpoint
	if region == "" {
		region = "us-east-1"
	}
	path := "/" + s3Escape(key)
	var u string
	switch {
	case endpoint != "":
		e, err := url.Parse(endpoint)
		if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" {
			return nil, fmt.Errorf("%s: the S3 endpoint %q is not an http or https URL", location, endpoint)
		}
		u = strings.TrimSuffix(e.Scheme+"://"+e.Host+e.EscapedPath(), "/") + "/" + s3Escape(bucket) + path
	case strings.Contains(bucket, "."):
		// A virtual-hosted name with a dot breaks the certificate's
		// wildcard: path-style.
		u = "https://s3." + region + ".amazonaws.com/" + s3Escape(bucket) + path
	default:
		u = "https://" + bucket + ".s3." + region + ".amazonaws.com" + path
	}
	obj := &s3Object{url: u}
	if cfg.id != "" {
		s := &sigV4{
			id:      cfg.id,
			secret:  cfg.secret,
			token:   cfg.token,
			region:  region,
			service: "s3",
		}
		obj.sign = s.sign
	}
	return obj, nil
}

// s3Escape percent-encodes an S3 key (or bucket) for a URL path as S3's
// canonical request does: every byte but the unreserved characters and
// "/" is encoded, so that the path is its own canonical form.
func s3Escape(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
