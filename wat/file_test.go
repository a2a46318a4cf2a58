package wat

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestFieldsJSON: a header as a JSON object is valid JSON that
// encoding/json reads back to the same strings (invalid UTF-8 as
// U+FFFD), with <, > and & as written, and a repeated field's values
// joined.
func TestFieldsJSON(t *testing.T) {
	for _, v := range []string{"", "plain", `quote " backslash \`, "a<b>&c", "tab\tnl\nret\r\x00\x1f\x7f", "é ü 日本", "bad \xff\xfe utf-8", "sep \u2028 \u2029"} {
		b, err := Fields{{Name: "K", Value: v}, {Name: "N", Value: "1"}, {Name: "N", Value: "2"}}.MarshalJSON()
		if err != nil || !json.Valid(b) {
			t.Fatalf("%q: %s, %v", v, b, err)
		}
		var m map[string]string
		json.Unmarshal(b, &m)
		want, _ := json.Marshal(v)
		var wantS string
		json.Unmarshal(want, &wantS)
		if m["K"] != wantS || m["N"] != "1, 2" {
			t.Errorf("%q: read back %q, %q", v, m["K"], m["N"])
		}
		if bytes.Contains([]byte(v), []byte("<")) && !bytes.Contains(b, []byte("a<b>&c")) {
			t.Errorf("%q: %s", v, b)
		}
	}
}
