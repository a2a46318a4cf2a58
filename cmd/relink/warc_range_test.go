package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// pagePlaces returns the record_offset and record_length of each page of
// file, from relink warc --per-page.
func pagePlaces(t *testing.T, file string) [][2]int64 {
	t.Helper()
	got := runString([]string{"warc", "--per-page", file}, "")
	if got.code != 0 {
		t.Fatalf("%s: exit status %d: %s", file, got.code, got.stderr)
	}
	var places [][2]int64
	for _, line := range strings.Split(strings.TrimSuffix(got.stdout, "\n"), "\n") {
		var p struct {
			Offset int64 `json:"record_offset"`
			Length int64 `json:"record_length"`
		}
		if err := json.Unmarshal([]byte(line), &p); err != nil || p.Length == 0 {
			t.Fatalf("%s: %q: %v", file, line, err)
		}
		places = append(places, [2]int64{p.Offset, p.Length})
	}
	return places
}

// TestWARCRange reads each page of a file alone, by the offset and length
// --per-page gives it, as FILE#OFFSET,LENGTH, with --range and with
// --records in each of its line formats, locally, over HTTP (Range
// requests) and from S3 (gofakes3, in process): the lines are those of
// the whole file, file and record_offset included. Each remote run makes
// 200 lookups in one process.
func TestWARCRange(t *testing.T) {
	defer func(n int, d time.Duration) { urlAttempts, urlBackoff = n, d }(urlAttempts, urlBackoff)
	urlAttempts, urlBackoff = 2, time.Millisecond
	for _, file := range []string{
		filepath.Join("..", "..", "testdata", "warc", "resiliparse-warcfile.warc.gz"),
		filepath.Join("..", "..", "testdata", "warc", "ia-web-commons-link-extraction-test.warc"),
	} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		places := pagePlaces(t, file)
		whole := runString([]string{"warc", file}, "")
		one := func(name string, p [2]int64) runResult {
			return runString([]string{"warc", fmt.Sprintf("%s#%d,%d", name, p[0], p[1])}, "")
		}
		// Each page alone, by FILE#OFFSET,LENGTH and by --range.
		var all strings.Builder
		alone := map[[2]int64]string{}
		for _, p := range places {
			got := one(file, p)
			alone[p] = got.stdout
			if got.code != 0 {
				t.Fatalf("%s#%d,%d: exit status %d, %q", file, p[0], p[1], got.code, got.stderr)
			}
			byFlag := runString([]string{"warc", "--range", fmt.Sprintf("%d,%d", p[0], p[1]), file}, "")
			if byFlag.stdout != got.stdout || byFlag.code != 0 {
				t.Errorf("--range %d,%d differs from FILE#%[1]d,%[2]d: %s", p[0], p[1], byFlag.stderr)
			}
			all.WriteString(got.stdout)
		}
		if all.String() != whole.stdout {
			t.Errorf("%s: the pages read alone differ from the file read whole", file)
		}

		// 200 lookups in one process, over HTTP and S3, in each format of --records.
		var requests, ranged atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			requests.Add(1)
			if r.Header.Get("Range") != "" {
				ranged.Add(1)
			}
			http.ServeContent(w, r, "f", time.Time{}, bytes.NewReader(data))
		}))
		backend := s3mem.New()
		s3 := httptest.NewServer(gofakes3.New(backend).Server())
		if err := backend.CreateBucket("commoncrawl"); err != nil {
			t.Fatal(err)
		}
		key := "crawl-data/CC-MAIN-2024-10/segments/1/warc/" + filepath.Base(file)
		if _, err := backend.PutObject("commoncrawl", key, map[string]string{}, bytes.NewReader(data), int64(len(data)), nil); err != nil {
			t.Fatal(err)
		}
		t.Setenv("AWS_ENDPOINT_URL_S3", s3.URL)
		t.Setenv("AWS_ACCESS_KEY_ID", "AKIAEXAMPLE")
		t.Setenv("AWS_SECRET_ACCESS_KEY", "secret")
		const lookups = 200
		for _, c := range []struct {
			name, prefix, header string
			line                 func(name string, p [2]int64) string
		}{
			{srv.URL + "/f.warc", "", "", func(n string, p [2]int64) string { return fmt.Sprintf("%s %d %d", n, p[0], p[1]) }},
			{"s3://commoncrawl/" + key, "", "", func(n string, p [2]int64) string { return fmt.Sprintf("%s\t%d\t%d", n, p[0], p[1]) }},
			{key, "s3://commoncrawl/", "warc_filename,warc_record_offset,warc_record_length\n", func(n string, p [2]int64) string { return fmt.Sprintf("%s,%d,%d", n, p[0], p[1]) }},
			{key, srv.URL + "/", "", func(n string, p [2]int64) string { return fmt.Sprintf("%s#%d,%d", n, p[0], p[1]) }},
			{key, srv.URL + "/", "# a CDXJ index\n", func(n string, p [2]int64) string {
				return fmt.Sprintf(`org,example)/ 20240506070809 {"url": "http://example.org/", "length": "%d", "offset": "%d", "filename": %q}`, p[1], p[0], n)
			}},
		} {
			var list, want strings.Builder
			list.WriteString(c.header)
			name := c.prefix + c.name
			for i := range lookups {
				p := places[i%len(places)]
				list.WriteString(c.line(c.name, p) + "\n")
				want.WriteString(strings.ReplaceAll(alone[p], jsonString(file), jsonString(name)))
			}
			requests.Store(0)
			ranged.Store(0)
			args := []string{"warc", "--records", "-"}
			if c.prefix != "" {
				args = append(args, "--prefix", c.prefix)
			}
			got := runString(args, list.String())
			if got.code != 0 || got.stdout != want.String() {
				t.Errorf("%s: %d lookups: exit status %d, %s; output as expected: %v", c.line(c.name, places[0]), lookups, got.code, got.stderr, got.stdout == want.String())
			}
			if strings.HasPrefix(name, srv.URL) && (requests.Load() != lookups || ranged.Load() != lookups) {
				t.Errorf("%s: %d requests, %d with Range; want %d", name, requests.Load(), ranged.Load(), lookups)
			}
		}
		srv.Close()
		s3.Close()
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestWARCRangeErrors: a bad --range is a usage error; a line of
// --records that places no record is reported with its line number and
// the others are read; a range that cuts a record short reports it as a
// bad record.
func TestWARCRangeErrors(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "warc", "resiliparse-warcfile.warc.gz")
	p := pagePlaces(t, file)[0]
	for _, bad := range []string{"1", "1,0", "-1,5", "a,b", "1,2,3"} {
		if got := runString([]string{"warc", "--range", bad, file}, ""); got.code != exitUsage {
			t.Errorf("--range %s: exit status %d", bad, got.code)
		}
	}
	if got := runString([]string{"warc", "--prefix", "x/", file}, ""); got.code != exitUsage {
		t.Errorf("--prefix without --records: exit status %d", got.code)
	}
	list := fmt.Sprintf("%s %d\n%s %d %d\n", file, p[0], file, p[0], p[1])
	got := runString([]string{"warc", "--records", "-"}, list)
	if got.code != exitInputFailed || !strings.Contains(got.stderr, "relink warc: -:1: not the place of a record") || got.stdout == "" {
		t.Errorf("a bad line: exit status %d, %q, %d bytes out", got.code, got.stderr, len(got.stdout))
	}
	got = runString([]string{"warc", fmt.Sprintf("%s#%d,%d", file, p[0], p[1]-20)}, "")
	if got.code != exitBadFile || !strings.Contains(got.stderr, fmt.Sprintf("offset %d: truncated", p[0])) {
		t.Errorf("a range cut short: exit status %d, %q", got.code, got.stderr)
	}
}

// FuzzRecordLine reads any line as a line of --records: a place it
// accepts has a name, an offset of 0 or more and a length of 1 or more.
func FuzzRecordLine(f *testing.F) {
	for _, s := range []string{"a.warc.gz 10 20", "a.warc.gz,10,20", "a,b.warc.gz,1,2", "x.wacz#archive/a.warc#5,6",
		`com,example)/ 20240101 {"filename": "a.warc.gz", "offset": "10", "length": 20}`, "a 1", "{", "#,,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		in, ok := parseRecordLine(line)
		if ok && (in.name == "" || in.offset < 0 || in.length <= 0) {
			t.Fatalf("%q: %+v", line, in)
		}
	})
}
