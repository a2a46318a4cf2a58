package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/relink-go/relink/unpack"
	"github.com/relink-go/relink/warc"
)

var unpackCommand = &command{
	name:    "unpack",
	summary: "turn web archives into a folder of files that a browser opens from disk",
	usage:   "relink unpack [flags] -o DIR ARCHIVE...",
	help: `Unpack writes the captures of web archives (WARC files, uncompressed,
gzipped or zstd-compressed, and the WARC files of WACZ files, ARCHIVE
ending in .wacz) to a
folder, DIR, as ordinary files that a browser opens from
disk, their links rewritten to point to one another: what wget
--convert-links leaves of a live crawl, made from an archive.

Every response, resource and revisit record of an http or https URL
becomes the file host/path under DIR: index.html for a path that ends in
"/"; the query after an "@" (a query longer than 40 bytes cut, and
followed by "~" and a hash of the whole); the host in Unicode, with
"+PORT" for a port; each segment percent-decoded where that gives UTF-8,
in NFC, so that non-ASCII names stay readable. What Windows or macOS do
not allow in a name (controls, < > : " / \ | ? *, and % itself, a final
dot or space) is percent-encoded, a name Windows reserves (CON, NUL,
COM1...) gets "_" after its stem, and a name longer than 200 bytes is cut
and ends in "~" and a hash. A file whose name lacks the extension of its
media type gets it (.html, .css, .js, .svg, .png...), so that a browser
takes it for what the server said (a payload without a Content-Type is
taken for HTML when it begins as HTML does, as relink warc takes it, or
has the type of WARC-Identified-Payload-Type). Two URLs whose files a file system
that ignores case or normalization takes for one, or a file that another
URL needs as a directory, are told apart by "~" and a hash of the URL
before the extension of the one that comes later in byte order. The
HTTP codings (chunked, gzip, deflate, br) are undone. A redirect (a 3xx
with a Location) is a small HTML page that sends the browser on. A
revisit record has the payload of a capture with the same payload digest
(of the URL its WARC-Refers-To-Target-URI names, else of its own, else
the latest: the payload is the same), a revisit without a digest (and a
304 response) that of the capture of its URL before it; one whose
payload is not in the archives is left out. When a URL was captured several times, the
latest capture wins, or with --at the one nearest to DATE; a capture
with a status of 400 or more is taken only when there is no other.

In the HTML, CSS and Markdown files, every link to a captured URL (every
URL attribute, srcset, style attributes and elements, url() and @import,
Markdown destinations and their raw HTML) is made the relative path of
its file (a link to a directory, ".../", that of its captured
index.html, and the other way round; http for https when only one was
captured), and <base href> is made local; a link to something not
captured stays absolute, or with --missing points to DIR/@missing.html,
a page that says it was not archived and shows the URL. Each document
keeps its charset, and every byte other than its links, as relink
rewrite keeps them.

Unpack reads each archive twice: once to index its records, once to
write the files. Memory stays bounded whatever the size of the archives:
the index (each capture, then each URL's file) is held up to
--max-index-memory (64MiB unless set) for each of its stages, two of
which are held at once at most, and past that written to sorted
temporary files in $TMPDIR and merged. The limits
of relink warc apply: a payload larger than --max-payload (64MiB unless
set) is reported and its file not written, a bad record is reported and
skipped. Each file is written to a temporary file beside it and renamed,
so that it is whole or absent; no URL can name a file outside DIR (".."
and encoded slashes are names, and a symbolic link in DIR is not
followed out of it).

Errors are reported as "relink unpack: ARCHIVE: offset N: URL: message".
At the end, a line on standard error counts the archives, files, pages,
redirects, links made local and links to what was not captured (-q:
errors only). The exit status is 0 when every capture was written, 1
when some records could not be read or written (reported, and the rest
written), 2 for a bad command line, 3 when an archive could not be
opened or read, or a temporary file written: the run stops there (in
the first pass, before it writes a file).

With -n, nothing is written: each file that would be, DIR/PATH, is listed
with its URL, separated by a tab, in the order of the paths.

Examples:

	$ relink unpack -n -o site testdata/warc/example.warc
	site/example.org/index.html	http://example.org/
	site/example.org/ru/index.html	http://example.org/ru/

	relink unpack -o site crawl.warc.gz
	xdg-open site/example.org/index.html
	relink unpack --missing --at 2024-05-06 -o site a.warc.gz b.warc.gz
`,
	run: runUnpack,
}

