package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster/diagram"
	"leaselab/fsm"
	"leaselab/scenarios"
)

// The diagram's goldens: late-expire at the moment n1 applies the late Expire, with the
// diagram shown, at 120x40 (five nodes, both clients) and 80x24 (compact).
func TestDiagramGolden(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		t.Run("late-expire/"+sizeName(sz), func(t *testing.T) {
			m := lateExpireMoment(t, sz[0], sz[1])
			press(m, "m")
			tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(sz[0], sz[1]))
			if err := tm.Quit(); err != nil {
				t.Fatal(err)
			}
			fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second))
			teatest.RequireEqualOutput(t, []byte(fm.View()))
		})
	}
}

// lineOf is the index of the first screen line containing every part, or -1.
func lineOf(lines []string, parts ...string) int {
	for i, l := range lines {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(l, p)
		}
		if ok {
			return i
		}
	}
	return -1
}

func lastLineOf(lines []string, parts ...string) int {
	for i := len(lines) - 1; i >= 0; i-- {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(lines[i], p)
		}
		if ok {
			return i
		}
	}
	return -1
}

// Late-expire's story on screen, without the narration: the retried Expire's MsgApp rows come
// after the Grant's, and are marked late once n1 applied it.
func TestDiagramShowsLateExpire(t *testing.T) {
	m := lateExpireMoment(t, 120, 40)
	press(m, "m")
	lines := strings.Split(m.View(), "\n")
	grant := lastLineOf(lines, "MsgApp [Grant orders 5s]")
	late := lineOf(lines, "MsgApp [Expire orders #1] (late)")
	first := lineOf(lines, "MsgApp [Expire orders #1]")
	if grant < 0 || late < 0 || first < 0 {
		t.Fatalf("rows missing (grant %d, first expire %d, late expire %d):\n%s", grant, first, late, m.View())
	}
	if !(first < grant && grant < late) {
		t.Fatalf("want first Expire (%d) < Grant (%d) < retried Expire (%d):\n%s", first, grant, late, m.View())
	}
	if lineOf(lines, "≀", "Expired{existed:false}") < late {
		t.Error("the late apply mark is not below the retried Expire's rows")
	}
	for _, want := range []string{"held 600ms", "granted #2", "acquire orders 5s", "n1", "c2"} {
		if lineOf(lines, want) < 0 {
			t.Errorf("no %q on screen", want)
		}
	}
}

// v brings heartbeats in; o narrows to one key, then one client; m goes back to the panels.
func TestDiagramFilters(t *testing.T) {
	m := newSandbox(t, 7, 5, 120, 40)
	playFor(m, 2*time.Second)
	press(m, "a", "tab", "k", "a")
	playFor(m, time.Second)
	press(m, "m")
	v := m.View()
	if strings.Contains(v, "MsgHeartbeat") {
		t.Fatal("heartbeats shown by default")
	}
	if !strings.Contains(v, "acquire orders") || !strings.Contains(v, "acquire billing") {
		t.Fatalf("both acquires should show:\n%s", v)
	}
	press(m, "v")
	if v := m.View(); !strings.Contains(v, "MsgHeartbeat") || !strings.Contains(v, "all messages") {
		t.Fatalf("v should bring heartbeats in:\n%s", v)
	}
	press(m, "v", "o") // only the selected key: billing (k pressed once)
	v = m.View()
	if !strings.Contains(v, "of key billing") || strings.Contains(v, "acquire orders") || !strings.Contains(v, "acquire billing") {
		t.Fatalf("o should show only billing's messages:\n%s", v)
	}
	press(m, "o") // only the selected client: c2
	v = m.View()
	if !strings.Contains(v, "of c2") || strings.Contains(v, "c1→") || strings.Contains(v, "acquire orders") {
		t.Fatalf("o again should show only c2's messages:\n%s", v)
	}
	press(m, "o", "m")
	if strings.Contains(m.View(), "Messages ·") {
		t.Fatal("m should bring the panels back")
	}
}

