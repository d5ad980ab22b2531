package ui

import (
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/teatest"

	"leaselab/cluster"
	"leaselab/scenarios"
)

var compareSizes = [][2]int{{200, 50}, {160, 48}, {120, 40}}

func loadScenario(t testing.TB, name string) *scenarios.Scenario {
	t.Helper()
	s, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// lateExpirePair is late-expire against itself with expire-ignores-token (one narration), or
// against late-expire-unsafe (a narration under each half).
func lateExpirePair(t testing.TB, withSwitch bool) (*scenarios.Scenario, *scenarios.Scenario) {
	a := loadScenario(t, "late-expire")
	if !withSwitch {
		return a, loadScenario(t, "late-expire-unsafe")
	}
	b, err := scenarios.WithUnsafe(a, "expire-ignores-token")
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

// newCompareModel is a paused comparison with a fake wall clock, sized w x h.
func newCompareModel(t testing.TB, a, b *scenarios.Scenario, w, h int) *CompareModel {
	t.Helper()
	c, err := scenarios.NewComparison(a, b, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := newCompare(c, Options{StartPaused: true, Speed: 5}, testStyles())
	m.wall = func() time.Time { return wall0 }
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// playToDivergence plays a compare to its first divergence, stopped there, answering any ask
// on the way with 2.
func playToDivergence(t *testing.T, m *CompareModel) {
	t.Helper()
	playUntil(t, m, func() bool {
		if _, w := m.waitingAsk(); w {
			m.Update(keyMsg("2"))
		}
		return m.c.Div != nil && m.atPause
	})
}

// playUntil runs real frames (fake wall time), pressing enter at every script pause and space
// whenever the clock stopped otherwise, until cond holds; it fails after limit frames.
func playUntil(t *testing.T, m *CompareModel, cond func() bool) {
	t.Helper()
	at := wall0
	m.wall = func() time.Time { return at }
	for frames := 0; !cond(); frames++ {
		if frames > 20000 {
			t.Fatalf("not reached by %v (simulated)", m.c.Now())
		}
		switch {
		case m.atPause:
			m.Update(keyMsg("enter"))
		case !m.moving():
			m.Update(keyMsg("space"))
		}
		at = at.Add(frameEvery)
		m.Update(frameMsg{gen: m.gen, at: at})
	}
}

func TestCompareStopsAtTheDivergenceAndEndsAsTheHeadlessRun(t *testing.T) {
	a, b := lateExpirePair(t, true)
	whole, _ := scenarios.NewComparison(a, b, nil, nil)
	whole.Run()
	m := newCompareModel(t, a, b, 160, 48)
	playUntil(t, m, func() bool { return m.c.Div != nil })
	if m.moving() || m.c.Now() != whole.Div.At || m.c.World(0).Now() != m.c.World(1).Now() {
		t.Fatalf("at the divergence: moving %v, now %v (sides %v %v), want paused at %v",
			m.moving(), m.c.Now(), m.c.World(0).Now(), m.c.World(1).Now(), whole.Div.At)
	}
	v := m.View()
	for _, want := range []string{"≠ diverged at 5.253s", "safe · late-expire", "unsafe: expire-ignores-token · late-expire",
		"≠ 5.253s n1 applies Expire orders #1 → Expired{existed:false}", "≠ 5.253s n1 applies Expire orders #1 → Expired{existed:true}",
		"what the safe run does (the story is told for it; the other run parted at 5.253s"} {
		if !strings.Contains(v, want) {
			t.Fatalf("missing %q:\n%s", want, v)
		}
	}
	playUntil(t, m, m.c.Ended)
	for i := range m.c.Sides {
		if m.c.Sides[i].Verdict.Hash != whole.Sides[i].Verdict.Hash {
			t.Fatalf("side %d: TUI run %x, headless %x", i, m.c.Sides[i].Verdict.Hash, whole.Sides[i].Verdict.Hash)
		}
	}
	v = m.View()
	for _, want := range []string{"BOTH DONE", "safe: PASS: 29 checks and waits held · violations: none", "unsafe: expire-ignores-token: 11 of the safe run's 29 checks and waits don't hold here · violations: lost-grant"} {
		if !strings.Contains(v, want) {
			t.Fatalf("missing %q at the end:\n%s", want, v)
		}
	}
	// One word for the story's checks: "PASS: 17 expects held" beside "the story's checks are
	// the safe run's: 11 of 17" read as two things (nc31-c).
	if strings.Contains(v, "expects") {
		t.Errorf("the end says expects and checks for one thing:\n%s", v)
	}
}

func TestCompareRewindForgetsAndJumpReturns(t *testing.T) {
	a, b := lateExpirePair(t, false)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { return m.c.Div != nil })
	at := m.c.Now()
	m.Update(keyMsg("left"))
	if m.c.Div != nil || m.c.Now() != at-time.Second {
		t.Fatalf("after ←: now %v, divergence %v", m.c.Now(), m.c.Div)
	}
	if v := m.View(); !strings.Contains(v, "= identical so far; the runs part at 5.253s (d jumps there)") {
		t.Fatalf("before the divergence:\n%s", v)
	}
	m.Update(keyMsg("."))
	if m.c.Now() <= at-time.Second || m.moving() {
		t.Fatalf(". should step to the next instant and stay paused: now %v", m.c.Now())
	}
	m.Update(keyMsg("d"))
	if m.c.Div == nil || m.c.Now() != at || m.moving() {
		t.Fatalf("after d: now %v, divergence %v, moving %v", m.c.Now(), m.c.Div, m.moving())
	}
	m.Update(keyMsg("enter"))
	if !m.moving() {
		t.Fatal("enter at the divergence stop should run on")
	}
	m.Update(keyMsg("space"))
	m.Update(keyMsg(">"))
	if m.speed != 10 {
		t.Fatalf("speed %v after >", m.speed)
	}
	playUntil(t, m, m.c.Ended)
	for _, want := range []string{"PASS: 29 checks and waits held · violations: none", "PASS: 23 checks and waits held · violations: lost-grant, non-linearizable"} {
		if v := m.View(); !strings.Contains(v, want) {
			t.Fatalf("the end: missing %q:\n%s", want, v)
		}
	}
	if _, cmd := m.Update(keyMsg("q")); cmd == nil {
		t.Fatal("q does not quit")
	}
}

// Side by side from 160 columns, one above the other below; every line fits the terminal.
func TestCompareLayouts(t *testing.T) {
	for _, shared := range []bool{true, false} {
		a, b := lateExpirePair(t, shared)
		m := newCompareModel(t, a, b, 60, 20)
		if v := m.View(); v != "terminal too small (need 80x24, now 60x20) · q quits" {
			t.Fatalf("60x20: %q", v)
		}
		for _, sz := range append(compareSizes, [2]int{80, 24}) {
			m := newCompareModel(t, a, b, sz[0], sz[1])
			playUntil(t, m, func() bool { return m.c.Div != nil })
			lines := strings.Split(m.View(), "\n")
			if len(lines) != sz[1] {
				t.Fatalf("%v: %d lines", sz, len(lines))
			}
			for i, l := range lines {
				if w := lipgloss.Width(l); w > sz[0] {
					t.Fatalf("%v: line %d is %d wide: %q", sz, i, w, l)
				}
			}
			sideBySide := strings.Contains(lines[1], "safe · late-expire") && strings.Contains(lines[1], "unsafe: expire-ignores-token")
			if sideBySide != (sz[0] >= 160) {
				t.Fatalf("%v: side by side %v:\n%s", sz, sideBySide, m.View())
			}
			// One narration for one script, under the halves; one per half for two.
			if rules, want := strings.Count(m.View(), "─ narration "), map[bool]int{true: 0, false: 2}[shared]; sz[1] >= 40 && rules != want {
				t.Fatalf("%v: %d narration areas in the halves, want %d:\n%s", sz, rules, want, m.View())
			}
			for _, n := range []string{"★ n1", "n2", "n5"} {
				// (n2 and n5 may share a row, folded: "● n2-n5 follower")
				if strings.Count(m.View(), n) < 2 {
					t.Fatalf("%v: %q is not on both halves:\n%s", sz, n, m.View())
				}
			}
		}
	}
}

func TestCompareGolden(t *testing.T) {
	for _, shared := range []bool{true, false} {
		name := "late-expire-vs-unsafe-lesson"
		if shared {
			name = "late-expire-unsafe-switch"
		}
		for _, sz := range compareSizes {
			t.Run(name+"/"+sizeName(sz), func(t *testing.T) {
				a, b := lateExpirePair(t, shared)
				m := newCompareModel(t, a, b, sz[0], sz[1])
				playUntil(t, m, func() bool { return m.c.Div != nil })
				tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(sz[0], sz[1]))
				if err := tm.Quit(); err != nil {
					t.Fatal(err)
				}
				fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second))
				teatest.RequireEqualOutput(t, []byte(fm.View()))
			})
		}
	}
}

