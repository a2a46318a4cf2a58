package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/iri"
)

// filterPage is the page the filter tests read on standard input, with
// --base https://example.org/x: one link per line, the line's number
// noted by the tests.
const filterPage = `<!doctype html>
<a href="https://www.example.org/a" rel="NoFollow ugc">a</a>
<a href="/b">b</a>
<a href="https://shop.example.co.uk/c" rel="sponsored">c</a>
<img src="http://cdn.example.net:8080/i.png">
<a href="mailto:x@example.org">m</a>
<link rel="stylesheet" href="s.css">
<a href="/b">again</a>
<iframe src="https://example.org/f"></iframe>
<form action="https://user@EXAMPLE.org./post"></form>
<a href="http://[::1]/v6">v6</a>
<a href="http://192.168.0.1/ip">ip</a>
<a href="http://a b/">bad</a>
<a href="https://例え.テスト/パス?q=&#x26;">idn</a>
<p>see www.example.com/t and https://notexample.org/n</p>
`

func TestExtractFilter(t *testing.T) {
	const (
		a     = "https://www.example.org/a\n"
		b     = "https://example.org/b\n"
		c     = "https://shop.example.co.uk/c\n"
		img   = "http://cdn.example.net:8080/i.png\n"
		mail  = "mailto:x@example.org\n"
		css   = "https://example.org/s.css\n"
		frame = "https://example.org/f\n"
		form  = "https://user@example.org./post\n"
		v6    = "http://[::1]/v6\n"
		ip    = "http://192.168.0.1/ip\n"
		idn   = "https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9?q=&\n"
		textT = "http://www.example.com/t\n"
		textN = "https://notexample.org/n\n"
	)
	tests := []struct {
		name string
		args []string
		out  string
	}{
		{"no filter", nil, a + b + c + img + mail + css + b + frame + form + v6 + ip + idn + textT + textN},
		{"scheme", []string{"--scheme", "http"}, img + v6 + ip + textT},
		{"scheme list, any case", []string{"--scheme", "MAILTO,http"}, img + mail + v6 + ip + textT},
		{"scheme repeated", []string{"--scheme", "mailto", "--scheme", "http"}, img + mail + v6 + ip + textT},
		{"tag", []string{"--tag", "a"}, a + b + c + mail + b + v6 + ip + idn},
		{"tag list", []string{"--tag", "img,IFRAME"}, img + frame},
		{"attr", []string{"--attr", "src"}, img + frame},
		{"tag and attr", []string{"--tag", "link,form", "--attr", "href"}, css},
		{"role hyperlink", []string{"--role", "hyperlink"}, a + b + c + mail + b + v6 + ip + idn},
		{"role resource", []string{"--role", "resource"}, img + css},
		{"role frame, form", []string{"--role", "frame", "--role", "form"}, frame + form},
		{"role text", []string{"--role", "text"}, textT + textN},
		{"rel, any case", []string{"--rel", "nofollow"}, a},
		{"rel list", []string{"--rel", "ugc,SPONSORED"}, a + c},
		{"rel stylesheet", []string{"--rel", "stylesheet"}, css},
		{"host and subdomains", []string{"--host", "example.org"}, a + b + css + b + frame + form},
		{"host exact label boundary", []string{"--host", "www.example.org"}, a},
		{"host not a suffix of the name", []string{"--host", "ample.org"}, ""},
		{"host in Unicode", []string{"--host", "例え.テスト"}, idn},
		{"host IP", []string{"--host", "192.168.0.1,[::1]"}, v6 + ip},
		{"same-site", []string{"--same-site"}, a + b + css + b + frame + form},
		{"external", []string{"--external"}, c + img + v6 + ip + idn + textT + textN},
		{"external hyperlinks over https", []string{"--external", "--role", "hyperlink", "--scheme", "https"}, c + idn},
		{"same-site hyperlinks without rel", []string{"--same-site", "--tag", "a", "--rel", "nofollow"}, a},
		{"unique", []string{"--unique"}, a + b + c + img + mail + css + frame + form + v6 + ip + idn + textT + textN},
		{"unique same-site", []string{"--unique", "--same-site"}, a + b + css + frame + form},
		{"count", []string{"--count", "--host", "example.org"}, "2\t" + b + "1\t" + frame + "1\t" + css + "1\t" + form + "1\t" + a},
		{"count with header", []string{"--count", "--header", "--tag", "a", "--rel", "ugc"}, "count\turi\n1\t" + a},
		{"iri", []string{"--format", "iri", "--host", "テスト"}, "https://例え.テスト/パス?q=&\n"},
		{"value", []string{"--format", "value", "--tag", "a", "--host", "example.org"}, "https://www.example.org/a\n/b\n/b\n"},
		{"value of an invalid link", []string{"--format", "value", "--scheme", "http", "--tag", "a"}, "http://[::1]/v6\nhttp://192.168.0.1/ip\n"},
		{"value unique", []string{"--format", "value", "--unique", "--role", "hyperlink", "--same-site"}, "https://www.example.org/a\n/b\n"},
		{"count value", []string{"--format", "value", "--count", "--header", "--attr", "href", "--same-site"}, "count\tvalue\n2\t/b\n1\thttps://www.example.org/a\n1\ts.css\n"},
		{"tsv with header", []string{"--format", "tsv", "--header", "--rel", "sponsored"},
			"file\tline\tstart\ttag\tattr\thref\turi\tvalue\n-\t4\t105\ta\thref\thttps://shop.example.co.uk/c\thttps://shop.example.co.uk/c\thttps://shop.example.co.uk/c\n"},
		{"tsv header, nothing kept", []string{"--format", "tsv", "--header", "--scheme", "ftp"}, "file\tline\tstart\ttag\tattr\thref\turi\tvalue\n"},
		{"jsonl", []string{"--format", "jsonl", "--rel", "stylesheet"},
			`{"file":"-","tag":"link","attr":"href","role":"resource","value":"s.css","href":"https://example.org/s.css","uri":"https://example.org/s.css","iri":"https://example.org/s.css","start":269,"end":274,"line":7,"column":30,"rel":"stylesheet"}` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// -q: an invalid link of the page, left out of --format
			// uri, would be told of on standard error.
			args := []string{"extract", "-q", "--text-links", "--base", "https://example.org/x"}
			if !strings.Contains(strings.Join(tt.args, " "), "--format") {
				args = append(args, "--format", "uri")
			}
			args = append(args, tt.args...)
			got := runString(args, filterPage)
			if got.code != 0 || got.stderr != "" {
				t.Fatalf("%q: exit status %d, stderr %q", args, got.code, got.stderr)
			}
			if got.stdout != tt.out {
				t.Errorf("%q:\ngot\n%s\nwant\n%s", args, got.stdout, tt.out)
			}
		})
	}
}