// Paused, ↑ selects a row and shows its details; ↓ past the newest follows the present.
func TestDiagramSelectShowsDetails(t *testing.T) {
	m := lateExpireMoment(t, 120, 40)
	press(m, "m", "up")
	if m.dg.sel == 0 {
		t.Fatal("↑ selected nothing")
	}
	v := m.View()
	if !strings.Contains(v, "sent ") || !strings.Contains(v, "term ") {
		t.Fatalf("no details for the selected row:\n%s", v)
	}
	sel := m.dg.sel
	press(m, "up", "up")
	if m.dg.sel >= sel {
		t.Fatalf("↑ should move to older rows: %d then %d", sel, m.dg.sel)
	}
	press(m, "pgdown", "pgdown", "pgdown")
	if m.dg.sel != 0 {
		t.Fatalf("↓ past the newest should follow the present, selected %d", m.dg.sel)
	}
}

// Rewinding redraws the diagram from the rewound world: rows after the new instant go, and
// playing on brings the same rows back.
func TestDiagramFollowsTimeTravel(t *testing.T) {
	m := lateExpireMoment(t, 120, 40)
	press(m, "m")
	before := m.View()
	if !strings.Contains(before, "(late)") {
		t.Fatalf("no late Expire before the rewind:\n%s", before)
	}
	now := m.sim.p.Now()
	press(m, "left", "left")
	after := m.View()
	if strings.Contains(after, "≀") || strings.Contains(after, "Expired{existed:false}") {
		t.Fatalf("the late apply is still drawn after rewinding 2s:\n%s", after)
	}
	for _, r := range m.sim.dg.Rows() {
		if r.At > m.sim.p.Now() {
			t.Fatalf("row at %v kept after rewinding to %v", r.At, m.sim.p.Now())
		}
	}
	late := fsm.Result{Kind: fsm.Expired, Existed: false}
	stepUntil(t, m, now+time.Second, func() bool {
		r, ok := m.sim.p.World().LastResult(1, "orders")
		return ok && r == late
	})
	if got := m.View(); diagramPart(got) != diagramPart(before) {
		t.Fatalf("replaying to the same instant draws a different diagram:\nbefore:\n%s\nafter:\n%s", before, got)
	}
}

// The compact layout keeps every node lane at 80x24 and the web page key writes a file.
func TestDiagramCompactAndSaveWeb(t *testing.T) {
	m := playLesson(t, "first-lock", 80, 24)
	m.saveDir = t.TempDir()
	playFor(m, 3*time.Second)
	press(m, "m")
	lines := strings.Split(m.View(), "\n")
	if len(lines) != 24 {
		t.Fatalf("%d lines at 80x24", len(lines))
	}
	hdr := lineOf(lines, "n1", "n2", "n3", "n4", "n5")
	if hdr < 0 {
		t.Fatalf("no lane header with every node:\n%s", m.View())
	}
	for _, l := range lines {
		if width(ansi.Strip(l)) > 80 {
			t.Fatalf("line wider than 80: %q", l)
		}
	}
	press(m, "W")
	if m.statusBad || !strings.Contains(m.status, ".html") {
		t.Fatalf("W: %s", m.status)
	}
	files, _ := filepath.Glob(filepath.Join(m.saveDir, "leaselab-session-*.html"))
	if len(files) != 1 {
		t.Fatalf("saved pages: %v", files)
	}
	b, err := os.ReadFile(files[0])
	if err != nil || !strings.Contains(string(b), `data-lane="n5"`) || !strings.Contains(string(b), "MsgApp [Grant") {
		t.Fatalf("the saved page has no diagram (%v)", err)
	}
	// The lesson's narration so far is on the page (first-lock says things in its first seconds).
	if !strings.Contains(string(b), `class="nt say"`) {
		t.Error("the saved page has no narration")
	}
}

// diagramPart is the screen without its status and help lines.
func diagramPart(v string) string {
	lines := strings.Split(v, "\n")
	return strings.Join(lines[:len(lines)-2], "\n")
}

// BenchmarkViewDiagram200x60: View with the message diagram shown on the busy sandbox
// (target: under 2 ms).
func BenchmarkViewDiagram200x60(b *testing.B) {
	m := busySandbox(b)
	press(m, "m")
	colour(m)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}

