package extract

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/relink-go/relink/htmlattr"
	"github.com/relink-go/relink/internal/transformtest"
	"golang.org/x/text/transform"
)

// mailLink is what TestMail checks of a link: its place, what it is, and
// the bytes of the message it spans.
type mailLink struct {
	tag, attr string
	role      htmlattr.Role
	raw, href string
	line      int
	off, end  int64
	written   string
}

// bugReportLinks are the links of testdata/mail/bug-report.eml (issue 18,
// item 8): before, read as plain text, the message gave 18 links, 8 of
// them addresses and message identifiers of its header, the
// quoted-printable links cut at "=" and the IDN host lost ("https://b/"),
// and no link of its ISO-2022-JP and base64 parts.
var bugReportLinks = []mailLink{
	{"mail", "list-unsubscribe", htmlattr.RoleForm, "https://lists.example.org/unsubscribe?u=42", "https://lists.example.org/unsubscribe?u=42",
		9, 277, 319, "https://lists.example.org/unsubscribe?u=42"},
	{"mail", "list-unsubscribe", htmlattr.RoleForm, "mailto:leave@lists.example.org", "mailto:leave@lists.example.org",
		10, 325, 355, "mailto:leave@lists.example.org"},
	{"mail", "list-archive", htmlattr.RoleHyperlink, "https://lists.example.org/archive/", "https://lists.example.org/archive/",
		11, 373, 407, "https://lists.example.org/archive/"},
	// Quoted-printable: "=3D" decoded, the soft line break joined.
	{"", "", 0, "https://bugs.example.org/show_bug.cgi?id=12345&product=Core&component=Networking",
		"https://bugs.example.org/show_bug.cgi?id=12345&product=Core&component=Networking",
		26, 710, 799, "https://bugs.example.org/show_bug.cgi?id=3D12345&product=3DCore&=\r\ncomponent=3DNetworking"},
	// A quoted-printable IDN host in UTF-8.
	{"", "", 0, "https://bücher.example/katalog?q=fußball", "https://xn--bcher-kva.example/katalog?q=fu%C3%9Fball",
		28, 832, 884, "https://b=C3=BCcher.example/katalog?q=3Dfu=C3=9Fball"},
	{"", "", 0, "support@example.org", "mailto:support@example.org", 30, 921, 940, "support@example.org"},
	// The text/html alternative, quoted-printable too.
	{"a", "href", htmlattr.RoleHyperlink, "https://bugs.example.org/show_bug.cgi?id=12345&product=Core&component=Networking",
		"https://bugs.example.org/show_bug.cgi?id=12345&product=Core&component=Networking",
		36, 1091, 1188, "https://bugs.example.org/=\r\nshow_bug.cgi?id=3D12345&amp;product=3DCore&amp;component=3DNetworking"},
	{"img", "src", htmlattr.RoleResource, "https://cdn.example.org/logo.png", "https://cdn.example.org/logo.png",
		38, 1226, 1258, "https://cdn.example.org/logo.png"},
	// KOI8-R, 8bit.
	{"", "", 0, "https://ru.wikipedia.org/wiki/Юникод", "https://ru.wikipedia.org/wiki/%D0%AE%D0%BD%D0%B8%D0%BA%D0%BE%D0%B4",
		47, 1399, 1435, "https://ru.wikipedia.org/wiki/\xe0\xce\xc9\xcb\xcf\xc4"},
	{"", "", 0, "пример.рф", "http://xn--e1afmkfd.xn--p1ai/", 47, 1442, 1451, "\xd0\xd2\xc9\xcd\xc5\xd2.\xd2\xc6"},
	// ISO-2022-JP, 7bit.
	{"", "", 0, "https://例え.テスト/資料", "https://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99",
		53, 1559, 1601, "https://\x1b$BNc$(\x1b(B.\x1b$B%F%9%H\x1b(B/\x1b$B;qNA\x1b(B"},
	// A forwarded message (message/rfc822) whose body is base64.
	{"", "", 0, "https://forwarded.example.com/path", "https://forwarded.example.com/path",
		65, 1862, 1908, "aHR0cHM6Ly9mb3J3YXJkZWQuZXhhbXBsZS5jb20vcGF0aC"},
}

