package transcode

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/htmlindex"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"

	"github.com/relink-go/relink/charset"
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

// TestDecodeWithOffsets checks the offset of each decoded byte, in
// particular where the decoder gives two characters for one call: an
// invalid GBK lead byte before an ASCII byte (U+FFFD, then the byte).
func TestDecodeWithOffsets(t *testing.T) {
	for _, c := range []struct {
		charset, raw string
		want         string
		offs         []int32
	}{
		{"gbk", "\xc4 ", "\ufffd ", []int32{0, 0, 0, 1}},
		{"gbk", "a\xc4\xe3b", "a你b", []int32{0, 1, 1, 1, 3}},
		{"gbk", "\xc4 \xc4", "\ufffd \ufffd", []int32{0, 0, 0, 1, 2, 2, 2}},
		{"shift_jis", "\x82\xa0x\x82", "あx\ufffd", []int32{0, 0, 0, 2, 3, 3, 3}},
		{"windows-1251", "\xcf!", "П!", []int32{0, 0, 1}},
	} {
		e, err := htmlindex.Get(c.charset)
		if err != nil {
			t.Fatal(err)
		}
		var offs []int32
		got := DecodeWithOffsets(nil, e.NewDecoder(), []byte(c.raw), &offs)
		if string(got) != c.want || !slices.Equal(offs, c.offs) {
			t.Errorf("%s %q: %q %v, want %q %v", c.charset, c.raw, got, offs, c.want, c.offs)
		}
	}
}

// TestOffsetDecoder checks that the offsets of a document decoded in
// pieces of any size are those of the characters in the input.
func TestOffsetDecoder(t *testing.T) {
	for _, c := range []struct {
		charset, raw string
		want         string
		offs         []int64
	}{
		{"koi8-r", "a\xf0b", "aПb", []int64{0, 1, 1, 2}},
		{"shift_jis", "\x82\xa0x", "あx", []int64{0, 0, 0, 2}},
		{"utf-16le", "a\x00\x3d\xd8\x00\xdeb\x00", "a😀b", []int64{0, 2, 2, 2, 2, 6}},
		{"utf-16be", "\xfe\xff\x00a", "a", []int64{2}},
	} {
		cs := charset.Named(mustName(t, c.charset), charset.SourceTransport)
		if strings.HasPrefix(c.raw, "\xfe\xff") {
			cs.Source = charset.SourceBOM
		}
		for chunk := 1; chunk <= len(c.raw); chunk++ {
			var d OffsetDecoder
			d.Reset(cs)
			var got []byte
			var offs []int64
			for i := 0; i < len(c.raw); i += chunk {
				end := min(i+chunk, len(c.raw))
				got, offs = d.Decode(got, offs, []byte(c.raw[i:end]), end == len(c.raw))
			}
			if string(got) != c.want || !slices.Equal(offs, c.offs) || d.Decoded() != int64(len(c.raw)) {
				t.Errorf("%s %q chunk %d: %q %v (%d decoded), want %q %v", c.charset, c.raw, chunk, got, offs, d.Decoded(), c.want, c.offs)
			}
		}
	}
}

// mustName returns the WHATWG name of label.
func mustName(t *testing.T, label string) string {
	t.Helper()
	_, name := charset.Lookup(label)
	if name == "" {
		t.Fatalf("unknown label %q", label)
	}
	return name
}
