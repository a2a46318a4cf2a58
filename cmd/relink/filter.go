package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/linkfilter"
)

// filterHelp is the part of the help of relink extract and relink warc on
// the filters of links.
const filterHelp = `Filters (each flag may be repeated and takes a comma-separated list; a link
must match one value of every filter given):

	--scheme	the URI's scheme (http, https, mailto, data...); an
		unresolved relative reference has none and never matches
	--tag, --attr	the element and attribute holding the link, in lower
		case (a, img, link; href, src, srcset...); a link in text has
		neither
	--role	what the link is for: hyperlink, resource, frame, form, ping,
		reference, base, speculative (data-href, data-uri, an onclick's
		URL: see --speculative, which this role turns on), or text
		for a link found in text
	--rel	a token of the rel attribute of a, area and link (nofollow,
		ugc, sponsored, stylesheet...), in any case
	--host	the URI's host or one of its subdomains: --host example.org
		takes example.org and www.example.org, not example.org.uk;
		an internationalized name may be given in Unicode; no port
	--same-site, --external	a link whose host has the same registrable
		domain ("site": the public suffix plus one label, from the
		Public Suffix List built into the program, so www.example.co.uk
		and shop.example.co.uk are one site) as the document's own URL,
		or not; the scheme and port do not count. A host that is an
		IP address or a public suffix is its own site. A relative
		reference left unresolved (no --base) is same-site; without a
		document URL, every link with a host is external. A link with
		a scheme but no host (mailto:, data:) is neither
`

// roleNames maps the --role values to the link roles; "text" is the role
// of a link found in text (extract.Link.Role 0).
var roleByName = map[string]htmlattr.Role{
	"text": 0, "hyperlink": htmlattr.RoleHyperlink, "resource": htmlattr.RoleResource, "frame": htmlattr.RoleFrame,
	"form": htmlattr.RoleForm, "ping": htmlattr.RolePing, "reference": htmlattr.RoleReference, "base": htmlattr.RoleBase,
	"speculative": htmlattr.RoleSpeculative,
}

// listFlag is a repeatable flag whose values are comma-separated lists.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			return fmt.Errorf("empty value in %q", v)
		}
		*l = append(*l, s)
	}
	return nil
}

// filterFlags are the values of the filter flags, which check turns into
// the linkfilter.Filter of the run.
type filterFlags struct {
	schemes, tags, attrs, rels, hosts listFlag
	roles                             listFlag
	sameSite, external                bool

	*linkfilter.Filter // once check has run
	on                 bool
	opts               linkfilter.Options // the Filter's
}

// addFilterFlags defines the filter flags on fs.
func addFilterFlags(fs *flag.FlagSet) *filterFlags {
	f := addLinkFilterFlags(fs)
	fs.BoolVar(&f.sameSite, "same-site", false, "keep the links to the registrable domain of the document's own URL")
	fs.BoolVar(&f.external, "external", false, "keep the links to other registrable domains than the document's own URL's")
	return f
}

// addLinkFilterFlags defines the filter flags on fs but --same-site and
// --external, for relink verify, whose --external lists the links out of
// the site.
func addLinkFilterFlags(fs *flag.FlagSet) *filterFlags {
	f := &filterFlags{}
	fs.Var(&f.schemes, "scheme", "keep the links whose URI has one of the `SCHEMES` (repeatable, comma-separated)")
	fs.Var(&f.tags, "tag", "keep the links held by one of the elements `TAGS` (repeatable, comma-separated)")
	fs.Var(&f.attrs, "attr", "keep the links held by one of the attributes `ATTRS` (repeatable, comma-separated)")
	fs.Var(choiceList{&f.roles, roleNames}, "role", "keep the links of one of the `ROLES`: hyperlink, resource, frame, form, ping, reference, base, speculative, text\n(repeatable, comma-separated)")
	fs.Var(&f.rels, "rel", "keep the links whose rel has one of the `TOKENS` (repeatable, comma-separated, any case)")
	fs.Var(&f.hosts, "host", "keep the links to one of the `HOSTS` or their subdomains (repeatable, comma-separated)")
	return f
}

// speculative reports whether --role asks for the speculative links,
// which the extractor then reports (as --speculative asks).
func (f *filterFlags) speculative() bool {
	for _, s := range f.roles {
		if strings.EqualFold(s, "speculative") {
			return true
		}
	}
	return false
}

