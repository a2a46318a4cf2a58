package unpack

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// The index: what each URL's file is, and which record fills it.

// maxOriginals bounds the captures of one payload digest, by URL, that
// a revisit is resolved to when it names their URL: past it, a revisit
// takes the latest capture of the digest, which holds the same payload.
const maxOriginals = 1024

// resolveByDigest reads the captures that have a payload digest, sorted
// by digest (captures before revisits, each by date), resolves each
// revisit to a capture of the same payload (of the URL its
// WARC-Refers-To-Target-URI names, else of its own, else the latest),
// and adds them all to a, keyed by URL. A revisit whose payload no
// capture has is left out.
func (u *unpacker) resolveByDigest(d, a *sorter) error {
	var (
		group  string
		latest *capture
		byURL  = map[string]*capture{}
	)
	return d.each(func(rec []byte) error {
		key, _, _ := strings.Cut(string(rec), "\x01")
		c, err := decodeCapture(rec)
		if err != nil {
			return err
		}
		if key != group {
			group, latest = key, nil
			clear(byURL)
		}
		if c.kind != kindRevisit {
			latest = c
			if len(byURL) < maxOriginals {
				byURL[c.url] = c
			}
			return a.add(c.encode(c.url))
		}
		o := byURL[c.refers]
		if o == nil {
			o = byURL[c.url]
		}
		if o == nil {
			o = latest
		}
		if o == nil {
			u.stats.Unresolved++
			return nil
		}
		resolve(c, o)
		u.stats.Revisits++
		return a.add(c.encode(c.url))
	})
}

// resolve gives the revisit c the payload of the capture o.
func resolve(c, o *capture) {
	c.kind, c.srcArchive, c.srcOffset, c.srcDoff = o.kind, o.srcArchive, o.srcOffset, o.srcDoff
	c.status, c.mediaType, c.contentType, c.location = o.status, o.mediaType, o.contentType, o.location
}

// choose reads the captures sorted by URL and date (stage A) and adds
// the one chosen for each URL to next, keyed by the fold of its path.
func (u *unpacker) choose(a *sorter, next *sorter) error {
	var (
		group     string
		best      *capture
		bestClass int
		last      *capture // the last capture of the URL with a payload
	)
	flush := func() error {
		if best == nil {
			return nil
		}
		mt := best.mediaType
		if best.kind == kindRedirect {
			mt = "text/html"
		}
		pu, err := parseURL(best.url)
		if err != nil {
			return nil
		}
		best.path = FilePath(pu, mt)
		err = next.add(best.encode(foldKey(best.path)))
		best = nil
		return err
	}
	err := a.each(func(rec []byte) error {
		c, err := decodeCapture(rec)
		if err != nil {
			return err
		}
		if c.url != group {
			if err := flush(); err != nil {
				return err
			}
			group, last = c.url, nil
		}
		if c.kind == kindRevisit {
			// A revisit without a digest (a 304): the capture of
			// the URL before it.
			o := last
			if o == nil {
				u.stats.Unresolved++
				return nil
			}
			resolve(c, o)
			u.stats.Revisits++
		} else {
			last = c
		}
		class := 0
		if c.status >= 400 || c.status != 0 && c.status < 200 {
			class = 1 // an error page: taken when nothing better was captured
		}
		if best == nil || class < bestClass || class == bestClass && u.better(c, best) {
			best, bestClass = c, class
		}
		return nil
	})
	if err != nil {
		return err
	}
	return flush()
}

// better reports whether c, a later capture of the same URL than b,
// is to be taken rather than b: always, unless Options.At asks for a
// moment that b is nearer to.
func (u *unpacker) better(c, b *capture) bool {
	if u.opts.At.IsZero() {
		return true
	}
	dc, errc := time.Parse(dateLayout, c.date)
	db, errb := time.Parse(dateLayout, b.date)
	switch {
	case errc != nil:
		return false
	case errb != nil:
		return true
	}
	return absDur(dc.Sub(u.opts.At)) <= absDur(db.Sub(u.opts.At))
}

func absDur(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}

// maxRounds is how many times the paths are checked for collisions
// before Unpack gives up: each round renames the paths that collide
// with a longer hash of their URL.
const maxRounds = 5

