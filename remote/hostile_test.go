package remote

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// rawServer accepts connections on 127.0.0.1 and hands each to serve,
// after reading the request's header. It stops with the test.
func rawServer(t *testing.T, serve func(conn net.Conn, req *http.Request)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	t.Cleanup(func() { close(done); ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				req, err := http.ReadRequest(bufio.NewReader(conn))
				if err != nil {
					return
				}
				serve(conn, req)
				select { // hold the connection open until the test ends
				case <-done:
				case <-time.After(time.Minute):
				}
			}()
		}
	}()
	return "http://" + ln.Addr().String()
}

// TestOpenTimeouts reads from servers that never answer, answer with
// half a header, or stop in the middle of the body: each is a bounded
// failure, and a stalled body is taken up where it stopped.
func TestOpenTimeouts(t *testing.T) {
	silent := rawServer(t, func(net.Conn, *http.Request) {})
	halfHeader := rawServer(t, func(c net.Conn, _ *http.Request) {
		io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n")
	})
	for _, c := range []struct{ name, url string }{{"silent", silent}, {"half a header", halfHeader}} {
		start := time.Now()
		_, err := readAll(t, &Opener{Backoff: time.Millisecond, Attempts: 2, HeaderTimeout: 100 * time.Millisecond}, c.url+"/f.warc.gz")
		var re *Error
		if !errors.As(err, &re) || re.Attempts != 2 || !strings.Contains(err.Error(), "no response within 100ms") {
			t.Errorf("%s: %v", c.name, err)
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("%s: failed after %v", c.name, d)
		}
	}

	// A body that stalls after a third: resumed, whole.
	data := fixture(t)
	third := len(data) / 3
	var stalls atomic.Int32
	stall := func(lastMod string, etag string) string {
		return rawServer(t, func(c net.Conn, req *http.Request) {
			start := 0
			if rg := req.Header.Get("Range"); rg != "" {
				start, _ = strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(rg, "bytes="), "-"))
			}
			h := "HTTP/1.1 200 OK\r\n"
			if start > 0 {
				h = "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes " + strconv.Itoa(start) + "-" +
					strconv.Itoa(len(data)-1) + "/" + strconv.Itoa(len(data)) + "\r\n"
			}
			if etag != "" {
				h += "ETag: " + etag + "\r\n"
			}
			if lastMod != "" {
				h += "Last-Modified: " + lastMod + "\r\n"
			}
			io.WriteString(c, h+"Content-Length: "+strconv.Itoa(len(data)-start)+"\r\n\r\n")
			end := len(data)
			if start == 0 {
				end = third
				stalls.Add(1)
			}
			c.Write(data[start:end])
		})
	}
	o := &Opener{Backoff: time.Millisecond, IdleTimeout: 100 * time.Millisecond}
	for _, c := range []struct{ lastMod, etag string }{
		{"", `"v1"`},
		{"Mon, 02 Jan 2006 15:04:05 GMT", ""},
		{"Mon, 02 Jan 2006 15:04:05 GMT", `W/"weak"`},
	} {
		stalls.Store(0)
		got, err := readAll(t, o, stall(c.lastMod, c.etag)+"/f.warc.gz")
		if err != nil || !bytes.Equal(got, data) || stalls.Load() != 1 {
			t.Errorf("stalled body %+v: %d of %d bytes, %d stalls, %v", c, len(got), len(data), stalls.Load(), err)
		}
	}
	// Without a validator the rest cannot be asked for safely.
	_, err := readAll(t, o, stall("", `W/"weak"`)+"/f.warc.gz")
	if err == nil || !strings.Contains(err.Error(), "no data for 100ms") || !strings.Contains(err.Error(), "no ETag or Last-Modified") {
		t.Errorf("stalled body without validator: %v", err)
	}
}

