package main

import (
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// gracefulCommands handle SIGINT, SIGTERM and SIGHUP themselves and end with the status they
// return (a server stopping on SIGTERM exits 0). A command added here must call signal.Notify
// (or signal.NotifyContext) for the signals it stops on.
var gracefulCommands = map[string]bool{"serve": true} // serve closes its sessions and exits 0

// stopSignals are the signals that stop every other command, with the conventional status
// 128+n: SIGINT 130, SIGTERM 143, SIGHUP 129. A TUI first restores the terminal (leaves the
// alternate screen, shows the cursor): bubbletea quits on SIGINT and SIGTERM, and SIGHUP is
// passed on to it as SIGTERM.
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// signalStop is the signal that stopped the command, if any.
type signalStop struct{ sig atomic.Value }

// restoreWait is how long a TUI has to restore the terminal after a signal before the process
// exits anyway (it may not have started its program yet, or be past it). It is only a backstop:
// main exits as soon as the program has restored the terminal. 2s was too short on a loaded
// machine (a TUI busy with its world took longer to quit, and the exit left the alternate screen
// on), so it is generous.
const restoreWait = 10 * time.Second

// handleSignals makes the stop signals end the command args names with 128+n. A headless
// command exits at once; one that may be showing a TUI is given restoreWait to restore the
// terminal, and main then exits with the status (see exitCode).
func handleSignals(args []string) *signalStop {
	st := &signalStop{}
	cmd := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd = args[0]
	}
	if gracefulCommands[cmd] {
		return st
	}
	tui := cmd == "" || cmd == "play" || cmd == "compare" && !slices.ContainsFunc(args, isPrintFlag)
	ch := make(chan os.Signal, 4)
	signal.Notify(ch, stopSignals...)
	go func() {
		s := (<-ch).(syscall.Signal)
		st.sig.Store(s)
		if !tui {
			os.Exit(128 + int(s))
		}
		if s == syscall.SIGHUP {
			syscall.Kill(os.Getpid(), syscall.SIGTERM) // the TUI quits on it and restores the terminal
		}
		time.Sleep(restoreWait)
		os.Exit(128 + int(s))
	}()
	return st
}

func isPrintFlag(a string) bool { return a == "--print" || a == "-print" || a == "--print=true" }

// exitCode is the status the command ends with if a signal stopped it.
func (st *signalStop) exitCode() (int, bool) {
	s, ok := st.sig.Load().(syscall.Signal)
	if !ok {
		return 0, false
	}
	return 128 + int(s), true
}
