//go:build ignore

// Gen asks Chromium which charset it gives each test page of the table of
// extract's TestChromiumCharset, and writes the table, cases.tsv.
//
// Usage (from this directory; needs a Chromium binary):
//
//	go run gen.go [-chromium /usr/bin/chromium] [-out cases.tsv]
//
// Each page is served from 127.0.0.1 with the case's Content-Type (no
// charset unless the case gives one) and a probe appended to it, a script
// that writes document.characterSet into an attribute of the root element;
// Chromium loads the page as a top-level document (a frame would inherit
// its parent's encoding) and prints the DOM (--dump-dom), from which the
// attribute is read back. The probe comes after every byte of the case, so
// it changes nothing of what Chromium decides from them.
//
// A page is written in the table as a Go-quoted template in which {{N}}
// stands for N bytes "x" (see expand), so that a meta can be put at an
// exact offset without writing the padding out.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

type page struct {
	name, ctype, tmpl string
}

const (
	head = "<!DOCTYPE html><html><head>"
	meta = "<meta charset=koi8-r>"
)

// at returns a template of before, padding, after and then m, with m
// starting at offset p.
func at(p int, before, after, m, rest string) string {
	n := p - len(before) - len(after)
	if n < 0 {
		log.Fatalf("no room for %q before %d", before+after, p)
	}
	return before + "{{" + strconv.Itoa(n) + "}}" + after + m + rest
}

