package main

import (
	"flag"
	"fmt"
	"strings"
)

var completionCommand = &command{
	name:    "completion",
	summary: "print a shell completion script for bash, zsh or fish",
	usage:   "relink completion bash|zsh|fish",
	help: `Completion prints a script that makes the shell complete relink's
commands, their flags, the values of the flags whose values are a closed
set (--to, --resolve, --type, --mode, each command's --format, --role,
and --charset with the names of the WHATWG Encoding Standard's encodings
and the labels iso-8859-1 and us-ascii), and file names. It is made from
the same table of commands and flags as the help, and a value it offers
is one the command takes.

bash, for the current shell and for every new one:

	$ source <(relink completion bash)
	$ relink completion bash > ~/.local/share/bash-completion/completions/relink

zsh (a directory of $fpath; or "source <(relink completion zsh)"):

	$ relink completion zsh > "${fpath[1]}/_relink"

fish:

	$ relink completion fish > ~/.config/fish/completions/relink.fish
`,
}

// run is set in init: the scripts are made from the table of commands,
// which holds completionCommand.
func init() { completionCommand.run = runCompletion }

func runCompletion(cmd *command, args []string, e *env) int {
	fs := newFlagSet(cmd, e)
	pos, status := parseArgs(cmd, fs, args, e)
	if status >= 0 {
		return status
	}
	if len(pos) != 1 {
		return usageError(cmd, e, "want one shell: bash, zsh or fish")
	}
	var script string
	switch pos[0] {
	case "bash":
		script = bashCompletion()
	case "zsh":
		script = zshCompletion()
	case "fish":
		script = fishCompletion()
	default:
		return usageError(cmd, e, "unknown shell %q (want bash, zsh or fish)", pos[0])
	}
	if _, err := fmt.Fprint(e.stdout, script); err != nil {
		fmt.Fprintf(e.stderr, "relink completion: %v\n", err)
		return exitFail
	}
	return exitOK
}

// completionShells are the shells relink completion knows.
var completionShells = []string{"bash", "zsh", "fish"}

// bashCompletion returns the completion script for bash.
func bashCompletion() string {
	var b strings.Builder
	b.WriteString(`# bash completion for relink; made by "relink completion bash".
_relink() {
	local cur=${COMP_WORDS[COMP_CWORD]}
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "`)
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	b.WriteString(strings.Join(names, " ") + ` help --help --version" -- "$cur"))
		return
	fi
	# The flag before the word, for its value: "--to iri" or "--to=iri",
	# which bash splits at the "=".
	local prev=${COMP_WORDS[COMP_CWORD-1]}
	if [ "$cur" = = ]; then
		cur=
	elif [ "$prev" = = ] && [ "$COMP_CWORD" -ge 3 ]; then
		prev=${COMP_WORDS[COMP_CWORD-2]}
	fi
	local values=
	case ${COMP_WORDS[1]}:${prev#-} in
`)
	for _, c := range commands {
		for _, f := range commandFlags(c) {
			if choices := flagChoices(f); choices != nil {
				fmt.Fprintf(&b, "\t%s:-%s|%[1]s:%[2]s) values=%q ;;\n", c.name, f.Name, strings.Join(choices, " "))
			}
		}
	}
	b.WriteString(`	esac
	if [ -n "$values" ]; then
		COMPREPLY=($(compgen -W "$values" -- "$cur"))
		return
	fi
	local flags=
	case ${COMP_WORDS[1]} in
`)
	for _, c := range commands {
		var all []string
		for _, f := range commandFlags(c) {
			if s := shortName(f); s != "" {
				all = append(all, "-"+s)
			}
			all = append(all, flagName(f))
		}
		all = append(all, "--help")
		fmt.Fprintf(&b, "\t%s) flags=%q ;;\n", c.name, strings.Join(all, " "))
	}
	b.WriteString(`	help) COMPREPLY=($(compgen -W "` + strings.Join(names, " ") + `" -- "$cur")); return ;;
	esac
	if [ "${COMP_WORDS[1]}" = completion ]; then
		COMPREPLY=($(compgen -W "` + strings.Join(completionShells, " ") + `" -- "$cur"))
		return
	fi
	case $cur in
	-*)
		COMPREPLY=($(compgen -W "$flags" -- "$cur"))
		return
		;;
	esac
	# An input, or the value of a flag: a file name is the likeliest.
	COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -o bashdefault -F _relink relink
`)
	return b.String()
}

