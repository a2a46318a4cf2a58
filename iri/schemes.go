package iri

// lowerScheme returns scheme in lower case in buf, or "?" when it is too
// long to be one of the schemes this package knows. It does not allocate.
func lowerScheme(scheme string, buf *[8]byte) []byte {
	if len(scheme) > len(buf) {
		buf[0] = '?'
		return buf[:1]
	}
	for i := 0; i < len(scheme); i++ {
		c := scheme[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return buf[:len(scheme)]
}

// isSpecialScheme reports whether scheme is one of the URL Standard's
// special schemes.
func isSpecialScheme(scheme string) bool {
	var buf [8]byte
	switch string(lowerScheme(scheme, &buf)) {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// isDNSScheme reports whether the host of scheme is a DNS name, so that an
// internationalized host is mapped with IDNA ToASCII (3987bis section 3.4)
// rather than percent-encoded. A relative reference (empty scheme) with an
// authority is treated as a DNS name: it takes the scheme of its base,
// which in practice is http or https.
func isDNSScheme(scheme string) bool {
	var buf [8]byte
	switch string(lowerScheme(scheme, &buf)) {
	case "", "http", "https", "ws", "wss", "ftp", "ftps", "sftp", "file",
		"ssh", "telnet", "gopher", "ldap", "ldaps", "nntp", "imap", "imaps",
		"pop", "pops", "smtp", "rtsp", "rtsps", "irc", "ircs", "git", "svn",
		"rsync", "mms", "afp", "nfs", "smb", "xmpp", "redis", "mqtt", "coap",
		"coaps", "dav", "davs", "webdav":
		return true
	}
	return false
}

// queryUsesCharset reports whether the query of a reference with this
// scheme is encoded in the document charset rather than UTF-8:
// http and https in 3987bis section 3.5; in Web mode every special scheme
// but ws and wss, as in the URL Standard's query state. A relative
// reference is taken to share its document's scheme.
func queryUsesCharset(scheme string, m Mode) bool {
	var buf [8]byte
	switch string(lowerScheme(scheme, &buf)) {
	case "", "http", "https":
		return true
	case "ftp", "file":
		return m == Web
	}
	return false
}
