package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// At a script stop the narration tells what happened since the stop before, from its start:
// at 120x40 and 80x24, in every lesson, the timeline shows the first lock event since the
// stop before, or, when one came, the first violation since then whole (as much of it as the
// timeline has rows for).
func TestTimelineShowsTheStopsStory(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		for _, l := range scenarios.Lessons() {
			m := playLesson(t, l.Name, sz[0], sz[1])
			var last, from uint64
			for stop := 0; stop < 60; stop++ {
				runToStop(t, m)
				seq := m.sim.tl.lastSeq()
				if seq > last && last > 0 {
					from = last
				} else if seq == last {
					from = 0 // nothing since the stop before: the newest rows (TestTimelineSameInstantStop)
				}
				last = seq
				if from > 0 {
					checkStory(t, m, from, l.Name, stop)
				}
				if m.sim.ended {
					break
				}
				answerAsk(m)
				press(m, "enter")
			}
		}
	}
}

// checkStory: the timeline on screen holds the first lock event after seq, or the first
// violation after it whole.
func checkStory(t *testing.T, m *Model, seq uint64, name string, stop int) {
	t.Helper()
	r := &m.sim.tl.rings[m.tl.filter]
	var first, viol *tlEvent
	for i := 0; i < r.len(); i++ {
		e := r.at(i)
		if e.ev.Seq <= seq {
			continue
		}
		if first == nil && i < r.len()-tlRows {
			return // the story began before the rows the timeline keeps (snapshot-catch-up's loop)
		}
		if first == nil {
			first = e
		}
		if e.ev.Kind == cluster.EvViolation && viol == nil {
			viol = e
		}
	}
	if first == nil {
		return
	}
	screen := ansi.Strip(m.View())
	if first.line == "" {
		t.Fatalf("%s, stop %d: the timeline never drew the story's first row", name, stop)
	}
	want := []string{firstRow(first)}
	if f := foldedHead(first); !strings.Contains(screen, want[0]) && f != nil && f.MatchString(screen) {
		return // the first row folded with the like rows after it (timeline_gap.go)
	}
	if !strings.Contains(screen, want[0]) && namedRowOnScreen(m, r, seq, screen) {
		return // the rows the narration names come first when both do not fit (TestNamedRowsVisible)
	}
	if viol != nil && !strings.Contains(screen, want[0]) {
		want = strings.Split(ansi.Strip(viol.line), "\n")
		want = want[:min(len(want), m.tl.vp.Height+m.narrationLent())] // as much as the timeline has rows for
	}
	for _, w := range want {
		if !strings.Contains(screen, strings.TrimSpace(w)) {
			t.Errorf("%s %dx%d, stop %d at %v: the story since the stop before starts at %q, not on screen:\n%s",
				name, m.width, m.height, stop, m.sim.p.Now(), strings.TrimSpace(w), screen)
			return
		}
	}
}

// foldedHead matches the row of e folded with like rows after it ("0.060s   n2-n5 append" or
// "0.060s   n2 n3 append" for "0.060s   n2 appends"), or is nil for a row that never folds.
var foldable = regexp.MustCompile(`^(\d+\.\d+s [ ✓] n\d+)( (?:appends|applies|confirms) )`)

func foldedHead(e *tlEvent) *regexp.Regexp {
	p := foldable.FindStringSubmatch(firstRow(e))
	if p == nil {
		return nil
	}
	verb := strings.TrimSpace(p[2])
	if v, ok := strings.CutSuffix(verb, "ies"); ok {
		verb = v + "y"
	} else {
		verb = strings.TrimSuffix(verb, "s")
	}
	at := strings.Fields(p[1])[0] // the fold stands at its first row's time, its nodes in id order
	return regexp.MustCompile(regexp.QuoteMeta(at) + `\s+[ ✓]?\s*n\d+(?:-n\d+| n\d+)+ ` + verb + ` `)
}

func firstRow(e *tlEvent) string {
	return strings.TrimSpace(strings.SplitN(ansi.Strip(e.line), "\n", 2)[0])
}