// TestExtractUniqueInvalid checks that --unique tells invalid links
// apart by their values, and that --count leaves them out.
func TestExtractUniqueInvalid(t *testing.T) {
	page := `<a href="http://a b/">1</a><a href="http://a%20b/">2</a><a href="http://a b/">3</a><a href="/ok">4</a><a href="/ok">5</a>`
	got := runString([]string{"extract", "--unique", "--format", "tsv"}, page)
	want := "-\t1\t9\ta\thref\t\t\thttp://a b/\n-\t1\t36\ta\thref\t\t\thttp://a%20b/\n-\t1\t92\ta\thref\t/ok\t/ok\t/ok\n"
	if got.code != 0 || got.stdout != want {
		t.Errorf("--unique: exit status %d, got\n%s\nwant\n%s%s", got.code, got.stdout, want, got.stderr)
	}
	got = runString([]string{"extract", "--count"}, page)
	if want := "2\t/ok\n"; got.code != 0 || got.stdout != want {
		t.Errorf("--count: exit status %d, got %q, want %q (stderr %q)", got.code, got.stdout, want, got.stderr)
	}
	got = runString([]string{"extract", "--count", "--format", "value"}, page)
	if want := "2\t/ok\n2\thttp://a b/\n1\thttp://a%20b/\n"; got.code != 0 || got.stdout != want {
		t.Errorf("--count --format value: exit status %d, got %q, want %q (stderr %q)", got.code, got.stdout, want, got.stderr)
	}
}

// TestExtractFilterNoBase checks --same-site and --external when the
// document has no URL of its own.
func TestExtractFilterNoBase(t *testing.T) {
	page := `<a href="/rel">r</a><a href="//example.org/p">p</a><a href="https://example.org/">h</a><a href="data:,x">d</a>`
	for _, tt := range []struct{ flag, out string }{
		{"--same-site", "/rel\n"},
		{"--external", "//example.org/p\nhttps://example.org/\n"},
	} {
		got := runString([]string{"extract", "--format", "uri", tt.flag}, page)
		if got.code != 0 || got.stdout != tt.out {
			t.Errorf("%s: exit status %d, got %q, want %q (stderr %q)", tt.flag, got.code, got.stdout, tt.out, got.stderr)
		}
	}
}

