package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpenFileDirReuse checks openFileDir given the directory of the file
// before: the directories the two paths share are the same handles, the
// others are opened or closed, and each file is read where its path
// names it.
func TestOpenFileDirReuse(t *testing.T) {
	tree := t.TempDir()
	files := []string{"a/b/x.html", "a/b/y.html", "a/b/c/z.html", "a/d/w.html", "v.html", "a/b/u.html"}
	for _, f := range files {
		p := filepath.Join(tree, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, p, f)
	}
	root, err := os.OpenRoot(tree)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	var d *fileDir
	defer func() { d.close() }()
	var prevRoots []*os.Root
	for i, f := range files {
		var name string
		d, name, err = openFileDir(&rewriteJob{root: root, rel: filepath.FromSlash(f)}, d)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		dirs := strings.Split(f, "/")
		dirs, base := dirs[:len(dirs)-1], dirs[len(dirs)-1]
		if name != base || strings.Join(d.names, "/") != strings.Join(dirs, "/") || len(d.roots) != len(dirs)+1 || d.roots[0] != root {
			t.Fatalf("%s: name %q, directories %q (%d handles)", f, name, d.names, len(d.roots))
		}
		// The directories shared with the path before are its handles.
		for k := 1; k < len(d.roots) && k < len(prevRoots); k++ {
			if same := d.roots[k] == prevRoots[k]; same != (i > 0 && k <= shared(files[i-1], f)) {
				t.Errorf("%s: directory %d reused %v", f, k, same)
			}
		}
		prevRoots = append(prevRoots[:0], d.roots...)
		file, err := d.dir().Open(name)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		b, _ := io.ReadAll(file)
		file.Close()
		if string(b) != f {
			t.Errorf("%s: read %q", f, b)
		}
	}
}

// shared returns how many directories the paths a and b share.
func shared(a, b string) int {
	x, y := strings.Split(a, "/"), strings.Split(b, "/")
	n := 0
	for n < len(x)-1 && n < len(y)-1 && x[n] == y[n] {
		n++
	}
	return n
}

// TestRewriteDirSwappedBetweenFiles swaps the directory of two files
// after the first is read and before the second is: the second is
// reached as its path names it now, the directory kept open for the
// first notwithstanding. Replaced by a symbolic link out of the tree, it
// is not followed; by another directory, the file of that one is
// rewritten, and the moved one left alone.
func TestRewriteDirSwappedBetweenFiles(t *testing.T) {
	for _, tc := range []struct {
		name string
		swap func(t *testing.T, tree, outside string)
		want string // the error reported for sub/b.html, "" for none
	}{{
		name: "directory to outside",
		swap: func(t *testing.T, tree, outside string) {
			rename(t, filepath.Join(tree, "sub"), filepath.Join(tree, "sub.old"))
			symlink(t, outside, filepath.Join(tree, "sub"))
		},
		want: "path escapes from parent",
	}, {
		name: "directory to another directory",
		swap: func(t *testing.T, tree, outside string) {
			rename(t, filepath.Join(tree, "sub"), filepath.Join(tree, "sub.old"))
			if err := os.Mkdir(filepath.Join(tree, "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(tree, "sub", "b.html"), page)
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			tree, outside := t.TempDir(), t.TempDir()
			if err := os.Mkdir(filepath.Join(tree, "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(tree, "sub", "a.html"), page)
			write(t, filepath.Join(tree, "sub", "b.html"), page)
			write(t, filepath.Join(outside, "b.html"), page)
			done := false
			testHookRenamed = func(path string) {
				if filepath.Base(path) == "a.html" && !done {
					done = true
					tc.swap(t, tree, outside)
				}
			}
			defer func() { testHookRenamed = nil }()
			got := runString([]string{"rewrite", "-w", "-r", "-j", "1", "--to", "uri", tree}, "")
			if !done {
				t.Fatal("the hook was not called")
			}
			b := filepath.Join(tree, "sub", "b.html")
			if tc.want != "" {
				if want := b + ": " + tc.want + "\n"; got.code != exitFail || !strings.Contains(got.stderr, want) {
					t.Errorf("exit %d, stderr lacks %q:\n%s", got.code, want, got.stderr)
				}
			} else if got.code != exitOK {
				t.Errorf("exit %d:\n%s", got.code, got.stderr)
			}
			for path, s := range readTree(t, outside) {
				if s != page {
					t.Errorf("outside the tree, %s was written:\n%s", path, s)
				}
			}
			moved := readTree(t, filepath.Join(tree, "sub.old"))
			if moved["a.html"] == page || moved["b.html"] != page {
				t.Errorf("in the moved directory: a.html rewritten %v, b.html rewritten %v", moved["a.html"] != page, moved["b.html"] != page)
			}
			if tc.want == "" {
				if s, _ := os.ReadFile(b); string(s) == page {
					t.Errorf("sub/b.html of the new directory not rewritten")
				}
			}
		})
	}
}
