package ui

import (
	"strings"
	"testing"

	"leaselab/scenarios"

	"github.com/charmbracelet/x/ansi"
)

// TestAskStopsForAPrediction: the lesson stops at an ask; enter does not pass it unanswered;
// a digit beyond the choices is refused; a wrong answer shows ✗, the right one and the
// explanation; the end screen counts it; a rewind past the ask keeps the first answer.
func TestAskStopsForAPrediction(t *testing.T) {
	src := `campaign n1
wait-until leader n1
say "n1 campaigns."
ask "Who leads now?" "n2" right "n1" "nobody" because "n1 won its election"
expect leader n1
say "n1 leads."
`
	s, err := scenarios.Parse("ask.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m := newPlay(t, s, 120, 40)
	runToStop(t, m)
	if m.curAsk() == nil || !strings.Contains(m.View(), "? PREDICT") || !strings.Contains(m.View(), "press 1-3") {
		t.Fatalf("not stopped at the ask:\n%s", m.View())
	}
	press(m, "enter")
	if m.curAsk() == nil || !strings.Contains(m.status, "first your prediction") {
		t.Fatalf("enter passed the ask: %q", m.status)
	}
	press(m, "4")
	if _, ok := m.answerOf(m.curAsk()); ok || !strings.Contains(m.status, "3 choices") {
		t.Fatalf("4 of 3 choices: %q", m.status)
	}
	press(m, "1")
	v := m.View()
	for _, want := range []string{"✗ 1) n2", "✔ 2) n1", "✗ Not this time: the answer is 2. n1 won its election", "enter continues"} {
		if !strings.Contains(v, want) {
			t.Errorf("after a wrong answer the screen lacks %q:\n%s", want, v)
		}
	}
	if m.node != 1 {
		t.Errorf("the answer also selected n%d", m.node)
	}
	press(m, "enter")
	runToStop(t, m)
	if !strings.Contains(m.View(), "0 of 1 predictions right") {
		t.Fatalf("end screen:\n%s", m.View())
	}
	press(m, "left", "left")
	for i := 0; i < 50 && m.curAsk() == nil && !m.sim.ended; i++ {
		m.sim.run(m.sim.p.Now() + 100*1e6)
		m.refresh()
	}
	if a := m.curAsk(); a == nil {
		t.Fatal("after a rewind the ask should come again")
	} else if ans, ok := m.answerOf(a); !ok || ans != 0 {
		t.Fatalf("the first answer should stand, got %d %v", ans, ok)
	}
}

// TestNextLesson: n does nothing before the end; at the end of a bundled lesson it names and
// quits to the next one in teaching order.
func TestNextLesson(t *testing.T) {
	m := playLesson(t, "first-lock", 120, 40)
	if cmd := m.onKey(keyMsg("n")); cmd != nil || m.next != "" || !strings.Contains(m.status, "once this one has ended") {
		t.Fatalf("n before the end: next %q status %q", m.next, m.status)
	}
	for !m.sim.ended {
		runToStop(t, m)
		if a := m.pendingAsk(); a != nil {
			press(m, itoa(a.Right+1))
		}
		if m.sim.atPause() {
			press(m, "enter")
		}
	}
	want := scenarios.Next("first-lock")
	if !strings.Contains(strings.Join(strings.Fields(m.View()), " "), "n plays the next lesson, "+want) {
		t.Fatalf("the end screen does not offer %s:\n%s", want, m.View())
	}
	if cmd := m.onKey(keyMsg("n")); cmd == nil || m.next != want {
		t.Fatalf("n at the end: next %q", m.next)
	}
}

// answerAsk answers the ask the lesson is stopped at, if any, with its right choice.
func answerAsk(m *Model) {
	if a := m.pendingAsk(); a != nil {
		press(m, itoa(a.Right+1))
	}
}

// TestClientRequestOnTheWire: ghost-lock's fourth pause says the request is on the wire; the
// Network panel counts it and lists it.
func TestClientRequestOnTheWire(t *testing.T) {
	m := playLesson(t, "ghost-lock", 120, 40)
	for range 4 { // the opening, c2 granted, c2 disconnected, c2 back
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m)
	n := &m.v.Net
	if len(n.ClientFlights) != 1 || !n.ClientFlights[0].ToNode || n.ClientFlights[0].What != "acquire orders" {
		t.Fatalf("client flights: %+v", n.ClientFlights)
	}
	want := "on the wire: " + itoa(len(n.InFlight)+1)
	if v := m.View(); !strings.Contains(v, want) || !strings.Contains(v, "c1 → n1: acquire orders") {
		t.Fatalf("the Network panel lacks %q or the request:\n%s", want, v)
	}
}

// TestHeaderLeavesPredictOnceAnswered: the header says "? PREDICT" while an ask waits for its
// answer, and a plain script pause once the verdict shows (round 8 saw "? PREDICT" beside the
// answer and "enter continues" in frozen-leader).
func TestHeaderLeavesPredictOnceAnswered(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "frozen-leader", sz[0], sz[1])
		for stop := 0; stop < 10 && m.pendingAsk() == nil && !m.sim.ended; stop++ {
			press(m, "enter")
			runToStop(t, m)
		}
		if m.pendingAsk() == nil {
			t.Fatalf("%dx%d: never stopped at the ask", sz[0], sz[1])
		}
		head := func() string { return ansi.Strip(strings.SplitN(m.View(), "\n", 2)[0]) }
		if h := head(); !strings.Contains(h, "PREDICT") {
			t.Errorf("%dx%d: the ask waits but the header says: %s", sz[0], sz[1], h)
		}
		answerAsk(m)
		if h := head(); strings.Contains(h, "PREDICT") || !strings.Contains(h, "SCRIPT PAUSE") {
			t.Errorf("%dx%d: answered, the header still says: %s", sz[0], sz[1], h)
		}
	}
}

// TestNetworkNamesFlightMark: the Network panel's ⇢ rows (messages still flying) sit under a head
// that names the mark ("⇢ on the wire: 7"); nc24-e found ⇢ explained nowhere.
func TestNetworkNamesFlightMark(t *testing.T) {
	m := playLesson(t, "gc-pause", 120, 40)
	for range 3 {
		runToStop(t, m)
		press(m, "enter")
	}
	runToStop(t, m) // 3.050s: Expire's answers still fly
	v := m.View()
	if !strings.Contains(v, "  ⇢ ") {
		t.Fatalf("no message in flight at this stop:\n%s", v)
	}
	if !strings.Contains(v, "⇢ on the wire: ") {
		t.Fatalf("the Network panel lists ⇢ rows but its head does not name the mark:\n%s", v)
	}
}