func readMailLinks(t *testing.T, msg []byte, opts Options) ([]mailLink, error) {
	t.Helper()
	var got []mailLink
	err := NewMail(opts, func(l *Link) error {
		got = append(got, mailLink{l.Tag, l.Attr, l.Role, l.Value, l.Href, l.Line, l.Start, l.End, string(msg[l.Start:l.End])})
		return nil
	}).Feed(msg, true)
	return got, err
}

func checkMailLinks(t *testing.T, name string, got, want []mailLink) {
	t.Helper()
	for i := 0; i < max(len(got), len(want)); i++ {
		switch {
		case i >= len(got):
			t.Errorf("%s: missing %+v", name, want[i])
		case i >= len(want):
			t.Errorf("%s: extra %+v", name, got[i])
		case got[i] != want[i]:
			t.Errorf("%s: link %d\n got %+v\nwant %+v", name, i, got[i], want[i])
		}
	}
}

func TestMail(t *testing.T) {
	msg, err := os.ReadFile("../testdata/mail/bug-report.eml")
	if err != nil {
		t.Fatal(err)
	}
	got, err := readMailLinks(t, msg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkMailLinks(t, "bug-report.eml", got, bugReportLinks)

	// The same links whichever way the message is read.
	var n int
	count := func(*Link) error { n++; return nil }
	if _, err := NewMail(Options{}, count).ReadFrom(strings.NewReader(string(msg))); err != nil || n != len(bugReportLinks) {
		t.Errorf("ReadFrom: %d links, %v", n, err)
	}
	m := NewMail(Options{}, func(*Link) error { return nil })
	transformtest.Sweep{
		Name: "bug-report.eml",
		In:   msg,
		New:  func() transform.Transformer { m.Reset(); return m },
		Src:  []int{1, 7, 100, len(msg)},
		Dst:  []int{1, 64, 0},
		Want: msg,
	}.Run(t)
	if cs := m.Charset(); cs.Name != "utf-8" {
		t.Errorf("Charset %v, want the first text part's, utf-8", cs)
	}
}

func TestMailCases(t *testing.T) {
	const head = "From: a@example.com\r\nMessage-ID: <abc@example.com>\r\nReferences: <x@example.com>\r\nIn-Reply-To: <y@example.com>\r\n"
	for _, tt := range []struct {
		name, msg string
		want      []mailLink
	}{
		{"header only", head, nil},
		{"header addresses are not links", head + "\r\n", nil},
		{"plain 7bit", head + "\r\nsee https://a.example/x\r\n", []mailLink{
			{"", "", 0, "https://a.example/x", "https://a.example/x", 6, 117, 136, "https://a.example/x"}}},
		{"LF line breaks, soft break in the host", "From: a@b.c\nContent-Transfer-Encoding: Quoted-Printable\n\nhttps://exa=\nmple.com/=3f=3D\n", []mailLink{
			{"", "", 0, "https://example.com/?=", "https://example.com/?=", 4, 57, 85, "https://exa=\nmple.com/=3f=3D"}}},
		{"invalid escape kept", "From: a@b.c\nContent-Transfer-Encoding: quoted-printable\n\nhttps://a.example/=ZZ\n", []mailLink{
			{"", "", 0, "https://a.example/=ZZ", "https://a.example/=ZZ", 4, 57, 78, "https://a.example/=ZZ"}}},
		{"base64 with junk", "From: a@b.c\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\naHR0cDovL2Eu\r\nZXhhbXBsZS/*\n",
			[]mailLink{{"", "", 0, "http://a.example/", "http://a.example/", 5, 87, 112, "aHR0cDovL2Eu\r\nZXhhbXBsZS/"}}},
		{"unknown encoding skipped", "From: a@b.c\nContent-Transfer-Encoding: x-uuencode\n\nhttps://a.example/\n", nil},
		{"image skipped", "From: a@b.c\nContent-Type: image/png\n\nhttps://a.example/\n", nil},
		{"folded list header, comment", "From: a@b.c\nList-Help: (see <https://not.example/>) <https://lists.exa\n mple/help>\nList-Post: NO\n\n",
			[]mailLink{{"mail", "list-help", htmlattr.RoleHyperlink, "https://lists.example/help", "https://lists.example/help", 2, 53, 81, "https://lists.exa\n mple/help"}}},
		{"mbox From line", "From a@b.c Thu Nov 26 10:00:00 2026\nFrom: a@b.c\n\nwww.example.org\n",
			[]mailLink{{"", "", 0, "www.example.org", "http://www.example.org/", 4, 49, 64, "www.example.org"}}},
		{"digest", "From: a@b.c\nContent-Type: multipart/digest; boundary=d\n\n--d\n\nFrom: b@c.d\n\nhttps://d.example/\n--d--\n",
			[]mailLink{{"", "", 0, "https://d.example/", "https://d.example/", 8, 74, 92, "https://d.example/"}}},
		{"no closing delimiter", "From: a@b.c\nContent-Type: multipart/mixed; boundary=\"b b\"\n\npreamble https://pre.example/\n--b b\n\nhttps://p.example/\n",
			[]mailLink{{"", "", 0, "https://p.example/", "https://p.example/", 7, 96, 114, "https://p.example/"}}},
	} {
		got, err := readMailLinks(t, []byte(tt.msg), Options{})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		checkMailLinks(t, tt.name, got, tt.want)
	}
}

func TestMailErrors(t *testing.T) {
	deep := "From: a@b.c\n"
	for i := 0; i <= MaxMailDepth; i++ {
		deep += "Content-Type: message/rfc822\n\n"
	}
	many := "From: a@b.c\nContent-Type: multipart/mixed; boundary=b\n\n" + strings.Repeat("--b\n\nx\n", MaxMailParts) + "--b--\n"
	for _, tt := range []struct {
		name, msg string
		line      int
		off       int64
		msgPart   string
	}{
		{"not a header", "Hello,\nsee https://a.example/\n", 1, 0, `header line "Hello," is not a field`},
		{"bad line in the header", "From: a@b.c\nSubject: x\nnot a field\n\nbody\n", 3, 23, "is not a field"},
		{"continuation first", " folded\nFrom: a@b.c\n\n", 1, 0, "continuation line before any field"},
		{"no boundary", "From: a@b.c\nContent-Type: multipart/mixed\n\n--x\n\nhttps://a.example/\n", 4, 43, "without a boundary parameter"},
		{"no delimiter", "From: a@b.c\nContent-Type: multipart/alternative; boundary=zz\n\nhttps://a.example/\n", 4, 62, "without a line --zz"},
		{"bad part header", "From: a@b.c\nContent-Type: multipart/mixed; boundary=b\n\n--b\nnot a field\n\nx\n--b--\n", 5, 59, "is not a field"},
		{"too deep", deep, 2*(MaxMailDepth+1) + 2, int64(len(deep)), "nested more than"},
		{"too many parts", many, 2 + 3*MaxMailParts, int64(56 + 7*MaxMailParts - 4), "more than"},
	} {
		_, err := readMailLinks(t, []byte(tt.msg), Options{})
		var me *MailError
		if !errors.As(err, &me) || me.Line != tt.line || me.Offset != tt.off || !strings.Contains(me.Msg, tt.msgPart) {
			t.Errorf("%s: error %v, want line %d offset %d %q", tt.name, err, tt.line, tt.off, tt.msgPart)
		}
	}
	// Too long: a bound, reported.
	err := NewMail(Options{}, func(*Link) error { return nil }).Feed(make([]byte, maxMailSize+1), true)
	if err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("oversized message: %v", err)
	}
}

