// Package browsercheck opens pages in headless Chromium and records the
// requests each one makes: which were served, which failed, and where
// they went. It speaks the DevTools protocol over --remote-debugging-pipe
// (messages of JSON, each ended by a NUL byte, written to the browser's
// descriptor 3 and read from its descriptor 4), so it needs no library
// and no port. Start runs the browser with its network cut (every host
// name resolves to nothing, and a proxy that does not exist): a page
// opened from file:// can load only files; StartLoopback leaves the
// network as it is, for pages served on 127.0.0.1.
//
// It is a test tool: relink unpack's tests use it to prove that an
// unpacked archive is browsable from disk, and bench/chromecharset to ask
// Chromium which charset it decodes a page in.
package browsercheck

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"sync"
	"time"
)

// A Browser is a headless Chromium.
type Browser struct {
	cmd     *exec.Cmd
	w       io.WriteCloser
	dir     string
	mu      sync.Mutex
	next    int
	pending map[int]chan message
	events  map[string]chan message // by session
	done    chan struct{}
}

type message struct {
	ID        int             `json:"id"`
	Method    string          `json:"method"`
	Params    json.RawMessage `json:"params"`
	Result    json.RawMessage `json:"result"`
	SessionID string          `json:"sessionId"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Start starts the Chromium at exe with the network cut: every host
// name resolves to nothing and every proxied request goes to a closed
// port, so a page loads only what it finds on disk.
func Start(exe string) (*Browser, error) {
	return start(exe, "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=http://127.0.0.1:9")
}

// StartLoopback starts the Chromium at exe with the network as it is,
// for pages a test serves on 127.0.0.1.
func StartLoopback(exe string) (*Browser, error) {
	return start(exe, "--disable-quic")
}

func start(exe string, flags ...string) (*Browser, error) {
	dir, err := os.MkdirTemp("", "browsercheck-")
	if err != nil {
		return nil, err
	}
	toR, toW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	fromR, fromW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu",
		"--no-first-run", "--no-default-browser-check", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--disable-extensions"}, flags...)
	args = append(args, "--user-data-dir="+dir, "--remote-debugging-pipe", "about:blank")
	cmd := exec.Command(exe, args...)
	cmd.ExtraFiles = []*os.File{toR, fromW}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	toR.Close()
	fromW.Close()
	b := &Browser{cmd: cmd, w: toW, dir: dir, pending: map[int]chan message{}, events: map[string]chan message{}, done: make(chan struct{})}
	go b.read(fromR)
	return b, nil
}

func (b *Browser) read(r io.Reader) {
	defer close(b.done)
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		raw, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m message
		if json.Unmarshal(raw[:len(raw)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		if m.ID != 0 {
			ch := b.pending[m.ID]
			delete(b.pending, m.ID)
			b.mu.Unlock()
			if ch != nil {
				ch <- m
			}
			continue
		}
		ch := b.events[m.SessionID]
		b.mu.Unlock()
		if ch != nil {
			select {
			case ch <- m:
			default: // a page that floods events loses some; Load reports it
			}
		}
	}
}

// Call sends a DevTools protocol command (to the browser, or to a page's
// session when session is not empty) and decodes its result into out;
// it waits at most 30 seconds for the answer.
func (b *Browser) Call(session, method string, params, out any) error {
	b.mu.Lock()
	b.next++
	id := b.next
	ch := make(chan message, 1)
	b.pending[id] = ch
	b.mu.Unlock()
	m := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		m["sessionId"] = session
	}
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	if _, err := b.w.Write(append(data, 0)); err != nil {
		return err
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	case <-b.done:
		return errors.New("browsercheck: the browser ended")
	case <-time.After(30 * time.Second):
		return fmt.Errorf("browsercheck: %s: no answer in 30s", method)
	}
}

// Close ends the browser.
func (b *Browser) Close() {
	b.w.Close()
	b.cmd.Process.Kill()
	b.cmd.Wait()
	os.RemoveAll(b.dir)
}

// A Request is one request a page made.
type Request struct {
	URL    string
	Type   string // Document, Stylesheet, Image, Script, Font...
	Failed bool
	Error  string // why it failed: net::ERR_FILE_NOT_FOUND...
}

// A Page is what Load saw of a page.
type Page struct {
	Requests []Request // in the order they were made, the page's own first
	Loaded   bool      // the load event came
	Lost     bool      // events were lost: Requests may lack some
}

// Load opens url in a new tab, waits for its load event (at most
// timeout) and then settle more, and returns the requests the page made.
func (b *Browser) Load(url string, timeout, settle time.Duration) (*Page, error) {
	var t struct {
		TargetID string `json:"targetId"`
	}
	if err := b.Call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &t); err != nil {
		return nil, err
	}
	defer b.Call("", "Target.closeTarget", map[string]any{"targetId": t.TargetID}, nil)
	var s struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.Call("", "Target.attachToTarget", map[string]any{"targetId": t.TargetID, "flatten": true}, &s); err != nil {
		return nil, err
	}
	ev := make(chan message, 4096)
	b.mu.Lock()
	b.events[s.SessionID] = ev
	b.mu.Unlock()
	defer func() {
		b.mu.Lock()
		delete(b.events, s.SessionID)
		b.mu.Unlock()
	}()
	for _, m := range []string{"Network.enable", "Page.enable"} {
		if err := b.Call(s.SessionID, m, map[string]any{}, nil); err != nil {
			return nil, err
		}
	}
	if err := b.Call(s.SessionID, "Page.navigate", map[string]any{"url": url}, nil); err != nil {
		return nil, err
	}
	p := &Page{}
	byID := map[string]*Request{}
	var order []string
	deadline := time.After(timeout)
	var quiet <-chan time.Time
	for {
		select {
		case m := <-ev:
			switch m.Method {
			case "Network.requestWillBeSent":
				var e struct {
					RequestID string `json:"requestId"`
					Type      string `json:"type"`
					Request   struct {
						URL string `json:"url"`
					} `json:"request"`
				}
				json.Unmarshal(m.Params, &e)
				if _, ok := byID[e.RequestID]; !ok {
					order = append(order, e.RequestID)
				}
				byID[e.RequestID] = &Request{URL: e.Request.URL, Type: e.Type} // a redirect's next request replaces it
			case "Network.loadingFailed":
				var e struct {
					RequestID     string `json:"requestId"`
					ErrorText     string `json:"errorText"`
					BlockedReason string `json:"blockedReason"`
					CorsError     *struct {
						CorsError string `json:"corsError"`
					} `json:"corsErrorStatus"`
				}
				json.Unmarshal(m.Params, &e)
				if r := byID[e.RequestID]; r != nil {
					r.Failed, r.Error = true, e.ErrorText
					if e.BlockedReason != "" {
						r.Error += " (" + e.BlockedReason + ")"
					}
					if e.CorsError != nil {
						r.Error += " (CORS " + e.CorsError.CorsError + ")"
					}
				}
			case "Page.loadEventFired":
				p.Loaded = true
				quiet = time.After(settle)
			}
		case <-quiet:
			return p.finish(byID, order), nil
		case <-deadline:
			return p.finish(byID, order), nil
		case <-b.done:
			return nil, errors.New("browsercheck: the browser ended")
		}
		if len(ev) == cap(ev) {
			p.Lost = true
		}
	}
}

func (p *Page) finish(byID map[string]*Request, order []string) *Page {
	for _, id := range order {
		p.Requests = append(p.Requests, *byID[id])
	}
	return p
}

// Sorted returns the URLs of rs, sorted, for messages.
func Sorted(rs []Request) []string {
	var s []string
	for _, r := range rs {
		s = append(s, r.URL)
	}
	sort.Strings(s)
	return s
}