// TestOpenResumeOtherFile serves the rest of a cut transfer from another
// version of the file, in the ways a server that ignores If-Match or
// If-Unmodified-Since does: the file fails, it is never spliced.
func TestOpenResumeOtherFile(t *testing.T) {
	data := fixture(t)
	cut := len(data) / 2
	const lm1, lm2 = "Mon, 02 Jan 2006 15:04:05 GMT", "Tue, 03 Jan 2006 15:04:05 GMT"
	type head struct {
		etag, lastMod string
		total         int // of Content-Range; 0 for the file's
	}
	for _, c := range []struct {
		name        string
		first, rest head
		err         string // "" when the file is read whole
	}{
		{"same ETag", head{`"v1"`, "", 0}, head{`"v1"`, "", 0}, ""},
		{"other ETag", head{`"v1"`, "", 0}, head{`"v2"`, "", 0}, `the rest has ETag "\"v2\"", the file had "\"v1\""`},
		{"ETag dropped", head{`"v1"`, lm1, 0}, head{"", lm1, 0}, `the rest has ETag ""`},
		{"other length", head{`"v1"`, "", 0}, head{`"v1"`, "", len(data) + 1}, "the file had " + strconv.Itoa(len(data)) + " bytes"},
		{"same Last-Modified", head{"", lm1, 0}, head{"", lm1, 0}, ""},
		{"other Last-Modified", head{"", lm1, 0}, head{"", lm2, 0}, "the rest has Last-Modified"},
		{"weak ETag, other Last-Modified", head{`W/"a"`, lm1, 0}, head{`W/"a"`, lm2, 0}, "the rest has Last-Modified"},
		{"no validator", head{"", "", 0}, head{"", "", 0}, "no ETag or Last-Modified"},
	} {
		var conds []string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := c.first
			start := 0
			if rg := r.Header.Get("Range"); rg != "" {
				// A server that ignores the conditions.
				conds = append(conds, r.Header.Get("If-Match")+"|"+r.Header.Get("If-Unmodified-Since"))
				h = c.rest
				start, _ = strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(rg, "bytes="), "-"))
				total := len(data)
				if h.total != 0 {
					total = h.total
				}
				w.Header().Set("Content-Range", "bytes "+strconv.Itoa(start)+"-"+strconv.Itoa(total-1)+"/"+strconv.Itoa(total))
			}
			if h.etag != "" {
				w.Header().Set("ETag", h.etag)
			}
			if h.lastMod != "" {
				w.Header().Set("Last-Modified", h.lastMod)
			}
			w.Header().Set("Content-Length", strconv.Itoa(len(data)-start))
			if start > 0 {
				w.WriteHeader(http.StatusPartialContent)
				w.Write(data[start:])
				return
			}
			w.Write(data[:cut])
			w.(http.Flusher).Flush()
			if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
				conn.Close()
			}
		}))
		got, err := readAll(t, &Opener{Backoff: time.Millisecond}, srv.URL+"/f.warc.gz")
		srv.Close()
		switch {
		case c.err == "" && (err != nil || !bytes.Equal(got, data)):
			t.Errorf("%s: %d of %d bytes, %v", c.name, len(got), len(data), err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.err)
		case c.err != "" && len(got) > cut:
			t.Errorf("%s: %d bytes read, more than the %d of the first version", c.name, len(got), cut)
		}
		// The conditions name the first response's validator.
		if len(conds) > 0 {
			want := c.first.etag + "|"
			if c.first.etag == "" || strings.HasPrefix(c.first.etag, "W/") {
				want = "|" + c.first.lastMod
			}
			if conds[0] != want {
				t.Errorf("%s: If-Match|If-Unmodified-Since %q, want %q", c.name, conds[0], want)
			}
		}
	}
}

