package htmlattr

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneSpanType checks that Span is the one span type of relink's
// packages (issue 20): no other exported struct type is a Start, End
// pair (markdown had one of its own), and no exported field spells a
// span's ends another way than Start and End (Candidate had DescStart and
// DescEnd). It reads the module's Go files, but its tests and internal
// packages.
func TestOneSpanType(t *testing.T) {
	root := ".."
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "internal" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok || !ts.Name.IsExported() {
				return true
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				return true
			}
			var fields []string
			for _, fl := range st.Fields.List {
				for _, id := range fl.Names {
					fields = append(fields, id.Name)
					if id.IsExported() && id.Name != "Start" && id.Name != "End" && (strings.HasSuffix(id.Name, "Start") || strings.HasSuffix(id.Name, "End")) {
						t.Errorf("%s: %s.%s: a span's end is Start or End (see Span)", path, ts.Name.Name, id.Name)
					}
				}
			}
			if strings.Join(fields, ",") == "Start,End" && !(filepath.Base(filepath.Dir(path)) == "htmlattr" && ts.Name.Name == "Span") {
				t.Errorf("%s: %s is a span type of its own: use htmlattr.Span", path, ts.Name.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read %d Go files: the walk is broken", files)
	}
}
