package remote

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// TestSigV4 signs the GET Object example of Amazon S3's documentation
// of Signature Version 4 (header-based authentication) and checks the
// Authorization header against the one the documentation gives.
func TestSigV4(t *testing.T) {
	req, err := http.NewRequest("GET", "https://examplebucket.s3.amazonaws.com/test.txt", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Range", "bytes=0-9")
	s := &sigV4{
		id:      "AKIAIOSFODNN7EXAMPLE",
		secret:  "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
		region:  "us-east-1",
		service: "s3",
		now:     func() time.Time { return time.Date(2013, 5, 24, 0, 0, 0, 0, time.UTC) },
	}
	s.sign(req)
	const want = "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request," +
		"SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
		"Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
	if got := req.Header.Get("Authorization"); got != want {
		t.Errorf("Authorization:\n%s\nwant\n%s", got, want)
	}
}

func fixture(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "warc", "jwarc-cc.warc.gz"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readAll(t *testing.T, o *Opener, location string) ([]byte, error) {
	t.Helper()
	rc, err := o.Open(context.Background(), location)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

// TestOpenS3 reads objects from an S3-compatible server (gofakes3, in
// process), signed and anonymous, with keys that need escaping.
func TestOpenS3(t *testing.T) {
	data := fixture(t)
	backend := s3mem.New()
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	defer srv.Close()
	if err := backend.CreateBucket("commoncrawl"); err != nil {
		t.Fatal(err)
	}
	keys := []string{
		"crawl-data/CC-MAIN-2024-10/segments/1/warc/a.warc.gz",
		"odd keys/é + ü=1.warc.gz",
	}
	for _, k := range keys {
		if _, err := backend.PutObject("commoncrawl", k, map[string]string{}, bytes.NewReader(data), int64(len(data)), nil); err != nil {
			t.Fatal(err)
		}
	}
	for _, creds := range []bool{true, false} {
		vars := map[string]string{"AWS_ENDPOINT_URL_S3": srv.URL + "/", "AWS_REGION": "us-east-1"}
		if creds {
			vars["AWS_ACCESS_KEY_ID"] = "AKIAEXAMPLE"
			vars["AWS_SECRET_ACCESS_KEY"] = "secret"
			vars["AWS_SESSION_TOKEN"] = "token"
		}
		o := &Opener{Getenv: env(vars), Backoff: time.Millisecond}
		for _, k := range keys {
			got, err := readAll(t, o, "s3://commoncrawl/"+k)
			if err != nil || !bytes.Equal(got, data) {
				t.Errorf("creds %v, %s: %d bytes, %v; want %d bytes", creds, k, len(got), err, len(data))
			}
		}
		_, err := readAll(t, o, "s3://commoncrawl/missing.warc.gz")
		var re *Error
		if !errors.As(err, &re) || re.Status != http.StatusNotFound || re.Attempts != 1 {
			t.Errorf("creds %v, missing object: %v", creds, err)
		}
	}
	for _, bad := range []string{"s3://", "s3://bucket", "s3://bucket/", "s3:///key"} {
		if _, err := (&Opener{Getenv: env(nil)}).Open(context.Background(), bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestS3URL checks the URL an s3:// location is read from, and that a
// request is signed only with credentials.
func TestS3URL(t *testing.T) {
	for _, c := range []struct {
		vars     map[string]string
		location string
		url      string
		signed   bool
	}{
		{nil, "s3://commoncrawl/crawl-data/x.warc.gz", "https://commoncrawl.s3.us-east-1.amazonaws.com/crawl-data/x.warc.gz", false},
		{map[string]string{"AWS_DEFAULT_REGION": "eu-west-1", "AWS_ACCESS_KEY_ID": "k"}, "s3://b/k", "https://b.s3.eu-west-1.amazonaws.com/k", true},
		{map[string]string{"AWS_REGION": "eu-west-2", "AWS_DEFAULT_REGION": "eu-west-1"}, "s3://my.bucket/a b", "https://s3.eu-west-2.amazonaws.com/my.bucket/a%20b", false},
		{map[string]string{"AWS_ENDPOINT_URL": "http://127.0.0.1:9000"}, "s3://b/k/", "http://127.0.0.1:9000/b/k/", false},
		{map[string]string{"AWS_ENDPOINT_URL": "http://x", "AWS_ENDPOINT_URL_S3": "https://s3.example/prefix/"}, "s3://b/k", "https://s3.example/prefix/b/k", false},
	} {
		obj, err := (&Opener{Getenv: env(c.vars)}).s3Object(c.location)
		if err != nil || obj.url != c.url || (obj.sign != nil) != c.signed {
			t.Errorf("%s %v: %+v, %v; want %s signed %v", c.location, c.vars, obj, err, c.url, c.signed)
		}
	}
	if _, err := (&Opener{Getenv: env(map[string]string{"AWS_ENDPOINT_URL_S3": "ftp://x"})}).s3Object("s3://b/k"); err == nil {
		t.Error("ftp endpoint: no error")
	}
}

// cutServer serves data, cutting the connection after cut bytes of each
// response, honouring Range and If-Match.
func cutServer(t *testing.T, data []byte, cut int, etag *string, ranges *atomic.Int32) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := 0
		if rg := r.Header.Get("Range"); rg != "" {
			ranges.Add(1)
			if m := r.Header.Get("If-Match"); m != *etag {
				w.WriteHeader(http.StatusPreconditionFailed)
				return
			}
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(rg, "bytes="), "-"))
			if err != nil {
				t.Errorf("Range %q", rg)
			}
			start = n
			w.Header().Set("Content-Range", "bytes "+strconv.Itoa(n)+"-"+strconv.Itoa(len(data)-1)+"/"+strconv.Itoa(len(data)))
		}
		w.Header().Set("ETag", *etag)
		w.Header().Set("Content-Length", strconv.Itoa(len(data)-start))
		if start > 0 {
			w.WriteHeader(http.StatusPartialContent)
		}
		end := min(start+cut, len(data))
		w.Write(data[start:end])
		if end < len(data) {
			// Cut the transfer off: the client sees an unexpected EOF.
			w.(http.Flusher).Flush()
			if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
				conn.Close()
			}
		}
	}))
}

