// Relink converts links between their IRI and URI forms.
//
// Usage:
//
//	relink <command> [flags] [INPUT...]
//
// The commands are:
//
//	uri    print the URI form of each input
//	iri    print the display IRI of each input
//
// Use "relink <command> -h" or "relink help <command>" for more
// information about a command.
package main
