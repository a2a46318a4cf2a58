// extract.js: makes cases.json from linkifyjs's test/spec/linkify-html.test.js
// (the default-options column of its tests array, and the validate tests)
// by evaluating the array literals only: linkify-html itself is not run.
// Usage: node extract.js linkify-html.test.js > cases.json
const fs = require('fs');
const src = fs.readFileSync(process.argv[2], 'utf8');
const svg = eval(src.slice(src.indexOf('const svg = ') + 12, src.indexOf(';', src.indexOf('const svg = '))));
function arrayAt(marker) {
	const i = src.indexOf('[', src.indexOf(marker));
	let depth = 0, j = i, q = null;
	for (; j < src.length; j++) {
		const c = src[j];
		if (q) { if (c === '\\') j++; else if (c === q) q = null; continue; }
		if (c === "'" || c === '"' || c === '`') q = c;
		else if (c === '[') depth++;
		else if (c === ']' && --depth === 0) break;
	}
	return eval(src.slice(i, j + 1));
}
const cases = [];
arrayAt('const tests = ').forEach((t, i) => cases.push({ name: 'tests[' + i + ']', input: t[0], expected: t[1] }));
arrayAt('const testsValidate = ').forEach((t, i) => cases.push({ name: 'testsValidate[' + i + ']', input: t[0], expected: t[1], validate: 'url: scheme http(s)/ftp(s) or www only' }));
// The HTML files: original.html linkified with default options is the
// first line of linkified.html; the doctype page is left as it is.
const dir = require('path').dirname(process.argv[2]);
cases.push({ name: 'html/original.html', input: fs.readFileSync(dir + '/html/original.html', 'utf8').trim(),
	expected: fs.readFileSync(dir + '/html/linkified.html', 'utf8').trim().split('\n')[0] });
const d = src.indexOf('`', src.indexOf('Handles HTML with doctype'));
const doctype = src.slice(d + 1, src.indexOf('`', d + 1));
cases.push({ name: 'Handles HTML with doctype', input: doctype, expected: doctype });
cases.push({ name: 'Treats null target options properly', input: 'http://google.com', expected: '<a href="http://google.com">http://google.com</a>' });
console.log(JSON.stringify({ _about: 'linkify-html tests (linkifyjs test/spec/linkify-html.test.js), default options unless validate says', cases }, null, 1));
