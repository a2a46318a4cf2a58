package httpfs

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
)

func TestHTTPFS(t *testing.T) {
	body := "WARC/1.1\r\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/a.warc" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("ETag", `"x"`)
		io.WriteString(w, body)
	}))
	defer srv.Close()
	ctx := context.Background()
	url := srv.URL + "/a.warc"
	fs, err := filesystem.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer fs.Close()
	if l, err := fs.List(ctx, url); err != nil || len(l) != 1 || l[0] != url {
		t.Errorf("List: %q, %v", l, err)
	}
	if _, err := fs.List(ctx, srv.URL+"/*.warc"); err == nil {
		t.Error("List of a pattern: no error")
	}
	if n, err := fs.Size(ctx, url); n != int64(len(body)) || err != nil {
		t.Errorf("Size: %d, %v", n, err)
	}
	if _, err := fs.Size(ctx, srv.URL+"/missing"); err == nil {
		t.Error("Size of a missing file: no error")
	}
	r, err := fs.OpenRead(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	r.Close()
	if string(b) != body || err != nil {
		t.Errorf("OpenRead: %q, %v", b, err)
	}
	if _, err := fs.OpenWrite(ctx, url); err == nil {
		t.Error("OpenWrite: no error")
	}
}
