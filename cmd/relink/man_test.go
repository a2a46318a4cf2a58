package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestManPage checks that relink.1 is the manual page that the help
// makes. Run "go test ./cmd/relink -run TestManPage -update" after
// changing the help.
func TestManPage(t *testing.T) {
	want := manPage()
	if *update {
		if err := os.WriteFile("relink.1", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile("relink.1")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("relink.1 is not the manual page the help makes; run go test ./cmd/relink -run TestManPage -update")
	}
	for _, c := range commands {
		if !strings.Contains(want, ".SS \"relink "+c.name+"\"\n") {
			t.Errorf("no section for relink %s", c.name)
		}
		for _, f := range commandFlags(c) {
			if !strings.Contains(want, `\fB`+roffEscape(flagName(f))+`\fR`) {
				t.Errorf("relink %s: flag %s missing", c.name, flagName(f))
			}
		}
	}
}

// TestManPageGroff formats relink.1 with groff, when it is installed,
// and fails on any warning.
func TestManPageGroff(t *testing.T) {
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Skip("groff is not installed: the page is not formatted")
	}
	cmd := exec.Command(groff, "-k", "-man", "-Tutf8", "-ww", "-z")
	cmd.Stdin = strings.NewReader(manPage())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Errorf("groff: %v\n%s", err, stderr.String())
	}
}

func TestRoff(t *testing.T) {
	var b strings.Builder
	writeRoff(&b, "A paragraph\n.starting with a dot\\ and -x.\n\n\t$ relink uri a\n\n\tb\nNext.\n")
	want := ".PP\nA paragraph\n\\&.starting with a dot\\e and \\-x.\n.PP\n.RS 4\n.nf\n$ relink uri a\n.sp\nb\n.fi\n.RE\n.PP\nNext.\n"
	if b.String() != want {
		t.Errorf("writeRoff:\n%q\nwant\n%q", b.String(), want)
	}
}