// BenchmarkCompareFrame is one frame of the comparison at 200x50 at the divergence: both
// snapshots taken and the screen drawn.
func BenchmarkCompareFrame(b *testing.B) {
	a, c := lateExpirePair(b, true)
	m := newCompareModel(b, a, c, 200, 50)
	for m.c.Div == nil {
		if m.c.Paused() {
			m.c.Continue()
		}
		m.c.AdvanceTo(m.c.Now() + time.Millisecond)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.refresh()
		_ = m.View()
	}
}

// An ask stops both runs like a pause; its question and choices are under the halves, 1-4
// records a prediction, and after enter the answered question opens the next stretch.
func TestCompareAsk(t *testing.T) {
	a := loadScenario(t, "lease-read")
	b, err := scenarios.WithUnsafe(a, "lease-read")
	if err != nil {
		t.Fatal(err)
	}
	m := newCompareModel(t, a, b, 160, 48)
	var ask *scenarios.Step
	at := wall0
	m.wall = func() time.Time { return at }
	for frames := 0; ask == nil; frames++ {
		if frames > 20000 {
			t.Fatal("no ask reached")
		}
		if _, q, waiting := m.c.Narration(0); waiting {
			ask = q
			break
		}
		switch {
		case m.atPause:
			m.Update(keyMsg("enter"))
		case !m.moving():
			m.Update(keyMsg("space"))
		}
		at = at.Add(frameEvery)
		m.Update(frameMsg{gen: m.gen, at: at})
	}
	v := m.View()
	if !m.atPause || !strings.Contains(v, "? in the safe run: "+lowerFirst(ask.Text)[:30]) || !strings.Contains(v, "1) "+ask.Choices[0]) || !strings.Contains(v, "press 1-") {
		t.Fatalf("waiting at the ask:\n%s", v)
	}
	m.Update(keyMsg(itoa(ask.Right + 1)))
	if v := m.View(); !strings.Contains(v, "✔ Right for the safe run.") {
		t.Fatalf("after the right answer:\n%s", v)
	}
	m.Update(keyMsg("enter"))
	if m.atPause {
		t.Fatal("enter did not continue")
	}
	if _, q, waiting := m.c.Narration(0); waiting || q != ask {
		t.Fatalf("after enter: ask %v waiting %v", q, waiting)
	}
	if v := m.View(); !strings.Contains(v, "✔ Right for the safe run.") {
		t.Fatalf("the answered ask should open the next stretch:\n%s", v)
	}
}

