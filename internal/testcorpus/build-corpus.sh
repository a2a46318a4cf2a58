#!/usr/bin/env bash
# build-corpus.sh builds the corpora of real documents that relink's corpus
# tests and benchmarks read (package internal/testcorpus finds them), from
# Debian's documentation packages:
#
#   DIR/html/              the HTML pages of the Python 3.11 documentation and
#                          of Debian's manuals in English, Japanese, Russian and
#                          Simplified Chinese, as the packages install them
#                          (UTF-8; about 830 pages, 63 MB);
#   DIR/legacy/CHARSET/    copies of the Japanese, Russian and Chinese pages in
#                          the legacy charsets of their languages (shift_jis,
#                          euc-jp, iso-2022-jp, windows-1251, koi8-r, gbk), with
#                          the charset their <meta> declares changed to match,
#                          so that charset handling meets real page structure
#                          (about 600 pages, 14 MB);
#   DIR/markdown/          the Node.js API documentation in Markdown (nodejs-doc:
#                          64 files, 3.3 MB).
#
# Usage:  internal/testcorpus/build-corpus.sh [DIR]
#         (DIR defaults to ${TMPDIR:-/tmp}/relink-corpus)
# Then:   RELINK_CORPUS=DIR go test ./...
#         RELINK_MARKDOWN_CORPUS=DIR/markdown go test ./markdown
#
# It needs apt-get (it downloads the packages, it installs nothing; as root,
# or with the archive's lists readable), dpkg-deb and python3. A part already
# built is kept: run it again to finish a build that stopped. The package
# names are Debian 12's (bookworm); the README's figures are of this corpus.
set -euo pipefail

dir=${1:-${TMPDIR:-/tmp}/relink-corpus}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

html_packages=(python3.11-doc debian-reference-en debian-reference-ja
	debian-reference-zh-cn developers-reference-ja developers-reference-ru
	debian-faq-ja debian-faq-ru debian-faq-zh-cn aptitude-doc-ja aptitude-doc-ru)
markdown_packages=(nodejs-doc)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# unpack PACKAGE... downloads the packages and unpacks them into $work/root.
unpack() {
	mkdir -p "$work/debs" "$work/root"
	if ! (cd "$work/debs" && apt-get download "$@" >/dev/null 2>&1); then
		apt-get update >/dev/null
		(cd "$work/debs" && apt-get download "$@" >/dev/null)
	fi
	for deb in "$work"/debs/*.deb; do
		dpkg-deb -x "$deb" "$work/root"
	done
	rm -f "$work"/debs/*.deb
}

if [ ! -d "$dir/html" ]; then
	unpack "${html_packages[@]}"
	(cd "$work/root" && find . -name '*.html' -type f -print0) |
		while IFS= read -r -d '' page; do
			mkdir -p "$dir/html.tmp/$(dirname "$page")"
			cp "$work/root/$page" "$dir/html.tmp/$page"
		done
	mv "$dir/html.tmp" "$dir/html"
	rm -rf "$work/root"
fi

if [ ! -d "$dir/markdown" ]; then
	unpack "${markdown_packages[@]}"
	(cd "$work/root/usr/share/doc/nodejs" && find . \( -name '*.md' -o -name '*.md.gz' \) -type f -print0) |
		while IFS= read -r -d '' doc; do
			out="$dir/markdown.tmp/${doc%.gz}"
			mkdir -p "$(dirname "$out")"
			case "$doc" in
			*.gz) gzip -dc "$work/root/usr/share/doc/nodejs/$doc" >"$out" ;;
			*) cp "$work/root/usr/share/doc/nodejs/$doc" "$out" ;;
			esac
		done
	mv "$dir/markdown.tmp" "$dir/markdown"
	rm -rf "$work/root"
fi

# The legacy-charset copies: each page whose path names a language is
# written again in each charset of that language, when it can be (a page
# with a character the charset lacks gets a numeric character reference
# for it, as a browser's form submission would write it).
python3 - "$dir" <<'EOF'
import os
import re
import sys

root = sys.argv[1]
pages = os.path.join(root, 'html')
# A part of a page's path, and the charsets of its language: (Python's
# codec, the WHATWG name that names the directory and goes in the <meta>).
charsets = [
    ('/ja/', [('cp932', 'shift_jis'), ('euc_jp', 'euc-jp'), ('iso2022_jp', 'iso-2022-jp')]),
    ('debian-reference.ja', [('cp932', 'shift_jis')]),
    ('/ru/', [('cp1251', 'windows-1251'), ('koi8_r', 'koi8-r')]),
    ('/zh-cn/', [('gbk', 'gbk')]),
    ('debian-reference.zh-cn', [('gbk', 'gbk')]),
]
meta = re.compile(rb'(<meta[^>]*charset=["\']?)([A-Za-z0-9_-]+)', re.IGNORECASE)
written = 0
for parent, _, names in sorted(os.walk(pages)):
    for name in sorted(names):
        path = os.path.join(parent, name)
        rel = os.path.relpath(path, pages)
        for part, encodings in charsets:
            if part not in '/' + rel:
                continue
            page = None
            for codec, charset in encodings:
                out = os.path.join(root, 'legacy', charset, rel)
                if os.path.exists(out):
                    continue
                if page is None:
                    with open(path, 'rb') as f:
                        page = f.read()
                labelled = meta.sub(lambda m: m.group(1) + charset.encode(), page, count=1)
                try:
                    data = labelled.decode('utf-8').encode(codec, errors='xmlcharrefreplace')
                except UnicodeError:
                    continue  # not UTF-8 after all
                os.makedirs(os.path.dirname(out), exist_ok=True)
                with open(out + '.tmp', 'wb') as f:
                    f.write(data)
                os.replace(out + '.tmp', out)
                written += 1
print(f'{root}: html/, legacy/ ({written} legacy pages written now) and markdown/')
EOF
