#!/bin/sh
# mkpgo.sh writes default.pgo, the CPU profile that go build and go
# install use to optimize the relink command (profile-guided
# optimization: -pgo=auto, the go command's default, takes default.pgo
# from the main package's directory). It profiles the command in process
# over the HTML corpus of internal/testcorpus/build-corpus.sh, in the
# forms docs/speed.md measures: extract -r --format uri, the JSON lines
# with --base, rewrite -n -r -j 1 --to uri, and relink uri on standard
# input. Run it again after a change to a hot path; a stale profile costs
# only the optimization of what changed.
#
#	RELINK_CORPUS=DIR/html cmd/relink/mkpgo.sh
set -eu
: "${RELINK_CORPUS:?names the UTF-8 pages of the corpus: build-corpus.sh DIR, then RELINK_CORPUS=DIR/html}"
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test -pgo=off -run '^$' -bench 'ExtractTree|RewriteJobs/j1|URIStdin' -benchtime 3s \
	-cpuprofile "$tmp/cpu.pprof" -o "$tmp/relink.test" . >"$tmp/bench.txt"
mv "$tmp/cpu.pprof" default.pgo
