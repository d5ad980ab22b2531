package cluster

import (
	"fmt"
	"strings"
	"sync"

	"go.etcd.io/raft/v3"
)

// raftLogger turns raft's log lines into events of the node that wrote them: under a TUI nothing
// may reach stdout or stderr. Debug lines are dropped; Panic and Fatal still panic (raft expects
// them not to return) and the panic value says what raft said.
type raftLogger struct {
	w    *World
	node int
}

func (l *raftLogger) emit(level, s string) {
	if l.w == nil {
		return
	}
	l.w.emit(Event{Kind: EvRaftLog, Node: l.node, Level: level, Text: strings.TrimSpace(s)})
}

func (l *raftLogger) Debug(v ...any)                 {}
func (l *raftLogger) Debugf(format string, v ...any) {}
func (l *raftLogger) Info(v ...any)                  { l.emit("info", fmt.Sprint(v...)) }
func (l *raftLogger) Infof(format string, v ...any)  { l.emit("info", fmt.Sprintf(format, v...)) }
func (l *raftLogger) Warning(v ...any)               { l.emit("warn", fmt.Sprint(v...)) }
func (l *raftLogger) Warningf(format string, v ...any) {
	l.emit("warn", fmt.Sprintf(format, v...))
}
func (l *raftLogger) Error(v ...any)                 { l.emit("error", fmt.Sprint(v...)) }
func (l *raftLogger) Errorf(format string, v ...any) { l.emit("error", fmt.Sprintf(format, v...)) }
func (l *raftLogger) Fatal(v ...any)                 { panic("raft fatal: " + fmt.Sprint(v...)) }
func (l *raftLogger) Fatalf(format string, v ...any) {
	panic("raft fatal: " + fmt.Sprintf(format, v...))
}
func (l *raftLogger) Panic(v ...any)                 { panic("raft: " + fmt.Sprint(v...)) }
func (l *raftLogger) Panicf(format string, v ...any) { panic("raft: " + fmt.Sprintf(format, v...)) }

var silenceRaft sync.Once

// silenceGlobalLogger replaces raft's process-global logger (used by storage and Status), which
// writes to stderr by default, with one that stays silent but still panics.
func silenceGlobalLogger() {
	silenceRaft.Do(func() { raft.SetLogger(&raftLogger{}) })
}
