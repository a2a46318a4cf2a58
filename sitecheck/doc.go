// Package sitecheck checks, offline, that the links of a tree of files
// (a site as it will be served: HTML, CSS, Markdown, plain text,
// sitemaps and feeds) reach a file of the tree, and their fragments an
// anchor of it.
//
// # Internal and external links
//
// A Checker takes the URL the tree is served at (Options.BaseURL). Each
// document's links are found by package extract and resolved as a
// browser resolves them against the document's URL (the base URL plus
// the file's path). A link to the same origin is internal: its path
// must lie below the base URL's (else it is OutsideTree) and name a file
// of the tree, as a static server maps URLs to files: a directory's URL
// serves its index file (Options.Index), and with Options.PrettyURLs the
// URL path x serves x.html. A link to another origin or scheme is
// External and never fetched. The query of an internal link is ignored.
//
// # Anchors
//
// A fragment must name an anchor of the target: in HTML the id of an
// element or the name of an a element (decoded from the document's
// charset), or the top of the page ("" and "top"); in Markdown the id
// the renderer gives a heading (its slug, in the dialect Options.Slug
// names, repeats told apart as it does; or the id of a trailing
// attribute list, "## Title {#id}") and the anchors of its raw HTML. A
// fragment is compared as written and percent-decoded, with case. The
// fragments of links to other types of file (text, images) are not
// checked: such a link is Unchecked.
//
// # Memory
//
// The anchors of a target are read once and cached, within
// Options.MaxAnchorBytes (least recently used sets dropped and read
// again when needed), and a target larger than Options.MaxFileSize is
// not read for anchors. The existence of each distinct path asked is
// held for the Checker's life (tens of bytes a path).
package sitecheck
