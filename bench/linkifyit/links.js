// links.js prints the links linkify-it (the Node.js detector of links in
// plain text) finds in the files named, one URL a line: the peer of
// relink extract on plain text in the command-level comparison of
// bench/cli_test.go (TestCLITable), run as a whole process as relink is.
// It is not part of the Go module:
//
//	npm install --prefix /tmp/linkify linkify-it
//	NODE_PATH=/tmp/linkify/node_modules node links.js FILE...
'use strict';
const fs = require('fs');
const LinkifyIt = require('linkify-it');
const linkify = typeof LinkifyIt === 'function' ? LinkifyIt() : new LinkifyIt.LinkifyIt(); // v5 or v6

const out = [];
for (const name of process.argv.slice(2)) {
  for (const m of linkify.match(fs.readFileSync(name, 'utf8')) || []) {
    out.push(m.url);
  }
}
out.push('');
fs.writeSync(1, out.join('\n'));
