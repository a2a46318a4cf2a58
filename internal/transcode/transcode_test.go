package charset

import (
	"bytes"
	"testing"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
)

func TestJISMask(t *testing.T) {
	// "<a title=\"日本\">" with the title in JIS X 0208: 日 is 0x46 0x7C,
	// 本 is 0x4B 0x5C; a '"' (0x22) inside a character must be masked too.
	src, err := japanese.ISO2022JP.NewEncoder().Bytes([]byte("<a href=\"x?q=日本\">ｱ</a>\"<"))
	if err != nil {
		t.Fatal(err)
	}
	for chunk := 1; chunk <= len(src); chunk++ {
		var m JISMasker
		got := make([]byte, len(src))
		for i := 0; i < len(src); i += chunk {
			end := min(i+chunk, len(src))
			m.Mask(got[i:end], src[i:end])
		}
		// Markup bytes outside JIS runs are unchanged; inside, masked.
		plain := bytes.Map(func(r rune) rune {
			if r >= 0x80 {
				return -1
			}
			return r
		}, got)
		if !bytes.Equal(plain, []byte("<a href=\"x?q=\"></a>\"<")) {
			t.Fatalf("chunk %d: unmasked bytes %q", chunk, plain)
		}
		if back := Unmask(nil, got); !bytes.Equal(back, src) {
			t.Fatalf("chunk %d: Unmask(Mask(x)) = %q, want %q", chunk, back, src)
		}
	}
}

func TestUTF16Decoder(t *testing.T) {
	text := "<a href=\"/Dürst?q=𝄞\">x</a>"
	for _, big := range []bool{false, true} {
		e := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
		if big {
			e = unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
		}
		src, _ := e.NewEncoder().Bytes([]byte(text))
		for chunk := 1; chunk <= len(src); chunk++ {
			d := UTF16Decoder{BigEndian: big}
			var got []byte
			for i := 0; i < len(src); i += chunk {
				end := min(i+chunk, len(src))
				got = d.Decode(got, src[i:end], end == len(src))
			}
			if string(got) != text {
				t.Fatalf("big=%v chunk %d: %q, want %q", big, chunk, got, text)
			}
			if n := UTF16Units(got); 2*n != int64(len(src)) {
				t.Fatalf("UTF16Units = %d, want %d", n, len(src)/2)
			}
		}
	}
	d := UTF16Decoder{}
	if got := d.Decode(nil, []byte{0x00, 0xD8, 'a', 0, 0x00, 0xDC, 'b'}, true); string(got) != "\uFFFDa\uFFFD\uFFFD" {
		t.Errorf("unpaired surrogates and odd byte: %q", got)
	}
}
