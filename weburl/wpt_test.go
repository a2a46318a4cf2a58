package weburl

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/idna"
	"golang.org/x/text/encoding/htmlindex"
)

type wptURLCase struct {
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Failure  bool    `json:"failure"`
	Href     string  `json:"href"`
	Origin   *string `json:"origin"`
	Protocol string  `json:"protocol"`
	Username string  `json:"username"`
	Password string  `json:"password"`
	Host     string  `json:"host"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
	Pathname string  `json:"pathname"`
	Search   string  `json:"search"`
	Hash     string  `json:"hash"`
}

func loadWPT[T any](t testing.TB, name string) []T {
	t.Helper()
	data, err := os.ReadFile("../testdata/wpt-url/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var out []T
	for _, r := range raw {
		if len(r) > 0 && r[0] == '"' {
			continue // a comment
		}
		var c T
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

func TestWPTURL(t *testing.T) {
	cases := loadWPT[wptURLCase](t, "urltestdata.json")
	pass := 0
	for _, c := range cases {
		var base *URL
		if c.Base != nil {
			b, err := Parse(*c.Base, nil)
			if err != nil {
				t.Errorf("base %q: %v", *c.Base, err)
				continue
			}
			base = b
		}
		u, err := Parse(c.Input, base)
		// Resolve and AppendResolve, with their fast paths, give the
		// same href or fail alike.
		href := ""
		if err == nil {
			href = u.String()
		}
		if r, rerr := utf8Parser.Resolve(c.Input, base); r != href || (rerr == nil) != (err == nil) {
			t.Errorf("Resolve(%v, %q) = %q, %v; Parse gives %q, %v", deref(c.Base), c.Input, r, rerr, href, err)
		}
		if b, aerr := utf8Parser.AppendResolve([]byte("x"), c.Input, base); string(b) != "x"+href || (aerr == nil) != (err == nil) {
			t.Errorf("AppendResolve(x, %v, %q) = %q, %v; Parse gives %q, %v", deref(c.Base), c.Input, b, aerr, href, err)
		}
		if c.Failure {
			if err == nil {
				t.Errorf("Parse(%q, %v) = %q, want failure", c.Input, c.Base, u)
				continue
			}
			pass++
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q, %v): %v, want %q", c.Input, deref(c.Base), err, c.Href)
			continue
		}
		got := [...]string{u.String(), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash()}
		want := [...]string{c.Href, c.Protocol, c.Username, c.Password, c.Host, c.Hostname, c.Port, c.Pathname, c.Search, c.Hash}
		if c.Origin != nil {
			if o := u.Origin(); o != *c.Origin {
				t.Errorf("Parse(%q, %q).Origin() = %q, want %q", c.Input, deref(c.Base), o, *c.Origin)
				continue
			}
		}
		if got != want {
			t.Errorf("Parse(%q, %q):\n got %q\nwant %q", c.Input, deref(c.Base), got, want)
			continue
		}
		pass++
	}
	t.Logf("urltestdata.json: %d/%d pass", pass, len(cases))
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

type wptHostCase struct {
	Input   string  `json:"input"`
	Output  *string `json:"output"`
	Comment string  `json:"comment"`
}

// runHostCases checks how the URL parser maps a host, as WPT's
// toascii.window.js and IdnaTestV2.window.js do: new URL("https://" +
// input + "/x") must fail when output is null and otherwise have output
// as its host.
func runHostCases(t *testing.T, file string, known map[string]string) {
	pass, differ := 0, 0
	for _, c := range loadWPT[wptHostCase](t, file) {
		if c.Input == "" {
			continue // as in WPT: new URL("https:///x") cannot test an empty host
		}
		u, err := Parse("https://"+c.Input+"/x", nil)
		ok := false
		got := "failure"
		if err == nil {
			got = u.Hostname()
		}
		if c.Output == nil {
			ok = err != nil
		} else {
			ok = err == nil && got == *c.Output
		}
		if reason, isKnown := known[c.Input]; isKnown {
			if ok {
				t.Errorf("%s: %q is listed as a known difference (%s) but passes", file, c.Input, reason)
			}
			differ++
			continue
		}
		if !ok {
			t.Errorf("%s: host %q = %q, want %q (%s)", file, c.Input, got, deref(c.Output), c.Comment)
			continue
		}
		pass++
	}
	t.Logf("%s: %d pass, %d known differences", file, pass, differ)
}

// unicodeSkew returns the cases of file listed in
// known-differences-unicode15.tsv, when x/net/idna uses its Unicode 15.0.0
// tables (Go 1.26 and earlier); with newer tables there are none.
func unicodeSkew(t *testing.T, file string) map[string]string {
	if idna.UnicodeVersion != "15.0.0" {
		return nil
	}
	data, err := os.ReadFile("../testdata/wpt-url/known-differences-unicode15.tsv")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]string{}
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(f) != 3 {
			t.Fatalf("bad line %q", line)
		}
		in, err := strconv.Unquote(f[1])
		if err != nil {
			t.Fatalf("bad input in %q: %v", line, err)
		}
		if f[0] == file {
			known[in] = f[2]
		}
	}
	return known
}

func TestWPTToASCII(t *testing.T) {
	runHostCases(t, "toascii.json", unicodeSkew(t, "toascii.json"))
}

func TestWPTIdnaTestV2(t *testing.T) {
	runHostCases(t, "IdnaTestV2.json", unicodeSkew(t, "IdnaTestV2.json"))
}

func TestWPTPercentEncoding(t *testing.T) {
	type pcase struct {
		Input  string            `json:"input"`
		Output map[string]string `json:"output"`
	}
	pass, total := 0, 0
	for _, c := range loadWPT[pcase](t, "percent-encoding.json") {
		for enc, want := range c.Output {
			total++
			e, err := htmlindex.Get(enc)
			if err != nil {
				t.Fatal(err)
			}
			p := NewParser(e)
			u, err := p.Parse("https://doesnotmatter.invalid/?"+c.Input+"#"+c.Input, nil)
			if err != nil {
				t.Errorf("%s %q: %v", enc, c.Input, err)
				continue
			}
			if got := u.Search(); got != "?"+want {
				t.Errorf("%s %q: search %q, want %q", enc, c.Input, got, "?"+want)
				continue
			}
			if got, want := u.Hash(), "#"+c.Output["utf-8"]; got != want {
				t.Errorf("%s %q: hash %q, want %q", enc, c.Input, got, want)
				continue
			}
			pass++
		}
	}
	t.Logf("percent-encoding.json: %d/%d pass", pass, total)
}
