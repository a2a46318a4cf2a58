// bench.js measures linkify-html (linkifyjs) and Autolinker.js, the
// Node.js linkifiers of HTML, on the inputs of bench/linkify_test.go
// (BenchmarkLinkifyHTML), for the side-by-side of the two. It is not part
// of the Go module and is run by hand, from bench/:
//
//	npm install --prefix /tmp/lh linkify-html linkifyjs autolinker
//	NODE_PATH=/tmp/lh/node_modules node linkifyhtml/bench.js
//
// The inputs: an HTML mail (linkifyjs's own performance input, the
// "complex email page") and a forum thread (the phpBB and Discourse posts
// of linkify/testdata/chromium/pages, 50 times each, one after the
// other; found from the script's own directory). For each input and each linkifier it prints the links made and
// MB/s per CPU-second (user+system, from process.cpuUsage) over rounds
// lasting about 2 s, after one untimed round.
'use strict';
const fs = require('fs');
const linkifyHtml = require('linkify-html').default || require('linkify-html');
const Autolinker = require('autolinker').Autolinker || require('autolinker');

const pages = require('path').join(__dirname, '../../linkify/testdata/chromium/pages/');
const inputs = [
	['mail', fs.readFileSync(pages + 'mail-linkifyjs-email.html', 'utf8')],
	['forum', (fs.readFileSync(pages + 'forum-phpbb.html', 'utf8') + fs.readFileSync(pages + 'forum-discourse.html', 'utf8')).repeat(50)],
];
const autolinker = new Autolinker({ urls: true, email: true, phone: false, mention: false, hashtag: false, stripPrefix: false, stripTrailingSlash: false, newWindow: false });
const impls = [
	['linkify-html', (s) => linkifyHtml(s, { ignoreTags: ['script', 'style', 'pre', 'code'] })],
	['autolinker', (s) => autolinker.link(s)],
];
for (const [name, text] of inputs) {
	const bytes = Buffer.byteLength(text, 'utf8');
	for (const [impl, fn] of impls) {
		const links = (fn(text).match(/<a href/g) || []).length - (text.match(/<a href/g) || []).length;
		let rounds = 0;
		const c0 = process.cpuUsage();
		const t0 = Date.now();
		while (Date.now() - t0 < 2000) {
			fn(text);
			rounds++;
		}
		const c = process.cpuUsage(c0);
		const sec = (c.user + c.system) / 1e6;
		console.log(`${name}/impl=${impl}\t${bytes} bytes\t${links} links\t${rounds} rounds\t${(bytes * rounds / 1e6 / sec).toFixed(1)} MB/s per CPU-second`);
	}
}
