package ui

import (
	"os"
	"reflect"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"leaselab/scenarios"
)

func servedOpts() *Served {
	return &Served{Renderer: lipgloss.NewRenderer(nil), Leave: "leave"}
}

func pressKeys(m *Model, keys ...string) {
	for _, k := range keys {
		var msg tea.KeyMsg
		switch k {
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		default:
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		}
		m.Update(msg)
	}
}

// A follower moves no time and takes no action; F forks a run of its own and back.
func TestFollowerReadOnlyAndFork(t *testing.T) {
	s, err := scenarios.Load("first-lock")
	if err != nil {
		t.Fatal(err)
	}
	teacher, err := NewServedPlay(s, Options{Seed: s.Header.Seed, StartPaused: true}, servedOpts())
	if err != nil {
		t.Fatal(err)
	}
	teacher.Init()
	f := teacher.Follower(servedOpts())
	f.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	hash := teacher.sim.p.World().TraceHash()
	pressKeys(f, " ", "x", ":", ">", "right", "c")
	if teacher.sim.p.World().TraceHash() != hash || !teacher.sim.paused {
		t.Fatal("a follower's keys moved or changed the class's run")
	}
	if !strings.Contains(f.status, "the teacher drives") {
		t.Fatalf("status %q: no refusal", f.status)
	}
	pressKeys(f, "F")
	if !f.Forked() || f.sim == teacher.sim || f.sim.p.World() == teacher.sim.p.World() {
		t.Fatal("F did not fork a run of its own")
	}
	pressKeys(f, "x") // crash the selected node: the copy's story, not the class's
	if teacher.sim.p.World().TraceHash() != hash {
		t.Fatal("acting on the fork changed the class")
	}
	if f.sim.p.World().TraceHash() == hash {
		t.Fatal("acting on the fork did nothing")
	}
	pressKeys(f, "F")
	if !f.Following() {
		t.Fatal("F did not rejoin the class")
	}
}

// A served session's w shows the script on screen and writes no file; W is off; q leaves.
func TestServedSaveShowsScript(t *testing.T) {
	dir := t.TempDir()
	m, err := NewServedSandbox(Options{Seed: 3, StartPaused: true, SaveDir: dir}, servedOpts())
	if err != nil {
		t.Fatal(err)
	}
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	pressKeys(m, "x", "w")
	v := m.View()
	if !strings.Contains(v, "nothing is written here") || !strings.Contains(v, "crash n1") {
		t.Fatalf("w did not show the script:\n%s", v)
	}
	pressKeys(m, "esc", "W")
	if !strings.Contains(m.status, "web export is off") {
		t.Fatalf("W: status %q", m.status)
	}
	if ents, _ := filepathGlob(dir); len(ents) != 0 {
		t.Fatalf("files written: %v", ents)
	}
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")})
	if cmd == nil {
		t.Fatal("q gave no command")
	}
	if msg := runSeq(cmd); msg != "leave" {
		t.Fatalf("q sent %v, want the Leave message", msg)
	}
}

func filepathGlob(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names, err
}

// runSeq runs a command and, through tea.Sequence and tea.Batch, the first message that is
// not a list of commands.
func runSeq(cmd tea.Cmd) tea.Msg {
	msg := cmd()
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice {
		for i := 0; i < v.Len(); i++ {
			if c, ok := v.Index(i).Interface().(tea.Cmd); ok && c != nil {
				if m := runSeq(c); m != nil {
					return m
				}
			}
		}
		return nil
	}
	return msg
}
