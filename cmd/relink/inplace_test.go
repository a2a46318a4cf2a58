package main

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/relink-go/relink/rewrite"
)

// page is a page whose one link --to uri rewrites.
const page = "<a href=\"/é\">é</a>\n"

// temps returns the temporary files of writeAtomic below the directories
// dirs.
func temps(t *testing.T, dirs ...string) []string {
	t.Helper()
	var names []string
	for _, dir := range dirs {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && isRewriteTemp(d.Name()) {
				names = append(names, path)
			}
			return nil
		})
	}
	return names
}

func symlink(t *testing.T, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		t.Skip("no symbolic links:", err)
	}
}

func rename(t *testing.T, from, to string) {
	t.Helper()
	if err := os.Rename(from, to); err != nil {
		t.Fatal(err)
	}
}

// TestRewriteSymlinkRace swaps a directory of the tree, or a file, for a
// symbolic link after the walk, or just before the rename, and checks
// that no file outside the tree is written, that no link is followed,
// and that no temporary file is left.
func TestRewriteSymlinkRace(t *testing.T) {
	for _, tc := range []struct {
		name string
		// swap is called when the tree is walked (at "walked") or just
		// before sub/x.html is renamed into place (at "replace"), with
		// the tree and the outside directory.
		at   string
		swap func(t *testing.T, tree, outside string)
		want string // the error reported for sub/x.html
	}{{
		name: "directory to outside after the walk",
		at:   "walked",
		swap: func(t *testing.T, tree, outside string) {
			rename(t, filepath.Join(tree, "sub"), filepath.Join(tree, "sub.old"))
			symlink(t, outside, filepath.Join(tree, "sub"))
		},
		want: "path escapes from parent",
	}, {
		name: "directory to outside, relative, after the walk",
		at:   "walked",
		swap: func(t *testing.T, tree, outside string) {
			rename(t, filepath.Join(tree, "sub"), filepath.Join(tree, "sub.old"))
			rel, err := filepath.Rel(tree, outside)
			if err != nil {
				t.Fatal(err)
			}
			symlink(t, rel, filepath.Join(tree, "sub"))
		},
		want: "path escapes from parent",
	}, {
		name: "directory to inside after the walk",
		at:   "walked",
		swap: func(t *testing.T, tree, outside string) {
			rename(t, filepath.Join(tree, "sub"), filepath.Join(tree, "sub.old"))
			symlink(t, "sub.old", filepath.Join(tree, "sub"))
		},
		want: errMoved.Error(),
	}, {
		name: "file to outside after the walk",
		at:   "walked",
		swap: func(t *testing.T, tree, outside string) {
			rename(t, filepath.Join(tree, "sub", "x.html"), filepath.Join(tree, "sub", "x.old"))
			symlink(t, filepath.Join(outside, "x.html"), filepath.Join(tree, "sub", "x.html"))
		},
		want: "path escapes from parent",
	}, {
		name: "directory to outside before the rename",
		at:   "replace",
		swap: func(t *testing.T, tree, outside string) {
			rename(t, filepath.Join(tree, "sub"), filepath.Join(tree, "sub.old"))
			symlink(t, outside, filepath.Join(tree, "sub"))
		},
		want: errMoved.Error(),
	}, {
		name: "directory moved out before the rename",
		at:   "replace",
		swap: func(t *testing.T, tree, outside string) {
			rename(t, filepath.Join(tree, "sub"), filepath.Join(outside, "moved"))
		},
		want: errMoved.Error(),
	}, {
		name: "file to outside before the rename",
		at:   "replace",
		swap: func(t *testing.T, tree, outside string) {
			rename(t, filepath.Join(tree, "sub", "x.html"), filepath.Join(tree, "sub", "x.old"))
			symlink(t, filepath.Join(outside, "x.html"), filepath.Join(tree, "sub", "x.html"))
		},
		want: errConflict.Error(),
	}} {
		t.Run(tc.name, func(t *testing.T) {
			tree, outside := t.TempDir(), t.TempDir()
			if err := os.Mkdir(filepath.Join(tree, "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(tree, "sub", "x.html"), page)
			write(t, filepath.Join(tree, "y.html"), page)
			write(t, filepath.Join(outside, "x.html"), page)
			done := false
			swap := func() {
				if !done {
					done = true
					tc.swap(t, tree, outside)
				}
			}
			if tc.at == "walked" {
				testHookWalked = swap
			} else {
				testHookReplace = func(path string) {
					if filepath.Base(path) == "x.html" {
						swap()
					}
				}
			}
			defer func() { testHookWalked, testHookReplace = nil, nil }()

			got := runString([]string{"rewrite", "-w", "-r", "-j", "1", "--to", "uri", tree}, "")
			if !done {
				t.Fatal("the hook was not called")
			}
			if got.code != exitFail {
				t.Errorf("exit %d, want %d", got.code, exitFail)
			}
			if want := filepath.Join(tree, "sub", "x.html") + ": " + tc.want + "\n"; !strings.Contains(got.stderr, want) {
				t.Errorf("stderr lacks %q:\n%s", want, got.stderr)
			}
			if !strings.Contains(got.stderr, "1 file scanned, 1 changed, 1 link rewritten, 0 skipped, 1 error") {
				t.Errorf("summary:\n%s", got.stderr)
			}
			// Outside, and in the moved directory, nothing is written;
			// the other file of the tree is.
			for path, want := range readTree(t, outside) {
				if want != page {
					t.Errorf("outside the tree, %s was written:\n%s", path, want)
				}
			}
			for path, b := range readTree(t, tree) {
				if path == "y.html" {
					if b == page {
						t.Errorf("y.html not rewritten")
					}
				} else if b != page {
					t.Errorf("%s was written:\n%s", path, b)
				}
			}
			if tmp := temps(t, tree, outside); len(tmp) > 0 {
				t.Errorf("temporary files left: %q", tmp)
			}
		})
	}
}

// TestRewriteConflict changes the file being rewritten as another
// program would, at the moment before the rename, and checks that it is
// left as that program made it, reported, and counted.
func TestRewriteConflict(t *testing.T) {
	const other = "<a href=\"/ü\">written by another program</a>\n"
	for _, tc := range []struct {
		name   string
		change func(t *testing.T, path string)
		want   string // the file after, "" for none
	}{{
		name: "replaced by a rename",
		change: func(t *testing.T, path string) {
			write(t, path+".new", other)
			rename(t, path+".new", path)
		},
		want: other,
	}, {
		name: "written in place",
		change: func(t *testing.T, path string) {
			f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString(other)
			f.Close()
		},
		want: other,
	}, {
		name: "written in place, same size",
		change: func(t *testing.T, path string) {
			info, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("<A")
			f.Close()
			// Whatever the resolution of the file system's times.
			tm := info.ModTime().Add(2 * time.Second)
			if err := os.Chtimes(path, tm, tm); err != nil {
				t.Fatal(err)
			}
		},
		want: "<A" + page[2:],
	}, {
		name: "removed",
		change: func(t *testing.T, path string) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		},
	}} {
		for _, mode := range [][]string{{"-w"}, {"-w", "--diff"}, {"-w", "--backup", ".orig"}} {
			t.Run(tc.name+" "+strings.Join(mode, " "), func(t *testing.T) {
				dir := t.TempDir()
				x := filepath.Join(dir, "x.html")
				write(t, x, page)
				write(t, filepath.Join(dir, "y.html"), page)
				called := false
				testHookReplace = func(path string) {
					if path == x {
						called = true
						tc.change(t, path)
					}
				}
				defer func() { testHookReplace = nil }()
				got := runString(append([]string{"rewrite", "-r", "-j", "1", "--to", "uri", dir}, mode...), "")
				if !called {
					t.Fatal("the hook was not called")
				}
				if got.code != exitFail {
					t.Errorf("exit %d, want %d", got.code, exitFail)
				}
				for _, want := range []string{
					x + ": " + errConflict.Error() + "\n",
					"relink rewrite: 1 file scanned, 1 changed, 1 link rewritten, 0 skipped, 1 error (1 conflict), ",
				} {
					if !strings.Contains(got.stderr, want) {
						t.Errorf("stderr lacks %q:\n%s", want, got.stderr)
					}
				}
				files := readTree(t, dir)
				if b, ok := files["x.html"]; tc.want == "" && ok || b != tc.want {
					t.Errorf("x.html is %q, want %q", b, tc.want)
				}
				if _, ok := files["x.html.orig"]; ok {
					t.Errorf("x.html backed up, but not written")
				}
				if files["y.html"] == page {
					t.Errorf("y.html not rewritten")
				}
				if tmp := temps(t, dir); len(tmp) > 0 {
					t.Errorf("temporary files left: %q", tmp)
				}
			})
		}
	}
}

// TestRewriteSignalHelper is relink run by TestRewriteSignal in a process
// of its own when RELINK_SIGNAL_HELPER is set, with the arguments that
// follow "--" on the command line. Before the rename of the file named RELINK_SIGNAL_BLOCK, it
// creates the file RELINK_SIGNAL_READY and blocks; with RELINK_SIGNAL_HOLD
// set, it blocks again when the signal has stopped the run, after
// creating RELINK_SIGNAL_READY.stopped.
func TestRewriteSignalHelper(t *testing.T) {
	if os.Getenv("RELINK_SIGNAL_HELPER") == "" {
		t.Skip("run by TestRewriteSignal in a process of its own")
	}
	ready := os.Getenv("RELINK_SIGNAL_READY")
	// The blocked file's worker waits until the signal has stopped the
	// run, as a worker busy with a large file would.
	stopped := make(chan struct{})
	testHookReplace = func(path string) {
		if filepath.Base(path) == os.Getenv("RELINK_SIGNAL_BLOCK") {
			os.WriteFile(ready, nil, 0o644)
			<-stopped
		}
	}
	testHookInterrupted = func() {
		close(stopped)
		if os.Getenv("RELINK_SIGNAL_HOLD") != "" {
			os.WriteFile(ready+".stopped", nil, 0o644)
			select {}
		}
	}
	os.Exit(run(flag.Args(), os.Stdin, os.Stdout, os.Stderr))
}

// TestRewriteSignal interrupts relink rewrite -w, run in a process of its
// own, while a file is in its temporary file waiting to be renamed and
// another worker goes on, and checks the exit status, the partial
// summary, that no temporary file is left, and that each file is old or
// new; then that a second signal exits at once.
func TestRewriteSignal(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("needs SIGINT and SIGTERM sent to a process")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no path to the test binary:", err)
	}
	for _, tc := range []struct {
		sig    os.Signal
		name   string
		status int
		hold   bool // send a second signal while the first is handled
	}{
		{os.Interrupt, "SIGINT", 130, false},
		{syscall.SIGTERM, "SIGTERM", 143, false},
		{os.Interrupt, "SIGINT", 130, true},
	} {
		t.Run(tc.name+map[bool]string{true: " twice"}[tc.hold], func(t *testing.T) {
			dir := t.TempDir()
			files := genSite(t, dir, 200)
			block := filepath.Join(dir, "d11", "p0051.html")
			if _, ok := files[block]; !ok {
				t.Fatalf("genSite made no %s", block)
			}
			ready := filepath.Join(t.TempDir(), "ready")
			cmd := exec.Command(exe, "-test.run=^TestRewriteSignalHelper$", "--", "rewrite", "-w", "-r", "-j", "2", "--to", "uri", dir)
			cmd.Env = append(os.Environ(),
				"RELINK_SIGNAL_HELPER=1",
				"RELINK_SIGNAL_BLOCK="+filepath.Base(block),
				"RELINK_SIGNAL_READY="+ready)
			if tc.hold {
				cmd.Env = append(cmd.Env, "RELINK_SIGNAL_HOLD=1")
			}
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitErr := make(chan error, 1)
			go func() { waitErr <- cmd.Wait() }()
			waitFile := func(name string) {
				for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(10 * time.Millisecond) {
					if _, err := os.Stat(name); err == nil {
						return
					}
					select {
					case err := <-waitErr:
						t.Fatalf("exited before %s: %v\n%s", filepath.Base(name), err, stderr.Bytes())
					default:
					}
					if time.Now().After(deadline) {
						cmd.Process.Kill()
						t.Fatalf("no %s after 2 minutes", filepath.Base(name))
					}
				}
			}
			waitFile(ready)
			if tmp := temps(t, dir); len(tmp) == 0 {
				t.Errorf("no temporary file while %s waits to be renamed", block)
			}
			cmd.Process.Signal(tc.sig)
			if tc.hold {
				waitFile(ready + ".stopped")
				cmd.Process.Signal(tc.sig)
			}
			select {
			case <-waitErr:
			case <-time.After(2 * time.Minute):
				cmd.Process.Kill()
				t.Fatalf("still running 2 minutes after %s", tc.name)
			}
			if code := cmd.ProcessState.ExitCode(); code != tc.status {
				t.Errorf("exit status %d, want %d\n%s", code, tc.status, stderr.Bytes())
			}
			if tmp := temps(t, dir); len(tmp) > 0 {
				t.Errorf("temporary files left: %q", tmp)
			}
			var new int
			for path, b := range files {
				want := rewritten(t, rewrite.Options{To: rewrite.FormURI}, b)
				switch got, err := os.ReadFile(path); {
				case err != nil:
					t.Error(err)
				case string(got) == want && want != b:
					new++
					if path == block {
						t.Errorf("%s written after the signal", path)
					}
				case string(got) != b:
					t.Errorf("%s is neither old nor new:\n%s", path, got)
				}
			}
			if tc.hold {
				if stderr.Len() > 0 {
					t.Errorf("exited at the second signal, but printed:\n%s", stderr.Bytes())
				}
				return
			}
			m := regexp.MustCompile(`relink rewrite: interrupted by ` + tc.name + `: (\d+) files? written, the other (\d+) left as they were, no temporary file left\n` +
				`relink rewrite: \d+ files? scanned, (\d+) changed, \d+ links? rewritten, 0 skipped, 0 errors, `).FindSubmatch(stderr.Bytes())
			if m == nil {
				t.Fatalf("no partial summary:\n%s", stderr.Bytes())
			}
			written, _ := strconv.Atoi(string(m[1]))
			others, _ := strconv.Atoi(string(m[2]))
			changed, _ := strconv.Atoi(string(m[3]))
			if written != new || written+others != len(files) || changed != written {
				t.Errorf("%d files written, %d changed and %d others reported; %d of %d files are rewritten", written, changed, others, new, len(files))
			}
			t.Logf("%s: %d of %d files written", tc.name, new, len(files))
		})
	}
}
