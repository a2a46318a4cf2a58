package linkify

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func TestMail(t *testing.T) {
	msg, err := os.ReadFile("../testdata/mail/bug-report.eml")
	if err != nil {
		t.Fatal(err)
	}
	const r = ` rel="nofollow noopener"`
	want := "Hi Anna,<br>\r\n<br>\r\nthe bug is " +
		`<a href="https://bugs.example.org/show_bug.cgi?id=12345&amp;product=Core&amp;component=Networking"` + r +
		`>https://bugs.example.org/show_bug.cgi?id=12345&amp;product=Core&amp;component=Networking</a> and it is long.<br>` + "\r\n" +
		`The shop is at <a href="https://xn--bcher-kva.example/katalog?q=fu%C3%9Fball"` + r + `>https://bücher.example/katalog?q=fußball</a><br>` + "\r\n" +
		"(a QP-encoded IDN host).<br>\r\n" +
		`Write to <a href="mailto:support@example.org"` + r + `>support@example.org</a>.<br>` + "\r\n" +
		"<hr>\n" +
		`Статья: <a href="https://ru.wikipedia.org/wiki/%D0%AE%D0%BD%D0%B8%D0%BA%D0%BE%D0%B4"` + r + `>https://ru.wikipedia.org/wiki/Юникод</a>, сайт ` +
		`<a href="http://xn--e1afmkfd.xn--p1ai/"` + r + `>пример.рф</a><br>` + "\r\n" +
		"<hr>\n" +
		`資料は <a href="https://xn--r8jz45g.xn--zckzah/%E8%B3%87%E6%96%99"` + r + `>https://例え.テスト/資料</a> にあります<br>` + "\r\n" +
		"<hr>\n" +
		`Forwarded: see <a href="https://forwarded.example.com/path"` + r + `>https://forwarded.example.com/path</a> and more.<br>` + "\n"
	var b bytes.Buffer
	st, err := Mail(&b, msg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != want {
		t.Errorf("Mail:\n got %q\nwant %q", got, want)
	}
	if st != (Stats{Links: 7}) {
		t.Errorf("Stats %+v, want 7 links", st)
	}
	if strings.Contains(b.String(), "abc@example.com") {
		t.Errorf("the Message-ID is in the output")
	}

	b.Reset()
	_, err = Mail(&b, []byte("From: a@b.c\nContent-Type: multipart/mixed; boundary=x\n\n--x\n\nhttps://a.example/\n--x\nbad line\n\n--x--\n"), Options{Format: FormatMarkdown})
	if err == nil || err.Error() != `linkify: mail message, line 8 (offset 83): header line "bad line" is not a field (name: value)` {
		t.Errorf("bad part: %v", err)
	}
	if want := "[https://a.example/](<https://a.example/>)"; b.String() != want {
		t.Errorf("before the error: %q, want %q", b.String(), want)
	}
}
