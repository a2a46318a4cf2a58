//go:build !plan9

package main

import (
	"os"
	"syscall"
)

// stopSignals are the signals that stop relink rewrite -w cleanly.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM}

// signalStatus returns the name of sig, a stop signal, and the exit
// status of a command it stopped: 128 plus its number, as a shell gives.
func signalStatus(sig os.Signal) (name string, status int) {
	switch sig {
	case os.Interrupt:
		name = "SIGINT"
	case syscall.SIGTERM:
		name = "SIGTERM"
	default:
		name = sig.String()
	}
	if s, ok := sig.(syscall.Signal); ok {
		return name, 128 + int(s)
	}
	return name, exitFail
}