func TestTypeOfMail(t *testing.T) {
	for _, tt := range []struct {
		name, head string
		want       Type
	}{
		{"x.eml", "anything", TypeMail},
		{"x.EML", "", TypeMail},
		{"x.txt", "From: a@b.c\nDate: now\n\nhi", TypeText},
		{"", "From: a@b.c\r\nTo: d@e.f\r\n\r\nhi", TypeMail},
		{"", "Return-Path: <a@b.c>\nReceived: from x\n\tby y\nSubject: s\n\nhi", TypeMail},
		{"", "Subject: notes\nTo: all\n\nhi", TypeText},           // no field every message has
		{"", "From: a@b.c\n\nhi", TypeText},                       // one field
		{"", "From: the team\nWe are glad to announce", TypeText}, // prose after a field
		{"", "Date: 2026\nFrom: me\n" + strings.Repeat("X-Long: "+strings.Repeat("y", 60)+"\n", 20), TypeMail},
		{"", "<html><body>From: a\nDate: b\n\n", TypeHTML},
	} {
		if got := TypeOf(tt.name, []byte(tt.head)); got != tt.want {
			t.Errorf("TypeOf(%q, %.30q) = %v, want %v", tt.name, tt.head, got, tt.want)
		}
	}
	if typ, err := ParseType("mail"); typ != TypeMail || err != nil || TypeMail.String() != "mail" {
		t.Errorf("ParseType(mail) = %v, %v", typ, err)
	}
}