func pages() []page {
	var ps []page
	add := func(name, ctype, tmpl string) {
		if ctype == "" {
			ctype = "text/html"
		}
		ps = append(ps, page{name, ctype, tmpl})
	}
	// Where a late meta is still seen.
	for _, p := range []int{1023, 1024, 1500, 5000, 50000, 300000, 1100000} {
		add(fmt.Sprintf("head-script-%d", p), "", at(p, head+"<script>", "</script>", meta, "</head><body><p>b</p>"))
	}
	for _, p := range []int{1500, 50000} {
		add(fmt.Sprintf("head-style-%d", p), "", at(p, head+"<style>", "</style>", meta, "<body>"))
	}
	add("head-title-1500", "", at(1500, head+"<title>", "</title>", meta, "<body>"))
	add("head-text-1500", "", at(1500, head, "", meta, "<body>"))
	add("no-head-tags-1500", "", at(1500, "", "", meta, ""))
	add("head-link-base-object-1500", "", at(1500, head+"<link rel=x href=y><base href=/><object></object><title>", "</title>", meta, ""))
	add("head-comment-1500", "", at(1500, head+"<!--", "-->", meta, ""))
	add("head-noscript-1500", "", at(1500, head+"<title>", "</title><noscript>", meta, "</noscript>"))
	add("head-http-equiv-1500", "", at(1500, head+"<title>", "</title>", `<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">`, ""))
	add("head-content-no-pragma-1500", "", at(1500, head+"<title>", "</title>", `<meta content="text/html; charset=koi8-r">`, ""))
	add("head-unknown-then-known-1500", "", at(1500, head+"<title>", "</title><meta charset=bogus>", meta, ""))
	add("head-utf16-1500", "", at(1500, head+"<title>", "</title>", "<meta charset=utf-16le>", ""))
	add("head-x-user-defined-1500", "", at(1500, head+"<title>", "</title>", "<meta charset=x-user-defined>", ""))
	add("head-end-html-1500", "", at(1500, head+"<title>", "</title></html>", meta, ""))
	add("head-second-head-1500", "", at(1500, head+"<title>", "</title><head>", meta, ""))
	add("head-end-title-stays-1500", "", at(1500, head+"<title>", "</title></title></script>", meta, ""))
	// Where it is not.
	add("in-title-1500", "", at(1500, head+"<title>", "", meta, "</title>"))
	add("in-comment-1500", "", at(1500, head+"<!--", "", meta, "-->"))
	add("in-script-1500", "", at(1500, head+"<script>", "", meta, "</script>"))
	add("after-end-head-1500", "", at(1500, head+"<title>", "</title></head>", meta, ""))
	add("after-body-1500", "", at(1500, head+"<title>", "</title><body>", meta, ""))
	add("after-div-1500", "", at(1500, head+"<title>", "</title><div>", meta, ""))
	add("after-custom-element-1500", "", at(1500, head+"<title>", "</title><my-el></my-el>", meta, ""))
	add("after-unknown-end-tag-1500", "", at(1500, head+"<title>", "</title></foo>", meta, ""))
	add("after-svg-1500", "", at(1500, head+"<title>", "</title><svg>", meta, "</svg>"))
	add("after-p-text-1500", "", at(1500, head+"<p>", "", meta, ""))
	// The 1024 bytes checked whatever the tags.
	for _, p := range []int{1016, 1020, 1022, 1023, 1024, 1025, 1030} {
		add(fmt.Sprintf("body-text-%d", p), "", at(p, head+"</head><body>", "", meta, ""))
	}
	for _, p := range []int{1016, 1020, 1023, 1024, 1030} {
		add(fmt.Sprintf("body-tags-%d", p), "", at(p, head+"</head><body><p>", "</p>", meta, ""))
	}
	add("body-long-tag-across-1024", "", at(1000, head+"</head><body>", "", `<p title="{{100}}">`+meta, ""))
	add("svg-800", "", at(800, head+"<svg>", "", meta, "</svg>"))
	add("in-script-800", "", at(800, head+"<script>", "", meta, "</script>"))
	add("in-title-800", "", at(800, head+"<title>", "", meta, "</title>"))
	add("noscript-800", "", at(800, head+"<noscript>", "", meta, "</noscript>"))
	// How a meta is read.
	add("meta-duplicate-charset", "", head+"<meta charset=koi8-r charset=gbk><body>")
	add("meta-charset-and-content", "", head+`<meta content="text/html; charset=gbk" http-equiv=content-type charset=koi8-r><body>`)
	add("meta-character-reference", "", head+"<meta charset=&#107;oi8-r><body>")
	add("meta-spaces-in-label", "", head+"<meta charset=' koi8-r '><body>")
	add("meta-content-unquoted-quote", "", head+`<meta http-equiv=content-type content="text/html; charset=koi8-r'x"><body>`)
	// Labels and precedence.
	add("transport-beats-late-meta", "text/html; charset=windows-1251", at(1500, head+"<title>", "</title>", meta, ""))
	add("bom-beats-late-meta", "", "\xEF\xBB\xBF"+at(1500, head+"<title>", "</title>", meta, ""))
	add("early-meta-beats-late", "", head+"<meta charset=gbk>"+at(1500, "<title>", "</title>", meta, ""))
	add("late-meta-beats-utf8-bytes", "", at(1500, head+"<title>caf\xC3\xA9", "</title>", meta, ""))
	add("no-meta", "", head+"<title>{{2000}}</title><body>")
	add("no-meta-utf8", "", head+"<title>caf\xC3\xA9</title><body>")
	// XML declarations.
	xml := func(enc string) string { return `<?xml version="1.0" encoding="` + enc + `"?>` }
	body := head + "<title>t</title></head><body><p>x</p>"
	for _, enc := range []string{"koi8-r", "KOI8-R", "utf-8", "latin1", "iso-8859-1", "gb2312", "shift_jis", "utf-16", "utf-16le", "utf-16be", "x-user-defined", "iso-2022-jp", "replacement", "bogus", " koi8-r", "koi8-r "} {
		add("xml-"+strings.ReplaceAll(enc, " ", "_"), "", xml(enc)+body)
	}
	add("xml-single-quotes", "", `<?xml version="1.0" encoding='koi8-r'?>`+body)
	add("xml-spaces-around-equals", "", `<?xml version="1.0" encoding = "koi8-r" ?>`+body)
	add("xml-unquoted", "", `<?xml version="1.0" encoding=koi8-r ?>`+body)
	add("xml-no-encoding", "", `<?xml version="1.0"?>`+body)
	add("xml-no-version", "", `<?xml encoding="koi8-r"?>`+body)
	add("xml-myencoding", "", `<?xml version="1.0" myencoding="koi8-r"?>`+body)
	add("xml-upper-case", "", `<?XML version="1.0" encoding="koi8-r"?>`+body)
	add("xml-Encoding-upper", "", `<?xml version="1.0" ENCODING="koi8-r"?>`+body)
	add("xml-stylesheet", "", `<?xml-stylesheet encoding="koi8-r"?>`+body)
	add("xml-gt-before-encoding", "", `<?xml version=">" encoding="koi8-r"?>`+body)
	add("xml-leading-space", "", " "+xml("koi8-r")+body)
	add("xml-leading-newline", "", "\n"+xml("koi8-r")+body)
	add("xml-after-doctype", "", "<!DOCTYPE html>"+xml("koi8-r")+body)
	add("xml-after-bom", "", "\xEF\xBB\xBF"+xml("koi8-r")+body)
	add("xml-transport", "text/html; charset=windows-1251", xml("koi8-r")+body)
	add("xml-then-meta", "", xml("koi8-r")+head+"<meta charset=gbk>"+"<body>")
	add("xml-then-late-meta", "", xml("koi8-r")+at(1500, head+"<title>", "</title>", "<meta charset=gbk>", ""))
	add("xml-then-meta-after-body", "", xml("koi8-r")+at(1500, head+"<title>", "</title><body>", "<meta charset=gbk>", ""))
	add("xml-then-bogus-meta", "", xml("koi8-r")+head+"<meta charset=bogus><body>")
	add("xml-utf16-meta", "", xml("utf-16")+head+"<meta charset=utf-16><body>")
	add("xml-then-utf8-bytes", "", xml("koi8-r")+head+"<title>caf\xC3\xA9</title><body>")
	add("xml-utf16le-no-bom", "", utf16(false, `<?xml version="1.0"?>`+body))
	add("xml-utf16be-no-bom", "", utf16(true, `<?xml version="1.0"?>`+body))
	add("xml-utf16le-no-bom-with-meta", "", utf16(false, `<?xml version="1.0"?>`+head+"<meta charset=koi8-r><body>"))
	add("utf16le-no-bom-not-xml", "", utf16(false, body))
	return ps
}

