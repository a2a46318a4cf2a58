package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/core"
)

// docFlags returns a flag set with relink-beam's flags and the Beam
// SDK's, as run parses its arguments, but with values of their own, so
// that parsing it sets none of the SDK's variables.
func docFlags(t *testing.T) *flag.FlagSet {
	fs := flag.NewFlagSet("relink-beam", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	newConfig(fs)
	flag.CommandLine.VisitAll(func(f *flag.Flag) {
		if fs.Lookup(f.Name) != nil || strings.HasPrefix(f.Name, "test.") {
			return
		}
		typ := reflect.TypeOf(f.Value)
		if typ.Kind() != reflect.Pointer {
			t.Fatalf("flag --%s: a %v, not a pointer", f.Name, typ)
		}
		// A new value of the same type parses as the flag does.
		fs.Var(reflect.New(typ.Elem()).Interface().(flag.Value), f.Name, f.Usage)
	})
	return fs
}

// docCommands returns the relink-beam command lines of a text: lines
// that begin "relink-beam " after indentation (or after "//\t" in Go
// source), continued by a backslash at their end, split into arguments
// (quotes removed); a final "..." (more flags) is left out, and a
// synopsis (with "[") is not a command.
func docCommands(text string) [][]string {
	var cmds [][]string
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimPrefix(strings.TrimSpace(lines[i]), "//")
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "relink-beam ") {
			continue
		}
		for strings.HasSuffix(line, `\`) && i+1 < len(lines) {
			i++
			next := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(lines[i]), "//"))
			line = strings.TrimSuffix(line, `\`) + " " + next
		}
		if strings.Contains(line, "[") {
			continue
		}
		args := strings.Fields(line)[1:]
		if len(args) > 0 && args[len(args)-1] == "..." {
			args = args[:len(args)-1]
		}
		for j, a := range args {
			args[j] = strings.Trim(a, `'"`)
		}
		cmds = append(cmds, args)
	}
	return cmds
}

// TestDocCommands parses each relink-beam command line of docs/beam.md
// and of the command's doc comment with relink-beam's flags and the Beam
// SDK's (the version this module requires), so that a flag the
// documentation names and the program or the SDK does not take, or takes
// with another kind of value, fails here; the runners named must be
// registered. The Beam version of the container images docs/beam.md
// names (the Go SDK's, Flink's and Spark's job servers) must be the
// SDK's.
func TestDocCommands(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "beam.md"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	cmds := docCommands(string(doc))
	srcCmds := docCommands(string(src))
	if len(cmds) < 6 || len(srcCmds) < 2 {
		t.Fatalf("%d command lines in docs/beam.md, %d in main.go: the documentation has more", len(cmds), len(srcCmds))
	}
	seen := map[string]bool{}
	for _, args := range append(cmds, srcCmds...) {
		fs := docFlags(t)
		if err := fs.Parse(args); err != nil {
			t.Errorf("relink-beam %s: %v", strings.Join(args, " "), err)
			continue
		}
		if fs.NArg() > 0 {
			t.Errorf("relink-beam %s: arguments %q left after the flags", strings.Join(args, " "), fs.Args())
		}
		if r := fs.Lookup("runner").Value.String(); r != "" && !registered(r) {
			t.Errorf("relink-beam %s: no runner %q", strings.Join(args, " "), r)
		}
		fs.Visit(func(f *flag.Flag) { seen[f.Name] = true })
	}
	// The flags the sections on the runners rest on.
	for _, name := range []string{"runner", "endpoint", "environment_type", "environment_config", "worker_binary",
		"project", "region", "staging_location", "temp_location", "parallelism", "paths-from", "paths-prefix", "output"} {
		if !seen[name] {
			t.Errorf("no documented command line has --%s", name)
		}
	}

	images := regexp.MustCompile(`apache/beam_[a-z0-9_.]+:([0-9][0-9.]*[0-9])`).FindAllStringSubmatch(string(doc), -1)
	if len(images) < 3 {
		t.Errorf("%d Beam images in docs/beam.md", len(images))
	}
	for _, m := range images {
		if m[1] != core.SdkVersion {
			t.Errorf("docs/beam.md names %s: the SDK is %s", m[0], core.SdkVersion)
		}
	}
}

// TestDocCommandsFail: the check fails on a flag the SDK does not have,
// and on a value of the wrong kind.
func TestDocCommandsFail(t *testing.T) {
	for _, line := range []string{
		"relink-beam --runner universal --job_endpoint localhost:8099",
		"relink-beam --runner dataflow --max_num_workers many",
		"relink-beam --runner universal --endpoint localhost:8099 \\\n    --flink_master FLINK:8081",
	} {
		cmds := docCommands(line)
		if len(cmds) != 1 {
			t.Fatalf("%q: %d commands", line, len(cmds))
		}
		if err := docFlags(t).Parse(cmds[0]); err == nil {
			t.Errorf("%q parses", line)
		}
	}
}
