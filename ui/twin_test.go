package ui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"leaselab/scenarios"
)

// toStopSaying plays m's lesson stop by stop (answering each ask 1) to the first stop whose
// narration has want.
func toStopSaying(t *testing.T, m *Model, want string) {
	t.Helper()
	for i := 0; i < 60; i++ {
		runToStop(t, m)
		if strings.Contains(strings.Join(m.stopSays(), " "), want) {
			return
		}
		if m.pendingAsk() != nil {
			press(m, "1")
		}
		press(m, "enter")
	}
	t.Fatalf("no stop says %q", want)
}

// nc21-c: the extend lesson's point, what keep does to c2's renewal, was only told, with a
// command the student never ran. C at the stop that tells it shows both runs at that instant,
// each half named by its rule, and esc comes back to the very stop.
func TestTwinKeyOpensCompareAtTheSameInstant(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "leader-crash-mid-lease-extend", sz[0], sz[1])
		toStopSaying(t, m, "Press C")
		now, pc, says := m.sim.p.Now(), m.sim.pc(), m.stopSays()
		before := strings.Split(m.View(), "\n")
		// The key line names the twin by what it is at the first stop too, before any stop
		// said what keep is: "C beside keep" read as an unexplained word (nc30-e).
		if !strings.Contains(before[len(before)-1], "C vs default rule") {
			t.Fatalf("%dx%d: the key line does not offer C: %s", sz[0], sz[1], before[len(before)-1])
		}
		press(m, "C")
		if m.twin == nil {
			t.Fatalf("%dx%d: C opened nothing", sz[0], sz[1])
		}
		c := m.twin.c
		if c.Now() != now || sidePC(c) != pc || !m.twin.atPause {
			t.Fatalf("%dx%d: the comparison stands at %v step %d (paused at a stop: %v); the lesson at %v step %d",
				sz[0], sz[1], c.Now(), sidePC(c), m.twin.atPause, now, pc)
		}
		if c.Sides[0].Scenario != m.base || c.World(0).Config().Seed != m.sim.p.Seed() || c.World(1).Config().Seed != m.sim.p.Seed() {
			t.Fatalf("%dx%d: the comparison is not the lesson's, at its seed", sz[0], sz[1])
		}
		v := m.View()
		for _, w := range []string{"with lease-on-promote extend", "without lease-on-promote (keep)", "got not-found invoices"} {
			if !strings.Contains(v, w) {
				t.Errorf("%dx%d: the compare view lacks %q:\n%s", sz[0], sz[1], w, v)
			}
		}
		if rows := strings.Split(v, "\n"); !strings.Contains(rows[len(rows)-1], "esc ") || !strings.Contains(rows[len(rows)-1], "q quit") {
			t.Errorf("%dx%d: the key line lacks esc or q quit: %s", sz[0], sz[1], rows[len(rows)-1])
		}
		if strings.Contains(v, "Press C") {
			t.Errorf("%dx%d: inside the comparison the narration still sends the reader to C:\n%s", sz[0], sz[1], v)
		}
		press(m, "esc")
		if m.twin != nil {
			t.Fatalf("%dx%d: esc did not leave the comparison", sz[0], sz[1])
		}
		if m.sim.p.Now() != now || m.sim.pc() != pc || !m.sim.atPause() || strings.Join(m.stopSays(), " ") != strings.Join(says, " ") {
			t.Fatalf("%dx%d: back at %v step %d, not %v step %d at its stop", sz[0], sz[1], m.sim.p.Now(), m.sim.pc(), now, pc)
		}
		after := strings.Split(m.View(), "\n")
		if after[0] != before[0] {
			t.Errorf("%dx%d: the header changed:\n%s\n%s", sz[0], sz[1], before[0], after[0])
		}
		// C again opens it again, and C closes it as esc does.
		press(m, "C")
		if m.twin == nil {
			t.Fatalf("%dx%d: C did not open the comparison a second time", sz[0], sz[1])
		}
		press(m, "C")
		if m.twin != nil || m.sim.pc() != pc {
			t.Fatalf("%dx%d: C did not close the comparison back to the stop", sz[0], sz[1])
		}
	}
}

// The comparison runs on its own frames while the lesson stays where it was; the lesson's
// stale frames do not move either.
func TestTwinRunsAloneAndTheLessonWaits(t *testing.T) {
	m := playLesson(t, "leader-crash-mid-lease-extend", 120, 40)
	for range 2 { // past the first renewal's stop (0.075s) to the second stop at c1's grant (0.992s): the next is later
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m)
	now, pc := m.sim.p.Now(), m.sim.pc()
	stale := frameMsg{gen: m.gen, at: wall0.Add(time.Hour)}
	press(m, "C")
	cm := m.twin
	_, cmd := m.Update(keyMsg("enter")) // continues both runs
	if cmd == nil || !cm.moving() {
		t.Fatal("enter in the comparison did not set it running")
	}
	start := cm.c.Now()
	cm.wall = func() time.Time { return wall0 }
	cm.resume()
	for i := 1; i <= 30; i++ {
		m.Update(frameMsg{gen: cm.gen, at: wall0.Add(time.Duration(i) * frameEvery)})
	}
	m.Update(stale)
	if cm.c.Now() <= start {
		t.Fatalf("the comparison's frames did not move it (at %v)", cm.c.Now())
	}
	if m.sim.p.Now() != now || m.sim.pc() != pc {
		t.Fatalf("the lesson moved while the comparison ran: %v step %d", m.sim.p.Now(), m.sim.pc())
	}
	press(m, "esc")
	if m.twin != nil || m.sim.p.Now() != now || !m.sim.atPause() {
		t.Fatal("esc did not bring back the lesson at its stop")
	}
}