// Placed at a stop's story, the timeline follows the newest events again once the script runs
// on; scrolled by hand, it stays where it was put.
func TestTimelineStoryThenNewest(t *testing.T) {
	m := playLesson(t, "late-release", 120, 40)
	toStory(t, m)
	if !m.tl.anchored || m.tl.vp.AtBottom() || !strings.Contains(m.View(), "since last stop · ") {
		t.Fatalf("no stop placed the timeline at its story:\n%s", m.View())
	}
	press(m, "enter")
	playFor(m, 5*time.Millisecond)
	if m.tl.anchored || !m.tl.vp.AtBottom() {
		t.Fatalf("running on, the timeline does not follow the newest events:\n%s", m.View())
	}
	m = playLesson(t, "late-release", 120, 40)
	toStory(t, m)
	for i := 0; i < 8 && m.focus != panelTimeline; i++ {
		press(m, "shift+tab")
	}
	if !m.tl.anchored {
		t.Fatalf("focusing the timeline lost the stop's story:\n%s", m.View())
	}
	press(m, "up")
	if m.focus != panelTimeline || m.tl.anchored {
		t.Fatalf("focus %v, anchored %v after scrolling the timeline by hand", m.focus, m.tl.anchored)
	}
}

// toStory plays on to the first stop placed at its story, with newer rows below: late-release's
// 1.083s stop at 120x40 (first-lock's stories, split into short stops, all fit there now).
func toStory(t *testing.T, m *Model) {
	t.Helper()
	for !(m.tl.anchored && strings.Contains(ansi.Strip(m.View()), "since last stop · ")) && !m.sim.ended {
		answerAsk(m)
		press(m, "enter")
		runToStop(t, m)
	}
}

// A stop at the same event as the stop before (etcd-failover-reset's two pauses at 4.120s) has
// no story since it: the timeline shows the newest rows, what the stop before had below, and
// its title does not say "since last stop" (it did, "3 newer below", over the same rows again).
// When its says name rows above the newest (TestNamedRowsVisible), it shows those, and its title
// says so.
func TestTimelineSameInstantStop(t *testing.T) {
	same := 0
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		for _, l := range scenarios.Lessons() {
			m := playLesson(t, l.Name, sz[0], sz[1])
			var last uint64
			playThrough(t, m, func(stop int, v string) {
				seq := m.sim.tl.lastSeq()
				defer func() { last = seq }()
				r := &m.sim.tl.rings[m.tl.filter]
				if seq != last || r.len() == 0 {
					return
				}
				same++
				newest := firstRow(r.at(r.len() - 1))
				if strings.Contains(v, "since last stop") || !strings.Contains(v, newest) && !strings.Contains(v, "rows the narration names · ↓ ") && !strings.Contains(v, " above · ↓ ") {
					t.Errorf("%s %dx%d, stop %d at %v: nothing happened since the stop before, yet the timeline says 'since last stop' or hides its newest row %q:\n%s",
						l.Name, sz[0], sz[1], stop, m.v.Now, newest, v)
				}
			})
		}
	}
	if same == 0 {
		t.Fatal("no lesson has two stops at one event: the test proves nothing")
	}
	t.Logf("%d stops at the same event as the stop before", same)
}

// racing-acquires, 0.070s: "c2 gets busy, once n1 confirmed it still leads (ReadIndex: a
// majority answered its heartbeat)". The lock events show that round, between c2's request
// reaching n1 and its busy.
func TestLockEventsShowTheReadIndexRound(t *testing.T) {
	m := playLesson(t, "racing-acquires", 120, 40)
	playUntilOnScreen(t, m, "(ReadIndex: a majority")
	content := ansi.Strip(m.sim.tl.content(filterLock, tlRows, 200, m.st))
	at, confirm, busy := strings.Index(content, "n1 receives c2's acquire orders"), strings.Index(content, "confirms n1 still leads (ReadIndex"), strings.Index(content, "c2 gets busy")
	if at < 0 || confirm < at || busy < confirm {
		t.Fatalf("the lock events do not show the ReadIndex round before c2's busy:\n%s", content)
	}
	if v := m.View(); !strings.Contains(v, "confirms n1 still leads (ReadIndex") {
		t.Fatalf("the stop that speaks of it does not show the ReadIndex round:\n%s", v)
	}
}

var rowHead = regexp.MustCompile(`^\d+\.\d+s\s+(?:[^\w\s]\s+)?`)

// namedRowOnScreen: a row since seq that the stop's says quote is on screen.
func namedRowOnScreen(m *Model, r *tlRing, seq uint64, screen string) bool {
	pats := rowPatterns(m.stopSays())
	for i := 0; i < r.len(); i++ {
		e := r.at(i)
		if e.ev.Seq <= seq || e.line == "" {
			continue
		}
		row := firstRow(e)
		for _, p := range pats {
			if p.MatchString(rowHead.ReplaceAllString(row, "")) && strings.Contains(screen, row) {
				return true
			}
		}
	}
	return false
}
