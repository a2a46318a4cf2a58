package iri

import (
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Cross-check with Apache Jena's jena-iri golden file
// (testdata/jena-iri/test.xml, see PROVENANCE.md there). Every input of an
// <IRI iri='...'> block is compared on three counts:
//
//   - flag: whether Jena reports a violation that is an error (jenaCodes
//     gives each Jena code its severity) and whether Check reports a
//     violation with SeverityError;
//   - the raw components (getScheme, getRawUserinfo, getRawHost, getPort,
//     getRawPath, getRawQuery, getRawFragment) against split;
//   - toASCIIString and getASCIIHost against ToURI.
//
// Every disagreement must be listed, with its reason, in
// testdata/jena-iri/known-differences.tsv, and every listed one must still
// occur. Run with -update-jena to rewrite the file (the reasons of rows
// that stay are kept; new rows get "TODO").

var updateJena = flag.Bool("update-jena", false, "rewrite testdata/jena-iri/known-differences.tsv")

const jenaDir = "../testdata/jena-iri/"

// jenaSeverity is how Jena's IRIFactory.iriImplementation() treats a
// violation code with its documented defaults (ViolationCodes and
// IRIFactory javadoc): codes of MUST, SHOULD, DNS or security force are
// errors, codes of minting force only ("relates to creating your own
// IRIs") are warnings (mintingViolation: "Default is warning"), the
// scheme-specific codes are errors (test.xml was made with
// useSchemeSpecificRules("*", true)), and the codes that belong to no
// specification only record internal workings ("not all are errors").
type jenaSeverity uint8

const (
	jenaInfo jenaSeverity = iota
	jenaWarning
	jenaError
)

// jenaCodes maps Jena's violation codes to their severity and to the codes
// of Check that report the same thing (nil: we have no such check).
var jenaCodes = map[string]struct {
	sev  jenaSeverity
	ours []string
}{
	// Characters.
	"ILLEGAL_CHARACTER":         {jenaError, []string{CodeLEIRIOnly, CodeWebOnly, CodeInvalidChar, CodeColonInFirstSegment, CodeHashInFragment, CodeInvalidUTF8}},
	"UNWISE_CHARACTER":          {jenaWarning, []string{CodeLEIRIOnly, CodeWebOnly}}, // minting: "Systems accepting IRIs MAY also deal with" them
	"CONTROL_CHARACTER":         {jenaError, []string{CodeLEIRIOnly, CodeWebOnly}},
	"WHITESPACE":                {jenaError, []string{CodeLEIRIOnly}},
	"DOUBLE_WHITESPACE":         {jenaError, []string{CodeLEIRIOnly, CodeWebOnly}},
	"NOT_XML_SCHEMA_WHITESPACE": {jenaError, []string{CodeWebOnly}},
	"BIDI_FORMATTING_CHARACTER": {jenaError, []string{CodeBidiFormat}},
	"PRIVATE_USE_CHARACTER":     {jenaError, []string{CodePrivateUse}},
	"LONE_SURROGATE":            {jenaError, []string{CodeInvalidUTF8}},
	"NON_URI_CHARACTER":         {jenaInfo, nil},                          // internal: a non-ASCII character, which an IRI allows
	"BAD_BIDI_SUBCOMPONENT":     {jenaError, []string{CodeBidiComponent}}, // SHOULD force
	"NOT_NFC":                   {jenaError, []string{CodeNotNFC}},        // SHOULD force

	// Percent-encoding.
	"PERCENT":                              {jenaInfo, nil}, // internal: the IRI has a percent-encoding
	"PERCENT_20":                           {jenaInfo, nil}, // internal: the IRI has "%20"
	"ILLEGAL_PERCENT_ENCODING":             {jenaError, []string{CodeWebOnly}},
	"PERCENT_ENCODING_SHOULD_BE_UPPERCASE": {jenaWarning, []string{CodePctLowercase}},
	"SUPERFLUOUS_ASCII_PERCENT_ENCODING":   {jenaWarning, []string{CodePctUnreserved}},

	// Scheme.
	"LOWERCASE_PREFERRED":           {jenaWarning, []string{CodeUppercaseScheme, CodeUppercaseHost}},
	"SCHEME_MUST_START_WITH_LETTER": {jenaError, []string{CodeColonInFirstSegment}},
	"EMPTY_SCHEME":                  {jenaError, []string{CodeColonInFirstSegment}},
	"UNREGISTERED_IANA_SCHEME":      {jenaError, nil}, // MUST; jenaImplementation() switches it off
	"SCHEME_PATTERN_MATCH_FAILED":   {jenaError, nil}, // scheme-specific rules
	"REQUIRED_COMPONENT_MISSING":    {jenaError, nil}, // scheme-specific rules
	"PROHIBITED_COMPONENT_PRESENT":  {jenaError, nil}, // scheme-specific rules
	"SCHEME_INCLUDES_DASH":          {jenaInfo, nil},  // internal

	// Authority.
	"HAS_PASSWORD":                    {jenaError, []string{CodeUserinfoPassword}}, // MUST and security
	"IP_V6_OR_FUTURE_ADDRESS_SYNTAX":  {jenaError, []string{CodeInvalidIPLiteral}},
	"IPv6ADDRESS_SHOULD_BE_LOWERCASE": {jenaWarning, []string{CodeUppercaseHost}},
	"NOT_DNS_NAME":                    {jenaError, []string{CodeIDNA, CodeLEIRIOnly, CodeInvalidChar}}, // DNS force; we report the characters
	"DNS_LABEL_DASH_START_OR_END":     {jenaError, []string{CodeIDNA}},                                 // DNS force
	"BAD_IDN":                         {jenaError, []string{CodeIDNA}},
	"USE_PUNYCODE_NOT_PERCENTS":       {jenaError, nil}, // minting and DNS force
	"DOUBLE_DASH_IN_REG_NAME":         {jenaInfo, nil},  // internal
	"PORT_SHOULD_NOT_BE_EMPTY":        {jenaWarning, []string{CodeEmptyPort}},
	"DEFAULT_PORT_SHOULD_BE_OMITTED":  {jenaWarning, []string{CodeDefaultPort}},
	"PORT_SHOULD_NOT_BE_WELL_KNOWN":   {jenaError, nil},   // security force
	"PORT_SHOULD_NOT_START_IN_ZERO":   {jenaWarning, nil}, // minting force

	// Path.
	"NON_INITIAL_DOT_SEGMENT": {jenaError, []string{CodeDotSegment}}, // minting and security force
}

// A jenaValue is what Jena's accessor returned.
type jenaValue struct {
	null      bool
	exception string // set when the accessor threw
	value     string
}

func (v jenaValue) String() string {
	switch {
	case v.null:
		return "null"
	case v.exception != "":
		return "exception " + strconv.Quote(v.exception)
	}
	return strconv.Quote(v.value)
}

type jenaCase struct {
	input      string
	acc        map[string]jenaValue
	violations []string
}

// readJena returns the <IRI iri='...'> blocks of test.xml, one per input,
// in the order of first appearance.
func readJena(t *testing.T) []jenaCase {
	t.Helper()
	f, err := os.Open(jenaDir + "test.xml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type elem struct {
		XMLName   xml.Name
		Value     *string `xml:"value,attr"`
		Null      string  `xml:"nullValue,attr"`
		Exception *string `xml:"exception,attr"`
	}
	type block struct {
		IRI        string   `xml:"iri,attr"`
		Violations []string `xml:"violations>violation"`
		Elems      []elem   `xml:",any"`
	}
	var out []jenaCase
	seen := map[string]int{}
	d := xml.NewDecoder(f)
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "IRI" {
			continue
		}
		var b block
		if err := d.DecodeElement(&b, &se); err != nil {
			t.Fatal(err)
		}
		c := jenaCase{input: b.IRI, acc: map[string]jenaValue{}}
		for _, v := range b.Violations {
			c.violations = append(c.violations, strings.TrimSpace(v))
		}
		for _, e := range b.Elems {
			var v jenaValue
			switch {
			case e.Null == "true":
				v.null = true
			case e.Exception != nil:
				v.exception = *e.Exception
			case e.Value != nil:
				v.value = *e.Value
			default:
				t.Fatalf("test.xml: %q: %s has no value", b.IRI, e.XMLName.Local)
			}
			c.acc[e.XMLName.Local] = v
		}
		if i, ok := seen[c.input]; ok {
			if fmt.Sprint(out[i]) != fmt.Sprint(c) {
				t.Fatalf("test.xml: %q appears twice with different results", c.input)
			}
			continue
		}
		seen[c.input] = len(out)
		out = append(out, c)
	}
	return out
}