// newFilter returns a Filter of its own for a goroutine (a Filter is not
// safe for concurrent use), once check has run.
func (f *filterFlags) newFilter() *linkfilter.Filter {
	lf, err := linkfilter.New(f.opts)
	if err != nil {
		panic(err) // checked by check
	}
	return lf
}

// An excludeRE is the repeatable --exclude REGEX of rewrite and verify:
// the links whose href (or value, for a link without one) matches one of
// the regular expressions are left alone.
type excludeRE []*regexp.Regexp

func (x *excludeRE) String() string {
	var s []string
	for _, re := range *x {
		s = append(s, re.String())
	}
	return strings.Join(s, " ")
}

func (x *excludeRE) Set(v string) error {
	re, err := regexp.Compile(v)
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "error parsing regexp: "))
	}
	*x = append(*x, re)
	return nil
}

// match reports whether l is excluded.
func (x excludeRE) match(l *extract.Link) bool {
	s := l.Href
	if s == "" {
		s = l.Value
	}
	for _, re := range x {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// excludeHelp is the help of --exclude.
const excludeHelp = `--exclude REGEX (repeatable) leaves alone the links whose href (the URL
resolved, as relink extract --format href writes it; the value as
written for a link without one) matches REGEX, a regular expression of
Go's syntax (RE2), anywhere in it unless anchored with ^ and $.
`

// check validates the values of the filter flags and makes the filter:
// it returns a message for a usage error, or "".
func (f *filterFlags) check() string {
	opts := linkfilter.Options{Schemes: f.schemes, Tags: f.tags, Attrs: f.attrs, Rels: f.rels, Hosts: f.hosts}
	for _, s := range f.roles {
		r, ok := roleByName[strings.ToLower(s)]
		if !ok {
			return fmt.Sprintf("unknown --role %q (want hyperlink, resource, frame, form, ping, reference, base, speculative or text)", s)
		}
		opts.Roles = append(opts.Roles, r)
	}
	switch {
	case f.sameSite && f.external:
		return "--same-site and --external exclude each other"
	case f.sameSite:
		opts.Site = linkfilter.SameSite
	case f.external:
		opts.Site = linkfilter.External
	}
	lf, err := linkfilter.New(opts)
	var e *linkfilter.Error
	if errors.As(err, &e) {
		return fmt.Sprintf("invalid --%s %q (want %s)", e.Field, e.Value, e.Want)
	}
	if err != nil {
		return err.Error()
	}
	f.Filter, f.opts = lf, opts
	f.on = len(opts.Schemes)+len(opts.Tags)+len(opts.Attrs)+len(opts.Roles)+len(opts.Rels)+len(opts.Hosts) > 0 || opts.Site != linkfilter.AnySite
	return ""
}

// A shaper keeps each link once (--unique) or counts them (--count), by
// the value the output format shows.
type shaper struct {
	unique, count, header bool
	format                *linkFormat
	seen                  map[string]int // value -> count (or 1 for --unique)
	order                 []string       // values in first-seen order, for --count
	// maxHeld bounds the values held in seen, each counted as its
	// length and heldOverhead bytes; none when 0. Past it, --unique
	// writes a new value without holding it (it may be written again)
	// and --count leaves its links out; over counts those links.
	maxHeld, held int64
	over          int
}

// heldOverhead is what a value held by a shaper counts for beside its
// length: about the memory of its map entry and of its place in order.
const heldOverhead = 64

// key returns the value of l that --unique and --count compare, and false
// when the format shows nothing for l.
func (s *shaper) key(l *extract.Link) (string, bool) {
	v, ok := s.format.value(l)
	if ok || !s.format.record || s.count {
		return v, ok
	}
	// A link without a URL is known by its value, apart from every
	// value.
	return "\x00" + l.Value, true
}

// keep reports whether l is to be written now: false for a link --unique
// has seen and for every link under --count (which writes at the end).
// lost reports a link left out because the format has no value for it
// (an invalid link, which has no URL).
func (s *shaper) keep(l *extract.Link) (keep, lost bool) {
	if !s.unique && !s.count {
		return true, false
	}
	k, ok := s.key(l)
	if !ok {
		return false, true
	}
	if s.seen == nil {
		s.seen = make(map[string]int)
	}
	n := s.seen[k]
	if n == 0 && s.maxHeld > 0 && s.held+int64(len(k))+heldOverhead > s.maxHeld {
		s.over++
		return s.unique, false
	}
	if n == 0 {
		s.held += int64(len(k)) + heldOverhead
	}
	s.seen[k] = n + 1
	if s.count {
		if n == 0 {
			s.order = append(s.order, k)
		}
		return false, false
	}
	return n == 0, false
}

// countHeader returns the line that names the columns of --count: the
// count and the value the format shows.
func (s *shaper) countHeader() string {
	return "count\t" + s.format.column + "\n"
}

// writeCounts writes each counted value with its count, by count
// descending, then value, as TSV, each line after prefix; then forgets
// them.
func (s *shaper) writeCounts(write func(...string), prefix string) {
	slices.SortFunc(s.order, func(a, b string) int {
		if c := cmp.Compare(s.seen[b], s.seen[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	for _, k := range s.order {
		write(prefix, strconv.Itoa(s.seen[k]), "\t", tsvField(strings.TrimPrefix(k, "\x00")), "\n")
	}
	s.reset()
}

// reset forgets the values seen and counted: relink warc's shaping is per
// page.
func (s *shaper) reset() {
	if s.held > 1<<20 {
		s.seen, s.order = nil, nil // a large page was a one-off: do not keep its memory
	}
	clear(s.seen)
	s.order = s.order[:0]
	s.held, s.over = 0, 0
}

// addShapeFlags defines --unique, --count and --header on fs; scope says
// over what the first two work: "run" (relink extract) or "page" (relink
// warc).
func addShapeFlags(fs *flag.FlagSet, scope string) *shaper {
	s := &shaper{}
	if scope == "page" {
		fs.BoolVar(&s.unique, "unique", false, "write each link of a page once, the first time its href (its URI, IRI or value with --format uri, iri or value)\n"+
			"is seen in the page")
		fs.BoolVar(&s.count, "count", false, "write each href (URI, IRI or value with --format uri, iri or value) of a page once, after the page's URL\n"+
			"and the number of its links that have it, by count descending then value, separated by tabs")
	} else {
		fs.BoolVar(&s.unique, "unique", false, "write each link once, the first time its href (its URI, IRI or value with --format uri, iri or value) is seen;\n"+
			"the command then holds every distinct one in memory")
		fs.BoolVar(&s.count, "count", false, "write each href (URI, IRI or value with --format uri, iri or value) once, at the end, after the number of links\n"+
			"that have it, by count descending then value, separated by a tab; the command holds every distinct one in memory")
	}
	fs.BoolVar(&s.header, "header", false, "begin the output of --format tsv or --count with a line naming the columns")
	return s
}

// check validates the shaping flags for the output format: it returns a
// message for a usage error, or "".
func (s *shaper) check(format *linkFormat) string {
	s.format = format
	withHeader := func(f *linkFormat) bool { return f.header != "" }
	switch {
	case s.unique && s.count:
		return "--unique and --count exclude each other (--count writes each value once)"
	case s.header && !s.count && format.header == "":
		return "--header applies to --format " + orList(linkFormatNames(withHeader)) + " and --count only"
	case s.count && format.header != "":
		return "--count writes TSV lines of counts; it takes --format " +
			orList(linkFormatNames(func(f *linkFormat) bool { return !withHeader(f) })) + ", not " + format.name
	}
	return ""
}

// startShape writes what comes before the links: the header of --format
// tsv or --count.
func (x *extractor) startShape() {
	switch {
	case x.shape.header && x.shape.count:
		x.write(x.shape.countHeader())
	case x.shape.header:
		x.write(x.format.headerLine("file"))
	}
}

// endShape writes what comes after the links: the counts of --count.
func (x *extractor) endShape() {
	if x.shape.count && x.werr == nil {
		x.shape.writeCounts(x.write, "")
	}
}

// emit writes the link l of the document name, whose own URL is doc, in
// the output format, if it passes the filters and --unique, or counts it.
func (x *extractor) emit(name, doc string, l *extract.Link) {
	if x.werr != nil || !x.filter.Match(l, doc) {
		return
	}
	if keep, lost := x.shape.keep(l); !keep {
		if lost {
			x.doc1.lost++
		}
		return
	}
	x.link(name, l)
}