// openWACZ opens the WACZ file name; the file stays open for its
// archives to be read.
func openWACZ(name string) (*warc.WACZ, *os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	w, err := warc.OpenWACZ(f, fi.Size())
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return w, f, nil
}

func runUnpack(cmd *command, args []string, e *env) int {
	fs := newFlagSet(cmd, e)
	var out string
	fs.StringVar(&out, "output", "", "write the files under `DIR` (made if need be)")
	shortTwin(fs, "o", "output")
	at := fs.String("at", "", "take of each URL the capture nearest to `DATE` (2024-05-06, 2024-05-06T07:08:09Z, 20240506070809) rather than the latest")
	missing := fs.Bool("missing", false, "point the links to what was not captured to DIR/@missing.html rather than leaving them absolute")
	maxPayload := byteSize(warc.DefaultMaxPayloadSize)
	fs.Var(&maxPayload, "max-payload", "write at most `SIZE` of a record's payload, its HTTP codings undone; a larger one is reported and left out; 0 for no limit")
	maxIndex := byteSize(unpack.DefaultMaxIndexMemory)
	fs.Var(&maxIndex, "max-index-memory", "hold at most `SIZE` of the index in memory, and the rest in temporary files")
	dryRun := fs.Bool("dry-run", false, "write nothing: list each file that would be written, DIR/PATH, and its URL, separated by a tab")
	shortTwin(fs, "n", "dry-run")
	var vf verbosityFlags
	vf.register(fs)
	inputs, verb, status := vf.parse(cmd, fs, args, e)
	if status >= 0 {
		return status
	}
	switch {
	case out == "":
		return usageError(cmd, e, "-o DIR is needed: the folder to write the files to")
	case len(inputs) == 0:
		return usageError(cmd, e, "no archive given")
	case maxIndex < 1<<20:
		return usageError(cmd, e, "--max-index-memory takes 1MiB at least")
	}
	var opts unpack.Options
	if *at != "" {
		t, err := unpack.ParseDate(*at)
		if err != nil {
			return usageError(cmd, e, "--at %q: %v", *at, err)
		}
		opts.At = t
	}
	opts.Missing = *missing
	opts.MaxPayloadSize = int64(maxPayload)
	if maxPayload == 0 {
		opts.MaxPayloadSize = -1
	}
	opts.MaxIndexMemory = int64(maxIndex)
	var archives []unpack.Archive
	for _, in := range inputs {
		if in == "-" {
			return usageError(cmd, e, "standard input cannot be unpacked: the archives are read twice")
		}
		if !strings.HasSuffix(strings.ToLower(in), ".wacz") {
			archives = append(archives, unpack.Archive{Name: in, Open: func() (io.ReadCloser, error) { return os.Open(in) }})
			continue
		}
		// A WACZ: its WARC files, each read from its byte range (or
		// decompressed) as often as Unpack opens it.
		w, f, err := openWACZ(in)
		if err != nil {
			fmt.Fprintf(e.stderr, "relink unpack: %s: %v\n", position(in, 0, 0), err)
			return exitInputFailed
		}
		defer f.Close()
		for _, a := range w.Archives() {
			archives = append(archives, unpack.Archive{Name: in + "#" + a.Name, Open: a.Open})
		}
	}
	opts.Report = func(err error) {
		fmt.Fprintf(e.stderr, "relink unpack: %v\n", err)
	}
	if *dryRun {
		opts.List = func(p, url string) {
			fmt.Fprintf(e.stdout, "%s\t%s\n", filepath.Join(out, filepath.FromSlash(p)), url)
		}
	}
	start := time.Now()
	st, err := unpack.Unpack(out, archives, opts)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			fmt.Fprintf(e.stderr, "relink unpack: %s: %v\n", position(pe.Path, 0, 0), pe.Err)
		} else {
			fmt.Fprintf(e.stderr, "relink unpack: %v\n", err)
		}
		return exitInputFailed
	}
	if verb >= normal && !*dryRun {
		secs := time.Since(start).Seconds()
		fmt.Fprintf(e.stderr, "relink unpack: %s, %s (%s, %s), %s made local, %s to what was not captured, %s; %.1f MB of archive in %.2fs\n",
			plural(len(archives), "archive"), plural(st.Files, "file"), plural(st.Pages, "page"), plural(st.Redirects, "redirect"),
			plural(st.Local, "link"), plural(st.Missing, "link"), plural(st.Failed, "error"), float64(st.Bytes)/1e6, secs)
	}
	if st.Failed > 0 {
		return exitFail
	}
	return exitOK
}
