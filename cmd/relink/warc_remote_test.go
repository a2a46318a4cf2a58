package main

import (
	"bufio"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestWARCRemoteTimeouts reads from servers that stall: one never
// answers, one stops in the middle of a body that has no validator to
// resume it by. --header-timeout and --idle-timeout bound the waits; the
// file fails (status 3) with the reason, and the next file is read.
func TestWARCRemoteTimeouts(t *testing.T) {
	defer func(n int, d time.Duration) { urlAttempts, urlBackoff = n, d }(urlAttempts, urlBackoff)
	urlAttempts, urlBackoff = 2, time.Millisecond
	file := filepath.Join("..", "..", "testdata", "warc", "jwarc-cc.warc.gz")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	defer close(done)
	defer ln.Close()
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				req, err := http.ReadRequest(bufio.NewReader(conn))
				if err != nil {
					return
				}
				if req.URL.Path == "/stall.warc.gz" {
					conn.Write([]byte("HTTP/1.1 200 OK\r\nContent-Length: " + strconv.Itoa(len(data)) + "\r\n\r\n"))
					conn.Write(data[:len(data)/2])
				}
				select {
				case <-done:
				case <-time.After(time.Minute):
				}
			}()
		}
	}()
	base := "http://" + ln.Addr().String()
	local := runString([]string{"warc", file}, "")
	for _, c := range []struct {
		path, msg string
	}{
		{"/silent.warc.gz", "/silent.warc.gz: no response within 200ms (after 2 attempts)"},
		{"/stall.warc.gz", "/stall.warc.gz: the transfer stopped at byte " + strconv.Itoa(len(data)/2) + " (no data for 200ms)"},
	} {
		start := time.Now()
		got := runString([]string{"warc", "--header-timeout", "200ms", "--idle-timeout", "200ms", base + c.path, file}, "")
		if got.code != exitInputFailed || !strings.Contains(got.stderr, c.msg) || !strings.HasSuffix(got.stdout, local.stdout) {
			t.Errorf("%s: exit status %d, stderr %q", c.path, got.code, got.stderr)
		}
		if d := time.Since(start); d > 30*time.Second {
			t.Errorf("%s: took %v", c.path, d)
		}
	}
	for _, bad := range []string{"-1s", "soon"} {
		if got := runString([]string{"warc", "--idle-timeout", bad, file}, ""); got.code != exitUsage {
			t.Errorf("--idle-timeout %s: exit status %d, %q", bad, got.code, got.stderr)
		}
	}
}
