package crawl

import (
	"strings"
	"testing"

	"github.com/relink-go/relink/htmlattr"
)

// TestRoleName checks the table of role names against the names it is
// made from, for every Role but 0 (no role, which NewLink writes as
// "text" or leaves out), those past the last role included.
func TestRoleName(t *testing.T) {
	for r := 1; r < 256; r++ {
		role := htmlattr.Role(r)
		if got, want := roleName(role), strings.ToLower(role.String()); got != want {
			t.Errorf("roleName(%d) = %q, want %q", r, got, want)
		}
	}
	if roleName(htmlattr.RoleHyperlink) != "hyperlink" {
		t.Errorf("roleName(RoleHyperlink) = %q", roleName(htmlattr.RoleHyperlink))
	}
}
