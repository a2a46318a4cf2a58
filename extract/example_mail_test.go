package extract_test

import (
	"fmt"
	"strings"

	"github.com/relink-go/relink/extract"
)

// A mail message is read as a mail reader reads it: the quoted-printable
// part decoded (the soft line break and "=3D" are gone), the Message-ID
// never taken for an address, the List-Unsubscribe URL reported with its
// field. Start and End span the link as the message writes it.
func ExampleNewMail() {
	msg := "From: joe@example.com\r\n" +
		"Message-ID: <abc@example.com>\r\n" +
		"List-Unsubscribe: <https://lists.example.org/leave?u=1>\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\n" +
		"Content-Transfer-Encoding: quoted-printable\r\n" +
		"\r\n" +
		"See https://bugs.example.org/show?id=3D12345&product=3D=\r\nCore today.\r\n"
	x := extract.NewMail(extract.Options{}, func(l *extract.Link) error {
		where := "text"
		if l.Tag != "" {
			where = l.Tag + " " + l.Attr
		}
		fmt.Printf("%s: %s line %d %q\n", where, l.Href, l.Line, msg[l.Start:l.End])
		return nil
	})
	if _, err := x.ReadFrom(strings.NewReader(msg)); err != nil {
		fmt.Println(err)
	}
	// Output:
	// mail list-unsubscribe: https://lists.example.org/leave?u=1 line 3 "https://lists.example.org/leave?u=1"
	// text: https://bugs.example.org/show?id=12345&product=Core line 7 "https://bugs.example.org/show?id=3D12345&product=3D=\r\nCore"
}
