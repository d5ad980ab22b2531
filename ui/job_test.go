package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"leaselab/scenarios"
)

// startLine types a line at the prompt without running a job it starts to its end.
func startLine(m *Model, line string) tea.Cmd {
	m.Update(keyMsg(":"))
	for _, r := range line {
		if r == ' ' {
			m.Update(keyMsg("space"))
		} else {
			m.Update(keyMsg(string(r)))
		}
	}
	_, cmd := m.Update(keyMsg("enter"))
	return cmd
}

// A wait of 1000h at the prompt runs a piece per message, shows how far it got, and q, ctrl-c
// and esc are answered between two pieces.
func TestLongWaitIsInterruptible(t *testing.T) {
	m := newSandbox(t, 7, 5, 120, 40)
	cmd := startLine(m, "wait 1000h")
	if m.job == nil || cmd == nil {
		t.Fatalf("a 1000h wait ended in one message (now %v): %q", m.sim.p.Now(), m.status)
	}
	if msg := cmd(); msg != (jobMsg{gen: m.job.gen}) {
		t.Fatalf("the job asked for %#v", msg)
	}
	before := m.sim.p.Now()
	m.Update(jobMsg{gen: m.job.gen})
	if m.sim.p.Now() <= before || !strings.Contains(m.status, "wait 1000h:") || !strings.Contains(m.status, "%") {
		t.Fatalf("no progress: %v -> %v, %q", before, m.sim.p.Now(), m.status)
	}
	if !strings.Contains(m.View(), "esc stops it") {
		t.Fatal("the screen does not show the job")
	}
	if m.sim.moving() {
		t.Fatal("frames run during a job")
	}
	for _, k := range []tea.KeyMsg{keyMsg("q"), {Type: tea.KeyCtrlC}} {
		if _, c := m.Update(k); c == nil || c() != (tea.QuitMsg{}) {
			t.Fatalf("%v does not quit during a job", k)
		}
	}
	m.Update(keyMsg("x")) // any other key: a hint, nothing done
	if m.job == nil || !strings.Contains(m.status, "is running") {
		t.Fatalf("another key: %q", m.status)
	}
	at := m.sim.p.Now()
	m.Update(keyMsg("esc"))
	if m.job != nil || !strings.Contains(m.status, "stopped at") || m.sim.p.Now() != at {
		t.Fatalf("esc: job %v, %q", m.job, m.status)
	}
	// A stale piece from the stopped job does nothing.
	if _, c := m.Update(jobMsg{gen: m.jobGen}); c != nil || m.sim.p.Now() != at {
		t.Fatal("a stale job message moved time")
	}
}

// A seek back (replay from the seed) is a job too: it ends where an uninterrupted seek ends.
func TestSeekBackIsAJob(t *testing.T) {
	m := newSandbox(t, 7, 5, 120, 40)
	press(m, "tab", "a")
	typeLine(m, "wait 2m")
	end := m.sim.p.Now()
	press(m, "left")
	if m.job != nil || m.sim.p.Now() >= end || m.sim.p.Now() < end-2*time.Second {
		t.Fatalf("seek back: at %v (end %v), %q", m.sim.p.Now(), end, m.status)
	}
}

// A world too dense for the speed asked runs slower than asked: one frame spends a bounded
// amount of wall time, however far the frame asked to go.
func TestFrameWorkIsBounded(t *testing.T) {
	s, err := scenarios.Parse("dense.scenario", []byte("nodes 3\ntick 1ms\nelection 10000\ncampaign n1\nskew n1 rate 100\nwait 1000h\n"))
	if err != nil {
		t.Fatal(err)
	}
	m := newPlay(t, s, 120, 40)
	wall := wall0
	calls := 0
	m.wall = func() time.Time { calls++; wall = wall.Add(time.Millisecond); return wall }
	m.sim.speed = 100
	press(m, "space")
	m.Update(frameMsg{gen: m.gen, at: wall.Add(time.Second)})
	if m.sim.p.Now() >= 6*time.Second || calls > 100 {
		t.Fatalf("one frame ran to %v with %d looks at the wall clock", m.sim.p.Now(), calls)
	}
	if m.sim.clock != m.sim.p.Now() {
		t.Fatalf("the frame clock %v runs ahead of the world %v", m.sim.clock, m.sim.p.Now())
	}
}