// A jenaDiff is one disagreement: kind is "flag" or the name of Jena's
// accessor.
type jenaDiff struct {
	kind, input, jena, ours string
}

func (d jenaDiff) key() string {
	return d.kind + "\t" + strconv.Quote(d.input) + "\t" + d.jena + "\t" + d.ours
}

// knownDiff is a row of known-differences.tsv.
type knownDiff struct {
	jenaDiff
	reason string
}

// readKnownDiffs reads known-differences.tsv (readKnownDifferences):
// each row is kind, input (Go-quoted), Jena's answer, ours, reason key.
func readKnownDiffs(t *testing.T) (rows []knownDiff, reasons map[string]string, header []string) {
	t.Helper()
	header, reasons, fields, lines, err := readKnownDifferences(jenaDir+"known-differences.tsv", 5)
	if os.IsNotExist(err) {
		return nil, reasons, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range fields {
		in, err := strconv.Unquote(f[1])
		if err != nil {
			t.Fatalf("known-differences.tsv:%d: input: %v", lines[i], err)
		}
		rows = append(rows, knownDiff{jenaDiff{f[0], in, f[2], f[3]}, f[4]})
	}
	return rows, reasons, header
}

// jenaFlag is what Jena says about c: "error", "warning" or "ok", with
// the codes of that severity.
func jenaFlag(t *testing.T, c jenaCase) (bool, string) {
	var errs, warns []string
	for _, v := range c.violations {
		info, ok := jenaCodes[v]
		if !ok {
			t.Fatalf("%q: Jena code %s is not in jenaCodes", c.input, v)
		}
		switch info.sev {
		case jenaError:
			errs = append(errs, v)
		case jenaWarning:
			warns = append(warns, v)
		}
	}
	switch {
	case errs != nil:
		return true, strconv.Quote("error " + strings.Join(errs, " "))
	case warns != nil:
		return false, strconv.Quote("warning " + strings.Join(warns, " "))
	}
	return false, strconv.Quote("ok")
}

// ourFlag is the same for Check.
func ourFlag(vs []Violation) (bool, string) {
	var errs, warns []string
	for _, v := range vs {
		s := v.Code + "@" + strconv.Itoa(v.Offset)
		if v.Severity == SeverityError {
			errs = append(errs, s)
		} else {
			warns = append(warns, s)
		}
	}
	switch {
	case errs != nil:
		return true, strconv.Quote("error " + strings.Join(errs, " "))
	case warns != nil:
		return false, strconv.Quote("warning " + strings.Join(warns, " "))
	}
	return false, strconv.Quote("ok")
}

type codeCount struct {
	n, ok int
	diffs []jenaDiff
}

// codeDiffs compares the codes: each Jena code that has counterparts
// must be matched by one of them in vs, and each code in vs must be the
// counterpart of one of Jena's codes.
func codeDiffs(c jenaCase, vs []Violation) (jena, ours codeCount) {
	var our []string
	for _, v := range vs {
		if !slices.Contains(our, v.Code) {
			our = append(our, v.Code)
		}
	}
	var mapped []string
	for _, jc := range c.violations {
		counter := jenaCodes[jc].ours
		if counter == nil {
			continue
		}
		mapped = append(mapped, counter...)
		jena.n++
		if slices.ContainsFunc(counter, func(code string) bool { return slices.Contains(our, code) }) {
			jena.ok++
			continue
		}
		jena.diffs = append(jena.diffs, jenaDiff{"code", c.input, strconv.Quote(jc), strconv.Quote(strings.Join(our, " "))})
	}
	for _, code := range our {
		ours.n++
		if slices.Contains(mapped, code) {
			ours.ok++
			continue
		}
		ours.diffs = append(ours.diffs, jenaDiff{"code", c.input, strconv.Quote(strings.Join(c.violations, " ")), strconv.Quote(code)})
	}
	return jena, ours
}

// ourAccessors returns our answers to Jena's component accessors.
func ourAccessors(s string) map[string]jenaValue {
	var r Reference
	split(s, &r)
	opt := func(has bool, v string) jenaValue {
		if !has {
			return jenaValue{null: true}
		}
		return jenaValue{value: v}
	}
	port := "-1"
	if r.HasPort && r.Port != "" {
		port = r.Port
	}
	return map[string]jenaValue{
		"getScheme":      opt(r.Scheme != "", r.Scheme),
		"getRawUserinfo": opt(r.HasUserinfo, r.Userinfo),
		"getRawHost":     opt(r.HasAuthority, r.Host),
		"getPort":        {value: port},
		"getRawPath":     {value: r.Path},
		"getRawQuery":    opt(r.HasQuery, r.Query),
		"getRawFragment": opt(r.HasFragment, r.Fragment),
	}
}

// ourASCII returns our answers to toASCIIString and getASCIIHost: ToURI
// and the host of its result.
func ourASCII(s string) map[string]jenaValue {
	u, err := ToURI(s)
	if err != nil {
		e := jenaValue{exception: err.Error()}
		return map[string]jenaValue{"toASCIIString": e, "getASCIIHost": e}
	}
	var r Reference
	split(u, &r)
	host := jenaValue{null: true}
	if r.HasAuthority {
		host = jenaValue{value: r.Host}
	}
	return map[string]jenaValue{"toASCIIString": {value: u}, "getASCIIHost": host}
}

// sameAnswer compares Jena's answer with ours; two exceptions agree
// whatever their messages.
func sameAnswer(j, o jenaValue) bool {
	if j.exception != "" || o.exception != "" {
		return j.exception != "" && o.exception != ""
	}
	return j == o
}

func TestJena(t *testing.T) {
	cases := readJena(t)
	var diffs []jenaDiff
	flagged, accAgree, accTotal, accInputs, asciiAgree, asciiTotal := 0, 0, 0, 0, 0, 0
	codesJena, codesJenaOK, codesOurs, codesOursOK := 0, 0, 0, 0
	components := []string{"getScheme", "getRawUserinfo", "getRawHost", "getPort", "getRawPath", "getRawQuery", "getRawFragment"}
	for _, c := range cases {
		je, jf := jenaFlag(t, c)
		vs := Strict.check(c.input)
		oe, of := ourFlag(vs)
		if je == oe {
			flagged++
		} else {
			diffs = append(diffs, jenaDiff{"flag", c.input, jf, of})
		}
		jc, oc := codeDiffs(c, vs)
		codesJena += jc.n
		codesJenaOK += jc.ok
		codesOurs += oc.n
		codesOursOK += oc.ok
		diffs = append(diffs, jc.diffs...)
		diffs = append(diffs, oc.diffs...)
		ours := ourAccessors(c.input)
		all := true
		for _, name := range components {
			j, ok := c.acc[name]
			if !ok {
				t.Fatalf("%q: no %s in test.xml", c.input, name)
			}
			accTotal++
			if sameAnswer(j, ours[name]) {
				accAgree++
				continue
			}
			all = false
			diffs = append(diffs, jenaDiff{name, c.input, j.String(), ours[name].String()})
		}
		if all {
			accInputs++
		}
		ascii := ourASCII(c.input)
		for _, name := range []string{"toASCIIString", "getASCIIHost"} {
			j := c.acc[name]
			asciiTotal++
			if sameAnswer(j, ascii[name]) {
				asciiAgree++
				continue
			}
			o := ascii[name]
			if o.exception != "" {
				o.exception = "error" // our messages may change; what matters is that we fail
			}
			if j.exception != "" {
				j.exception = "error"
			}
			diffs = append(diffs, jenaDiff{name, c.input, j.String(), o.String()})
		}
	}

	rows, reasons, header := readKnownDiffs(t)
	known := map[string]knownDiff{}
	for _, r := range rows {
		if _, dup := known[r.key()]; dup {
			t.Errorf("known-differences.tsv: duplicate row %s", r.key())
		}
		known[r.key()] = r
		if _, ok := reasons[r.reason]; !ok && !*updateJena {
			t.Errorf("known-differences.tsv: %s: reason %q is not declared", r.key(), r.reason)
		}
	}
	found := map[string]bool{}
	byReason := map[string]int{}
	for _, d := range diffs {
		found[d.key()] = true
		if r, ok := known[d.key()]; ok {
			byReason[r.reason]++
		} else if !*updateJena {
			t.Errorf("unlisted difference with Jena (add it to known-differences.tsv):\n%s\tTODO", d.key())
		}
	}
	for _, r := range rows {
		if !found[r.key()] && !*updateJena {
			t.Errorf("known-differences.tsv lists a difference that no longer occurs:\n%s", r.key())
		}
	}
	if *updateJena {
		writeKnownDiffs(t, header, diffs, known)
	}

	t.Logf("jena: %d/%d inputs flagged as Jena does; %d known differences", flagged, len(cases), len(diffs))
	t.Logf("jena: codes: %d/%d Jena codes with a counterpart are matched by one of ours, %d/%d of our codes by one of Jena's",
		codesJenaOK, codesJena, codesOursOK, codesOurs)
	t.Logf("jena: components agree on %d/%d inputs (%d/%d values); toASCIIString and getASCIIHost agree on %d/%d values",
		accInputs, len(cases), accAgree, accTotal, asciiAgree, asciiTotal)
	var keys []string
	for k := range byReason {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		t.Logf("jena: %3d %s", byReason[k], k)
	}
}

func writeKnownDiffs(t *testing.T, header []string, diffs []jenaDiff, known map[string]knownDiff) {
	var b strings.Builder
	for _, h := range header {
		b.WriteString(h + "\n")
	}
	for _, d := range diffs {
		reason := "TODO"
		if r, ok := known[d.key()]; ok {
			reason = r.reason
		}
		b.WriteString(d.key() + "\t" + reason + "\n")
	}
	if err := os.WriteFile(jenaDir+"known-differences.tsv", []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
