package main

import (
	"errors"
	"strings"

	"github.com/relink-go/relink/rewrite"
)

// A moveFlag is the repeatable --map OLD=NEW of relink rewrite: the URL
// prefixes of a site move, each OLD to its NEW (rewrite.PrefixMap).
type moveFlag struct {
	args []string // as given
	m    rewrite.PrefixMap
}

func (m *moveFlag) String() string { return strings.Join(m.args, ",") }

// Set reads OLD=NEW and adds the move to the map.
func (m *moveFlag) Set(v string) error {
	old, new, ok := strings.Cut(v, "=")
	if !ok {
		return errors.New("want OLD=NEW, two URL prefixes")
	}
	if err := m.m.Add(old, new); err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "rewrite: "))
	}
	m.args = append(m.args, v)
	return nil
}