func FuzzMail(f *testing.F) {
	msg, err := os.ReadFile("../testdata/mail/bug-report.eml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(msg))
	f.Add("From: a@b.c\nContent-Type: multipart/mixed; boundary=b\n\n--b\nContent-Transfer-Encoding: base64\n\naHR0cDovL2E=\n--b--\n")
	f.Add("From: a@b.c\nContent-Transfer-Encoding: quoted-printable\n\nhttp://a.b/=\r\n=3D=\n")
	f.Fuzz(func(t *testing.T, s string) {
		in := []byte(s)
		var prev int64
		err := NewMail(Options{}, func(l *Link) error {
			if l.Start < 0 || l.End < l.Start || l.End > int64(len(in)) {
				t.Fatalf("span [%d,%d) of %d bytes", l.Start, l.End, len(in))
			}
			if l.Line < 1 || l.Line != 1+strings.Count(s[:l.Start], "\n") {
				t.Fatalf("line %d at offset %d", l.Line, l.Start)
			}
			if l.Tag == TagMail && l.Start < prev {
				t.Fatalf("header link at %d before %d", l.Start, prev)
			}
			prev = max(prev, l.Start)
			return nil
		}).Feed(in, true)
		var me *MailError
		if err != nil && (!errors.As(err, &me) || me.Offset < 0 || me.Offset > int64(len(in))) {
			t.Fatalf("error %v", err)
		}
	})
}

// TestMailOversize checks that a construct too long to examine in a part
// is reported at its offset in the message, transfer encoding included.
func TestMailOversize(t *testing.T) {
	head := "From: a@b.c\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nx =\r\n"
	long := "https://a.example/" + strings.Repeat("a", 10000)
	msg := head + long + "\r\nthen https://b.example/\r\n"
	var over []OversizeError
	links, err := readMailLinks(t, []byte(msg), Options{Oversize: func(e *OversizeError) { over = append(over, *e) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(over) != 1 || over[0].Construct != ConstructTextLink || over[0].Offset != int64(len(head)) || over[0].Line != 5 {
		// Text reports the candidate where it starts.
		t.Errorf("oversize %+v, want a text link at offset %d, line 5", over, len(head))
	}
	want := []mailLink{{"", "", 0, "https://b.example/", "https://b.example/", 6, int64(len(head) + len(long) + 7), int64(len(head) + len(long) + 25), "https://b.example/"}}
	checkMailLinks(t, "oversize", links, want)
}
