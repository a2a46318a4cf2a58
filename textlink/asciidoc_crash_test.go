package textlink

import "testing"

// TestAsciiDocSlashesAfterBracket is the regression test of a crash that
// FuzzLinkify (package linkify) found: a "//" after the "[" of a link
// without a scheme was taken for the start of its authority, beyond the
// "[", and the slice between them panicked.
func TestAsciiDocSlashesAfterBracket(t *testing.T) {
	for _, in := range []string{"0.org.w.AC/00000[//", "x.org/a[//b", "www.x.org/a[b//c d"} {
		for _, m := range Find([]byte(in)) {
			if m.Start < 0 || int(m.End) > len(in) {
				t.Errorf("%q: span %d-%d", in, m.Start, m.End)
			}
		}
	}
}