// TestOpenRedirects checks the redirect policy: a signed request leaves
// its origin (scheme, host, port) for no one; an unsigned one sends no
// Referer; loops, other schemes and long chains fail at once.
func TestOpenRedirects(t *testing.T) {
	var otherHits atomic.Int32
	var otherHeader atomic.Pointer[http.Header]
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		otherHits.Add(1)
		h := r.Header.Clone()
		otherHeader.Store(&h)
		io.WriteString(w, "other")
	}))
	defer other.Close()
	otherPort := other.URL[strings.LastIndexByte(other.URL, ':'):]

	var hits atomic.Int32
	var auth []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		auth = append(auth, r.Header.Get("Authorization"))
		p := strings.TrimPrefix(r.URL.Path, "/b/")
		switch {
		case p == "same":
			http.Redirect(w, r, "/b/target", http.StatusFound)
		case p == "target":
			io.WriteString(w, "target")
		case p == "port": // the same host, another port
			http.Redirect(w, r, "http://127.0.0.1"+otherPort+"/x", http.StatusFound)
		case p == "host": // another host name, the same address
			http.Redirect(w, r, "http://localhost"+otherPort+"/x", http.StatusFound)
		case p == "loop":
			http.Redirect(w, r, "/b/loop", http.StatusFound)
		case p == "loop2a":
			http.Redirect(w, r, "/b/loop2b", http.StatusFound)
		case p == "loop2b":
			http.Redirect(w, r, "/b/loop2a", http.StatusFound)
		case p == "file":
			http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
		case strings.HasPrefix(p, "chain"):
			n, _ := strconv.Atoi(strings.TrimPrefix(p, "chain"))
			http.Redirect(w, r, "/b/chain"+strconv.Itoa(n+1), http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	signed := &Opener{Backoff: time.Millisecond, Getenv: env(map[string]string{
		"AWS_ENDPOINT_URL_S3": srv.URL, "AWS_ACCESS_KEY_ID": "AKIAEXAMPLE",
		"AWS_SECRET_ACCESS_KEY": "secret", "AWS_SESSION_TOKEN": "token",
	})}
	anon := &Opener{Backoff: time.Millisecond}

	// A signed request within its origin is signed again for the new path.
	hits.Store(0)
	auth = nil
	if got, err := readAll(t, signed, "s3://b/same"); err != nil || string(got) != "target" {
		t.Errorf("signed, same origin: %q, %v", got, err)
	} else if len(auth) != 2 || auth[0] == "" || auth[1] == "" || auth[0] == auth[1] {
		t.Errorf("signed, same origin: Authorization %q, want two signatures", auth)
	}
	for _, p := range []string{"port", "host"} {
		otherHits.Store(0)
		hits.Store(0)
		_, err := readAll(t, signed, "s3://b/"+p)
		var re *Error
		if !errors.As(err, &re) || re.Attempts != 1 || !strings.Contains(err.Error(), "redirected to another origin") ||
			otherHits.Load() != 0 || hits.Load() != 1 {
			t.Errorf("signed, other %s: %v; %d requests elsewhere, %d here", p, err, otherHits.Load(), hits.Load())
		}
		otherHits.Store(0)
		got, err := readAll(t, anon, srv.URL+"/b/"+p)
		h := otherHeader.Load()
		if err != nil || string(got) != "other" || otherHits.Load() != 1 || h == nil || h.Get("Referer") != "" {
			t.Errorf("unsigned, other %s: %q, %v; header %v", p, got, err, h)
		}
	}
	for _, c := range []struct {
		path, err string
		hits      int32
	}{
		{"loop", "redirect loop at " + srv.URL + "/b/loop", 1},
		{"loop2a", "redirect loop at " + srv.URL + "/b/loop2a", 2},
		{"file", "redirected to file:///etc/passwd, which is not an http or https URL", 1},
		{"chain0", "stopped after 10 redirects", 10},
	} {
		hits.Store(0)
		start := time.Now()
		_, err := readAll(t, &Opener{Backoff: time.Second}, srv.URL+"/b/"+c.path)
		var re *Error
		if !errors.As(err, &re) || re.Attempts != 1 || !strings.Contains(err.Error(), c.err) || hits.Load() != c.hits {
			t.Errorf("%s: %v after %d requests; want %q after %d", c.path, err, hits.Load(), c.err, c.hits)
		}
		if d := time.Since(start); d >= time.Second {
			t.Errorf("%s: failed after %v: retried", c.path, d)
		}
	}
}

// TestCheckRedirectHeaders checks the headers a redirect keeps: an
// unsigned request that left its origin sends no credentials, even back
// at its origin or on another port of its host, and never a Referer.
func TestCheckRedirectHeaders(t *testing.T) {
	req := func(u string) *http.Request {
		r, err := http.NewRequest("GET", u, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Cookie2", "X-Amz-Security-Token", "X-Amz-Date", "Referer", "Range", "If-Match"} {
			r.Header.Set(h, "v")
		}
		return r
	}
	kept := func(r *http.Request) string {
		var ks []string
		for _, h := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Cookie2", "X-Amz-Security-Token", "X-Amz-Date", "Referer", "Range", "If-Match"} {
			if r.Header.Get(h) != "" {
				ks = append(ks, h)
			}
		}
		return strings.Join(ks, " ")
	}
	const all = "Authorization Proxy-Authorization Cookie Cookie2 X-Amz-Security-Token X-Amz-Date Range If-Match"
	const safe = "Range If-Match"
	for _, c := range []struct {
		via  []string
		to   string
		want string
	}{
		{[]string{"http://a.example/x"}, "http://a.example/y", all},
		{[]string{"http://a.example/x"}, "http://A.EXAMPLE:80/y", all},
		{[]string{"http://a.example/x"}, "http://a.example:8080/y", safe},
		{[]string{"http://a.example/x"}, "https://a.example/y", safe},
		{[]string{"http://a.example/x"}, "http://sub.a.example/y", safe},
		{[]string{"http://a.example/x"}, "http://b.example/y", safe},
		{[]string{"http://a.example/x", "http://b.example/y"}, "http://a.example/z", safe},
		{[]string{"https://a.example:443/x"}, "https://a.example/y", all},
	} {
		r := &remoteReader{}
		var via []*http.Request
		for _, v := range c.via {
			via = append(via, req(v))
		}
		next := req(c.to)
		if err := r.checkRedirect(next, via); err != nil || kept(next) != c.want {
			t.Errorf("%v to %s: %v, kept %q; want %q", c.via, c.to, err, kept(next), c.want)
		}
	}
}

