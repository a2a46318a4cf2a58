package main

import (
	"os/exec"
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
				// option kind and name.
				want := flagName(f)
				if sh == "fish" {
					want = "-l " + f.Name
					if len(f.Name) == 1 {
						want = "-s " + f.Name
					}
					want = "'__fish_seen_subcommand_from " + c.name + "' " + want
				}
				if !strings.Contains(script, want) {
					t.Errorf("%s: relink %s: flag %s missing (%q)", sh, c.name, f.Name, want)
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

// TestCompletionBash runs the bash script, where bash is installed, as
// bash runs it on a Tab.
func TestCompletionBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	script := runString([]string{"completion", "bash"}, "").stdout
	tests := []struct{ words, want string }{
		{"relink ex", "extract"},
		{"relink rewrite --ty", "--type"},
		{"relink rewrite -", "--backup --base --charset --diff --dry-run -j --map -n -q -r --resolve --strict --text-links --to --type -v -w --help"},
		{"relink completion f", "fish"},
		{"relink help re", "rewrite"},
		{"relink --ver", "--version"},
	}
	for _, tt := range tests {
		words := strings.Fields(tt.words)
		prog := script + "\nCOMP_WORDS=(" + strings.Join(words, " ") + "); COMP_CWORD=" +
			strconv.Itoa(len(words)-1) + "; _relink; echo \"${COMPREPLY[*]}\"\n"
		out, err := exec.Command(bash, "--norc", "--noprofile", "-c", prog).CombinedOutput()
		if err != nil || strings.TrimSpace(string(out)) != tt.want {
			t.Errorf("%q: %v %q, want %q", tt.words, err, out, tt.want)
		}
	}
}

// TestCompletionSyntax checks the zsh and fish scripts with the shell's
// own syntax check, where the shell is installed.
func TestCompletionSyntax(t *testing.T) {
	for _, sh := range []struct{ name, flag string }{{"zsh", "-n"}, {"fish", "--no-execute"}} {
		path, err := exec.LookPath(sh.name)
		if err != nil {
			t.Logf("%s is not installed: its script is not syntax-checked", sh.name)
			continue
		}
		cmd := exec.Command(path, sh.flag)
		cmd.Stdin = strings.NewReader(runString([]string{"completion", sh.name}, "").stdout)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s %s: %v\n%s", sh.name, sh.flag, err, out)
		}
	}
}
