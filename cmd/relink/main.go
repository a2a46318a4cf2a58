package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
)

// Exit statuses.
const (
	exitOK    = 0 // every input was converted
	exitFail  = 1 // some input could not be converted, or I/O failed
	exitUsage = 2 // bad command line
)

// A command is one subcommand of relink. To add one, write its file
// (extract.go, say) with a command value and list it in commands.
type command struct {
	name    string
	summary string // one line for the command list, lower case, no period
	usage   string // "relink name [flags] ...", the first line of its help
	help    string // what the command does, then examples; ends in "\n"

	// run executes the command with its arguments (the command name
	// excluded) and returns the exit status. It reports usage errors
	// itself and returns exitUsage for them.
	run func(cmd *command, args []string, env *env) int
}

// commands lists the subcommands in the order help shows them.
var commands = []*command{extractCommand, rewriteCommand, mvCommand, verifyCommand, linkifyCommand, warcCommand, unpackCommand, uriCommand, iriCommand, checkCommand, completionCommand, versionCommand}

// env is the outside world a command sees: tests substitute buffers.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer

	// -o FILE (see output.go)
	outPath string
	outFile *os.File
	outLost int // the exit status when writing to it fails
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs relink with the arguments args (without the program name) and
// returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Every message goes through safeWriter: none can drive a terminal.
	e := &env{stdin: stdin, stdout: stdout, stderr: safeWriter{stderr}}
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	switch name := args[0]; name {
	case "-h", "-help", "--help", "help":
		if name == "help" && len(args) > 1 {
			cmd := lookup(args[1])
			if cmd == nil {
				fmt.Fprintf(stderr, "relink help: unknown command %q\nRun 'relink help' for the list of commands.\n", args[1])
				return exitUsage
			}
			printCommandHelp(stdout, cmd, nil)
			return exitOK
		}
		printUsage(stdout)
		return exitOK
	case "-version", "--version":
		return versionCommand.run(versionCommand, args[1:], e)
	}
	cmd := lookup(args[0])
	if cmd == nil {
		if strings.HasPrefix(args[0], "-") {
			fmt.Fprintf(stderr, "relink: flag %s before the command\n", args[0])
		} else {
			fmt.Fprintf(stderr, "relink: unknown command %q\n", args[0])
		}
		fmt.Fprintf(stderr, "Run 'relink help' for usage.\n")
		return exitUsage
	}
	return e.closeOutput(cmd, cmd.run(cmd, args[1:], e))
}

func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func printUsage(w io.Writer) {
	fmt.Fprintf(w, `Relink finds the links in HTML, CSS, Markdown and plain text and converts
them between their IRI and URI forms, correctly for the document's charset.

Usage:

	relink <command> [flags] [INPUT...]

The commands are:

`)
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "\t%-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintf(w, `
Use "relink <command> -h" for more information about a command.
Each flag has a long name (--quiet); some also have a one-letter name
(-q), and one-letter flags may be bundled (-qr for -q -r).
`)
}

// printCommandHelp writes the help of cmd, with the defaults of the
// flags in fs when fs is not nil.
func printCommandHelp(w io.Writer, cmd *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: %s\n\n%s", cmd.usage, cmd.help)
	n := 0
	if fs != nil {
		fs.VisitAll(func(*flag.Flag) { n++ })
	}
	if n > 0 {
		fmt.Fprintf(w, "\nFlags:\n")
		printFlags(w, fs)
	}
}

// newFlagSet returns an empty flag set for cmd that neither prints nor
// exits: parseArgs reports its errors.
func newFlagSet(cmd *command, e *env) *flag.FlagSet {
	fs := flag.NewFlagSet("relink "+cmd.name, flag.ContinueOnError)
	if flagSetHook != nil {
		flagSetHook(fs)
	}
	// parseArgs reports errors and printCommandHelp prints the defaults.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseArgs parses the flags of cmd from args and returns the positional
// arguments. Flags may come before, between or after the positional
// arguments; "--" ends the flags, so that an input that starts with "-"
// can be given after it. For -h or --help it prints the command's help on
// stdout and returns exitOK; for a bad flag it prints the error on stderr
// and returns exitUsage; otherwise it returns -1.
func parseArgs(cmd *command, fs *flag.FlagSet, args []string, e *env) (pos []string, status int) {
	args = expandShort(fs, args)
	for {
		n := len(args)
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			printCommandHelp(e.stdout, cmd, fs)
			return nil, exitOK
		}
		if err != nil {
			return nil, usageError(cmd, e, "%s", flagError(err, args))
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, -1
		}
		if k := n - len(rest); k > 0 && args[k-1] == "--" {
			// Parse stopped at the terminator: the rest is positional.
			return append(pos, rest...), -1
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// removedFlags are the flags taken out before v1, each with what to
// write instead.
var removedFlags = map[string]string{
	"jsonl": "--format jsonl",
}

// flagError returns the message of the flag package's error err for
// args, with each flag named as help names it (--name), except a flag
// not defined, which is named as args write it; for a flag taken out, it
// says what replaces it.
func flagError(err error, args []string) string {
	msg := err.Error()
	name, undefined := strings.CutPrefix(msg, "flag provided but not defined: -")
	if !undefined {
		return flagInMessage.ReplaceAllString(msg, "$1 --$2")
	}
	for _, a := range args {
		if a == "--" {
			break
		}
		if written, _, _ := strings.Cut(a, "="); strings.HasPrefix(a, "-") && strings.TrimLeft(written, "-") == name {
			msg = "flag provided but not defined: " + written
			break
		}
	}
	if instead, ok := removedFlags[name]; ok {
		msg += " (it was removed before v1: use " + instead + ")"
	}
	return msg
}

// flagInMessage finds a flag of two letters or more in an error of the
// flag package, which names it with one dash.
var flagInMessage = regexp.MustCompile(`(flag|for|argument:|defined:) -([a-zA-Z0-9][a-zA-Z0-9-]+)`)

// usageError prints msg, the command's usage line and a hint on stderr
// and returns exitUsage.
func usageError(cmd *command, e *env, format string, a ...any) int {
	fmt.Fprintf(e.stderr, "relink %s: %s\n", cmd.name, fmt.Sprintf(format, a...))
	fmt.Fprintf(e.stderr, "usage: %s\nRun 'relink %s -h' for details.\n", cmd.usage, cmd.name)
	return exitUsage
}
