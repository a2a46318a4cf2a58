package main

import (
	"flag"
	"io"
	"strings"
)

// flagSetHook, when not nil, is given the flag set of a command as
// newFlagSet makes it: commandFlags uses it to list a command's flags.
var flagSetHook func(*flag.FlagSet)

// commandFlags returns the flags of cmd, in lexical order, as its run
// function defines them: it runs cmd with -h, which defines the flags,
// prints the help (to nowhere) and stops. It is not safe for concurrent
// use.
func commandFlags(cmd *command) []*flag.Flag {
	var fs *flag.FlagSet
	flagSetHook = func(f *flag.FlagSet) { fs = f }
	defer func() { flagSetHook = nil }()
	cmd.run(cmd, []string{"-h"}, &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard})
	var flags []*flag.Flag
	if fs != nil {
		fs.VisitAll(func(f *flag.Flag) { flags = append(flags, f) })
	}
	return flags
}

// flagName returns how help and completion write the flag f: "-r" for a
// one-letter name, "--name" otherwise (the flag package takes both).
func flagName(f *flag.Flag) string {
	if len(f.Name) == 1 {
		return "-" + f.Name
	}
	return "--" + f.Name
}

// takesValue reports whether the flag f takes a value.
func takesValue(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// flagSummary returns the first line of f's usage, without the backquotes
// that name its value.
func flagSummary(f *flag.Flag) string {
	s, _, _ := strings.Cut(f.Usage, "\n")
	return strings.ReplaceAll(s, "`", "")
}