// BenchmarkViewDiagramAll200x60: the same with heartbeats shown and a row selected (details).
func BenchmarkViewDiagramAll200x60(b *testing.B) {
	m := busySandbox(b)
	press(m, "m", "v", "up", "up")
	colour(m)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}

// Five or nine nodes and three clients fit at 80x24, 120x40 and 200x60, every line its
// width, every node with its lane (and the clients too from 120x40 with five nodes).
func TestDiagramSizes(t *testing.T) {
	for _, c := range [][3]int{{5, 80, 24}, {5, 120, 40}, {9, 80, 24}, {9, 120, 40}, {9, 200, 60}} {
		nodes, sz := c[0], [2]int{c[1], c[2]}
		m := newSandbox(t, 3, nodes, sz[0], sz[1])
		playFor(m, 2*time.Second)
		press(m, "a", "tab", "a", "tab", "a")
		playFor(m, time.Second)
		press(m, "m", "v", "up")
		lines := strings.Split(m.View(), "\n")
		if len(lines) != sz[1] {
			t.Fatalf("%dx%d: %d lines", sz[0], sz[1], len(lines))
		}
		for _, l := range lines {
			if w := width(ansi.Strip(l)); w != sz[0] {
				t.Fatalf("%dx%d: a line is %d wide: %q", sz[0], sz[1], w, l)
			}
		}
		last := "n" + itoa(nodes)
		if lineOf(lines, "n1", last) < 0 {
			t.Fatalf("%dx%d: no lane header with n1..%s:\n%s", sz[0], sz[1], last, m.View())
		}
		if nodes == 5 && sz[0] >= 120 && lineOf(lines, "n5", "c1", "c2", "c3") < 0 {
			t.Fatalf("%dx%d: no lanes for the three clients:\n%s", sz[0], sz[1], m.View())
		}
	}
}

// After a long rewind (past a checkpoint, more events back than the recorder's ring of instants)
// the diagram is the one a replay from the seed draws: the lanes' marks (leading, isolated)
// come from the run's whole history, not from the few events the world still holds.
func TestDiagramAfterALongRewindIsTheReplays(t *testing.T) {
	m := newSandbox(t, 603700, 5, 120, 40)
	playFor(m, 2*time.Second)
	press(m, "2", "i")
	press(m, ">", ">", ">", ">", ">", ">", ">")
	playFor(m, 250*time.Second)
	press(m, "m", "left")
	now := m.sim.p.Now()
	if now < 200*time.Second {
		t.Fatalf("only at %v", now)
	}
	// The same session replayed from its seed, with a fresh recorder from the start.
	s := m.sim.p.Session("replay")
	p, err := scenarios.NewPlayback(s, m.sim.p.Seed(), nil)
	if err != nil {
		t.Fatal(err)
	}
	fresh := diagram.New(p.World().Config().Nodes, diagramRows)
	p.World().Subscribe(fresh.Add)
	for p.Now() < now {
		if p.RunTo(now) == scenarios.StopPause {
			p.Continue()
		}
	}
	got, want := m.sim.dg.Rows(), fresh.Rows()
	n := min(len(got), len(want))
	if n < 100 {
		t.Fatalf("rows kept: %d after the rewind, %d in the replay", len(got), len(want))
	}
	got, want = got[len(got)-n:], want[len(want)-n:]
	for i := range got {
		if got[i].Seq != want[i].Seq || got[i].At != want[i].At || got[i].Lanes != want[i].Lanes {
			t.Fatalf("row %d of the last %d: after the rewind %+v, replayed %+v", i, n, got[i].Lanes, want[i].Lanes)
		}
	}
	if m.sim.dg.State() != fresh.State() {
		t.Fatalf("lanes now: after the rewind %v, replayed %v", m.sim.dg.State(), fresh.State())
	}
	leads := false
	for _, s := range fresh.State() {
		leads = leads || s.Role() == diagram.LaneLeader
	}
	if !leads {
		t.Fatal("the replay draws no leading lane: the test shows nothing")
	}
}
