package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/relink-go/relink/crawl"
	"github.com/relink-go/relink/extract"
	"github.com/relink-go/relink/rewrite"
)

// verbosity is how much a command reports on standard error besides its
// errors: -q and -v.
type verbosity int

const (
	quiet   verbosity = -1 // errors only
	normal  verbosity = 0  // errors, warnings, and the command's summary and progress
	verbose verbosity = 1  // and a note for each file
)

// verbosityFlags are the -q and -v flags of a command.
type verbosityFlags struct{ q, v bool }

// register adds --quiet (-q) and --verbose (-v) to fs.
func (f *verbosityFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.q, "quiet", false, "report errors only (no warnings, progress or summary)")
	fs.BoolVar(&f.v, "verbose", false, "also report each file, with what was found in it")
	shortTwin(fs, "q", "quiet")
	shortTwin(fs, "v", "verbose")
}

// parse parses the flags of cmd from args, as parseArgs does, and returns
// the positional arguments, the verbosity the flags ask for and -1; or
// the exit status of -h or of a usage error.
func (f *verbosityFlags) parse(cmd *command, fs *flag.FlagSet, args []string, e *env) ([]string, verbosity, int) {
	inputs, status := parseArgs(cmd, fs, args, e)
	if status >= 0 {
		return nil, 0, status
	}
	verb, status := f.level(cmd, e)
	if status >= 0 {
		return nil, 0, status
	}
	return inputs, verb, -1
}

// level returns the verbosity the flags ask for, or reports a usage error
// for both and returns its exit status.
func (f *verbosityFlags) level(cmd *command, e *env) (verbosity, int) {
	switch {
	case f.q && f.v:
		return normal, usageError(cmd, e, "--quiet and --verbose together: choose one")
	case f.q:
		return quiet, -1
	case f.v:
		return verbose, -1
	}
	return normal, -1
}

// oversizeWarning returns the warning of command name (extract,
// rewrite) for a construct of file passed through unexamined, e: one for
// each construct, at its line and column.
func oversizeWarning(name, file string, e *extract.OversizeError) string {
	return fmt.Sprintf("relink %s: %s: warning: %s\n", name, position(file, e.Line, e.Column), oversizeMessage(name, e))
}

// invalidNote returns the note of command name (rewrite, extract) for the
// invalid link l of file, at its line and column, saying what became of
// it (done).
func invalidNote(name, file string, l *extract.Link, done string) string {
	return fmt.Sprintf("relink %s: %s: invalid link %s (%s): %s\n", name, position(file, l.Line, l.Column), quote(l.Value), done, crawl.Reason(l.Err))
}

// oversizeMessage says what became of the construct e, for command name:
// "oversize tag at offset 43 (limit 1048576 bytes): passed over, its links
// not reported". Oversize is the one word of every message for a
// construct longer than its bound.
func oversizeMessage(name string, e *extract.OversizeError) string {
	msg := strings.TrimPrefix(e.Error(), "extract: ")
	switch {
	case e.Construct == extract.ConstructTextLink && name == "rewrite":
		return msg + ": dropped, not cut, and left as written"
	case e.Construct == extract.ConstructTextLink:
		return msg + ": dropped, not cut"
	case name == "rewrite":
		return msg + ": passed through unexamined, its links left as written"
	}
	return msg + ": passed over unexamined, its links not reported"
}

// linkCounts counts the links of a document, or of a run, and those of
// them that the output lacks, so that none is lost without a word: the
// links the URL Standard's parser rejects (a line format has no URL to
// write for them, a rewrite leaves them as written), the candidates for a
// link in text dropped for their length, and the constructs passed over
// unexamined with whatever links they hold.
type linkCounts struct {
	files        int // documents read
	links        int // links found
	invalid      int // of which the URL Standard's parser rejects
	lost         int // invalid links the output format leaves out
	oversizeText int // text-link candidates longer than textlink.MaxLen, dropped
	oversize     int // tags, comments and CSS URLs passed over
	skipped      int // documents skipped (binary files)
	errs         int // documents that could not be read
}

