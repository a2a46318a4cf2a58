package extract

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/charset"
)

// readTSV reads the tab-separated lines of a testdata file, less its
// comments.
func readTSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if line := sc.Text(); line != "" && !strings.HasPrefix(line, "#") {
			row := strings.Split(line, "\t")
			if len(row) < 2 {
				t.Fatalf("%s:%d: want tab-separated fields", path, n)
			}
			rows = append(rows, row)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestDetectCharsetChromium checks that charset.Detect guesses the charset
// of real unlabeled pages as Chromium does (testdata/unlabeled/chromium.tsv),
// but for the listed differences, and that the list stays exact.
func TestDetectCharsetChromium(t *testing.T) {
	dir := filepath.Join("..", "testdata", "unlabeled")
	known := map[string][]string{}
	for _, row := range readTSV(t, filepath.Join(dir, "known-differences.tsv")) {
		known[row[0]] = row
	}
	agree := 0
	rows := readTSV(t, filepath.Join(dir, "chromium.tsv"))
	for _, row := range rows {
		page, chrome := row[0], row[1]
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(page)))
		if err != nil {
			t.Fatal(err)
		}
		got := charset.Detect(charset.HTML, b, "", "").Name
		if k, ok := known[page]; ok {
			delete(known, page)
			if got != k[1] || got == chrome {
				t.Errorf("%s: DetectCharset = %s, Chromium %s; known-differences.tsv says %s: update it", page, got, chrome, k[1])
			}
			continue
		}
		if got != chrome {
			t.Errorf("%s: DetectCharset = %s, Chromium %s", page, got, chrome)
			continue
		}
		agree++
	}
	for page := range known {
		t.Errorf("known-differences.tsv lists %s, which chromium.tsv does not", page)
	}
	t.Logf("%d/%d pages read as Chromium reads them", agree, len(rows))
}
