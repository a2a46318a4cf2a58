package main

import "os"

// stopSignals are the notes that stop relink rewrite -w cleanly.
var stopSignals = []os.Signal{os.Interrupt}

// signalStatus returns the name of sig, a stop signal, and the exit
// status of a command it stopped, as on Unix for SIGINT.
func signalStatus(sig os.Signal) (name string, status int) {
	return "interrupt", 128 + 2
}
