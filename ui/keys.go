package ui

import "github.com/charmbracelet/bubbles/key"

// keyMap is every key the TUI answers to; `?` lists them all (bubbles/help).
type keyMap struct {
	Pause, Step, LockStep, Slower, Faster, Back, Forward, Continue key.Binding

	Node, Isolate, Crash, RateUp, RateDown, OffsetUp, OffsetDown, ClockReset key.Binding
	Campaign, Transfer, Snapshot, Heal, Partition, SlowLinks, DropAll        key.Binding
	AddNode, RemoveNode                                                      key.Binding

	Client, Acquire, Release, Write, Disconnect, GCPause, Key, Lease key.Binding

	Command, Filter, Focus, Up, Down, PageUp, PageDown, Save, Next, Help, Quit key.Binding

	Diagram, Only, SaveWeb, LockFilter key.Binding

	DetailUp, DetailDown key.Binding // the diagram's details, when they are longer than their box

	// Twin opens the lesson beside its twin (twin.go); disabled where there is none.
	Twin key.Binding
}

func newKeyMap() keyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Pause:    b("space", "pause/resume", " "),
		Step:     b(".", "one event (paused)", "."),
		LockStep: b("j", "next lock event", "j"),
		Slower:   b("<", "slower", "<", ","),
		Faster:   b(">", "faster", ">"),
		Back:     b("←", "back 1s (sim time, replays)", "left"),
		Forward:  b("→", "forward 1s", "right"),
		Continue: b("enter/c", "continue script", "enter", "c"),

		Node:       b("1-9", "select node", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Isolate:    b("i", "isolate/rejoin", "i"),
		Crash:      b("x", "crash/restart", "x"),
		RateUp:     b("+", "clock rate +10%", "+", "="),
		RateDown:   b("-", "clock rate -10%", "-", "_"),
		OffsetUp:   b("]", "clock +500ms", "]"),
		OffsetDown: b("[", "clock -500ms", "["),
		ClockReset: b("z", "reset clock", "z"),
		Campaign:   b("e", "campaign", "e"),
		Transfer:   b("t", "transfer leader here", "t"),
		Snapshot:   b("s", "snapshot", "s"),
		Heal:       b("h", "heal network", "h"),
		Partition:  b("p", "leader+1 | rest", "p"),
		SlowLinks:  b("S", "slow node's links 600ms", "S"),
		DropAll:    b("%", "drop all 0/10/30%", "%"),
		AddNode:    b("A", "add a node (add-node)", "A"),
		RemoveNode: b("X", "remove node (remove-node)", "X"),

		Client:     b("tab", "next client", "tab"),
		Acquire:    b("a", "acquire key", "a"),
		Release:    b("r", "release key", "r"),
		Write:      b("f", "fenced write", "f"),
		Disconnect: b("d", "disconnect/reconnect", "d"),
		GCPause:    b("g", "GC pause 5s", "g"),
		Key:        b("k", "cycle key", "k"),
		Lease:      b("l", "cycle lease", "l"),

		Command:  b(":", "any scenario step", ":"),
		Filter:   b("v", "timeline filter (diagram: all messages)", "v"),
		Focus:    b("shift+tab", "focus panel", "shift+tab"),
		Up:       b("↑", "up (focused panel)", "up"),
		Down:     b("↓", "down (focused panel)", "down"),
		PageUp:   b("pgup", "timeline page up", "pgup"),
		PageDown: b("pgdn", "timeline page down", "pgdown"),
		Save:     b("w", "save session", "w"),
		Next:     b("n", "next lesson (at the end)", "n"),
		SaveWeb:  b("W", "save session as web page", "W"),
		Diagram:  b("m", "message diagram", "m"),
		Only:     b("o", "diagram: only key/client", "o"),
		// Said where it applies: the details' rule names them when there is more to read.
		DetailUp:   b("shift+↑", "diagram: scroll a row's details up", "shift+up"),
		DetailDown: b("shift+↓", "diagram: scroll a row's details down", "shift+down"),
		Help:       b("?", "keys, ?? glossary", "?"),

		LockFilter: b("/", "lock table: keys by prefix (: /PREFIX)", "/"),
		Twin:       key.NewBinding(key.WithKeys("C"), key.WithHelp("C", "compare"), key.WithDisabled()), // twinKey
		Quit:       b("q", "quit", "q", "ctrl+c"),
	}
}

// ShortHelp is the one-line footer, in the order it gives way: how to get help and how to
// leave come first, so a narrow screen never hides them.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Help, k.Quit, k.Twin, k.Pause, k.LockStep, k.Continue, k.Back, k.Node, k.Isolate, k.Crash, k.Client, k.Acquire, k.Command, k.Save}
}

// FullHelp is the `?` screen, one column per group.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Pause, k.Step, k.LockStep, k.Slower, k.Faster, k.Back, k.Forward, k.Continue, k.Twin, k.Save, k.SaveWeb, k.Next, k.Quit},
		{k.Node, k.Isolate, k.Crash, k.RateUp, k.RateDown, k.OffsetUp, k.OffsetDown, k.ClockReset, k.Campaign},
		{k.Transfer, k.Snapshot, k.Heal, k.Partition, k.SlowLinks, k.DropAll, k.AddNode, k.RemoveNode, k.Command},
		{k.Client, k.Acquire, k.Release, k.Write, k.Disconnect, k.GCPause, k.Key, k.Lease},
		{k.Filter, k.LockFilter, k.Diagram, k.Only, k.Focus, k.Up, k.Down, k.PageUp, k.PageDown, k.Help},
	}
}
