package remote_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
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
