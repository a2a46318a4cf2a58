package unpack

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/relink-go/relink/internal/browsercheck"
	"github.com/relink-go/relink/internal/warcgen"
)

// siteArchive returns an archive of testdata/site served at
// https://site.example/.
func siteArchive(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if _, err := warcgen.FromDir(&b, "testdata/site", "https://site.example/", time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), warcgen.Options{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestChromium opens every page of the unpacked fixture site in headless
// Chromium from file://, with the network cut: every request for what the
// archive holds is served from the folder, and only the image the archive
// lacks leaves it (none with Missing). It needs Chromium: it runs when
// RELINK_CHROMIUM is set and chromium is on PATH.
func TestChromium(t *testing.T) {
	if os.Getenv("RELINK_CHROMIUM") == "" {
		t.Skip("set RELINK_CHROMIUM=1 to open the unpacked pages in headless Chromium")
	}
	exe, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not on PATH")
	}
	b, err := browsercheck.Start(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	t.Run("public", func(t *testing.T) {
		// The archives of other projects hold pages whose subresources
		// were not crawled, and scripts that request what no archive
		// holds: only a request for a captured URL that leaves the
		// folder is a fault of unpack.
		arch := publicArchives(t)
		captured := map[string]bool{}
		if _, err := Unpack("", arch, Options{List: func(_, u string) { captured[u] = true }}); err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if _, err := Unpack(dir, arch, Options{Report: func(err error) { t.Error(err) }}); err != nil {
			t.Fatal(err)
		}
		rep, err := b.CheckTree(dir, 0, func(u string) bool { return captured[stripFragment(u)] })
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%d pages, %d requests served from the folder (%d subresources), %d failed, %d left (%d captured); served by type: %v",
			rep.Pages, rep.Local, rep.Subresource, rep.Failed, rep.Left, rep.LeftCaptured, rep.ByType)
		for _, p := range rep.Problems {
			t.Log(p)
		}
		if rep.LeftCaptured != 0 || rep.Pages != 60 {
			t.Errorf("%d pages, %d requests for captured URLs left the folder", rep.Pages, rep.LeftCaptured)
		}
	})
	arch := []Archive{memArchive("site.warc.gz", siteArchive(t))}
	captured := map[string]bool{}
	if _, err := Unpack("", arch, Options{List: func(_, u string) { captured[u] = true }}); err != nil {
		t.Fatal(err)
	}
	for _, missing := range []bool{false, true} {
		dir := t.TempDir()
		if _, err := Unpack(dir, arch, Options{Missing: missing, Report: func(err error) { t.Error(err) }}); err != nil {
			t.Fatal(err)
		}
		rep, err := b.CheckTree(dir, 0, func(u string) bool { return captured[stripFragment(u)] })
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("missing=%v: %d pages, %d requests served from the folder (%d subresources), %d failed, %d left (%d captured): %s",
			missing, rep.Pages, rep.Local, rep.Subresource, rep.Failed, rep.Left, rep.LeftCaptured, strings.Join(rep.LeftURLs, " "))
		t.Logf("served by type: %v", rep.ByType)
		for _, typ := range []string{"Stylesheet", "Image", "Script", "Font", "Document"} {
			if rep.ByType[typ] == 0 {
				t.Errorf("missing=%v: no %s was served from the folder", missing, typ)
			}
		}
		for _, p := range rep.Problems {
			t.Error(p)
		}
		wantLeft := 1 // https://cdn.other.example/logo.png, from index.html
		if missing {
			wantLeft = 0
		}
		if rep.Left != wantLeft || rep.Failed != 0 || rep.LeftCaptured != 0 {
			t.Errorf("missing=%v: %d failed, %d left (%d captured), want 0, %d, 0", missing, rep.Failed, rep.Left, rep.LeftCaptured, wantLeft)
		}
		if rep.Pages < 5 || rep.Subresource < 15 {
			t.Errorf("missing=%v: %d pages and %d subresources: fewer than the site has", missing, rep.Pages, rep.Subresource)
		}
	}
}