// A shared script's story is told for the run it was written for: its ask is graded for that
// run, and once the runs part the narration says whose story it is. An answer right for the
// other run is marked wrong only "for the safe run".
func TestCompareSharedStoryIsTheSafeRuns(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { _, w := m.waitingAsk(); return w })
	if v := m.View(); !strings.Contains(v, "? in the safe run: the late Expire") || strings.Contains(v, "what the safe run does") {
		t.Fatalf("at the ask (before the runs part):\n%s", v)
	}
	m.Update(keyMsg("1")) // right for the unsafe run, wrong for the safe one
	if v := m.View(); !strings.Contains(v, "✗ Not this time for the safe run: the answer is 2") {
		t.Fatalf("after answering 1:\n%s", v)
	}
	playUntil(t, m, func() bool { return m.c.Div != nil })
	if v := m.View(); !strings.Contains(v, "▸ what the safe run does") {
		t.Fatalf("after the runs parted:\n%s", v)
	}
	// Two different scripts: each half has its own story, nothing is marked.
	a, b = lateExpirePair(t, false)
	m = newCompareModel(t, a, b, 160, 48)
	playUntil(t, m, func() bool { return m.c.Div != nil })
	if v := m.View(); strings.Contains(v, "what the safe run does") || strings.Contains(v, "in the safe run") {
		t.Fatalf("two scripts, two stories:\n%s", v)
	}
}

