// Package httpfs makes http:// and https:// URLs a read-only filesystem
// of Apache Beam's Go SDK.
//
// A pipeline that imports it reads WARC files from a web server, as
// Common Crawl serves its crawl at https://data.commoncrawl.org/ to
// anyone, without credentials. The files are read with package remote
// of relink, as relink warc reads them: streamed, with bounded waits,
// retries, and a transfer cut off taken up with a Range request only
// when the rest is of the same file.
//
// A URL lists as itself (HTTP has no globs: a pattern with *, ? or [ is
// an error); a file cannot be written; Size asks the server with a HEAD
// request.
package httpfs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/relink-go/relink/remote"
)

func init() {
	filesystem.Register("http", New)
	filesystem.Register("https", New)
}

// New returns the filesystem of http:// and https:// URLs.
func New(context.Context) filesystem.Interface { return &fs{} }

type fs struct{ o remote.Opener }

func (f *fs) Close() error { return nil }

// List returns the URL itself: HTTP has no listing.
func (f *fs) List(_ context.Context, glob string) ([]string, error) {
	if strings.ContainsAny(glob, "*?[") {
		return nil, fmt.Errorf("httpfs: %s: an http:// or https:// URL cannot be a pattern", glob)
	}
	return []string{glob}, nil
}

// OpenRead opens the file at the URL.
func (f *fs) OpenRead(ctx context.Context, url string) (io.ReadCloser, error) {
	return f.o.Open(ctx, url)
}

// OpenWrite fails: the filesystem is read-only.
func (f *fs) OpenWrite(_ context.Context, url string) (io.WriteCloser, error) {
	return nil, fmt.Errorf("httpfs: %s: cannot write to an http:// or https:// URL", url)
}

// Size returns the Content-Length of the response to a HEAD request.
func (f *fs) Size(ctx context.Context, url string) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return -1, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return -1, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return -1, fmt.Errorf("httpfs: %s: HTTP status %s", url, resp.Status)
	}
	if resp.ContentLength < 0 {
		return -1, errors.New("httpfs: " + url + ": no Content-Length")
	}
	return resp.ContentLength, nil
}
