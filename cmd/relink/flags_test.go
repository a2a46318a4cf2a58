package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFlagsLong checks that every flag of every command has a long name,
// printed as --name in -h, and that the one-letter flags are the twins of
// long ones: --quiet, --verbose, --recursive, --write, --jobs, --dry-run,
// --output, --directory.
func TestFlagsLong(t *testing.T) {
	singleDash := regexp.MustCompile(`(?m)^  -[a-zA-Z0-9][a-zA-Z0-9-]`)
	twins := map[string]string{}
	for _, c := range commands {
		for _, f := range commandFlags(c) {
			if len(f.Name) < 2 {
				t.Errorf("relink %s: flag -%s has no long name", c.name, f.Name)
			}
			if s := shortName(f); s != "" {
				if prev, ok := twins[s]; ok && prev != f.Name {
					t.Errorf("relink %s: -%s is --%s here and --%s elsewhere", c.name, s, f.Name, prev)
				}
				twins[s] = f.Name
			}
		}
		got := runString([]string{c.name, "-h"}, "")
		if m := singleDash.FindString(got.stdout); m != "" {
			t.Errorf("relink %s -h lists a long flag with one dash: %q", c.name, m)
		}
	}
	want := map[string]string{"q": "quiet", "v": "verbose", "r": "recursive", "w": "write", "j": "jobs", "n": "dry-run", "o": "output", "C": "directory"}
	if !mapsEqual(twins, want) {
		t.Errorf("one-letter twins %v, want %v", twins, want)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestFlagsAsTyped runs the commands with flags as users type them: the
// long twins do what the one-letter flags do, one-letter flags bundle,
// and a long name with one dash is still taken.
func TestFlagsAsTyped(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "a.html")
	if err := os.WriteFile(page, []byte(`<a href="http://example.org/ü">x</a>`), 0o644); err != nil {
		t.Fatal(err)
	}
	const uri = "http://example.org/%C3%BC\n"
	for _, tt := range []struct {
		args   []string
		code   int
		stdout string
		stderr string // a part of it
	}{
		{[]string{"extract", "--recursive", "--format", "uri", dir}, 0, uri, ""},
		{[]string{"extract", "-r", "--format", "uri", dir}, 0, uri, ""},
		{[]string{"extract", "-rq", "--format", "uri", dir}, 0, uri, ""},
		{[]string{"extract", "-qr", "-format", "uri", dir}, 0, uri, ""},
		{[]string{"extract", "-qv", dir}, exitUsage, "", "relink extract: --quiet and --verbose together: choose one"},
		{[]string{"extract", "--quiet", "--verbose", dir}, exitUsage, "", "--quiet and --verbose together"},
		{[]string{"extract", "-rv", "--format", "uri", dir}, 0, uri, "relink extract: " + page + ": html"},
		{[]string{"extract", "-rx", dir}, exitUsage, "", "flag provided but not defined: -rx"},
		{[]string{"extract", "--format", "urn", dir}, exitUsage, "", `unknown --format "urn"`},
		{[]string{"extract", "--format"}, exitUsage, "", "flag needs an argument: --format"},
		{[]string{"extract", "--frob=1"}, exitUsage, "", "flag provided but not defined: --frob\n"},
		{[]string{"extract", "-frob"}, exitUsage, "", "flag provided but not defined: -frob\n"},
		{[]string{"uri", "--jsonl"}, exitUsage, "", "flag provided but not defined: --jsonl (it was removed before v1: use --format jsonl)\n"},
		{[]string{"rewrite", "--to", "uri", "-rn", dir}, 0, page + "\t1\n", ""},
		{[]string{"rewrite", "--to", "uri", "--recursive", "--dry-run", dir}, 0, page + "\t1\n", ""},
		{[]string{"rewrite", "--to", "uri", "-rj1", "--dry-run", dir}, 0, page + "\t1\n", ""},
		{[]string{"rewrite", "--to", "uri", "-r", "--jobs=1", "-n", dir}, 0, page + "\t1\n", ""},
		{[]string{"rewrite", "--to", "uri", "-j", "x", "-n", dir}, exitUsage, "", `invalid value "x" for flag -j`},
		{[]string{"uri", "--", "-qv"}, 0, "-qv\n", ""},
	} {
		got := runString(tt.args, "")
		if got.code != tt.code || got.stdout != tt.stdout || !strings.Contains(got.stderr, tt.stderr) {
			t.Errorf("relink %q: status %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, got.code, got.stdout, got.stderr, tt.code, tt.stdout, tt.stderr)
		}
	}
	// --write, -w: the file changed in place.
	for _, w := range []string{"--write", "-w", "-qw"} {
		os.WriteFile(page, []byte(`<a href="http://example.org/ü">x</a>`), 0o644)
		got := runString([]string{"rewrite", "--to", "uri", w, page}, "")
		b, _ := os.ReadFile(page)
		if got.code != 0 || string(b) != `<a href="http://example.org/%C3%BC">x</a>` {
			t.Errorf("rewrite %s: status %d, file %q (%s)", w, got.code, b, got.stderr)
		}
	}
}

func TestExpandShort(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.Bool("quiet", false, "")
	fs.Bool("recursive", false, "")
	fs.Int("jobs", 0, "")
	fs.String("format", "", "")
	fs.Bool("x", false, "") // a one-letter flag without a long twin
	shortTwin(fs, "q", "quiet")
	shortTwin(fs, "r", "recursive")
	shortTwin(fs, "j", "jobs")
	for _, tt := range []struct{ in, out string }{
		{"-qr a", "-q -r a"},
		{"-rqj4 a", "-r -q -j 4 a"},
		{"-rj 4", "-r -j 4"},
		{"-j4", "-j 4"},
		{"-format uri", "-format uri"},
		{"--qr", "--qr"},
		{"-qx", "-qx"},
		{"-qz", "-qz"},
		{"-q=true", "-q=true"},
		{"- -q", "- -q"},
		{"a -- -qr", "a -- -qr"},
		{"-q", "-q"},
	} {
		if got := strings.Join(expandShort(fs, strings.Fields(tt.in)), " "); got != tt.out {
			t.Errorf("expandShort(%s) = %s, want %s", tt.in, got, tt.out)
		}
	}
	if !slices.Equal(expandShort(fs, nil), nil) {
		t.Error("expandShort(nil) is not empty")
	}
}

// FuzzExpandShort checks expandShort on any arguments: it never panics,
// leaves everything from "--" on as it is, and gives for a bundle only
// one-letter flags of the set, each a twin, and at most a value after
// the one that takes it.
func FuzzExpandShort(f *testing.F) {
	for _, s := range []string{"-qr a", "-rqj4 a", "-j", "-format uri", "a -- -qr", "-q=1", "-", "--", "-qqq", "-jq"} {
		f.Add(s)
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.Bool("quiet", false, "")
	fs.Int("jobs", 0, "")
	fs.String("format", "", "")
	shortTwin(fs, "q", "quiet")
	shortTwin(fs, "j", "jobs")
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Split(line, " ")
		out := expandShort(fs, args)
		if i := slices.Index(args, "--"); i >= 0 {
			if j := slices.Index(out, "--"); j < 0 || !slices.Equal(out[j:], args[i:]) {
				t.Fatalf("%q: after --, %q", args, out)
			}
		}
		if len(out) < len(args) {
			t.Fatalf("%q: %q lost arguments", args, out)
		}
		if strings.Join(out, "") != strings.Join(args, "") && strings.ReplaceAll(strings.Join(out, ""), "-", "") != strings.ReplaceAll(strings.Join(args, ""), "-", "") {
			t.Fatalf("%q: %q changed more than dashes", args, out)
		}
	})
}