// TestOpenRetryClasses retries what can succeed (408, 429, 5xx but 501
// and 505) and fails at once on the rest; Retry-After sets the wait, and
// a wait beyond MaxRetryAfter fails the file at once.
func TestOpenRetryClasses(t *testing.T) {
	var hits atomic.Int32
	var times []time.Time
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		times = append(times, time.Now())
		status, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/"))
		if ra := r.URL.Query().Get("after"); ra != "" {
			w.Header().Set("Retry-After", ra)
		}
		http.Error(w, "no", status)
	}))
	defer srv.Close()
	for _, c := range []struct {
		status int
		tries  int32
	}{
		{408, 3}, {429, 3}, {500, 3}, {502, 3}, {503, 3}, {504, 3}, {599, 3},
		{400, 1}, {401, 1}, {403, 1}, {404, 1}, {410, 1}, {416, 1}, {501, 1}, {505, 1},
	} {
		hits.Store(0)
		_, err := readAll(t, &Opener{Backoff: time.Millisecond, Attempts: 3}, srv.URL+"/"+strconv.Itoa(c.status))
		if hits.Load() != c.tries || err == nil || !strings.Contains(err.Error(), "HTTP status "+strconv.Itoa(c.status)) {
			t.Errorf("%d: %d requests, %v; want %d", c.status, hits.Load(), err, c.tries)
		}
	}

	// Retry-After: 1 waits a second, not the millisecond of Backoff.
	hits.Store(0)
	times = nil
	readAll(t, &Opener{Backoff: time.Millisecond, Attempts: 2}, srv.URL+"/503?after=1")
	if len(times) != 2 || times[1].Sub(times[0]) < 900*time.Millisecond {
		t.Errorf("Retry-After 1: %d requests, %v apart", len(times), times)
	}
	// More than MaxRetryAfter: no second request.
	for _, after := range []string{"3600", time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)} {
		hits.Store(0)
		_, err := readAll(t, &Opener{Backoff: time.Millisecond}, srv.URL+"/503?after="+strings.ReplaceAll(after, " ", "%20"))
		if hits.Load() != 1 || err == nil || !strings.Contains(err.Error(), "more than the 1m0s waited at most") {
			t.Errorf("Retry-After %s: %d requests, %v", after, hits.Load(), err)
		}
	}

	// A certificate that does not verify does not verify next time.
	tlsSrv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	tlsSrv.Config.ErrorLog = log.New(io.Discard, "", 0) // the handshake the client refuses
	tlsSrv.StartTLS()
	defer tlsSrv.Close()
	start := time.Now()
	_, err := readAll(t, &Opener{Backoff: time.Second}, tlsSrv.URL+"/f")
	var re *Error
	if !errors.As(err, &re) || re.Attempts != 1 || time.Since(start) >= time.Second {
		t.Errorf("untrusted certificate: %v after %v", err, time.Since(start))
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, c := range []struct {
		h  string
		d  time.Duration
		ok bool
	}{
		{"", 0, false},
		{"0", 0, true},
		{" 120 ", 2 * time.Minute, true},
		{"-1", 0, false},
		{"1.5", 0, false},
		{"99999999999999999999", 1<<63 - 1, true},
		{"Fri, 02 Jan 2026 03:04:35 GMT", 30 * time.Second, true},
		{"Friday, 02-Jan-26 03:05:05 GMT", time.Minute, true},
		{"Fri Jan  2 03:04:15 2026", 10 * time.Second, true},
		{"Thu, 01 Jan 2026 00:00:00 GMT", 0, true},
		{"soon", 0, false},
	} {
		d, ok := retryAfter(c.h, now)
		if d != c.d || ok != c.ok {
			t.Errorf("retryAfter(%q) = %v, %v; want %v, %v", c.h, d, ok, c.d, c.ok)
		}
	}
}

