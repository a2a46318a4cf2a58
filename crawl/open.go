package crawl

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// An Opener opens the WARC files of a crawl where they are: a local path,
// an http:// or https:// URL, or an S3 object written s3://bucket/key.
// A remote file is streamed as it arrives, never copied to disk.
//
// A request that fails to connect, or gets a 5xx or 429 status, is made
// again, up to Attempts times in all, after a wait that starts at Backoff
// and doubles. A transfer cut off in the middle is taken up where it
// stopped, with an HTTP Range request for the rest that names the
// object's ETag (If-Match), so that a file replaced meanwhile is an error,
// never a splice of two files; each resumption counts as an attempt. Any
// other status fails at once, with the status in the error.
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
// The zero Opener is ready to use. An Opener is safe for concurrent use
// if its Client is.
type Opener struct {
	// Client makes the requests; nil means http.DefaultClient.
	Client *http.Client
	// Attempts is how many requests are made for one file, first
	// request and resumptions included; 0 means 4.
	Attempts int
	// Backoff is the wait before the second attempt; each later wait is
	// twice the one before. 0 means one second.
	Backoff time.Duration
	// Getenv reads the AWS settings for s3:// objects; nil means
	// os.Getenv.
	Getenv func(key string) string
}

// Open opens the WARC file at location: a path, an http:// or https://
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

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// A RemoteError is the error of a remote file that could not be read.
type RemoteError struct {
	URL      string // the URL asked for (for s3://, the object's HTTP URL)
	Status   int    // the last HTTP status, 0 when there was none
	Attempts int    // how many requests were made
	Err      error  // what went wrong
}

// Error returns the reason, and how many requests were made when there
// were several: "HTTP status 503 Service Unavailable (after 4 attempts)".
func (e *RemoteError) Error() string {
	s := e.Err.Error()
	if e.Attempts > 1 {
		s += " (after " + strconv.Itoa(e.Attempts) + " attempts)"
	}
	return s
}

// Unwrap returns Err, so that errors.Is finds context.Canceled or an
// error of the network in it.
func (e *RemoteError) Unwrap() error { return e.Err }

// errStatus is the error of a response with a status that is not the one
// asked for.
type errStatus struct{ status string }

func (e errStatus) Error() string { return "HTTP status " + e.status }

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

func (o *Opener) getenv(key string) string {
	if o.Getenv != nil {
		return o.Getenv(key)
	}
	return os.Getenv(key)
}

// get opens the resource at u for streaming. sign, when not nil, signs
// each request before it is sent.
func (o *Opener) get(ctx context.Context, u string, sign func(*http.Request)) (io.ReadCloser, error) {
	r := &remoteReader{o: o, ctx: ctx, url: u, sign: sign, wait: o.backoff()}
	if err := r.request(); err != nil {
		return nil, err
	}
	return r, nil
}

// A remoteReader reads a remote file, resuming a transfer cut off.
type remoteReader struct {
	o     *Opener
	ctx   context.Context
	url   string
	sign  func(*http.Request)
	body  io.ReadCloser
	etag  string // the ETag of the first response, for resumptions
	off   int64  // bytes read so far
	tries int    // requests made
	wait  time.Duration
	cut   error // why the body stopped early, once some bytes came with it
	err   error // sticky
}

// request makes requests until one gives the file (from r.off on), or
// the attempts are spent.
func (r *remoteReader) request() error {
	var last error
	status := 0
	for r.tries < r.o.attempts() {
		if r.tries > 0 {
			t := time.NewTimer(r.wait)
			select {
			case <-r.ctx.Done():
				t.Stop()
				return r.fail(status, r.ctx.Err())
			case <-t.C:
			}
			r.wait *= 2
		}
		r.tries++
		req, err := http.NewRequestWithContext(r.ctx, http.MethodGet, r.url, nil)
		if err != nil {
			return r.fail(0, err)
		}
		if r.off > 0 {
			req.Header.Set("Range", "bytes="+strconv.FormatInt(r.off, 10)+"-")
			if r.etag != "" {
				req.Header.Set("If-Match", r.etag)
			}
		}
		if r.sign != nil {
			r.sign(req)
		}
		resp, err := r.o.client().Do(req)
		if err != nil {
			if r.ctx.Err() != nil {
				return r.fail(status, r.ctx.Err())
			}
			last = err
			continue
		}
		status = resp.StatusCode
		want := http.StatusOK
		if r.off > 0 {
			want = http.StatusPartialContent
		}
		if resp.StatusCode == want && (r.off == 0 || resumesAt(resp, r.off)) {
			if r.off == 0 {
				r.etag = resp.Header.Get("ETag")
			}
			r.body = resp.Body
			return nil
		}
		resp.Body.Close()
		switch {
		case r.off > 0 && (resp.StatusCode == http.StatusOK || resp.StatusCode == http.StatusPartialContent):
			return r.fail(status, fmt.Errorf("the transfer stopped at byte %d and the server cannot resume it", r.off))
		case r.off > 0 && resp.StatusCode == http.StatusPreconditionFailed:
			return r.fail(status, fmt.Errorf("the transfer stopped at byte %d and the file has changed since", r.off))
		}
		last = errStatus{resp.Status}
		if resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
			return r.fail(status, last)
		}
	}
	return r.fail(status, last)
}

// resumesAt reports whether a 206 response holds the file from off to
// its end.
func resumesAt(resp *http.Response, off int64) bool {
	cr := resp.Header.Get("Content-Range") // "bytes 100-199/200"
	rest, ok := strings.CutPrefix(cr, "bytes ")
	if !ok {
		return false
	}
	first, _, ok := strings.Cut(rest, "-")
	n, err := strconv.ParseInt(first, 10, 64)
	return ok && err == nil && n == off
}

func (r *remoteReader) fail(status int, err error) error {
	r.err = &RemoteError{URL: r.url, Status: status, Attempts: r.tries, Err: err}
	return r.err
}

func (r *remoteReader) Read(p []byte) (int, error) {
	for {
		if r.err != nil {
			return 0, r.err
		}
		if r.cut == nil {
			n, err := r.body.Read(p)
			r.off += int64(n)
			if err == nil || err == io.EOF {
				return n, err
			}
			r.cut = err
			if n > 0 {
				return n, nil // the transfer is taken up on the next Read
			}
		}
		// Cut off: take up the transfer where it stopped.
		err := r.cut
		r.cut = nil
		r.body.Close()
		if r.ctx.Err() != nil {
			return 0, r.fail(0, r.ctx.Err())
		}
		if r.tries >= r.o.attempts() {
			return 0, r.fail(0, fmt.Errorf("the transfer stopped at byte %d: %w", r.off, err))
		}
		if rerr := r.request(); rerr != nil {
			return 0, rerr
		}
	}
}

func (r *remoteReader) Close() error {
	if r.body != nil {
		return r.body.Close()
	}
	return nil
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
	region := o.getenv("AWS_REGION")
	if region == "" {
		region = o.getenv("AWS_DEFAULT_REGION")
	}
	if region == "" {
		region = "us-east-1"
	}
	endpoint := o.getenv("AWS_ENDPOINT_URL_S3")
	if endpoint == "" {
		endpoint = o.getenv("AWS_ENDPOINT_URL")
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
	if id := o.getenv("AWS_ACCESS_KEY_ID"); id != "" {
		s := &sigV4{
			id:      id,
			secret:  o.getenv("AWS_SECRET_ACCESS_KEY"),
			token:   o.getenv("AWS_SESSION_TOKEN"),
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