// settle reads the chosen captures sorted by the fold of their paths and
// renames those that collide: two paths that a file system that ignores
// case or normalization takes for one (the first in order keeps its
// name), and a file whose path is also a directory of others. It
// returns the sorter of the last round, whose paths do not collide.
func (u *unpacker) settle(b *sorter) (*sorter, error) {
	for round := 1; ; round++ {
		next := u.newSorter()
		var prev *capture
		var prevKey string
		renames := 0
		emit := func(c *capture) error {
			return next.add(c.encode(foldKey(c.path)))
		}
		err := b.each(func(rec []byte) error {
			key, _, _ := strings.Cut(string(rec), "\x00")
			c, err := decodeCapture(rec)
			if err != nil {
				return err
			}
			if prev != nil && key == prevKey {
				c.path = renamed(c.path, c.url, 8*round)
				renames++
				return emit(c)
			}
			if prev != nil {
				if strings.HasPrefix(key, prevKey+"\x01") {
					prev.path = renamed(prev.path, prev.url, 8*round)
					renames++
				}
				if err := emit(prev); err != nil {
					return err
				}
			}
			prev, prevKey = c, key
			return nil
		})
		if err == nil && prev != nil {
			err = emit(prev)
		}
		if err != nil {
			next.close()
			return nil, err
		}
		u.stats.Renamed += renames
		if renames == 0 {
			return next, nil
		}
		if round == maxRounds {
			next.close()
			return nil, errors.New("unpack: file names still collide after renaming them " + fmt.Sprint(maxRounds) + " times")
		}
		b = next
	}
}

// A pathIndex maps the URL of each capture to its file: in memory, or,
// past Options.MaxIndexMemory, in a sorted temporary file with every
// sparseEvery-th URL in memory.
type pathIndex struct {
	mem    map[string]string
	f      *tempFile
	keys   []string // every sparseEvery-th URL of f
	starts []int64  // where each of keys begins in f
}

const sparseEvery = 32

func (x *pathIndex) close() {
	if x.f != nil {
		x.f.Close()
	}
}

// buildPathIndex reads records key url\x00 path, sorted, from s.
func (u *unpacker) buildPathIndex(s *sorter) (*pathIndex, error) {
	x := &pathIndex{}
	if !s.spilt {
		x.mem = make(map[string]string, len(s.recs))
		err := s.each(func(rec []byte) error {
			k, p, _ := strings.Cut(string(rec), "\x00")
			x.mem[k] = p
			return nil
		})
		return x, err
	}
	f, err := createTemp(u.opts.TempDir, "relink-unpack-index-*")
	if err != nil {
		return nil, err
	}
	x.f = f
	w := bufio.NewWriterSize(f, 64<<10)
	var off int64
	n := 0
	var vb [binary.MaxVarintLen64]byte
	err = s.each(func(rec []byte) error {
		if n%sparseEvery == 0 {
			k, _, _ := strings.Cut(string(rec), "\x00")
			x.keys = append(x.keys, k)
			x.starts = append(x.starts, off)
		}
		n++
		m, _ := w.Write(vb[:binary.PutUvarint(vb[:], uint64(len(rec)))])
		w.Write(rec)
		off += int64(m + len(rec))
		return nil
	})
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return x, nil
}

// lookup returns the file of url and true, or "" and false when url was
// not captured.
func (x *pathIndex) lookup(url string) (string, bool) {
	if x.mem != nil || x.f == nil {
		p, ok := x.mem[url]
		return p, ok
	}
	i := sort.SearchStrings(x.keys, url)
	if i == len(x.keys) || x.keys[i] != url {
		i--
	}
	if i < 0 {
		return "", false
	}
	r := bufio.NewReaderSize(io.NewSectionReader(x.f, x.starts[i], 1<<62), 4096)
	for range sparseEvery {
		n, err := binary.ReadUvarint(r)
		if err != nil || n > 1<<30 {
			return "", false
		}
		rec := make([]byte, n)
		if _, err := io.ReadFull(r, rec); err != nil {
			return "", false
		}
		k, p, _ := strings.Cut(string(rec), "\x00")
		if k == url {
			return p, true
		}
		if k > url {
			break
		}
	}
	return "", false
}