// TestOpenResume reads a file whose every response is cut off: the
// transfer is taken up where it stopped until the file is whole, and
// fails when the file changes or the attempts are spent.
func TestOpenResume(t *testing.T) {
	data := fixture(t)
	etag := `"v1"`
	var ranges atomic.Int32
	cut := len(data)/3 + 1
	srv := cutServer(t, data, cut, &etag, &ranges)
	defer srv.Close()
	o := &Opener{Backoff: time.Millisecond}
	got, err := readAll(t, o, srv.URL+"/f.warc.gz")
	if err != nil || !bytes.Equal(got, data) || ranges.Load() != 2 {
		t.Errorf("cut every %d bytes: %d of %d bytes, %d range requests, %v", cut, len(got), len(data), ranges.Load(), err)
	}

	// Too few attempts for the pieces.
	o2 := &Opener{Backoff: time.Millisecond, Attempts: 2}
	_, err = readAll(t, o2, srv.URL+"/f.warc.gz")
	if err == nil || !strings.Contains(err.Error(), "the transfer stopped at byte") {
		t.Errorf("2 attempts: %v", err)
	}

	// The file changes between the pieces.
	rc, err := o.Open(context.Background(), srv.URL+"/f.warc.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	buf := make([]byte, cut)
	if _, err := io.ReadFull(rc, buf); err != nil {
		t.Fatal(err)
	}
	etag = `"v2"`
	_, err = io.ReadAll(rc)
	var re *Error
	if !errors.As(err, &re) || re.Status != http.StatusPreconditionFailed || !strings.Contains(err.Error(), "changed") {
		t.Errorf("changed file: %v", err)
	}
}

// TestOpenRetry retries 503 and 429 and fails at once on 403.
func TestOpenRetry(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := hits.Add(1)
		switch r.URL.Path {
		case "/busy":
			if n%3 != 0 {
				http.Error(w, "slow down", []int{http.StatusServiceUnavailable, http.StatusTooManyRequests}[n%2])
				return
			}
			io.WriteString(w, "ok")
		default:
			http.Error(w, "no", http.StatusForbidden)
		}
	}))
	defer srv.Close()
	o := &Opener{Backoff: time.Millisecond}
	if got, err := readAll(t, o, srv.URL+"/busy"); err != nil || string(got) != "ok" {
		t.Errorf("busy: %q, %v", got, err)
	}
	hits.Store(0)
	_, err := readAll(t, o, srv.URL+"/denied")
	if err == nil || err.Error() != "HTTP status 403 Forbidden" || hits.Load() != 1 {
		t.Errorf("denied: %v after %d requests", err, hits.Load())
	}
	hits.Store(0)
	_, err = readAll(t, &Opener{Backoff: time.Millisecond, Attempts: 2}, srv.URL+"/busy")
	if err == nil || !strings.HasSuffix(err.Error(), "(after 2 attempts)") {
		t.Errorf("busy, 2 attempts: %v", err)
	}
}

// TestOpenCancel stops the waits between attempts when the context ends.
func TestOpenCancel(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "busy", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := (&Opener{Backoff: time.Hour}).Open(ctx, srv.URL)
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 10*time.Second {
		t.Errorf("%v after %v", err, time.Since(start))
	}
}

// TestOpenLocal opens a path as os.Open does.
func TestOpenLocal(t *testing.T) {
	data := fixture(t)
	got, err := readAll(t, &Opener{}, filepath.Join("..", "testdata", "warc", "jwarc-cc.warc.gz"))
	if err != nil || !bytes.Equal(got, data) {
		t.Errorf("%d bytes, %v", len(got), err)
	}
	if _, err := (&Opener{}).Open(context.Background(), "no/such/file"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
