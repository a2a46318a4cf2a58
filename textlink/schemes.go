package textlink

// The schemes of plain-text detection; the package doc gives the policy.

type schemeKind uint8

const (
	schemeUnknown   schemeKind = iota // not linked; "scheme://..." is skipped
	schemeForbidden                   // never linked, nor a domain name right after it
	schemeHier                        // scheme://host[:port][/path][?query][#fragment]
	schemeAddress                     // mailto:, xmpp: before local@domain
	schemePhone                       // tel:, sms:
	schemeMagnet                      // magnet:?query
	schemeNews                        // news:group or news:article
)

type schemeInfo struct {
	name string
	kind schemeKind
}

var schemes = [...]schemeInfo{
	{"http", schemeHier},
	{"https", schemeHier},
	{"mailto", schemeAddress},
	{"ftp", schemeHier},
	{"xmpp", schemeAddress},
	{"irc", schemeHier},
	{"ircs", schemeHier},
	{"nntp", schemeHier},
	{"news", schemeNews},
	{"tel", schemePhone},
	{"sms", schemePhone},
	{"magnet", schemeMagnet},
	{"javascript", schemeForbidden},
	{"vbscript", schemeForbidden},
	{"data", schemeForbidden},
	{"file", schemeForbidden},
}

// lookupScheme returns the entry for the ASCII letters b, in any case.
func lookupScheme(b []byte) schemeInfo {
	for _, s := range schemes {
		if len(s.name) == len(b) && hasSuffixFold(b, s.name) {
			return s
		}
	}
	return schemeInfo{}
}
