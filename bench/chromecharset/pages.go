package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"html"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/relink-go/relink/internal/testcorpus"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
)

// labelRE matches what labels a page's charset inside it: a <meta> with a
// charset, and an XML declaration's encoding.
var labelRE = regexp.MustCompile(`(?is)<meta[^>]*charset[^>]*>|<\?xml[^>]*\?>`)

// stripLabels removes every charset label from an HTML page.
func stripLabels(b []byte) []byte { return labelRE.ReplaceAll(b, nil) }

// corpusPages writes the unlabeled copies of the legacy pages of the
// corpus, and of perLang UTF-8 pages of each language, to out/corpus/.
func corpusPages(corpus, out string, utf8PerDir int) (int, error) {
	files, err := testcorpus.HTML.Walk(corpus)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, f := range files {
		if f.Charset == "" {
			continue
		}
		n++
		// Named with their charset: legacy/shift_jis/a/b.html is
		// shift_jis_a_b.html.
		if err := writePage(out, "corpus", f.Charset, strings.TrimPrefix(f.Rel, "legacy/"), f.Path); err != nil {
			return n, err
		}
	}
	if n == 0 {
		return 0, fmt.Errorf("no page below %s/legacy: is it the directory build-corpus.sh builds?", corpus)
	}
	// UTF-8 originals: a few of each directory that holds a language.
	dirs := map[string]int{}
	for _, f := range files {
		rel, ok := strings.CutPrefix(f.Rel, "html/")
		if f.Charset != "" || !ok || dirs[path.Dir(rel)] >= utf8PerDir {
			continue
		}
		dirs[path.Dir(rel)]++
		n++
		if err := writePage(out, "corpus", "utf-8", rel, f.Path); err != nil {
			return n, err
		}
	}
	return n, nil
}

// writePage writes the page at src without its charset labels to
// out/group/cs/, named after rel (a slash-separated path) with its slashes
// made underscores.
func writePage(out, group, cs, rel, src string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	dst := filepath.Join(out, group, cs, strings.ReplaceAll(rel, "/", "_"))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, stripLabels(b), 0o644)
}

// A moPlan makes pages in a language from the translations of gettext
// catalogs, encoded in each of charsets.
type moPlan struct {
	lang     string
	charsets []string
}

var moPlans = []moPlan{
	{"el", []string{"windows-1253", "iso-8859-7"}},
	{"he", []string{"windows-1255", "iso-8859-8"}},
	{"ar", []string{"windows-1256"}},
	{"th", []string{"windows-874"}},
	{"pl", []string{"windows-1250", "iso-8859-2"}},
	{"cs", []string{"windows-1250", "iso-8859-2"}},
	{"hu", []string{"windows-1250"}},
	{"tr", []string{"windows-1254"}},
	{"lt", []string{"windows-1257"}},
	{"vi", []string{"windows-1258"}},
	{"uk", []string{"windows-1251", "koi8-u"}},
	{"ru", []string{"ibm866", "iso-8859-5", "koi8-r", "windows-1251"}},
	{"bg", []string{"windows-1251"}},
	{"ko", []string{"euc-kr"}},
	{"zh_TW", []string{"big5"}},
	{"zh_CN", []string{"gbk"}},
	{"ja", []string{"shift_jis", "euc-jp"}},
	{"fr", []string{"windows-1252"}},
	{"de", []string{"windows-1252"}},
	{"es", []string{"windows-1252"}},
}

// evalCatalogs are the catalogs the pages are made of. The detector's
// tables are trained on others (glib20, gtk30): see internal/chardet.
var evalCatalogs = []string{"apt.mo", "dpkg.mo", "Linux-PAM.mo", "PackageKit.mo",
	"shadow.mo", "system-config-printer.mo", "software-properties.mo",
	"xdg-user-dirs.mo", "libapt-pkg6.0.mo", "python-apt.mo", "sed.mo", "wget.mo",
	"grep.mo", "tar.mo", "coreutils.mo", "bash.mo", "libc.mo"}