// FuzzParseContentRange checks that a Content-Range that parses is one
// that, written back, reads the same.
func FuzzParseContentRange(f *testing.F) {
	for _, s := range []string{"bytes 0-9/10", "bytes 5-9/*", "bytes 9-5/10", "bytes -1-2/3", "bytes 1-2", "items 0-1/2", "bytes 0-99999999999999999999/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		first, last, total, ok := parseContentRange(s)
		if !ok {
			return
		}
		if first < 0 || last < first || total < -1 {
			t.Fatalf("parseContentRange(%q) = %d, %d, %d", s, first, last, total)
		}
		size := "*"
		if total >= 0 {
			size = strconv.FormatInt(total, 10)
		}
		back := "bytes " + strconv.FormatInt(first, 10) + "-" + strconv.FormatInt(last, 10) + "/" + size
		if f2, l2, t2, ok := parseContentRange(back); !ok || f2 != first || l2 != last || t2 != total {
			t.Fatalf("parseContentRange(%q) = %d, %d, %d; of %q: %d, %d, %d, %v", s, first, last, total, back, f2, l2, t2, ok)
		}
	})
}

// FuzzRetryAfter checks that any Retry-After gives a wait of 0 or more.
func FuzzRetryAfter(f *testing.F) {
	for _, s := range []string{"120", "0", "-1", "Fri, 02 Jan 2026 03:04:35 GMT", "99999999999999999999", ""} {
		f.Add(s)
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	f.Fuzz(func(t *testing.T, s string) {
		if d, ok := retryAfter(s, now); d < 0 || (!ok && d != 0) {
			t.Fatalf("retryAfter(%q) = %v, %v", s, d, ok)
		}
	})
}
