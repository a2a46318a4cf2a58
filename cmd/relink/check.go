package main

import (
	"strconv"
	"strings"

	"github.com/relink-go/relink/iri"
)

var checkCommand = &command{
	name:    "check",
	summary: "report what is wrong with IRI references",
	usage:   "relink check [--mode strict|leiri|web] [--format text|jsonl] [INPUT...]",
	help: `Check reports every violation of each INPUT, an IRI reference: characters
that no IRI allows, private use characters outside the query, bidi
formatting characters and the bidi rules of components (RFC 3987bis 4),
text that is not in NFC, invalid, overlong or non-UTF-8 percent-encoding,
hosts that fail IDNA or mix confusable scripts, invalid ports and IP
literals, and forms that only LEIRI or Web processing accept (space, "<",
"\", a stray "%"...). Each violation is one line:

	INPUT<TAB>OFFSET<TAB>CODE<TAB>SEVERITY: MESSAGE

where INPUT is quoted as a Go string, OFFSET is the byte offset in the
input, CODE a stable identifier (see the iri package's Code constants) and
SEVERITY "error" or "warning". An input without violations prints
nothing. The exit status is 1 when some input has an error, 0 when there
are only warnings or none.

--mode sets what counts as an error: in strict mode (the default) any
character an IRI does not allow; in leiri and web modes, what those modes
accept is only a warning.

Each INPUT is an IRI reference, absolute or relative. With no INPUT, and
for an INPUT "-", check reads one reference per line from standard input
(a trailing "\r" and a leading byte order mark are removed), and writes
the violations of each as soon as it has read all the lines available.

With --format jsonl, for references that may hold
any string (NUL, newlines), each line of standard input is a JSON object
{"input": "..."} and each INPUT argument is read as {"input": INPUT};
each output line is a JSON object, in the same order, also for an input
without violations: {"input": ..., "violations": [{"offset": N, "code":
..., "severity": "error" or "warning", "message": ...}...]}. A line that
is not such an object gives {"line": N, "error": ...}.
` + flagsHelp + `
Examples:

	$ relink check 'http://example.com/a b' 'http://ex%C0%AFample.com/'
	"http://example.com/a b"	20	leiri-only	error: space is not an IRI character; LEIRI and Web modes accept it and percent-encode it
	"http://ex%C0%AFample.com/"	9	pct-overlong	error: "%C0%AF" is an overlong UTF-8 form, a way to slip characters past checks; UTF-8 forbids it

	$ relink check --mode web 'http://example.com/a b'
	"http://example.com/a b"	20	leiri-only	warning: space is not an IRI character; LEIRI and Web modes accept it and percent-encode it
`,
	run: runCheck,
}

func runCheck(cmd *command, args []string, e *env) int {
	fs := newFlagSet(cmd, e)
	modeName := choiceFlag(fs, "mode", "strict", "`MODE` deciding what is an error: strict, leiri or web", modeNames)
	format := choiceFlag(fs, "format", "text", "`FORMAT` of the input and output: text (a reference per line in, a violation per line out) or jsonl\n(JSON objects {\"input\"}, one per line, in; {\"input\", \"violations\": [{\"offset\", \"code\", \"severity\", \"message\"}...]} out)", ioFormats)
	e.outputFlag(fs)
	inputs, status := parseArgs(cmd, fs, args, e)
	if status >= 0 {
		return status
	}
	jsonl, status := ioFormat(cmd, e, *format)
	if status >= 0 {
		return status
	}
	mode, err := iri.ParseMode(*modeName)
	if err != nil {
		return usageError(cmd, e, "unknown --mode %q (want strict, leiri or web)", *modeName)
	}
	if status := e.openOutput(cmd, exitFail); status >= 0 {
		return status
	}
	c := newConverter(cmd, e, mode, iri.NewConverter(iri.WithMode(mode)))
	c.check = true
	if jsonl {
		c.jsonl = newJSONL("violations", "utf-8")
	}
	return c.runInputs(inputs, e)
}

// doCheck prints the violations of in.
func (c *converter) doCheck(in string) {
	vs := c.conv.Check(in)
	q := quote(in)
	var b strings.Builder
	for _, v := range vs {
		if v.Severity == iri.SeverityError {
			c.failed = true
		}
		b.Reset()
		b.WriteString(q)
		b.WriteByte('\t')
		b.WriteString(strconv.Itoa(v.Offset))
		b.WriteByte('\t')
		b.WriteString(v.Code)
		b.WriteByte('\t')
		b.WriteString(v.Severity.String())
		b.WriteString(": ")
		b.WriteString(v.Message)
		b.WriteByte('\n')
		if c.werr == nil {
			_, c.werr = c.out.WriteString(b.String())
		}
	}
}

type jsonViolation struct {
	Offset   int    `json:"offset"`
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

// jsonCheck writes the violations of in as a JSON object.
func (c *converter) jsonCheck(in string) {
	vs := []jsonViolation{}
	for _, v := range c.conv.Check(in) {
		if v.Severity == iri.SeverityError {
			c.failed = true
		}
		vs = append(vs, jsonViolation{v.Offset, v.Code, v.Severity.String(), v.Message})
	}
	c.writeJSON(struct {
		Input      string          `json:"input"`
		Violations []jsonViolation `json:"violations"`
	}{in, vs})
}