// moPages writes perPlan pages of about size bytes of text for each
// language and charset of moPlans to out/mo/<charset>/.
func moPages(localeDir, out string, perPlan, size int) (int, error) {
	n := 0
	for _, plan := range moPlans {
		var msgs []string
		for _, cat := range evalCatalogs {
			b, err := os.ReadFile(filepath.Join(localeDir, plan.lang, "LC_MESSAGES", cat))
			if err != nil {
				continue
			}
			ms, err := moStrings(b)
			if err != nil {
				return n, fmt.Errorf("%s/%s: %v", plan.lang, cat, err)
			}
			msgs = append(msgs, ms...)
		}
		if len(msgs) == 0 {
			return n, fmt.Errorf("%s: no catalog found in %s", plan.lang, localeDir)
		}
		for _, cs := range plan.charsets {
			e, err := htmlindex.Get(cs)
			if err != nil {
				return n, err
			}
			// Each page takes the next messages; a message the charset
			// cannot encode is left out.
			next := 0
			for i := 0; i < perPlan && next < len(msgs); i++ {
				var page []byte
				page, next = moPage(e, msgs, next, size)
				name := fmt.Sprintf("%s-%02d.html", plan.lang, i)
				dst := filepath.Join(out, "mo", cs, name)
				if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
					return n, err
				}
				if err := os.WriteFile(dst, page, 0o644); err != nil {
					return n, err
				}
				n++
			}
		}
	}
	return n, nil
}

// moPage makes a page of about size bytes from msgs[next:] in e.
func moPage(e encoding.Encoding, msgs []string, next, size int) ([]byte, int) {
	var body bytes.Buffer
	title := ""
	for ; next < len(msgs) && body.Len() < size; next++ {
		m := cleanMsg(msgs[next])
		if m == "" {
			continue
		}
		enc, err := e.NewEncoder().String(html.EscapeString(m))
		if err != nil {
			continue
		}
		if title == "" {
			title = enc
			continue
		}
		body.WriteString("<p>" + enc + "</p>\n")
	}
	page := "<!DOCTYPE html>\n<html>\n<head>\n<title>" + title + "</title>\n" +
		"<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n<h1>" + title + "</h1>\n" +
		body.String() + "<p><a href=\"index.html\">index</a></p>\n</body>\n</html>\n"
	return []byte(page), next
}

// cleanMsg drops format directives and keyboard mnemonics from a message.
func cleanMsg(s string) string {
	s = strings.NewReplacer("%s", "", "%d", "", "%u", "", "%lu", "", "%i", "", "_", "", "&", "").Replace(s)
	s = strings.Join(strings.Fields(s), " ")
	if len([]rune(s)) < 4 {
		return ""
	}
	return s
}

// moStrings returns the translations (msgstr) of a GNU gettext catalog,
// the first form of each, in the order of their original strings; the
// header (the translation of "") is left out.
func moStrings(b []byte) ([]string, error) {
	if len(b) < 28 {
		return nil, fmt.Errorf("short file")
	}
	var bo binary.ByteOrder
	switch binary.LittleEndian.Uint32(b) {
	case 0x950412de:
		bo = binary.LittleEndian
	case 0xde120495:
		bo = binary.BigEndian
	default:
		return nil, fmt.Errorf("not a gettext catalog")
	}
	n := int(bo.Uint32(b[8:]))
	orig, trans := int(bo.Uint32(b[12:])), int(bo.Uint32(b[16:]))
	var out []string
	for i := 0; i < n; i++ {
		read := func(table int) (string, bool) {
			at := table + 8*i
			if at+8 > len(b) {
				return "", false
			}
			l, off := int(bo.Uint32(b[at:])), int(bo.Uint32(b[at+4:]))
			if off < 0 || l < 0 || off+l > len(b) {
				return "", false
			}
			return string(b[off : off+l]), true
		}
		o, ok1 := read(orig)
		t, ok2 := read(trans)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("entry %d out of the file", i)
		}
		if o == "" {
			continue
		}
		t, _, _ = strings.Cut(t, "\x00")
		out = append(out, t)
	}
	return out, nil
}

// pagesOf lists the pages under out, as paths relative to it, sorted.
func pagesOf(out string) ([]string, error) {
	var ps []string
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		rel, _ := filepath.Rel(out, p)
		ps = append(ps, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(ps)
	return ps, err
}
