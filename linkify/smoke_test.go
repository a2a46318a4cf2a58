package linkify

import "testing"

func TestSmokeHTML(t *testing.T) {
	for _, in := range []string{
		`<p>http://x.co/`,
		`<p>http://x.co/</p>`,
		`&#x202E;http://x.co/</p>`,
		`<script>var a="http://s.com"</script>http://x.co/</p>`,
		`<svg><text>http://svg.com</text></svg> http://x.co/</p>`,
	} {
		t.Logf("%s\n=> %s %+v", in, HTMLString(in, Options{}), 0)
	}
}