// zshCompletion returns the completion script for zsh.
func zshCompletion() string {
	var b strings.Builder
	b.WriteString(`#compdef relink
# zsh completion for relink; made by "relink completion zsh".
_relink() {
	local -a commands
	commands=(
`)
	for _, c := range commands {
		fmt.Fprintf(&b, "\t\t%s\n", zshQuote(c.name+":"+c.summary))
	}
	b.WriteString(`	)
	if (( CURRENT == 2 )); then
		_describe -t commands 'relink command' commands
		return
	fi
	case $words[2] in
`)
	for _, c := range commands {
		fmt.Fprintf(&b, "\t%s)\n\t\t_arguments -S \\\n", c.name)
		for _, f := range commandFlags(c) {
			spec := "[" + zshEscape(flagSummary(f)) + "]"
			if takesValue(f) {
				name, _ := flag.UnquoteUsage(f)
				action := "_files"
				if choices := flagChoices(f); choices != nil {
					action = "(" + strings.Join(choices, " ") + ")"
				}
				spec += ":" + zshEscape(name) + ":" + action
			}
			if s := shortName(f); s != "" {
				// Either name, and neither once one is given.
				fmt.Fprintf(&b, "\t\t\t%s \\\n", zshQuote("(-"+s+" "+flagName(f)+")-"+s+spec))
				fmt.Fprintf(&b, "\t\t\t%s \\\n", zshQuote("(-"+s+" "+flagName(f)+")"+flagName(f)+spec))
				continue
			}
			fmt.Fprintf(&b, "\t\t\t%s \\\n", zshQuote(flagName(f)+spec))
		}
		if c == completionCommand {
			fmt.Fprintf(&b, "\t\t\t'1:shell:(%s)'\n\t\t;;\n", strings.Join(completionShells, " "))
			continue
		}
		b.WriteString("\t\t\t'*:file:_files'\n\t\t;;\n")
	}
	b.WriteString(`	help)
		_describe -t commands 'relink command' commands
		;;
	esac
}
if [ "$funcstack[1]" = _relink ]; then
	_relink "$@"
else
	compdef _relink relink
fi
`)
	return b.String()
}

// zshEscape escapes what an _arguments spec gives a meaning to.
func zshEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, ":", `\:`).Replace(s)
}

// zshQuote quotes s for the shell, in single quotes.
func zshQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// fishCompletion returns the completion script for fish.
func fishCompletion() string {
	var b strings.Builder
	b.WriteString("# fish completion for relink; made by \"relink completion fish\".\n")
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	none := "not __fish_seen_subcommand_from " + strings.Join(names, " ")
	fmt.Fprintf(&b, "complete -c relink -n %s -f -a help -d 'the help of a command'\n", zshQuote(none))
	fmt.Fprintf(&b, "complete -c relink -n %s -f -l version -d 'print relink'\\''s version'\n", zshQuote(none))
	for _, c := range commands {
		fmt.Fprintf(&b, "complete -c relink -n %s -f -a %s -d %s\n", zshQuote(none), c.name, zshQuote(c.summary))
	}
	for _, c := range commands {
		cond := zshQuote("__fish_seen_subcommand_from " + c.name)
		for _, f := range commandFlags(c) {
			opt := "-l " + f.Name
			if s := shortName(f); s != "" {
				opt = "-s " + s + " " + opt
			}
			if choices := flagChoices(f); choices != nil {
				// -x: a value, one of these, and no file name.
				opt += " -x -a " + zshQuote(strings.Join(choices, " "))
			} else if takesValue(f) {
				opt += " -r"
			}
			fmt.Fprintf(&b, "complete -c relink -n %s %s -d %s\n", cond, opt, zshQuote(flagSummary(f)))
		}
		if c == completionCommand {
			fmt.Fprintf(&b, "complete -c relink -n %s -f -a %s\n", cond, zshQuote(strings.Join(completionShells, " ")))
		}
	}
	return b.String()
}