// TestExtractFilterSite runs the filters over the sample site, where each
// file has its own URL below --base (for a directory argument, --base is
// the directory's URL).
func TestExtractFilterSite(t *testing.T) {
	site := filepath.Join("..", "..", "testdata", "site")
	tests := []struct {
		name string
		args []string
		out  string
	}{
		{"count wikipedia", []string{"--host", "wikipedia.org", "--count", "--format", "iri"},
			"2\thttps://ru.wikipedia.org/wiki/Юникод\n" +
				"1\thttps://ar.wikipedia.org/wiki/يونيكود\n" +
				"1\thttps://en.wikipedia.org/wiki/Bracket_(disambiguation)\n" +
				"1\thttps://ja.wikipedia.org/wiki/文字コード\n"},
		{"external hyperlinks of one directory", []string{"--external", "--role", "hyperlink", "--format", "iri", filepath.Join(site, "ru")},
			"http://пример.испытание/путь\n"},
		{"same-site resources of the Chinese page", []string{"--same-site", "--role", "resource", "--format", "iri", filepath.Join(site, "zh")},
			"https://example.org/图片/背景.png\n"},
		{"unique across files", []string{"--unique", "--host", "ru.wikipedia.org", "--format", "tsv"},
			filepath.Join(site, "index.html") + "\t19\t737\ta\thref\thttps://ru.wikipedia.org/wiki/%D0%AE%D0%BD%D0%B8%D0%BA%D0%BE%D0%B4\thttps://ru.wikipedia.org/wiki/%D0%AE%D0%BD%D0%B8%D0%BA%D0%BE%D0%B4\thttps://ru.wikipedia.org/wiki/Юникод\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"extract", "-r", "--base", "https://example.org/"}, tt.args...)
			if !strings.HasPrefix(tt.args[len(tt.args)-1], site) {
				args = append(args, site)
			}
			got := runString(args, "")
			if got.code != 0 || got.stderr != "" {
				t.Fatalf("%q: exit status %d, stderr %q", args, got.code, got.stderr)
			}
			if got.stdout != tt.out {
				t.Errorf("%q:\ngot\n%s\nwant\n%s", args, got.stdout, tt.out)
			}
		})
	}
}

func TestExtractFilterUsage(t *testing.T) {
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"--role", "link"}, `unknown --role "link" (want hyperlink, resource, frame, form, ping, reference, base, speculative or text)`},
		{[]string{"--scheme", "http:"}, `invalid --scheme "http:"`},
		{[]string{"--scheme", "1http"}, `invalid --scheme "1http"`},
		{[]string{"--scheme", "http,"}, `invalid value "http," for flag --scheme: empty value in "http,"`},
		{[]string{"--host", "example.org/path"}, `invalid --host "example.org/path"`},
		{[]string{"--host", "a b"}, `invalid --host "a b"`},
		{[]string{"--host", "example.org:8080"}, `invalid --host "example.org:8080"`},
		{[]string{"--host", "[::1]:80"}, `invalid --host "[::1]:80"`},
		{[]string{"--same-site", "--external"}, "--same-site and --external exclude each other"},
		{[]string{"--unique", "--count"}, "--unique and --count exclude each other"},
		{[]string{"--header"}, "--header applies to --format " + orList(linkFormatNames(hasHeader)) + " and --count only"},
		{[]string{"--header", "--format", "uri"}, "--header applies to --format " + orList(linkFormatNames(hasHeader)) + " and --count only"},
		{[]string{"--count", "--format", "tsv"}, "--count writes TSV lines of counts; it takes --format " + orList(linkFormatNames(noHeader)) + ", not tsv"},
		{[]string{"--format", "nope"}, `unknown --format "nope" (want ` + orList(linkFormatNames(allFormats)) + ")"},
	}
	for _, tt := range tests {
		got := runString(append([]string{"extract"}, tt.args...), "<a href=x>")
		if got.code != exitUsage || got.stdout != "" {
			t.Errorf("%q: exit status %d, stdout %q; want %d and nothing", tt.args, got.code, got.stdout, exitUsage)
		}
		if !strings.HasPrefix(got.stderr, "relink extract: "+tt.msg) || !strings.Contains(got.stderr, "usage: relink extract") {
			t.Errorf("%q: stderr %q, want it to begin with %q and give the usage", tt.args, got.stderr, "relink extract: "+tt.msg)
		}
	}
}

