package bench

import (
	"bytes"
	"slices"
	"testing"
	"time"

	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/htmlattr"
	"github.com/tdewolff/parse/v2"
	tdhtml "github.com/tdewolff/parse/v2/html"
)

// tdewolffLinks runs github.com/tdewolff/parse/v2/html's lexer over each
// page and collects the value of each attribute that extract's rules
// table gives a link (htmlattr.Lookup on the lexer's lower-cased tag and
// attribute names), quotes stripped: the link attributes a program built
// on that lexer would print. It does what relink's extraction does short
// of its conditions (rel, type, name...), list and srcset splitting,
// character references, CSS, the base element and resolution, so it is
// a peer of relink-extract-unresolved rather than of relink-extract. It
// returns the number of values and their total length.
//
// The lexer lower-cases tag and attribute names in place, in its input:
// pages must be a copy of its own, each with room for one byte more (the
// NUL the lexer writes after the input and then restores), as
// tdewolffCopy makes.
func tdewolffLinks(pages [][]byte) (links, size int) {
	for _, p := range pages {
		in := parse.NewInputBytes(p)
		l := tdhtml.NewLexer(in)
		var tag []byte
	tokens:
		for {
			tt, _ := l.Next()
			switch tt {
			case tdhtml.ErrorToken:
				break tokens
			case tdhtml.StartTagToken:
				tag = l.Text()
			case tdhtml.AttributeToken:
				if _, ok := htmlattr.Lookup(tag, l.AttrKey()); ok {
					v := l.AttrVal()
					if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
						v = v[1 : len(v)-1]
					}
					links++
					size += len(v)
				}
			}
		}
		in.Restore()
	}
	return links, size
}

// tdewolffCopy returns a copy of pages for tdewolffLinks.
func tdewolffCopy(pages [][]byte) [][]byte {
	c := make([][]byte, len(pages))
	for i, p := range pages {
		c[i] = append(make([]byte, 0, len(p)+1), p...)
	}
	return c
}

// BenchmarkSpeed measures the figures of the speed issue at the library
// level, in two forms: the tree (each page of the corpus on its own, with
// the setup of a tokenizer or extractor for each, as for a tree of
// files) and the one big file (the pages concatenated, read at once). In
// each it compares relink's extraction (extract.NewHTML read with
// ReadFrom, links resolved and not) with two peers on the same input:
// golang.org/x/net/html's tokenizer passing the input through (Next and
// Raw, finding nothing) and github.com/tdewolff/parse/v2/html's lexer
// collecting link attributes (tdewolffLinks). Each iteration runs one
// round of every form, one after the other, so that the load of a shared
// machine falls on all alike (run it with -benchtime 11x for 11 rounds);
// times are CPU times, garbage collection included. It reports the
// median over the rounds of each ratio (peer's time / relink's) as
// metrics and logs each form's best throughput and each ratio's range.
func BenchmarkSpeed(b *testing.B) {
	pages, where := corpus(b)
	n := totalBytes(pages)
	all := [][]byte{bytes.Join(pages, nil)}
	tdPages, tdAll := tdewolffCopy(pages), tdewolffCopy(all)
	count := func(*extract.Link) error { return nil }
	extractEach := func(pages [][]byte, opts extract.Options) {
		for _, p := range pages {
			readAll(extract.NewHTML(opts, count), p)
		}
	}
	resolved := extract.Options{BaseURL: pageURL}
	unresolved := extract.Options{Unresolved: true}
	forms := []struct {
		name string
		run  func()
	}{
		{"tree/x-net-html-Next-Raw", func() { xnetPass(pages, nil) }},
		{"tree/tdewolff-lexer-links", func() { tdewolffLinks(tdPages) }},
		{"tree/relink-extract", func() { extractEach(pages, resolved) }},
		{"tree/relink-extract-unresolved", func() { extractEach(pages, unresolved) }},
		{"file/x-net-html-Next-Raw", func() { xnetPass(all, nil) }},
		{"file/tdewolff-lexer-links", func() { tdewolffLinks(tdAll) }},
		{"file/relink-extract", func() { extractEach(all, resolved) }},
		{"file/relink-extract-unresolved", func() { extractEach(all, unresolved) }},
	}
	var times [][]time.Duration
	for b.Loop() {
		round := make([]time.Duration, len(forms))
		for i, f := range forms {
			start := cpuTime()
			f.run()
			round[i] = cpuTime() - start
		}
		times = append(times, round)
	}
	b.Logf("%d pages, %d bytes, from %s; %d rounds", len(pages), n, where, len(times))
	for i, f := range forms {
		best := times[0][i]
		for _, round := range times {
			best = min(best, round[i])
		}
		b.Logf("%-32s %7.1f MB/cpu-s (best round)", f.name, float64(n)/1e6/best.Seconds())
	}
	ratio := func(name, unit string, ours, theirs int, target string) {
		var rs []float64
		for _, round := range times {
			rs = append(rs, round[theirs].Seconds()/round[ours].Seconds())
		}
		slices.Sort(rs)
		b.ReportMetric(rs[len(rs)/2], unit)
		b.Logf("%-48s median %.2fx (%.2f-%.2f over %d rounds)%s", name, rs[len(rs)/2], rs[0], rs[len(rs)-1], len(rs), target)
	}
	for _, form := range []struct {
		name string
		base int
	}{{"tree", 0}, {"file", 4}} {
		xnet, td, ext, unres := form.base, form.base+1, form.base+2, form.base+3
		ratio(form.name+": extract / x/net Next+Raw:", form.name+"-extract/xnet-x", ext, xnet, "; target 3x")
		ratio(form.name+": extract / tdewolff lexer:", form.name+"-extract/tdewolff-x", ext, td, "; target 1.5x")
		ratio(form.name+": extract unresolved / x/net Next+Raw:", form.name+"-unresolved/xnet-x", unres, xnet, "")
		ratio(form.name+": extract unresolved / tdewolff lexer:", form.name+"-unresolved/tdewolff-x", unres, td, "")
	}
}

// TestTdewolffLinks checks that the peer finds the link attributes of a
// page, and leaves its input as it was but for the names' case.
func TestTdewolffLinks(t *testing.T) {
	page := []byte(`<A HREF="/a" class=x><IMG src='i.png' alt=y><p style=color:red>t</p><link rel=stylesheet href=s.css>`)
	in := tdewolffCopy([][]byte{page})
	links, size := tdewolffLinks(in)
	if want := len("/a") + len("i.png") + len("color:red") + len("s.css"); links != 4 || size != want {
		t.Errorf("got %d links of %d bytes, want 4 of %d", links, size, want)
	}
	if !bytes.EqualFold(in[0], page) {
		t.Errorf("input changed to %q", in[0])
	}
}
