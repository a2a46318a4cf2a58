package extract

// The schemes of plain-text detection; FindTextLinks documents the policy.

type textSchemeKind uint8

const (
	textSchemeUnknown   textSchemeKind = iota // not linked; "scheme://..." is skipped
	textSchemeForbidden                       // never linked, nor a domain name right after it
	textSchemeHier                            // scheme://host[:port][/path][?query][#fragment]
	textSchemeAddress                         // mailto:, xmpp: before local@domain
	textSchemePhone                           // tel:, sms:
	textSchemeMagnet                          // magnet:?query
	textSchemeNews                            // news:group or news:article
)

type textScheme struct {
	name string
	kind textSchemeKind
}

var textSchemes = [...]textScheme{
	{"http", textSchemeHier},
	{"https", textSchemeHier},
	{"mailto", textSchemeAddress},
	{"ftp", textSchemeHier},
	{"xmpp", textSchemeAddress},
	{"irc", textSchemeHier},
	{"ircs", textSchemeHier},
	{"nntp", textSchemeHier},
	{"news", textSchemeNews},
	{"tel", textSchemePhone},
	{"sms", textSchemePhone},
	{"magnet", textSchemeMagnet},
	{"javascript", textSchemeForbidden},
	{"vbscript", textSchemeForbidden},
	{"data", textSchemeForbidden},
	{"file", textSchemeForbidden},
}

// textLookupScheme returns the entry for the ASCII letters b, in any case.
func textLookupScheme(b []byte) textScheme {
	for _, s := range textSchemes {
		if len(s.name) == len(b) && textHasSuffixFold(b, s.name) {
			return s
		}
	}
	return textScheme{}
}
