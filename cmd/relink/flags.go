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

// A choiceValue is a string flag whose values are a closed set: shell
// completion offers them (see flagChoices). It takes any value: the
// command checks it, and says what it wants.
type choiceValue struct {
	p       *string
	choices []string
}

func (v *choiceValue) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}

func (v *choiceValue) Set(s string) error { *v.p = s; return nil }

// Choices returns the values completion offers.
func (v *choiceValue) Choices() []string { return v.choices }

// choiceFlag defines on fs a string flag with the default value and the
// closed set of values choices, and returns its variable.
func choiceFlag(fs *flag.FlagSet, name, value, usage string, choices []string) *string {
	p := new(string)
	*p = value
	fs.Var(&choiceValue{p, choices}, name, usage)
	return p
}

// A choiceList is a listFlag whose values are a closed set, which
// completion offers.
type choiceList struct {
	*listFlag
	choices []string
}

func (c choiceList) String() string {
	if c.listFlag == nil {
		return ""
	}
	return c.listFlag.String()
}

// Choices returns the values completion offers.
func (c choiceList) Choices() []string { return c.choices }

// flagChoices returns the values completion offers for the flag f, or
// nil when they are not a closed set.
func flagChoices(f *flag.Flag) []string {
	if c, ok := f.Value.(interface{ Choices() []string }); ok {
		return c.Choices()
	}
	return nil
}

// The closed sets of values of the flags, each in the order help gives
// them.
var (
	typeNames    = []string{"auto", "html", "text", "css", "markdown", "mail"} // --type
	formNames    = []string{"keep", "uri", "iri"}                              // rewrite --to
	resolveNames = []string{"keep", "absolute", "relative"}                    // rewrite --resolve
	modeNames    = []string{"strict", "leiri", "web"}                          // uri, iri, check --mode
	// roleNames are the values of --role: htmlattr.Role's names and text.
	roleNames = []string{"hyperlink", "resource", "frame", "form", "ping", "reference", "base", "text"}
	// charsetNames are the values completion offers for --charset: the
	// names of the WHATWG Encoding Standard's encodings, and the labels
	// people most often write for two of them (iso-8859-1 and us-ascii are
	// windows-1252). Any label of the standard is taken.
	charsetNames = []string{"utf-8", "utf-16le", "utf-16be", "windows-1252", "iso-8859-1", "us-ascii",
		"iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6", "iso-8859-7", "iso-8859-8", "iso-8859-8-i",
		"iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-15", "iso-8859-16",
		"windows-874", "windows-1250", "windows-1251", "windows-1253", "windows-1254", "windows-1255", "windows-1256",
		"windows-1257", "windows-1258", "ibm866", "koi8-r", "koi8-u", "macintosh", "x-mac-cyrillic",
		"shift_jis", "euc-jp", "iso-2022-jp", "gbk", "gb18030", "big5", "euc-kr", "x-user-defined"}
)