// TestRoleNames checks that --role knows every role the extract package
// defines, by the name it prints in JSON.
func TestRoleNames(t *testing.T) {
	for r := htmlattr.RoleHyperlink; r <= htmlattr.RoleSpeculative; r++ {
		name := strings.ToLower(r.String())
		if got, ok := roleByName[name]; !ok || got != r {
			t.Errorf("--role %s: got %v, %v; want %v", name, got, ok, r)
		}
	}
	if len(roleByName) != int(htmlattr.RoleSpeculative)+1 {
		t.Errorf("roleByName has %d names, want the %d roles and text", len(roleByName), htmlattr.RoleSpeculative)
	}
}

// TestWARCFilter checks that relink warc writes, under each filter, the
// lines of its unfiltered output that the filter's definition selects.
func TestWARCFilter(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "warc")
	files := []string{filepath.Join(dir, "example.warc"), filepath.Join(dir, "warcio-example-iana.org-chunked.warc")}
	all := runString(append([]string{"warc"}, files...), "")
	if all.code != 0 {
		t.Fatalf("relink warc: exit status %d, stderr %q", all.code, all.stderr)
	}
	type line struct {
		Page, Tag, Attr, Role, Rel, Href string
	}
	var lines []string
	var links []line
	for l := range strings.Lines(all.stdout) {
		var j line
		if err := json.Unmarshal([]byte(l), &j); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
		links = append(links, j)
	}
	host := func(u string) string {
		r, err := iri.Parse(u)
		if err != nil {
			return ""
		}
		return r.Host
	}
	tests := []struct {
		args []string
		keep func(l line) bool
		min  int // the fewest lines the filter keeps here
	}{
		{[]string{"--tag", "http"}, func(l line) bool { return l.Tag == "http" }, 1},
		{[]string{"--role", "resource", "--rel", "stylesheet"}, func(l line) bool { return l.Role == "resource" && l.Rel == "stylesheet" }, 2},
		{[]string{"--external"}, func(l line) bool {
			return !strings.HasSuffix(host(l.Href), "iana.org") && host(l.Href) != "example.org"
		}, 1},
		{[]string{"--same-site", "--role", "hyperlink", "--attr", "href"}, func(l line) bool {
			return l.Role == "hyperlink" && l.Attr == "href" && (strings.HasSuffix(host(l.Href), "iana.org") && strings.Contains(l.Page, "iana") || host(l.Href) == "example.org")
		}, 30},
		{[]string{"--host", "www.iana.org", "--scheme", "http"}, func(l line) bool { return host(l.Href) == "www.iana.org" && strings.HasPrefix(l.Href, "http:") }, 30},
	}
	for _, tt := range tests {
		var want strings.Builder
		n := 0
		for i, l := range links {
			if tt.keep(l) {
				want.WriteString(lines[i])
				n++
			}
		}
		if n < tt.min || n == len(lines) {
			t.Fatalf("%q: the fixture has %d of %d lines to keep: not a test of the filter", tt.args, n, len(lines))
		}
		got := runString(append(append([]string{"warc"}, tt.args...), files...), "")
		if got.code != 0 || got.stderr != "" {
			t.Errorf("%q: exit status %d, stderr %q", tt.args, got.code, got.stderr)
		}
		if got.stdout != want.String() {
			t.Errorf("%q:\ngot\n%s\nwant\n%s", tt.args, got.stdout, want.String())
		}
	}

	// --per-page keeps each page's line, with the links kept.
	got := runString([]string{"warc", "--per-page", "--tag", "http", files[0]}, "")
	if got.code != 0 || strings.Count(got.stdout, "\n") != 2 || strings.Count(got.stdout, `"links":[]`) != 1 || strings.Count(got.stdout, `"tag":"http"`) != 1 {
		t.Errorf("warc --per-page --tag http: exit status %d, output\n%s%s", got.code, got.stdout, got.stderr)
	}

	got = runString([]string{"warc", "--role", "anchor", files[0]}, "")
	if got.code != exitUsage || got.stdout != "" || !strings.HasPrefix(got.stderr, `relink warc: unknown --role "anchor"`) {
		t.Errorf("warc --role anchor: exit status %d, stdout %q, stderr %q; want a usage error", got.code, got.stdout, got.stderr)
	}
}