// longerTwin is late-expire's safe run against late-expire-unsafe with 8s more at its end: two
// scripts, so neither paces the other, and one ends first.
func longerTwin(t testing.TB) (*scenarios.Scenario, *scenarios.Scenario) {
	a, u := lateExpirePair(t, false)
	b, err := scenarios.Parse("late-expire-unsafe-longer.scenario", []byte(scenarios.Format(u)+"wait 8s\n"))
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}

// When one side has ended the header says so; e plays both, in lockstep, to where both have
// ended (the same runs as headless), and the divergence stays marked.
func TestCompareOneKeyPlaysBothToTheirEnds(t *testing.T) {
	a, b := longerTwin(t)
	whole, _ := scenarios.NewComparison(a, b, nil, nil)
	whole.Run()
	m := newCompareModel(t, a, b, 120, 40)
	playUntil(t, m, func() bool { return m.c.Sides[0].Verdict != nil })
	if v := m.View(); m.c.Sides[1].Verdict != nil || !strings.Contains(v, "safe run ended · e plays both to the end") || !strings.Contains(v, "■ ended: PASS") ||
		!strings.Contains(halfText(m, 1), "▶ the other script ended; this run plays on alone to its own end · e plays both to their ends") {
		t.Fatalf("one side ended:\n%s", v)
	}
	m.Update(keyMsg("e"))
	if !m.c.Done() || m.moving() || m.c.World(0).Now() != m.c.World(1).Now() || m.c.Now() != whole.Now() {
		t.Fatalf("after e: done %v, moving %v, sides at %v %v (headless ends at %v)", m.c.Done(), m.moving(), m.c.World(0).Now(), m.c.World(1).Now(), whole.Now())
	}
	for i := range m.c.Sides {
		if m.c.Sides[i].Verdict.Hash != whole.Sides[i].Verdict.Hash {
			t.Fatalf("side %d: %x, headless %x", i, m.c.Sides[i].Verdict.Hash, whole.Sides[i].Verdict.Hash)
		}
	}
	v := m.View()
	for _, want := range []string{"≠ diverged at 5.253s", "≠ 5.253s n1 applies Expire orders #1 → Expired{existed:true}", "BOTH DONE"} {
		if !strings.Contains(v, want) {
			t.Fatalf("missing %q after e:\n%s", want, v)
		}
	}
	// From the very start too, asks and pauses included.
	m = newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e"))
	if !m.c.Done() || m.c.Div == nil || m.c.Div.String() != whole.Div.String() {
		t.Fatalf("e from the start: done %v, divergence %v", m.c.Done(), m.c.Div)
	}
}

// Nothing in the halves is cut at the sizes a class uses: the titles and states, the
// divergence, the latest results and violations.
func TestCompareHalvesAreNotCut(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		m.Update(keyMsg("e"))
		v := m.View()
		lines := strings.Split(v, "\n")
		for i, l := range lines[1 : len(lines)-2] {
			if strings.Contains(l, "…") && !strings.Contains(l, "more lines (a taller terminal; leaselab compare --print)") {
				t.Fatalf("%v: line %d is cut:\n%s", sz, i+1, v)
			}
		}
		// (Stacked, the verdicts are under the halves only: their rows went to the tracker.)
		for _, want := range []string{"11 of the safe run's 29 checks and waits don't hold here", "PASS: 29 checks and waits held", "c2 ● holds orders #2"} {
			if !strings.Contains(v, want) {
				t.Fatalf("%v: missing %q:\n%s", sz, want, v)
			}
		}
	}
}

