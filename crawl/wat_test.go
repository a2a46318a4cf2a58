package crawl_test

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestWATExample(t *testing.T) {
	ps := pages(t, "../testdata/warc/example.warc")
	var got []string
	for _, p := range ps {
		b, err := json.Marshal(p.WAT())
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(b))
	}
	want := []string{
		`{"Container":{"Filename":"../testdata/warc/example.warc","Offset":"0"},"Envelope":{"Format":"WARC","WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"http://example.org/","WARC-Date":"2024-05-06T07:08:09Z","WARC-Record-ID":"\u003curn:uuid:00000000-0000-4000-8000-000000000001\u003e"},"Payload-Metadata":{"HTTP-Response-Metadata":{"Response-Message":{"Status":"301"},"Headers":{"Location":"/ru/"},"HTML-Metadata":{"Links":[]}}}}}`,
		`{"Container":{"Filename":"../testdata/warc/example.warc","Offset":"312"},"Envelope":{"Format":"WARC","WARC-Header-Metadata":{"WARC-Type":"response","WARC-Target-URI":"http://example.org/ru/","WARC-Date":"2024-05-06T07:08:10Z","WARC-Record-ID":"\u003curn:uuid:00000000-0000-4000-8000-000000000002\u003e"},"Payload-Metadata":{"HTTP-Response-Metadata":{"Response-Message":{"Status":"200"},"HTML-Metadata":{"Links":[{"path":"A@/href","url":"поиск?q=Юникод","text":"Поиск"}]}}}}}`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("WAT records\n%s\nwant\n%s", got, want)
	}
}

// TestWATReader reads the WAT records of every fixture as a WAT consumer
// does (cc-pyspark's host-graph job: generic JSON, by key), and checks
// that it finds every link of the HTML with its path and value.
func TestWATReader(t *testing.T) {
	n := 0
	for _, file := range fixtures(t) {
		for _, p := range pages(t, file) {
			b, _ := json.Marshal(p.WAT())
			var rec map[string]any
			if err := json.Unmarshal(b, &rec); err != nil {
				t.Fatal(err)
			}
			env := rec["Envelope"].(map[string]any)
			whm := env["WARC-Header-Metadata"].(map[string]any)
			if whm["WARC-Target-URI"] != p.URL {
				t.Errorf("%s: WARC-Target-URI %v, want %s", file, whm["WARC-Target-URI"], p.URL)
			}
			hrm := env["Payload-Metadata"].(map[string]any)["HTTP-Response-Metadata"].(map[string]any)
			var got []string
			for _, l := range hrm["HTML-Metadata"].(map[string]any)["Links"].([]any) {
				m := l.(map[string]any)
				got = append(got, m["path"].(string)+" "+m["url"].(string))
			}
			var want []string
			for _, l := range p.Links {
				switch l.Tag {
				case "http":
					if l.Attr == "location" {
						h, _ := hrm["Headers"].(map[string]any)
						if h["Location"] != l.Raw {
							t.Errorf("%s: %s: Location %v, want %q", file, p.URL, h["Location"], l.Raw)
						}
					}
				case "":
				default:
					want = append(want, map[string]string{"a": "A", "img": "IMG", "link": "LINK"}[l.Tag]+"@/"+l.Attr+" "+l.Raw)
				}
			}
			// Only the tags named above are checked letter by letter;
			// the others are checked by count.
			if len(got) != len(want) {
				t.Errorf("%s: %s: %d WAT links, want %d", file, p.URL, len(got), len(want))
				continue
			}
			for i := range got {
				if want[i][0] != '@' && got[i] != want[i] {
					t.Errorf("%s: %s: link %d %q, want %q", file, p.URL, i, got[i], want[i])
				}
			}
			n += len(got)
		}
	}
	if n < 1000 {
		t.Errorf("%d WAT links, want the fixtures' thousands", n)
	}
}
