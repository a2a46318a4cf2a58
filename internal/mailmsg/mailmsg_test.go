package mailmsg

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"mime/quotedprintable"
	"strings"
	"testing"
)

// decodeAll decodes src with step.
func decodeAll(src []byte, step stepFunc) []byte {
	return decodeView(&view{b: src}, step).b
}

func TestQuotedPrintable(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a=3Db", "a=b"},
		{"a=3db", "a=b"}, // lower case, as mail readers accept
		{"soft=\r\nbreak", "softbreak"},
		{"soft=  \nbreak", "softbreak"},
		{"end=", "end"},
		{"=ZZ=4", "=ZZ=4"},
		{"=C3=BC", "ü"},
		{"line\r\nnext", "line\r\nnext"},
	} {
		if got := string(decodeAll([]byte(tt.in), qpStep)); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDecodeStd checks the decoders against the standard library's on
// what it encodes.
func TestDecodeStd(t *testing.T) {
	texts := []string{"", "a", "https://example.com/?id=12345&x=ü " + strings.Repeat("long line ", 20) + "\n\tend =\n", "\x00\xff\xfe binary"}
	for _, s := range texts {
		var qp bytes.Buffer
		w := quotedprintable.NewWriter(&qp)
		w.Write([]byte(s))
		w.Close()
		std, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(qp.Bytes())))
		if err != nil {
			t.Fatal(err)
		}
		if got := decodeAll(qp.Bytes(), qpStep); !bytes.Equal(got, std) {
			t.Errorf("QP %q: %q, want %q", qp.Bytes(), got, std)
		}
		b64 := base64.StdEncoding.EncodeToString([]byte(s))
		wrapped := ""
		for i := 0; i < len(b64); i += 76 {
			wrapped += b64[i:min(i+76, len(b64))] + "\r\n"
		}
		if got := decodeAll([]byte(wrapped), b64Step); string(got) != s {
			t.Errorf("base64 %q: %q, want %q", wrapped, got, s)
		}
	}
}

// TestSpans checks that each decoded byte's span decodes to that byte.
func TestSpans(t *testing.T) {
	for _, tt := range []struct {
		src  string
		step stepFunc
	}{
		{"https://b=C3=BCcher.example/?q=3D1&=\r\nx=3D2 =ZZ=\n", qpStep},
		{"aHR0cHM6Ly9h\r\nLmV4YW1w*bGUv", b64Step},
	} {
		v := decodeView(&view{b: []byte(tt.src)}, tt.step)
		if tt.step == nil {
			continue
		}
		// Spans grow with the bytes, and for QP a byte's span decodes to
		// the byte.
		var ps, pe int64
		for i := range v.b {
			s, e := v.span(i, i+1)
			if s < ps || e < pe || e <= s || e > int64(len(tt.src)) {
				t.Fatalf("%q: byte %d at [%d,%d) after [%d,%d)", tt.src, i, s, e, ps, pe)
			}
			if qp := tt.src[0] == 'h'; qp {
				if d := decodeAll([]byte(tt.src[s:e]), qpStep); (len(d) != 1 || d[0] != v.b[i]) && tt.src[s:e] != "=" {
					t.Errorf("%q: byte %d %q spans %q", tt.src, i, v.b[i], tt.src[s:e])
				}
			}
			ps, pe = s, e
		}
		// Backwards too: the cursor restarts.
		s0, _ := v.span(0, 1)
		if s0 != 0 && tt.src[0] != '=' {
			t.Errorf("%q: first byte at %d", tt.src, s0)
		}
	}
}

func TestWalkParts(t *testing.T) {
	msg := "From: a@b.c\r\nContent-Type: multipart/mixed; boundary=\"=_x\"\r\n\r\npre\r\n--=_x\r\n" +
		"Content-Type: text/plain; charset=\"KOI8-R\"\r\nContent-Transfer-Encoding: BASE64\r\nContent-Disposition: attachment; filename=a.txt\r\n\r\naGk=\r\n" +
		"--=_x  \r\nContent-Type: text/html; charset*=utf-8''%E2%82%AC\r\n\r\n<p>x</p>\r\n--=_x--\r\nepilogue\r\n"
	var parts []string
	err := Walk([]byte(msg), nil, func(p *Part) error {
		s, e := p.Span(0, len(p.Body))
		parts = append(parts, p.Type+" "+p.Params["charset"]+" "+p.Encoding+" "+string(p.Body)+" "+msg[s:e]+" "+map[bool]string{true: "attachment"}[p.Attachment])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"text/plain KOI8-R base64 hi aGk attachment", "text/html € 7bit <p>x</p> <p>x</p> "}
	if strings.Join(parts, "|") != strings.Join(want, "|") {
		t.Errorf("parts\n%q\nwant\n%q", parts, want)
	}
}

func FuzzWalk(f *testing.F) {
	f.Add("From: a@b.c\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nx=3D=\r\ny\r\n--b\r\nContent-Type: message/rfc822\r\nContent-Transfer-Encoding: base64\r\n\r\nRnJvbTogYUBiLmMKCmh0dHA6Ly94Lnkv\r\n--b--\r\n")
	f.Add("From a\nX: y\n\n")
	f.Fuzz(func(t *testing.T, s string) {
		msg := []byte(s)
		err := Walk(msg, func(fl *Field) error {
			st, e := fl.Span(0, len(fl.Value))
			// A field of a message held in a quoted-printable or base64
			// part spans the bytes it is decoded from; the message's own
			// fields are written as they are.
			if st < 0 || st > e || e > int64(len(msg)) || fl.Depth == 0 && string(msg[st:e]) != string(fl.Value) {
				t.Fatalf("field %s: span [%d,%d) is not its value %q", fl.Name, st, e, fl.Value)
			}
			return nil
		}, func(p *Part) error {
			if len(p.Body) > len(msg) {
				t.Fatalf("body of %d bytes in a message of %d", len(p.Body), len(msg))
			}
			var ps, pe int64 = -1, -1
			for i := range p.Body {
				st, e := p.Span(i, i+1)
				if st < ps || e < pe || e <= st || e > int64(len(msg)) {
					t.Fatalf("byte %d at [%d,%d) after [%d,%d)", i, st, e, ps, pe)
				}
				if p.Encoding == "quoted-printable" {
					if d := decodeAll(msg[st:e], qpStep); (len(d) != 1 || d[0] != p.Body[i]) && string(msg[st:e]) != "=" && p.Depth == 0 {
						t.Fatalf("byte %d %q spans %q", i, p.Body[i], msg[st:e])
					}
				}
				ps, pe = st, e
			}
			return nil
		})
		var me *Error
		if err != nil && (!errors.As(err, &me) || me.Offset < 0 || me.Offset > int64(len(msg))) {
			t.Fatalf("error %v", err)
		}
	})
}
