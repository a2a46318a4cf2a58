package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
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

// register adds -q and -v to fs.
func (f *verbosityFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.q, "q", false, "quiet: report errors only (no warnings, progress or summary)")
	fs.BoolVar(&f.v, "v", false, "verbose: also report each file, with what was found in it")
}

// level returns the verbosity the flags ask for, or reports a usage error
// for both and returns its exit status.
func (f *verbosityFlags) level(cmd *command, e *env) (verbosity, int) {
	switch {
	case f.q && f.v:
		return normal, usageError(cmd, e, "-q and -v together: choose one")
	case f.q:
		return quiet, -1
	case f.v:
		return verbose, -1
	}
	return normal, -1
}

// oversizeWarning returns the warning of command name (extract,
// rewrite) for a construct of file passed through unexamined, e: one for
// each construct, with its line and offset.
func oversizeWarning(name, file string, e *extract.OversizeError) string {
	msg := strings.TrimPrefix(e.Error(), "extract: ")
	if name == "rewrite" {
		msg += " (its links are not rewritten)"
	}
	return fmt.Sprintf("relink %s: %s:%d: warning: %s\n", name, file, e.Line, msg)
}

// rewriteNote returns the line relink rewrite -v prints for a file it
// rewrote (or would rewrite), whose result is r.
func rewriteNote(path string, r *rewriteResult) string {
	s := r.stats
	note := fmt.Sprintf("relink rewrite: %s: %s, %d rewritten", path, plural(s.Links, "link"), s.Rewritten)
	if s.Kept > 0 {
		note += fmt.Sprintf(", %d left as written (could not be rewritten)", s.Kept)
	}
	return note + "\n"
}
