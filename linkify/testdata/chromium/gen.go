//go:build ignore

// gen.go renders each page of pages/ and its linkified form in headless
// Chromium (scripts enabled) and records the two DOMs Chromium dumps in
// results.json, with the SHA-256 of the linkified page, for
// TestChromiumDOM. Run from this directory, with chromium installed:
//
//	go run gen.go
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"

	"github.com/relink-go/relink/linkify"
)

// Opts are the options of the linkifier: a rel that marks the a elements
// it makes.
var Opts = linkify.Options{Rel: "nofollow x-relink"}

type result struct {
	Page   string `json:"page"`
	OutSHA string `json:"out_sha256"`
	InDOM  string `json:"in_dom"`
	OutDOM string `json:"out_dom"`
}

func main() {
	pages, _ := filepath.Glob("pages/*.html")
	sort.Strings(pages)
	tmp, err := os.MkdirTemp("", "relink-chromium-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	var results []result
	for _, p := range pages {
		in, err := os.ReadFile(p)
		if err != nil {
			log.Fatal(err)
		}
		out := linkify.HTMLString(string(in), Opts)
		sum := sha256.Sum256([]byte(out))
		r := result{Page: filepath.Base(p), OutSHA: hex.EncodeToString(sum[:])}
		r.InDOM = dump(tmp, "in.html", in)
		r.OutDOM = dump(tmp, "out.html", []byte(out))
		results = append(results, r)
	}
	b, _ := json.MarshalIndent(results, "", "\t")
	if err := os.WriteFile("results.json", append(b, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
}

// dump writes page to dir/name and returns the DOM Chromium makes of it.
func dump(dir, name string, page []byte) string {
	f := filepath.Join(dir, name)
	if err := os.WriteFile(f, page, 0o644); err != nil {
		log.Fatal(err)
	}
	out, err := exec.Command("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://"+f).Output()
	if err != nil {
		log.Fatalf("%s: %v", name, err)
	}
	return string(out)
}
