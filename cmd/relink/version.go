package main

import (
	"fmt"
	"runtime/debug"
)

var versionCommand = &command{
	name:    "version",
	summary: "print relink's version",
	usage:   "relink version",
	help: `Version prints the version of relink: the module version it was built at
(go install github.com/relink-go/relink/cmd/relink@v1.2.3 gives v1.2.3);
for a build from a checkout, the commit it was built from, with
"+modified" when the working tree had changes; "(devel)" when the build
records neither. Then the Go version it was built with. "relink
--version" prints the same.
`,
	run: runVersion,
}

func runVersion(cmd *command, args []string, e *env) int {
	fs := newFlagSet(cmd, e)
	pos, status := parseArgs(cmd, fs, args, e)
	if status >= 0 {
		return status
	}
	if len(pos) > 0 {
		return usageError(cmd, e, "takes no arguments")
	}
	fmt.Fprintln(e.stdout, versionLine(debug.ReadBuildInfo()))
	return exitOK
}

// versionLine returns the line that relink version prints, from the
// build information bi (ok false when the binary has none).
func versionLine(bi *debug.BuildInfo, ok bool) string {
	if !ok || bi == nil {
		return "relink (devel)"
	}
	v := bi.Main.Version
	if v == "" || v == "(devel)" {
		v = "(devel)"
		var rev, when string
		modified := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if rev != "" {
			if len(rev) > 12 {
				rev = rev[:12]
			}
			v = rev
			if modified {
				v += "+modified"
			}
			if when != "" {
				v += " " + when
			}
		}
	}
	if bi.GoVersion != "" {
		v += " " + bi.GoVersion
	}
	return "relink " + v
}
