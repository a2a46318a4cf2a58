package main

import (
	"flag"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// flagSetHook, when not nil, is given the flag set of a command as
// newFlagSet makes it: commandFlags uses it to list a command's flags.
var flagSetHook func(*flag.FlagSet)

// commandFlags returns the flags of cmd, in lexical order of their long
// names, as its run function defines them: it runs cmd with -h, which
// defines the flags, prints the help (to nowhere) and stops. A flag with
// a one-letter twin (-q for --quiet) is listed once, by its long name:
// shortName gives the twin. It is not safe for concurrent use.
func commandFlags(cmd *command) []*flag.Flag {
	var fs *flag.FlagSet
	flagSetHook = func(f *flag.FlagSet) { fs = f }
	defer func() { flagSetHook = nil }()
	cmd.run(cmd, []string{"-h"}, &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard})
	if fs == nil {
		return nil
	}
	return longFlags(fs)
}

// longFlags returns the flags of fs in lexical order, without the
// one-letter twins of long flags.
func longFlags(fs *flag.FlagSet) []*flag.Flag {
	var flags []*flag.Flag
	fs.VisitAll(func(f *flag.Flag) {
		if t, ok := f.Value.(*twinValue); !ok || !t.isShort {
			flags = append(flags, f)
		}
	})
	return flags
}

// A twinValue is the value of a flag that has two names, a long one and
// a one-letter one that may be bundled with others (-qr): each of the
// two flag.Flags has its own twinValue, over the same value.
type twinValue struct {
	flag.Value
	short, long string
	isShort     bool // the value of the one-letter name
}

// IsBoolFlag reports whether the twin flags are boolean, as the flag
// package asks.
func (t *twinValue) IsBoolFlag() bool {
	b, ok := t.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// shortTwin gives the long flag long of fs the one-letter name short.
func shortTwin(fs *flag.FlagSet, short, long string) {
	f := fs.Lookup(long)
	v := f.Value
	f.Value = &twinValue{v, short, long, false}
	fs.Var(&twinValue{v, short, long, true}, short, f.Usage)
}

// shortName returns the one-letter twin of the flag f, or "".
func shortName(f *flag.Flag) string {
	if t, ok := f.Value.(*twinValue); ok {
		return t.short
	}
	return ""
}

// flagName returns how help, the manual page and completion write the
// flag f: "--name" (the flag package takes one dash too).
func flagName(f *flag.Flag) string { return "--" + f.Name }

// flagNames returns the names of f as help lists them: "-q, --quiet" for
// a flag with a one-letter twin, else "--name".
func flagNames(f *flag.Flag) string {
	if s := shortName(f); s != "" {
		return "-" + s + ", --" + f.Name
	}
	return "--" + f.Name
}

// printFlags writes the flags of fs, each with its names, its value's
// name, its usage and its default value when it is not the zero value,
// in the layout of flag.PrintDefaults.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	for _, f := range longFlags(fs) {
		name, usage := flag.UnquoteUsage(f)
		line := "  " + flagNames(f)
		if name != "" {
			line += " " + name
		}
		usage = strings.ReplaceAll(usage, "\n", "\n    \t")
		if !isZeroValue(f) {
			if strings.HasSuffix(fmt.Sprintf("%T", unwrap(f.Value)), ".stringValue") {
				usage += fmt.Sprintf(" (default %q)", f.DefValue)
			} else {
				usage += fmt.Sprintf(" (default %v)", f.DefValue)
			}
		}
		fmt.Fprintf(w, "%s\n    \t%s\n", line, usage)
	}
}

// unwrap returns the value under a twinValue.
func unwrap(v flag.Value) flag.Value {
	if t, ok := v.(*twinValue); ok {
		return t.Value
	}
	return v
}

// isZeroValue reports whether the default of f is the zero value of its
// type, which help does not print, as flag.PrintDefaults decides it.
func isZeroValue(f *flag.Flag) (zero bool) {
	typ := reflect.TypeOf(unwrap(f.Value))
	var z reflect.Value
	if typ.Kind() == reflect.Pointer {
		z = reflect.New(typ.Elem())
	} else {
		z = reflect.Zero(typ)
	}
	defer func() {
		if recover() != nil {
			zero = f.DefValue == "" // a value whose zero cannot print itself
		}
	}()
	return f.DefValue == z.Interface().(flag.Value).String()
}

// expandShort returns args with each bundle of one-letter flags written
// apart: -qr as -q -r, -j4 as -j 4. An argument that is a flag's name
// with one dash (-format) or that is not all one-letter flags stays as it
// is, and so does everything after "--".
func expandShort(fs *flag.FlagSet, args []string) []string {
	var out []string
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) < 3 || a[0] != '-' || a[1] == '-' || strings.Contains(a, "=") || fs.Lookup(a[1:]) != nil {
			out = append(out, a)
			continue
		}
		var parts []string
		for j := 1; j < len(a); j++ {
			f := fs.Lookup(a[j : j+1])
			if f == nil || shortName(f) == "" {
				parts = nil
				break
			}
			parts = append(parts, "-"+a[j:j+1])
			if takesValue(f) {
				if j+1 < len(a) {
					parts = append(parts, a[j+1:])
				}
				break
			}
		}
		if parts == nil {
			parts = []string{a}
		}
		out = append(out, parts...)
	}
	return out
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
	typeNames    = []string{"auto", "html", "text", "css", "markdown", "mail", "xml"} // --type
	formNames    = []string{"keep", "uri", "iri"}                                     // rewrite --to
	resolveNames = []string{"keep", "absolute", "relative"}                           // rewrite --resolve
	modeNames    = []string{"strict", "leiri", "web"}                                 // uri, iri, check --mode
	// roleNames are the values of --role: htmlattr.Role's names and text.
	roleNames = []string{"hyperlink", "resource", "frame", "form", "ping", "reference", "base", "speculative", "text"}
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