// A rewind over a long run is a job, as in the single-run TUI: the key's Update does one bounded
// piece (a wall clock that moves 10ms a reading allows a few slices) and asks for the next with
// a message; keys are answered between pieces, esc stops it where it got to, and run to its end
// it lands where the one-go seek does.
func TestCompareRewindIsAJobThatNeverHoldsAFrame(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e")) // both scripts to their ends: a long run to replay
	end := m.c.Now()
	to := end - time.Second
	ref, _ := scenarios.NewComparison(a, b, nil, nil)
	ref.Run()
	if err := ref.SeekTo(to); err != nil {
		t.Fatal(err)
	}

	at := wall0
	m.wall = func() time.Time { at = at.Add(10 * time.Millisecond); return at }
	_, cmd := m.Update(keyMsg("left"))
	if m.job == nil || cmd == nil {
		t.Fatalf("← over %v of run finished inside one Update (job %v): it must run as a job", end, m.job)
	}
	if now := m.c.Now(); now >= to || !strings.Contains(m.status, "replaying to "+simTime(to)+": ") || strings.Contains(m.status, "-") {
		t.Fatalf("after the first piece: at %v (going to %v), status %q", now, to, m.status)
	}
	// A key between pieces is answered; a frame does not run the comparison meanwhile.
	m.Update(keyMsg("."))
	if !strings.Contains(m.status, "is running · esc stops it") {
		t.Fatalf("a key during the rewind: %q", m.status)
	}
	before := m.c.Now()
	m.Update(frameMsg{gen: m.gen, at: at.Add(time.Second)})
	if m.c.Now() != before {
		t.Fatalf("a frame moved the comparison during the rewind: %v -> %v", before, m.c.Now())
	}
	pieces := 1
	for m.job != nil {
		_, cmd = m.Update(cmd())
		if pieces++; pieces > 10000 {
			t.Fatal("the rewind never ended")
		}
	}
	if pieces < 3 || m.c.Now() != to || m.c.Now() != ref.Now() {
		t.Fatalf("%d pieces, at %v; want %v as the one-go seek (%v)", pieces, m.c.Now(), to, ref.Now())
	}
	for i := 0; i < 2; i++ {
		if h, want := m.c.World(i).TraceHash(), ref.World(i).TraceHash(); h != want {
			t.Fatalf("side %d after the sliced rewind: %x, one go %x", i, h, want)
		}
	}
	if m.status != "at "+simTime(to) {
		t.Fatalf("status %q after the rewind", m.status)
	}

	// esc stops a rewind where it got to.
	m.Update(keyMsg("e"))
	m.Update(keyMsg("left"))
	if m.job == nil {
		t.Fatal("the second rewind ended in one Update")
	}
	m.Update(keyMsg("esc"))
	if m.job != nil || !strings.Contains(m.status, "stopped at") {
		t.Fatalf("esc: job %v, status %q", m.job, m.status)
	}
}

// A comparison's frame snapshots both worlds without copying their rings of recent events (it
// copied 512 events a side, 30 times a second): the results it keeps come from the event
// stream, and one refresh allocates less than one ring's copy.
func TestCompareFrameCopiesNoEventRing(t *testing.T) {
	a, b := lateExpirePair(t, true)
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e"))
	for i := range m.v {
		ring := m.c.World(i).Config().RecentEvents
		if w := m.c.World(i); w.Events() < uint64(ring) {
			t.Fatalf("side %d: %d events, the ring (%d) is not full", i, w.Events(), ring)
		}
		if n := len(m.v[i].Events); n > 1 {
			t.Errorf("side %d's snapshot holds %d events", i, n)
		}
		if len(m.kept[i].evs) == 0 {
			t.Errorf("side %d keeps no results", i)
		}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const calls = 20
	for i := 0; i < calls; i++ {
		m.refresh()
	}
	runtime.ReadMemStats(&after)
	ring := uint64(m.c.World(0).Config().RecentEvents) * uint64(unsafe.Sizeof(cluster.Event{}))
	if per := (after.TotalAlloc - before.TotalAlloc) / calls; per >= ring {
		t.Fatalf("a refresh allocates %d bytes, one ring's copy is %d", per, ring)
	}
}
