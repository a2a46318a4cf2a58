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

func readRange(o *Opener, location string, off, n int64) ([]byte, error) {
	rc, err := o.OpenRange(context.Background(), location, off, n)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	return io.ReadAll(rc)
}

// rangeCases are byte ranges of a file of n bytes, and the bytes each
// reads: inside, at either end, and past the end (cut at it).
func rangeCases(n int64) [][3]int64 {
	return [][3]int64{{0, 1, 1}, {0, n, n}, {1, 10, 10}, {n / 2, 100, 100}, {n - 1, 1, 1}, {n - 10, 100, 10}, {0, n + 5, n}}
}

// TestOpenRangeHTTP reads byte ranges of a file over HTTP (net/http's
// ServeContent, which answers Range requests) and of a local file.
func TestOpenRangeHTTP(t *testing.T) {
	data := fixture(t)
	var ranges atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Range") != "" {
			ranges.Add(1)
		}
		w.Header().Set("ETag", `"v1"`)
		http.ServeContent(w, r, "f.warc.gz", time.Time{}, bytes.NewReader(data))
	}))
	defer srv.Close()
	local := filepath.Join(t.TempDir(), "f.warc.gz")
	if err := os.WriteFile(local, data, 0o644); err != nil {
		t.Fatal(err)
	}
	o := &Opener{Backoff: time.Millisecond}
	n := int64(len(data))
	for _, loc := range []string{srv.URL + "/f.warc.gz", local} {
		for _, c := range rangeCases(n) {
			got, err := readRange(o, loc, c[0], c[1])
			if err != nil || !bytes.Equal(got, data[c[0]:c[0]+c[2]]) {
				t.Errorf("%s %d,%d: %d bytes, %v; want %d", loc, c[0], c[1], len(got), err, c[2])
			}
		}
	}
	if int(ranges.Load()) != len(rangeCases(n)) {
		t.Errorf("%d range requests, want %d", ranges.Load(), len(rangeCases(n)))
	}
	var re *Error
	if _, err := readRange(o, srv.URL+"/f.warc.gz", n+10, 5); !errors.As(err, &re) || re.Status != http.StatusRequestedRangeNotSatisfiable {
		t.Errorf("a range past the end: %v", err)
	}
	for _, bad := range [][2]int64{{-1, 5}, {0, 0}, {5, -1}} {
		if _, err := readRange(o, local, bad[0], bad[1]); err == nil {
			t.Errorf("range %v: no error", bad)
		}
	}
}

// TestOpenRangeNoRanges: a server that answers a Range request with the
// whole file fails a range that does not start at 0, and gives the first
// bytes of one that does.
func TestOpenRangeNoRanges(t *testing.T) {
	data := fixture(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(data)
	}))
	defer srv.Close()
	o := &Opener{Backoff: time.Millisecond}
	if got, err := readRange(o, srv.URL, 0, 100); err != nil || !bytes.Equal(got, data[:100]) {
		t.Errorf("0,100: %d bytes, %v", len(got), err)
	}
	if _, err := readRange(o, srv.URL, 100, 100); err == nil || !strings.Contains(err.Error(), "does not serve byte ranges") {
		t.Errorf("100,100: %v", err)
	}
}

// TestOpenRangeResume reads ranges over a server that cuts every response
// after a few bytes: the transfer is taken up within the range, and each
// request asks for the rest of the range only.
func TestOpenRangeResume(t *testing.T) {
	data := fixture(t)
	const cut = 700
	var bad atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rg := strings.TrimPrefix(r.Header.Get("Range"), "bytes=")
		a, b, _ := strings.Cut(rg, "-")
		first, err1 := strconv.Atoi(a)
		last, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil || last >= len(data) {
			bad.Add(1)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.Header().Set("ETag", `"v1"`)
		w.Header().Set("Content-Range", "bytes "+a+"-"+b+"/"+strconv.Itoa(len(data)))
		w.Header().Set("Content-Length", strconv.Itoa(last-first+1))
		w.WriteHeader(http.StatusPartialContent)
		end := min(first+cut, last+1)
		w.Write(data[first:end])
		if end <= last {
			w.(http.Flusher).Flush()
			if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
				conn.Close()
			}
		}
	}))
	defer srv.Close()
	o := &Opener{Backoff: time.Millisecond, Attempts: 10}
	got, err := readRange(o, srv.URL, 100, 3000)
	if err != nil || !bytes.Equal(got, data[100:3100]) || bad.Load() != 0 {
		t.Errorf("100,3000 cut every %d bytes: %d bytes, %v, %d bad requests", cut, len(got), err, bad.Load())
	}
}

// TestOpenRangeS3 reads byte ranges of S3 objects (gofakes3, in process),
// signed and anonymous: 200 lookups with one Opener.
func TestOpenRangeS3(t *testing.T) {
	data := fixture(t)
	backend := s3mem.New()
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	defer srv.Close()
	if err := backend.CreateBucket("commoncrawl"); err != nil {
		t.Fatal(err)
	}
	key := "crawl-data/CC-MAIN-2024-10/segments/1/warc/a.warc.gz"
	if _, err := backend.PutObject("commoncrawl", key, map[string]string{}, bytes.NewReader(data), int64(len(data)), nil); err != nil {
		t.Fatal(err)
	}
	for _, creds := range []bool{true, false} {
		vars := map[string]string{"AWS_ENDPOINT_URL_S3": srv.URL, "AWS_REGION": "us-east-1"}
		if creds {
			vars["AWS_ACCESS_KEY_ID"] = "AKIAEXAMPLE"
			vars["AWS_SECRET_ACCESS_KEY"] = "secret"
		}
		o := &Opener{Getenv: env(vars), Backoff: time.Millisecond}
		n := int64(len(data))
		for i := range int64(200) {
			off := i * 37 % (n - 50)
			got, err := readRange(o, "s3://commoncrawl/"+key, off, 50)
			if err != nil || !bytes.Equal(got, data[off:off+50]) {
				t.Fatalf("creds %v, lookup %d at %d: %d bytes, %v", creds, i, off, len(got), err)
			}
		}
	}
}
