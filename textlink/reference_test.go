package textlink

import (
	"os"
	"strings"
	"testing"
)

// TestUTS58Reference checks the list of deliberate differences from the
// UTS #58 reference scanner, testdata/uts58/known-differences-reference.tsv: each text is
// found as the list says we find it, and that is not the reference's
// answer.
func TestUTS58Reference(t *testing.T) {
	const name = "../testdata/uts58/known-differences-reference.tsv"
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 || f[3] == "" || f[4] == "" {
			t.Fatalf("%s:%d: want 5 tab-separated fields (text, reference, ours, category, reason)", name, i+1)
		}
		text, ref, ours := f[0], f[1], f[2]
		for _, marked := range []string{ref, ours} {
			if s, _ := parseMarked(marked); s != text {
				t.Fatalf("%s:%d: %q is not the text %q marked", name, i+1, marked, text)
			}
		}
		if ref == ours {
			t.Errorf("%s:%d: the reference and ours agree: not a difference", name, i+1)
		}
		if got := markLinks(text, Find([]byte(text))); got != ours {
			t.Errorf("%s:%d:\n got %s\nlisted %s\n  (reference %s)", name, i+1, got, ours, ref)
		}
		n++
	}
	t.Logf("%d deliberate differences from the UTS #58 reference scanner", n)
}
