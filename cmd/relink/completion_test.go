package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCompletionScripts checks that each script names every command and
// every flag of each.
func TestCompletionScripts(t *testing.T) {
	for _, sh := range completionShells {
		got := runString([]string{"completion", sh}, "")
		if got.code != exitOK || got.stderr != "" {
			t.Fatalf("relink completion %s: status %d, stderr %q", sh, got.code, got.stderr)
		}
		script := got.stdout
		for _, c := range commands {
			if !strings.Contains(script, c.name) {
				t.Errorf("%s: command %s missing", sh, c.name)
			}
			for _, f := range commandFlags(c) {
				// bash and zsh write the flag as typed, fish by its
				// option kind and name; each offers the one-letter
				// twin beside the long name.
				wants := []string{flagName(f)}
				if s := shortName(f); s != "" {
					wants = append(wants, "-"+s)
				}
				if sh == "fish" {
					want := "-l " + f.Name
					if s := shortName(f); s != "" {
						want = "-s " + s + " " + want
					}
					wants = []string{"'__fish_seen_subcommand_from " + c.name + "' " + want}
				}
				for _, want := range wants {
					if !strings.Contains(script, want) {
						t.Errorf("%s: relink %s: flag %s missing (%q)", sh, c.name, f.Name, want)
					}
				}
				if values := flagChoices(f); values != nil && !strings.Contains(script, strings.Join(values, " ")) {
					t.Errorf("%s: relink %s: the values of flag %s missing", sh, c.name, f.Name)
				}
			}
		}
	}
	if got := runString([]string{"completion", "tcsh"}, ""); got.code != exitUsage {
		t.Errorf("relink completion tcsh: status %d, want %d", got.code, exitUsage)
	}
	if got := runString([]string{"completion"}, ""); got.code != exitUsage {
		t.Errorf("relink completion: status %d, want %d", got.code, exitUsage)
	}
}

// shell returns the path of the shell name, or skips the test, saying
// that the shell is missing: .ci/run installs zsh and fish where it can.
func shell(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not installed: its completion script is not run (apt-get install %s)", name, name)
	}
	return path
}

// bashComplete runs the bash script on the words typed, the cursor at the
// end of the last one, as bash runs it on a Tab, and returns what it
// offers.
func bashComplete(t *testing.T, bash, script string, words []string) string {
	t.Helper()
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = "'" + w + "'"
	}
	prog := script + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + "); COMP_CWORD=" +
		strconv.Itoa(len(words)-1) + "; _relink; echo \"${COMPREPLY[*]}\"\n"
	out, err := exec.Command(bash, "--norc", "--noprofile", "-c", prog).CombinedOutput()
	if err != nil {
		t.Fatalf("%q: %v %s", words, err, out)
	}
	return strings.TrimSpace(string(out))
}

// TestCompletionBash runs the bash script, as bash runs it on a Tab.
func TestCompletionBash(t *testing.T) {
	bash := shell(t, "bash")
	script := runString([]string{"completion", "bash"}, "").stdout
	tests := []struct{ words, want string }{
		{"relink ex", "extract"},
		{"relink rewrite --ty", "--type"},
		{"relink rewrite -", "--attr --backup --base --charset --diff -n --dry-run --exclude --exclude-path --external --hidden --host -j --jobs --map --map-file --map-re --md-to-html --no-ignore -q --quiet -r --recursive --rel --resolve --role --same-site --scheme --strict --tag --text-links --to --type -v --verbose -w --write --help"},
		{"relink extract --no-", "--no-ignore"},
		{"relink completion f", "fish"},
		{"relink help re", "rewrite"},
		{"relink --ver", "--version"},
		{"relink rewrite --to ", "keep uri iri"},
		{"relink rewrite -to i", "iri"},
		{"relink rewrite --to = ", "keep uri iri"}, // --to=, which bash splits at "="
		{"relink rewrite --to =", "keep uri iri"},
		{"relink rewrite --to = u", "uri"},
		{"relink rewrite --to iri --res", "--resolve"},
		{"relink extract --charset shift", "shift_jis"},
		{"relink warc --format t", "tsv"},
		{"relink linkify --format ", "html markdown"},
		{"relink check --mode l", "leiri"},
	}
	for _, tt := range tests {
		words := strings.Split(tt.words, " ")
		if got := bashComplete(t, bash, script, words); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.words, got, tt.want)
		}
	}
}