// q and ctrl-c quit from inside the comparison (a served session's leave message for q).
func TestTwinQuitKeys(t *testing.T) {
	for _, k := range []tea.KeyMsg{keyMsg("q"), {Type: tea.KeyCtrlC}} {
		m := playLesson(t, "leader-crash-mid-lease-extend", 120, 40)
		runToStop(t, m)
		press(m, "C")
		_, cmd := m.Update(k)
		if cmd == nil {
			t.Fatalf("%s inside the comparison did nothing", k)
		}
		if _, ok := cmd().(tea.QuitMsg); !ok {
			t.Fatalf("%s inside the comparison did not quit", k)
		}
	}
}

// A lesson with an unsafe switch opens beside its safe run: its own script, without the switch.
func TestTwinOfAnUnsafeLesson(t *testing.T) {
	m := playLesson(t, "late-expire-unsafe", 120, 40)
	runToStop(t, m)
	if v := m.View(); !strings.Contains(v, "C beside safe run") {
		t.Fatalf("the key line does not offer C:\n%s", v)
	}
	press(m, "C")
	if m.twin == nil {
		t.Fatal("C opened nothing")
	}
	a, b := m.twin.c.Sides[0], m.twin.c.Sides[1]
	if a.Label != "unsafe: expire-ignores-token" || b.Label != "safe" || len(b.Scenario.Header.Unsafe) != 0 {
		t.Fatalf("halves %q and %q (twin's switches %v)", a.Label, b.Label, b.Scenario.Header.Unsafe)
	}
	if m.twin.c.Now() != m.sim.p.Now() {
		t.Fatalf("the comparison at %v, the lesson at %v", m.twin.c.Now(), m.sim.p.Now())
	}
}

// A lesson with no twin: C opens nothing, and no key line offers it; pressed anyway, the status
// line says there is none (nc29-b: the ? page names C, and it did nothing, silently).
func TestTwinKeyAbsentWithoutATwin(t *testing.T) {
	for _, name := range []string{"leader-crash-mid-lease", "first-lock"} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			m := playLesson(t, name, sz[0], sz[1])
			runToStop(t, m)
			before := m.View()
			if strings.Contains(before, "C beside") || strings.Contains(before, "C vs") {
				t.Fatalf("%s %dx%d: the key line offers C:\n%s", name, sz[0], sz[1], before)
			}
			press(m, "C")
			if m.twin != nil {
				t.Fatalf("%s %dx%d: C opened a comparison:\n%s", name, sz[0], sz[1], m.View())
			}
			if !strings.Contains(m.View(), "no unsafe twin") {
				t.Fatalf("%s %dx%d: C said nothing:\n%s", name, sz[0], sz[1], m.View())
			}
			press(m, "?")
			if strings.Contains(m.View(), "C beside") || strings.Contains(m.View(), "C vs") {
				t.Fatalf("%s %dx%d: the keys page offers C", name, sz[0], sz[1])
			}
		}
	}
	s := newSandbox(t, 1, 5, 120, 40)
	press(s, "C")
	if s.twin != nil {
		t.Fatal("the sandbox opened a comparison")
	}
}

// In a served session C works as in play (no file is read: the twin is the lesson's copy),
// and q inside sends the session's leave message.
func TestTwinInAServedSession(t *testing.T) {
	type leave struct{}
	s, err := scenarios.Load("leader-crash-mid-lease-extend")
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewServedPlay(s, Options{Seed: s.Header.Seed, StartPaused: true}, &Served{Leave: leave{}})
	if err != nil {
		t.Fatal(err)
	}
	setup(m, 120, 40)
	runToStop(t, m)
	press(m, "C")
	if m.twin == nil || !strings.Contains(m.View(), "without lease-on-promote (keep)") {
		t.Fatalf("C did not open the comparison in a served session:\n%s", m.View())
	}
	if m.World() != m.twin.c.World(0) {
		t.Fatal("the session's bounds do not watch the comparison's run")
	}
	_, cmd := m.Update(keyMsg("q"))
	if _, ok := cmd().(leave); cmd == nil || !ok {
		t.Fatal("q inside the comparison did not leave the served lesson")
	}
}