// utf16 encodes the ASCII string s in UTF-16.
func utf16(be bool, s string) string {
	b := make([]byte, 0, 2*len(s))
	for i := 0; i < len(s); i++ {
		if be {
			b = append(b, 0, s[i])
		} else {
			b = append(b, s[i], 0)
		}
	}
	return string(b)
}

var padRE = regexp.MustCompile(`\{\{(\d+)\}\}`)

// expand replaces each {{N}} of a template by N bytes "x".
func expand(tmpl string) string {
	return padRE.ReplaceAllStringFunc(tmpl, func(m string) string {
		n, _ := strconv.Atoi(m[2 : len(m)-2])
		return strings.Repeat("x", n)
	})
}

const probe = `<script>document.documentElement.setAttribute("data-charset",document.characterSet)</script>`

var charsetRE = regexp.MustCompile(`data-charset="([^"]*)"`)

func main() {
	chromium := flag.String("chromium", "/usr/bin/chromium", "the Chromium binary")
	out := flag.String("out", "cases.tsv", "the table to write")
	only := flag.String("run", "", "ask only for the cases whose name contains this")
	all := flag.Bool("all", false, "ask for every case, even those that the table already answers for the same page")
	flag.Parse()
	known := map[string]string{}
	if !*all {
		known = readTable(*out)
	}

	ps := pages()
	byName := map[string]page{}
	for _, p := range ps {
		if _, dup := byName[p.name]; dup {
			log.Fatalf("duplicate case %s", p.name)
		}
		byName[p.name] = p
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok := byName[strings.TrimPrefix(r.URL.Path, "/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		body := expand(p.tmpl)
		pr := probe
		if strings.HasPrefix(body, "<\x00?\x00x\x00") || strings.HasPrefix(body, "\x00<\x00?\x00x") {
			// Chromium reads these as UTF-16: so must the probe be.
			pr = utf16(body[0] == 0, probe)
		}
		w.Header().Set("Content-Type", p.ctype)
		w.Write([]byte(body + pr))
	}))

	answers := make([]string, len(ps))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, p := range ps {
		if *only != "" && !strings.Contains(p.name, *only) {
			continue
		}
		if a, ok := known[p.name+"\t"+p.ctype+"\t"+strconv.Quote(p.tmpl)]; ok {
			answers[i] = a
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			answers[i] = ask(*chromium, "http://"+ln.Addr().String()+"/"+p.name)
			log.Printf("%s: %s", p.name, answers[i])
		}()
	}
	wg.Wait()

	var b bytes.Buffer
	b.WriteString("# Which charset Chromium gives each page (document.characterSet, lower-cased),\n")
	b.WriteString("# served from 127.0.0.1 with the Content-Type of the second column.\n")
	b.WriteString("# Written by gen.go (go run gen.go) with " + version(*chromium) + ".\n")
	b.WriteString("# The page is the Go-quoted template of the third column, {{N}} standing for N bytes \"x\".\n")
	b.WriteString("# name\tcontent-type\tpage\tchromium\n")
	for i, p := range ps {
		if answers[i] == "" {
			continue
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", p.name, p.ctype, strconv.Quote(p.tmpl), answers[i])
	}
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	for i, p := range ps {
		if answers[i] == "" && (*only == "" || strings.Contains(p.name, *only)) {
			log.Fatalf("no answer for %s: the table lacks it", p.name)
		}
	}
}

// readTable returns the answers of the table in file, if there is one,
// by name, content type and quoted template.
func readTable(file string) map[string]string {
	m := map[string]string{}
	data, err := os.ReadFile(file)
	if err != nil {
		return m
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Split(line, "\t"); len(f) == 4 && !strings.HasPrefix(line, "#") {
			m[f[0]+"\t"+f[1]+"\t"+f[2]] = f[3]
		}
	}
	return m
}

// ask loads url in headless Chromium and returns the charset the probe
// wrote.
func ask(chromium, url string) string {
	dir, err := os.MkdirTemp("", "chromium-charset")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update",
		"--disable-sync", "--user-data-dir="+dir, "--lang=en-US",
		"--dump-dom", "--virtual-time-budget=3000", url)
	dom, err := cmd.Output()
	if err != nil {
		log.Printf("%s: %v", url, err)
		return ""
	}
	m := charsetRE.FindSubmatch(dom)
	if m == nil && bytes.Equal(dom, []byte("<html><head></head><body>\uFFFD</body></html>\n")) {
		// The whole document read as one U+FFFD, the probe too: what
		// the replacement encoding does.
		return "replacement"
	}
	if m == nil {
		log.Printf("%s: no data-charset in the DOM:\n%.400s", url, dom)
		return ""
	}
	return strings.ToLower(string(m[1]))
}

func version(chromium string) string {
	out, err := exec.Command(chromium, "--version").Output()
	if err != nil {
		log.Fatal(err)
	}
	s := bufio.NewScanner(bytes.NewReader(out))
	s.Scan()
	return strings.TrimSpace(s.Text())
}