// addOversize counts the construct e.
func (c *linkCounts) addOversize(e *extract.OversizeError) {
	if e.Construct == extract.ConstructTextLink {
		c.oversizeText++
	} else {
		c.oversize++
	}
}

// add adds the counts of d.
func (c *linkCounts) add(d linkCounts) {
	c.files += d.files
	c.links += d.links
	c.invalid += d.invalid
	c.lost += d.lost
	c.oversizeText += d.oversizeText
	c.oversize += d.oversize
	c.skipped += d.skipped
	c.errs += d.errs
}

// dropped reports whether something of the input is missing from the
// output: what a summary line must tell even without -v.
func (c *linkCounts) dropped() bool { return c.lost+c.oversizeText+c.oversize > 0 }

// dropNote returns the parts of a note on the links the output lacks:
// ", 2 oversize text links, 1 oversize construct", each when not zero.
func (c *linkCounts) dropNote() string {
	s := ""
	if c.oversizeText > 0 {
		s += ", " + plural(c.oversizeText, "oversize text link")
	}
	if c.oversize > 0 {
		s += ", " + plural(c.oversize, "oversize construct")
	}
	return s
}

// invalidNote returns "1 invalid", with what became of those the output
// lacks (lost): "(left out of --format uri)".
func (c *linkCounts) invalidNote(lost string) string {
	s := strconv.Itoa(c.invalid) + " invalid"
	if c.lost > 0 {
		if c.lost == c.invalid {
			s += " (" + lost + ")"
		} else {
			s += fmt.Sprintf(" (%d %s)", c.lost, lost)
		}
	}
	return s
}

// leftOut says what the line formats do with an invalid link.
func leftOut(format *linkFormat) string { return "left out of --format " + format.name }

// summary returns the summary line of command name (extract, warc,
// linkify) for a run whose counts are c: the files, what they held and
// what the output lacks (lost says what became of the invalid links it
// lacks).
func (c *linkCounts) summary(name, lost, extra string) string {
	s := fmt.Sprintf("relink %s: %s%s, %s, %s%s", name, plural(c.files, "file"), extra, plural(c.links, "link"), c.invalidNote(lost), c.dropNote())
	if c.skipped > 0 {
		s += fmt.Sprintf(", %d skipped", c.skipped)
	}
	if c.errs > 0 {
		s += ", " + plural(c.errs, "error")
	}
	return s + "\n"
}

// rewriteNote returns the line relink rewrite -v prints, after prefix,
// for a file it rewrote (or would rewrite), whose result is r.
func rewriteNote(prefix, path string, r *rewriteResult) string {
	s := r.stats
	note := fmt.Sprintf("%s%s: %s, %d rewritten", prefix, path, plural(s.Links, "link"), s.Rewritten)
	if s.Kept > 0 {
		note += fmt.Sprintf(", %d left as written (%s)", s.Kept, keptNote(s))
	}
	return note + r.drops.dropNote() + "\n"
}

// keptNote says why the links s counts as kept were left as written: "1
// invalid link, 2 for a guessed charset, 1 holding a placeholder, 1 could
// not be rewritten".
func keptNote(s rewrite.Stats) string {
	var why []string
	if s.Invalid > 0 {
		why = append(why, plural(s.Invalid, "invalid link"))
	}
	if s.Guessed > 0 {
		why = append(why, fmt.Sprintf("%d for a guessed charset", s.Guessed))
	}
	if s.Placeholders > 0 {
		why = append(why, fmt.Sprintf("%d holding a placeholder", s.Placeholders))
	}
	if other := s.Kept - s.Invalid - s.Guessed - s.Placeholders; other > 0 || len(why) == 0 {
		if len(why) == 0 {
			return "could not be rewritten"
		}
		why = append(why, fmt.Sprintf("%d could not be rewritten", other))
	}
	return strings.Join(why, ", ")
}
