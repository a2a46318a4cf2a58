// bench.js measures linkify-it (the Node.js detector of links in plain
// text) on the files named, for the side-by-side of bench/text_test.go.
// It is not part of the Go module and is run by hand:
//
//	npm install --prefix /tmp/linkify linkify-it
//	NODE_PATH=/tmp/linkify/node_modules node bench.js FILE...
//
// For each file it prints the links found and MB/s per CPU-second
// (user+system, from process.cpuUsage) over rounds lasting about 2 s,
// after one untimed round.
'use strict';
const fs = require('fs');
const LinkifyIt = require('linkify-it');
const linkify = typeof LinkifyIt === 'function' ? LinkifyIt() : new LinkifyIt.LinkifyIt(); // v5 or v6

for (const name of process.argv.slice(2)) {
  const text = fs.readFileSync(name, 'utf8');
  const bytes = Buffer.byteLength(text, 'utf8');
  const links = (linkify.match(text) || []).length;
  let rounds = 0;
  const c0 = process.cpuUsage();
  const t0 = Date.now();
  while (Date.now() - t0 < 2000) {
    linkify.match(text);
    rounds++;
  }
  const c = process.cpuUsage(c0);
  const sec = (c.user + c.system) / 1e6;
  console.log(`${name}\t${bytes} bytes\t${links} links\t${rounds} rounds\t${(bytes * rounds / 1e6 / sec).toFixed(1)} MB/s per CPU-second`);
}
