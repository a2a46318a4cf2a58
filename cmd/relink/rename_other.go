//go:build !linux

package main

// renameNoReplace renames old to new, failing when new exists: a check,
// then a rename, between which another program could create new.
func renameNoReplace(old, new string) error { return renameChecked(old, new) }
