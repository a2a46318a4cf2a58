package remote_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/relink-go/relink/remote"
)

// An Opener reads a remote file with bounds on its waits: a server that
// sends no headers within HeaderTimeout is asked again, and then the file
// fails; a body that stalls for IdleTimeout is taken up where it stopped.
func ExampleOpener() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow.warc.gz" {
			select { // never answers in time
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
			return
		}
		w.Header().Set("ETag", `"v1"`)
		io.WriteString(w, "WARC/1.1\r\n")
	}))
	defer srv.Close()

	o := &remote.Opener{
		Attempts:      2,
		Backoff:       10 * time.Millisecond,
		HeaderTimeout: 100 * time.Millisecond,
		IdleTimeout:   time.Second,
	}
	for _, name := range []string{"/ok.warc.gz", "/slow.warc.gz"} {
		f, err := o.Open(context.Background(), srv.URL+name)
		if err != nil {
			fmt.Println(name+":", err)
			continue
		}
		b, err := io.ReadAll(f)
		f.Close()
		fmt.Printf("%s: %q %v\n", name, b, err)
	}
	// Output:
	// /ok.warc.gz: "WARC/1.1\r\n" <nil>
	// /slow.warc.gz: no response within 100ms (after 2 attempts)
}

// A record read by its offset and length, as Common Crawl's index gives
// them, with an HTTP Range request.
func ExampleOpener_OpenRange() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.ServeContent(w, r, "f.warc", time.Time{}, strings.NewReader("0123456789abcdef"))
	}))
	defer srv.Close()

	var o remote.Opener
	rc, err := o.OpenRange(context.Background(), srv.URL+"/f.warc", 10, 4)
	if err != nil {
		log.Fatal(err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	fmt.Printf("%s %v\n", b, err)
	// Output:
	// abcd <nil>
}