// TestCompletionValues checks the values completion offers for the flags
// whose values are a closed set: each is taken by its command (no usage
// error), and the bash and fish scripts offer them all, after the flag and
// after "--flag=".
func TestCompletionValues(t *testing.T) {
	// What a command needs besides the value to run without a usage error.
	extra := map[string][]string{"rewrite": {"--base", "https://example.org/"}, "mv": {"-n", "no-such-old", "no-such-new"}}
	type choice struct {
		cmd    *command
		flag   string
		values []string
	}
	var choices []choice
	for _, c := range commands {
		for _, f := range commandFlags(c) {
			values := flagChoices(f)
			if values == nil {
				continue
			}
			choices = append(choices, choice{c, f.Name, values})
			for _, v := range values {
				args := append(append([]string{c.name}, extra[c.name]...), "--"+f.Name, v)
				if got := runString(args, ""); got.code == exitUsage {
					t.Errorf("relink %s offered by completion: a usage error: %s", strings.Join(args, " "), got.stderr)
				}
			}
		}
	}
	for _, want := range []string{"extract --type", "extract --format", "extract --charset", "extract --role", "rewrite --to", "rewrite --resolve",
		"rewrite --type", "rewrite --charset", "warc --format", "warc --role", "linkify --format", "linkify --charset", "uri --mode",
		"uri --charset", "iri --mode", "check --mode"} {
		if !slices.ContainsFunc(choices, func(c choice) bool { return c.cmd.name+" --"+c.flag == want }) {
			t.Errorf("relink %s: no values to complete", want)
		}
	}

	t.Run("bash", func(t *testing.T) {
		bash := shell(t, "bash")
		script := runString([]string{"completion", "bash"}, "").stdout
		for _, c := range choices {
			want := strings.Join(c.values, " ")
			for _, words := range [][]string{
				{"relink", c.cmd.name, "--" + c.flag, ""},
				{"relink", c.cmd.name, "-" + c.flag, ""},
				{"relink", c.cmd.name, "--" + c.flag, "=", ""},
			} {
				if got := bashComplete(t, bash, script, words); got != want {
					t.Errorf("%q: %q, want %q", words, got, want)
				}
			}
		}
	})
	t.Run("fish", func(t *testing.T) {
		fish := shell(t, "fish")
		file := filepath.Join(t.TempDir(), "relink.fish")
		if err := os.WriteFile(file, []byte(runString([]string{"completion", "fish"}, "").stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, c := range choices {
			for _, line := range []string{"relink " + c.cmd.name + " --" + c.flag + " ", "relink " + c.cmd.name + " --" + c.flag + "="} {
				out, err := exec.Command(fish, "--no-config", "-c", "source "+file+"; complete -C"+zshQuote(line)).CombinedOutput()
				if err != nil {
					t.Fatalf("%q: %v %s", line, err, out)
				}
				var got []string
				for l := range strings.Lines(string(out)) {
					v, _, _ := strings.Cut(strings.TrimSuffix(l, "\n"), "\t")
					got = append(got, strings.TrimPrefix(v, "--"+c.flag+"="))
				}
				want := slices.Clone(c.values)
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("fish %q: %q, want %q", line, got, want)
				}
			}
		}
	})
}

// TestCompletionSyntax checks the bash, zsh and fish scripts with the
// shell's own syntax check, and loads the zsh script in zsh, where the
// shell is installed.
func TestCompletionSyntax(t *testing.T) {
	for _, sh := range []struct{ name, flag string }{{"bash", "-n"}, {"zsh", "-n"}, {"fish", "--no-execute"}} {
		t.Run(sh.name, func(t *testing.T) {
			path := shell(t, sh.name)
			script := runString([]string{"completion", sh.name}, "").stdout
			cmd := exec.Command(path, sh.flag)
			cmd.Stdin = strings.NewReader(script)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s %s: %v\n%s", sh.name, sh.flag, err, out)
			}
			if sh.name != "zsh" {
				return
			}
			// Loaded by compinit's compdef, as from a directory of
			// $fpath: the script defines _relink and registers it.
			prog := "autoload -Uz compinit && compinit -u -D; source /dev/stdin; print -r -- ${_comps[relink]}"
			cmd = exec.Command(path, "-f", "-c", prog)
			cmd.Stdin = strings.NewReader(script)
			out, err := cmd.CombinedOutput()
			if err != nil || strings.TrimSpace(string(out)) != "_relink" {
				t.Errorf("zsh: the script does not register _relink: %v %q", err, out)
			}
		})
	}
}
