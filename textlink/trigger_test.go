package textlink

import (
	"strings"
	"testing"
)

// nextTriggerRef is the reference for nextTrigger: one byte at a time.
func nextTriggerRef(b []byte, i int) int {
	for ; i < len(b); i++ {
		switch b[i] {
		case '.', ':':
			return i
		case 0xE3, 0xEF:
			if i+3 > len(b) || wideDot(b[i:]) {
				return i
			}
		}
	}
	return len(b)
}

// checkNextTrigger compares nextTrigger with nextTriggerRef from every
// offset of b.
func checkNextTrigger(t *testing.T, b []byte) {
	t.Helper()
	for i := 0; i <= len(b); i++ {
		if got, want := nextTrigger(b, i), nextTriggerRef(b, i); got != want {
			t.Fatalf("nextTrigger(%q, %d) = %d, want %d", b, i, got, want)
		}
	}
}

var triggerCases = []string{
	"",
	"plain words without any trigger at all, only letters and spaces",
	"a.b",
	"ends with a colon:",
	"一二三四五六七八九十。example。com",                     // U+3002 among CJK (lead bytes E4-E9)
	"ひらがなとカタカナ．例．ｃｏｍ",                            // E3 lead bytes that are not wide dots; U+FF0E
	"ｅｘａｍｐｌｅ｡ｃｏｍ ﾃｽﾄ",                            // EF lead bytes; U+FF61
	"Русский текст без точек и двоеточий совсем", // two-byte letters never trigger
	"\xe3\x80",        // a lead byte too near the end
	"abcdefg\xef\xbc", // the same after a whole word
	"abcdefgh\xe3",
	"\xe3\x80\x81\xe3\x80\x82", // U+3001 then U+3002
	"\xef\xbc\x8f\xef\xbd\xa1",
	"\xff\xfe\x80\xe3\xe3\xe3\x80\x82",
	strings.Repeat("x", 63) + ".",
	strings.Repeat("ж", 40) + ":" + strings.Repeat("ж", 3),
}

// TestNextTrigger checks the word-at-a-time skip against the byte loop.
func TestNextTrigger(t *testing.T) {
	for _, tc := range triggerCases {
		checkNextTrigger(t, []byte(tc))
	}
}

// FuzzNextTrigger checks the word-at-a-time skip against the byte loop
// on any input, from every offset.
func FuzzNextTrigger(f *testing.F) {
	for _, tc := range triggerCases {
		f.Add([]byte(tc))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkNextTrigger(t, b)
	})
}
