package ui

import (
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"leaselab/cluster"
	"leaselab/fsm"
	"leaselab/scenarios"
)

// Each key does its action in the world, and every action is a recorded user step.

func started(t *testing.T) *Model {
	m := newSandbox(t, 7, 5, 160, 48)
	playFor(m, 2*time.Second)
	if m.v.Leader == 0 {
		t.Fatal("no leader after 2s")
	}
	return m
}

func node(m *Model, id int) *cluster.NodeView { return &m.v.Nodes[id-1] }

// lastUserStep is the latest step the user performed, as it will be saved.
func lastUserStep(t *testing.T, m *Model) string {
	t.Helper()
	log := m.sim.p.Log()
	for _, e := range log.Backward() {
		if e.User {
			return scenarios.FormatStep(e.Step)
		}
	}
	t.Fatal("no user step recorded")
	return ""
}

func TestNodeKeys(t *testing.T) {
	m := started(t)
	press(m, "1", "i")
	if !node(m, 1).Isolated || lastUserStep(t, m) != "isolate n1" {
		t.Fatalf("i: n1 isolated=%v, step %q", node(m, 1).Isolated, lastUserStep(t, m))
	}
	if !strings.Contains(m.View(), "ISOLATED") {
		t.Fatal("the screen does not say n1 is isolated")
	}
	press(m, "i")
	if node(m, 1).Isolated || lastUserStep(t, m) != "rejoin n1" {
		t.Fatal("i again: n1 should rejoin")
	}
	press(m, "2", "x")
	if node(m, 2).Up || role(node(m, 2)) != cluster.RoleDown || lastUserStep(t, m) != "crash n2" {
		t.Fatal("x: n2 should be down")
	}
	press(m, "x")
	if !node(m, 2).Up || lastUserStep(t, m) != "restart n2" {
		t.Fatal("x again: n2 should restart")
	}
	press(m, "3", "+", "+")
	if node(m, 3).Rate != 1.2 || lastUserStep(t, m) != "skew n3 rate 1.2" {
		t.Fatalf("+ +: n3 rate %v, step %q", node(m, 3).Rate, lastUserStep(t, m))
	}
	press(m, "-", "-", "-")
	if node(m, 3).Rate != 0.9 {
		t.Fatalf("- x3: n3 rate %v", node(m, 3).Rate)
	}
	press(m, "]")
	if node(m, 3).Offset != 500*time.Millisecond || lastUserStep(t, m) != "skew n3 offset +500ms" {
		t.Fatalf("]: n3 offset %v, step %q", node(m, 3).Offset, lastUserStep(t, m))
	}
	press(m, "[", "[")
	if node(m, 3).Offset != -500*time.Millisecond {
		t.Fatalf("[ [: n3 offset %v", node(m, 3).Offset)
	}
	press(m, "z")
	if node(m, 3).Rate != 1 || node(m, 3).Offset != 0 || lastUserStep(t, m) != "skew n3 reset" {
		t.Fatal("z: n3's clock should be reset")
	}
	target := m.v.Leader%5 + 1
	press(m, itoa(target), "t")
	if lastUserStep(t, m) != "transfer-leader n"+itoa(target) {
		t.Fatalf("t: step %q", lastUserStep(t, m))
	}
	playFor(m, time.Second)
	if m.v.Leader != target {
		t.Fatalf("t: leader n%d, want n%d", m.v.Leader, target)
	}
	press(m, "s")
	if node(m, target).Snapshot <= 1 || lastUserStep(t, m) != "snapshot n"+itoa(target) {
		t.Fatalf("s: snapshot at %d", node(m, target).Snapshot)
	}
	other := target%5 + 1
	press(m, itoa(other), "e")
	if lastUserStep(t, m) != "campaign n"+itoa(other) {
		t.Fatalf("e: step %q", lastUserStep(t, m))
	}
	playFor(m, time.Second)
	press(m, "p")
	if g := m.v.Net.Groups; len(g) != 2 || len(g[0]) != 2 || !containsInt(g[0], m.v.Leader) {
		t.Fatalf("p: groups %v with leader n%d", g, m.v.Leader)
	}
	press(m, "h")
	if len(m.v.Net.Groups) != 0 || lastUserStep(t, m) != "heal" {
		t.Fatal("h: the network should be healed")
	}
	press(m, "1", "S")
	if len(m.v.Net.Delays) != 4 || lastUserStep(t, m) != "delay n1 n5 600ms" {
		t.Fatalf("S: delays %v, step %q", m.v.Net.Delays, lastUserStep(t, m))
	}
	press(m, "%")
	if m.v.Net.DropAll != 10 || lastUserStep(t, m) != "drop all 10%" {
		t.Fatalf("%%: drop all %v", m.v.Net.DropAll)
	}
	press(m, "h")
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestClientKeys(t *testing.T) {
	m := started(t)
	press(m, "a")
	if lastUserStep(t, m) != "c1 acquire orders 3s" {
		t.Fatalf("a: step %q", lastUserStep(t, m))
	}
	playFor(m, 500*time.Millisecond)
	if c := m.clientView("c1"); c == nil || len(c.Holds) != 1 || c.Holds[0].Key != "orders" {
		t.Fatalf("a: c1 should hold orders: %+v", c)
	}
	press(m, "f")
	playFor(m, 200*time.Millisecond)
	if c := m.clientView("c1"); c.LastWrite == nil || !c.LastWrite.Accepted || lastUserStep(t, m) != "c1 write orders" {
		t.Fatalf("f: c1's write: %+v", c.LastWrite)
	}
	press(m, "r")
	playFor(m, 500*time.Millisecond)
	if c := m.clientView("c1"); len(c.Holds) != 0 || c.LastReply != cluster.ReplyReleased {
		t.Fatalf("r: c1 should have released: %+v", c)
	}
	press(m, "tab")
	if m.client != "c2" {
		t.Fatalf("tab: client %s", m.client)
	}
	press(m, "k", "l")
	if m.curKey() != "billing" || m.curLease() != 5*time.Second {
		t.Fatalf("k l: key %s lease %v", m.curKey(), m.curLease())
	}
	press(m, "a")
	if lastUserStep(t, m) != "c2 acquire billing 5s" {
		t.Fatalf("a: step %q", lastUserStep(t, m))
	}
	press(m, "d")
	if c := m.clientView("c2"); c.Connected || lastUserStep(t, m) != "c2 disconnect" {
		t.Fatal("d: c2 should be disconnected")
	}
	playFor(m, time.Second)
	if !strings.Contains(m.sim.tl.content(filterLock, 400, 200, m.st), "is lost (disconnected)") {
		t.Fatal("c2's reply should be lost while disconnected")
	}
	press(m, "d")
	if c := m.clientView("c2"); !c.Connected {
		t.Fatal("d again: c2 should reconnect")
	}
	press(m, "g")
	if c := m.clientView("c2"); !c.Paused || lastUserStep(t, m) != "c2 pause 5s" {
		t.Fatal("g: c2 should be paused")
	}
}

func TestTimeKeys(t *testing.T) {
	m := started(t)
	if m.sim.moving() {
		t.Fatal("should be paused")
	}
	cmd := func(k string) tea.Cmd { _, c := m.Update(keyMsg(k)); return c }
	if c := cmd("space"); c == nil || !m.sim.moving() {
		t.Fatal("space should resume and start the frame clock")
	}
	if c := cmd("space"); c != nil || m.sim.moving() {
		t.Fatal("space again should pause, with no frame scheduled (no CPU while paused)")
	}
	// A frame from the old chain does nothing and schedules nothing while paused.
	if _, c := m.Update(frameMsg{gen: m.gen, at: wall0.Add(time.Hour)}); c != nil {
		t.Fatal("a frame while paused must not schedule another")
	}
	n, now := m.v.EventCount, m.v.Now
	press(m, ".")
	if m.v.EventCount <= n || m.v.Now < now {
		t.Fatal(". should run one event")
	}
	if m.v.Now-now > 200*time.Millisecond {
		t.Fatalf(". moved %v", m.v.Now-now)
	}
	press(m, ">", ">")
	if m.sim.speed != 5 {
		t.Fatalf("> >: speed %v", m.sim.speed)
	}
	for i := 0; i < 20; i++ {
		press(m, "<")
	}
	if m.sim.speed != 0.1 {
		t.Fatalf("< x20: speed %v", m.sim.speed)
	}
	for i := 0; i < 20; i++ {
		press(m, ">")
	}
	press(m, "y") // the top speed is asked for
	if m.sim.speed != 100 {
		t.Fatalf("> x20, y: speed %v", m.sim.speed)
	}
	at := m.sim.p.Now()
	press(m, "right")
	if d := m.sim.p.Now() - at; d < 990*time.Millisecond || d > time.Second {
		t.Fatalf("→ moved %v", d)
	}
	hash := m.v.TraceHash
	press(m, "left")
	if d := at - m.sim.p.Now(); d < 0 || d > 10*time.Millisecond {
		t.Fatalf("← should come back to about %v, at %v", at, m.sim.p.Now())
	}
	press(m, "right")
	if m.v.TraceHash != hash && m.sim.p.Now() == at+time.Second {
		t.Fatal("replaying forward should give the same run")
	}
}

func TestRewindKeepsThenForks(t *testing.T) {
	m := started(t)
	press(m, "1", "i")
	playFor(m, 2*time.Second)
	press(m, "2", "x")
	playFor(m, 2*time.Second)
	press(m, "left", "left", "left")
	if a := m.sim.ahead(); a != 1 {
		t.Fatalf("after rewinding 3s, %d action(s) ahead, want 1 (the crash)", a)
	}
	if !node(m, 1).Isolated || !node(m, 2).Up {
		t.Fatal("the rewound world should have n1 isolated and n2 up")
	}
	press(m, "right", "right")
	if node(m, 2).Up {
		t.Fatal("playing forward again should replay the crash")
	}
	press(m, "left", "left", "left", "3", "x")
	if a := m.sim.ahead(); a != 0 {
		t.Fatalf("acting after a rewind should drop the later actions; %d ahead", a)
	}
	if !strings.Contains(m.status, "history forked") {
		t.Fatalf("status should say the history forked: %q", m.status)
	}
	press(m, "right", "right")
	if !node(m, 2).Up || node(m, 3).Up {
		t.Fatal("the forked history crashes n3, not n2")
	}
}

func TestPromptRunsAnyStep(t *testing.T) {
	m := started(t)
	typeLine(m, "cut n1 -> n2")
	if len(m.v.Net.Cuts) != 1 || m.v.Net.Cuts[0] != [2]int{1, 2} || lastUserStep(t, m) != "cut n1 -> n2" {
		t.Fatalf("cut: %v %q", m.v.Net.Cuts, m.status)
	}
	typeLine(m, "delay n3 n4 250ms")
	if len(m.v.Net.Delays) != 1 {
		t.Fatalf("delay: %v", m.v.Net.Delays)
	}
	typeLine(m, "c3 skew rate 1.5")
	if c := m.clientView("c3"); c == nil || c.Rate != 1.5 {
		t.Fatalf("client skew: %+v %q", c, m.status)
	}
	typeLine(m, "c2 connect n4")
	if c := m.clientView("c2"); c == nil || c.Guess != 4 || lastUserStep(t, m) != "c2 connect n4" {
		t.Fatalf("connect: %+v %q", c, m.status)
	}
	if !strings.Contains(m.View(), "· asks n4") {
		t.Fatalf("the client line should show the node c2 asks next:\n%s", m.View())
	}
	typeLine(m, "partition n1 n2 | n3")
	if len(m.v.Net.Groups) != 3 { // n4 n5, unnamed, form a third group
		t.Fatalf("partition: %v %q", m.v.Net.Groups, m.status)
	}
	typeLine(m, "heal")
	typeLine(m, "expect leader")
	if m.statusBad || !strings.HasPrefix(m.status, "✓") {
		t.Fatalf("expect leader: %q", m.status)
	}
	typeLine(m, "expect leader none")
	if !m.statusBad {
		t.Fatalf("expect leader none should fail: %q", m.status)
	}
	at := m.sim.p.Now()
	typeLine(m, "wait 2s")
	if m.sim.p.Now() < at+2*time.Second-5*time.Millisecond {
		t.Fatalf("wait 2s: from %v to %v", at, m.sim.p.Now())
	}
	typeLine(m, "c1 acquire cache 1s")
	typeLine(m, "wait-until c1 holds cache within 3s")
	if m.statusBad {
		t.Fatalf("wait-until: %q", m.status)
	}
	typeLine(m, "frobnicate n1")
	if !m.statusBad {
		t.Fatal("a bad line should be reported")
	}
	typeLine(m, "isolate n9")
	if !m.statusBad {
		t.Fatal("n9 does not exist in a 5-node run")
	}
	before := m.sim.p.UserActions()
	press(m, ":", "x", "esc")
	if m.prompting || m.sim.p.UserActions() != before {
		t.Fatal("esc should cancel the prompt")
	}
}

func TestOtherKeys(t *testing.T) {
	m := started(t)
	press(m, "?")
	if !strings.Contains(m.View(), "pre-candidate") || !strings.Contains(m.View(), "transfer leader here") {
		t.Fatal("? should show every key and the legend")
	}
	press(m, "?")
	if v := m.View(); !strings.Contains(v, "Glossary") || !strings.Contains(v, "on this screen (") || !strings.Contains(v, "propose, proposal: the leader proposes") {
		t.Fatalf("a second ? should show the glossary:\n%s", v)
	}
	press(m, "esc")
	if m.page.glossary || m.help.ShowAll || strings.Contains(m.View(), "Glossary") {
		t.Fatal("esc should close the ? screens")
	}
	f := m.tl.filter
	press(m, "v")
	if m.tl.filter == f || m.focus != panelTimeline {
		t.Fatal("v should change the timeline filter")
	}
	press(m, "shift+tab")
	if m.focus != panelNodes {
		t.Fatalf("shift+tab: focus %d", m.focus)
	}
	press(m, "down", "down")
	if m.node != 3 {
		t.Fatalf("↓↓ on the nodes panel: n%d", m.node)
	}
	press(m, "w")
	files, _ := filepath.Glob(filepath.Join(m.saveDir, "leaselab-session-7-*.scenario"))
	if len(files) != 1 || !strings.Contains(m.status, files[0]) {
		t.Fatalf("w: files %v, status %q", files, m.status)
	}
	if _, c := m.Update(keyMsg("q")); c == nil {
		t.Fatal("q should quit")
	}
	if msg := (func() tea.Msg { _, c := m.Update(tea.KeyMsg{Type: tea.KeyCtrlC}); return c() })(); msg != (tea.QuitMsg{}) {
		t.Fatal("ctrl+c should quit")
	}
}

func TestMouseSelectsNodeAndClient(t *testing.T) {
	m := started(t)
	c := m.lay.cols[3]
	m.Update(tea.MouseMsg{X: c.x + 2, Y: c.y + 3, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.node != 4 {
		t.Fatalf("click on n4's column selected n%d", m.node)
	}
	cl := m.lay.clients
	m.Update(tea.MouseMsg{X: cl.x + 3, Y: cl.y + 2, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.client != "c2" {
		t.Fatalf("click on the second client line selected %s", m.client)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(tea.MouseMsg{X: 5, Y: m.lay.cols[1].y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if m.node != 2 {
		t.Fatalf("click on n2's row (compact) selected n%d", m.node)
	}
}

func TestScriptPauseAndResults(t *testing.T) {
	src := `title "tiny"
seed 3
campaign n1
wait-until leader n1
say "hello"
pause
c1 acquire orders 2s
wait-until c1 holds orders
expect c1 holds orders
expect leader n2
`
	s, err := scenarios.Parse("tiny.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m := newPlay(t, s, 120, 36)
	playFor(m, 3*time.Second)
	if !m.sim.atPause() || !strings.Contains(m.View(), "hello") {
		t.Fatal("should stop at the script's pause with its narration")
	}
	_, cmd := m.Update(keyMsg("enter"))
	if m.sim.atPause() || cmd == nil {
		t.Fatal("enter should continue past the pause and start frames")
	}
	m.Update(keyMsg("space"))
	playFor(m, 3*time.Second)
	if !m.sim.ended || m.results == nil {
		t.Fatal("the script should have ended")
	}
	v := m.View()
	if !strings.Contains(v, "FAIL · 1 of the story's 4 checks and waits did not hold") || !strings.Contains(v, "tiny.scenario:10: expected leader n2") {
		t.Fatalf("the verdict should be on screen:\n%s", v)
	}
	at := m.sim.p.Now()
	playFor(m, time.Second)
	if m.sim.p.Now() <= at {
		t.Fatal("after the end the world should run on for exploration")
	}
}

func TestSaveDirError(t *testing.T) {
	m := started(t)
	m.saveDir = filepath.Join(t.TempDir(), "missing", "dir")
	press(m, "w")
	if !m.statusBad {
		t.Fatal("a failed save should be reported")
	}
	_ = os.RemoveAll(m.saveDir)
}

// TestGlossaryScrolls: on the compact screen the glossary does not fit; ↓ reaches its last term
// and ↑ comes back; the third ? closes it.
func TestGlossaryScrolls(t *testing.T) {
	m := newSandbox(t, 7, 5, 80, 24)
	press(m, "?", "?")
	last := glossary[len(glossary)-1].Term + ":" // the term as an entry, not a word in another
	if strings.Contains(m.View(), last) || !strings.Contains(m.View(), "↑↓ scroll") {
		t.Fatalf("the whole glossary fits at 80x24?\n%s", m.View())
	}
	for i := 0; i < 800; i++ {
		press(m, "down")
	}
	if !strings.Contains(m.View(), last) {
		t.Fatalf("↓ does not reach %q:\n%s", last, m.View())
	}
	for i := 0; i < 40; i++ {
		press(m, "pgup")
	}
	if !strings.Contains(m.View(), "on this screen (") { // the page's top: the screen's own words

		t.Fatalf("pgup does not come back:\n%s", m.View())
	}
	press(m, "?")
	if m.page.glossary || m.help.ShowAll {
		t.Fatal("the third ? should close")
	}
}

// TestRunesInOneRead: "1i" arriving as one key message (two keys in one read) is two keys.
func TestRunesInOneRead(t *testing.T) {
	m := newSandbox(t, 7, 5, 120, 40)
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("2i")})
	if m.node != 2 || !strings.Contains(m.status, "isolate n2") {
		t.Fatalf("node n%d, status %q", m.node, m.status)
	}
}

// TestKeysPageScrolls: at 80x24 the keys page does not fit; it says so like the glossary, ↓
// reaches the last legend line (past every key) and ↑ comes back to the first keys.
func TestKeysPageScrolls(t *testing.T) {
	m := newSandbox(t, 7, 5, 80, 24)
	press(m, "?")
	if v := m.View(); strings.Contains(v, "replication: · not received") || !strings.Contains(v, "↑↓ scroll") {
		t.Fatalf("the whole keys page fits at 80x24?\n%s", v)
	}
	seen := ""
	for i := 0; i < 200; i++ { // more than the page's rows: it grows with the legend
		seen += m.View()
		press(m, "down")
	}
	for _, want := range []string{"q quit", "o diagram: only key/client", "replication: · not received", "roles: ★ leader"} {
		if !strings.Contains(seen, want) {
			t.Errorf("scrolling the keys page never shows %q", want)
		}
	}
	// The page's last lines show (the replication entry, the last, is longer than the window
	// at 80x24, so its first words have scrolled above: the title's range says the end).
	if r := regexp.MustCompile(`\((\d+)-(\d+) of (\d+) lines\)`).FindStringSubmatch(m.View()); r == nil || r[2] != r[3] {
		t.Fatalf("↓ does not reach the end:\n%s", m.View())
	}
	// Enough for the small layout's longer legend (its node rows, its net line, a leader's check).
	press(m, "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup", "pgup")
	if !strings.Contains(m.View(), "space pause/resume ·") {
		t.Fatalf("pgup does not come back:\n%s", m.View())
	}
	press(m, "?")
	if !m.page.glossary {
		t.Fatal("? on the keys page should open the glossary")
	}
}

// TestGlossaryHasLessonWords: the words the lessons use without defining them twice are in the
// glossary, each under a term a student would look for.
func TestGlossaryHasLessonWords(t *testing.T) {
	m := newSandbox(t, 7, 5, 200, 60)
	all := strings.Join(m.glossaryLines(200), " ")
	for _, w := range []string{"raft:", "campaign, election:", "(bootstrap), entry 1:", "Noop", "lease manager:", "GC pause, stop-the-world:", "check-then-act:", "expect, check:", "ghost release:",
		"keep, extend, reset (lease-on-promote):", "keepalive, renewed:", "checkpoint (lease-checkpoint):"} {
		if !strings.Contains(all, w) {
			t.Errorf("the glossary lacks %q", w)
		}
	}
}

// The prompt completes step words with tab: the run's nodes and clients are among them.
func TestPromptCompletesStepWords(t *testing.T) {
	m := started(t)
	press(m, ":", "c", "r", "a", "tab")
	if got := m.input.value(); got != "crash n1" {
		t.Fatalf("cra + tab = %q, want crash n1", got)
	}
	press(m, "esc", ":", "c", "2", " ", "a", "c")
	for _, w := range []int{80, 120} { // the suggestion's rest shows, and the line still fits
		if v := m.input.view(m.st, w); lipgloss.Width(v) != w || !strings.Contains(ansi.Strip(v), "c2 acquire") {
			t.Fatalf("prompt at %d cells: %d cells %q", w, lipgloss.Width(v), ansi.Strip(v))
		}
	}
	press(m, "tab")
	if got := m.input.value(); got != "c2 acquire " {
		t.Fatalf("c2 ac + tab = %q, want c2 acquire", got)
	}
	for _, k := range []string{"o", "r", "d", "e", "r", "s", " ", "3", "s", "enter"} {
		press(m, k)
	}
	if lastUserStep(t, m) != "c2 acquire orders 3s" {
		t.Fatalf("the completed line should run: %q", m.status)
	}
}

// TestPromptKeepsLineAndHistory: a line that does not parse stays in the prompt with its
// error under it; ↑ brings back earlier lines.
func TestPromptKeepsLineAndHistory(t *testing.T) {
	m := newSandbox(t, 7, 5, 120, 40)
	typeLine(m, "wiat 1s")
	if !m.prompting || m.input.value() != "wiat 1s" || !strings.Contains(m.View(), "unknown command \"wiat\"") {
		t.Fatalf("prompting %v, text %q:\n%s", m.prompting, m.input.value(), m.View())
	}
	m.Update(tea.KeyMsg{Type: tea.KeyCtrlU})
	for _, r := range "heal" {
		m.Update(keyMsg(string(r)))
	}
	m.Update(keyMsg("enter"))
	if m.prompting || !strings.Contains(m.status, "heal") {
		t.Fatalf("heal: prompting %v, status %q", m.prompting, m.status)
	}
	press(m, ":", "up")
	if m.input.value() != "heal" {
		t.Fatalf("↑ gives %q", m.input.value())
	}
	press(m, "up")
	if m.input.value() != "wiat 1s" {
		t.Fatalf("↑↑ gives %q", m.input.value())
	}
	press(m, "down", "down")
	if m.input.value() != "" {
		t.Fatalf("↓↓ gives %q", m.input.value())
	}
}

// TestNoOpKeysSaySo: a node key beyond the cluster and a second S answer in the status line.
func TestNoOpKeysSaySo(t *testing.T) {
	m := newSandbox(t, 7, 5, 120, 40)
	press(m, "7")
	if m.node != 1 || !strings.Contains(m.status, "no n7: this cluster has n1..n5") {
		t.Fatalf("7: node n%d, status %q", m.node, m.status)
	}
	press(m, "S")
	if !strings.Contains(m.status, "600ms slower") {
		t.Fatalf("S: %q", m.status)
	}
	press(m, "S")
	if !strings.Contains(m.status, "already 600ms slower") {
		t.Fatalf("second S: %q", m.status)
	}
}

// TestPromptErrorWrapsWhole: the `:` prompt's error (here the long "unknown command" list)
// wraps onto as many footer rows as it needs, taken from the panels, so every word of it is on
// screen at 120x40 and 80x24, in the sandbox and in a lesson stopped with its narration; the
// screen keeps its height, and the footer is one row again once the prompt closes, without the
// error.
func TestPromptErrorWrapsWhole(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		s, err := scenarios.Load("lease-expiry")
		if err != nil {
			t.Fatal(err)
		}
		lesson := newPlay(t, s, sz[0], sz[1])
		runToStop(t, lesson)
		for name, m := range map[string]*Model{"sandbox": newSandbox(t, 7, 5, sz[0], sz[1]), "lesson": lesson} {
			narrBefore := lesson.lay.narration.h
			typeLine(m, "frobnicate now")
			if !m.prompting || !m.statusBad || len(m.status) <= sz[0] {
				t.Fatalf("%s %dx%d: want a kept line with an error longer than a row, got prompting %v status %q", name, sz[0], sz[1], m.prompting, m.status)
			}
			view := m.View()
			rows := strings.Split(view, "\n")
			if len(rows) != sz[1] {
				t.Fatalf("%s %dx%d: %d rows", name, sz[0], sz[1], len(rows))
			}
			footer := strings.Join(rows[len(rows)-m.lay.helpRows:], " ")
			if m.lay.helpRows < 2 || strings.Contains(footer, "…") {
				t.Fatalf("%s %dx%d: footer of %d rows, cut:\n%s", name, sz[0], sz[1], m.lay.helpRows, view)
			}
			if got, want := strings.Join(strings.Fields(footer), " "), strings.Join(strings.Fields(m.status), " "); got != want {
				t.Fatalf("%s %dx%d: footer says\n%q\nwant the whole error\n%q", name, sz[0], sz[1], got, want)
			}
			if name == "lesson" && m.lay.narration.h != narrBefore {
				t.Fatalf("%s %dx%d: the error took narration rows (%d -> %d)", name, sz[0], sz[1], narrBefore, m.lay.narration.h)
			}
			press(m, "esc")
			if m.lay.helpRows != 1 || len(strings.Split(m.View(), "\n")) != sz[1] {
				t.Fatalf("%s %dx%d: after esc the footer has %d rows", name, sz[0], sz[1], m.lay.helpRows)
			}
			// The error leaves with the prompt: the status row does not keep it, cut.
			rows = strings.Split(m.View(), "\n")
			if status := rows[len(rows)-2]; strings.Contains(status, "unknown command") || strings.Contains(status, "…") {
				t.Fatalf("%s %dx%d: after esc the status row is %q", name, sz[0], sz[1], status)
			}
		}
	}
}

// TestGlossaryNamesRaftWords: the glossary explains the raft words the lessons use beyond the
// basics (snapshot and compaction, hard state, heartbeat, partition), each readable on screen
// at 120x40 and 80x24 when scrolled to.
func TestGlossaryNamesRaftWords(t *testing.T) {
	want := []string{"snapshot, compaction", "hard state", "heartbeat", "partition", "results", "not-leader, asks nX, asks n3 first", "seed"}
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := newSandbox(t, 7, 5, sz[0], sz[1])
		press(m, "?", "?")
		seen := ""
		for i := 0; i < 600 && !strings.Contains(seen, glossary[len(glossary)-1].Term+":"); i++ {
			seen += " " + flatten(m.View())
			press(m, "down")
		}
		seen += " " + flatten(m.View())
		for _, term := range want {
			var text string
			for _, g := range glossary {
				if g.Term == term {
					text = g.Text
				}
			}
			if text == "" {
				t.Fatalf("no glossary entry %q", term)
			}
			words := strings.Fields(text)
			if !strings.Contains(seen, term+": "+strings.Join(words[:6], " ")) || !strings.Contains(seen, strings.Join(words[len(words)-4:], " ")) {
				t.Errorf("%dx%d: the glossary does not show %q whole", sz[0], sz[1], term)
			}
		}
	}
}

// The sandbox keys a teacher uses live: j runs to the next lock event (an Expire reaches the
// nodes one press at a time), the top speed takes one more >, ← after a pause goes back
// exactly 1s.
func TestSandboxLiveKeys(t *testing.T) {
	m := newSandbox(t, 7, 5, 120, 40)
	typeLine(m, "campaign n1")
	playFor(m, 2*time.Second)
	typeLine(m, "c1 connect n1")
	typeLine(m, "c1 acquire k 2s")
	var stops []cluster.Event
	for range 40 {
		seq := m.sim.tl.lastSeq()
		before := m.sim.p.Now()
		press(m, "j")
		if m.sim.moving() {
			t.Fatal("j should leave the clock paused")
		}
		evs := m.sim.tl.since(seq)
		if len(evs) == 0 || m.sim.p.Now() < before {
			t.Fatalf("j did not move on (at %v)", m.sim.p.Now())
		}
		// It stops at the first instant with a lock event: nothing earlier was one.
		var found *cluster.Event
		for i := range evs {
			if lockEvent(&evs[i]) {
				found = &evs[i]
				break
			}
			if evs[i].At < m.sim.p.Now() {
				continue
			}
		}
		if found == nil || found.At != m.sim.p.Now() {
			t.Fatalf("j stopped at %v with no lock event there: %v", m.sim.p.Now(), evs)
		}
		for i := range evs {
			if evs[i].At < m.sim.p.Now() && lockEvent(&evs[i]) {
				t.Fatalf("j ran past a lock event at %v: %s", evs[i].At, evs[i].Describe())
			}
		}
		stops = append(stops, *found)
		if found.Kind == cluster.EvApplied && found.Cmd.Kind == fsm.Expire && found.Node != 1 {
			break
		}
	}
	applies := 0
	for _, e := range stops {
		if e.Kind == cluster.EvApplied && e.Cmd.Kind == fsm.Expire {
			applies++
		}
	}
	if applies == 0 {
		t.Fatalf("no Expire apply reached in %d presses", len(stops))
	}
	if !strings.Contains(m.View(), "j next lock event") {
		t.Fatal("the hint line does not name j")
	}
	// One > short of the top speed stops; the next goes there.
	for range 20 {
		press(m, ">")
	}
	if m.sim.speed != 50 {
		t.Fatalf("> x20 from 1x: speed %v, want 50 (one more > for 100x)", m.sim.speed)
	}
	if !strings.Contains(m.status, "y goes to 100x") {
		t.Fatalf("status %q", m.status)
	}
	press(m, "y")
	if m.sim.speed != 100 {
		t.Fatalf("y right after the question: speed %v", m.sim.speed)
	}
	// ← after pausing between frames lands on the last event before 1s back, and says so.
	press(m, "<", "<", "<", "<", "<")
	playFor(m, 1234*time.Millisecond)
	at := m.sim.p.Now()
	press(m, "left")
	back := m.status
	if got := at - m.sim.p.Now(); got != time.Second && (!strings.Contains(back, simTime(at-time.Second)) || !strings.Contains(back, "the last event before")) {
		t.Fatalf("← moved %v, saying %q", got, back)
	}
}

// A saved session's long idle wait is offered for skipping (enter), and its end line says it
// checks nothing rather than "0 checks held".
func TestLongWaitSkipsAndNoChecksSaysSo(t *testing.T) {
	s, err := scenarios.Parse("session.scenario", []byte("campaign n1\nwait 7m41.373s\nc1 acquire k 1s\nwait 1s\n"))
	if err != nil {
		t.Fatal(err)
	}
	m := newPlay(t, s, 120, 40)
	playFor(m, 200*time.Millisecond)
	m.refresh()
	if m.skipOffered == 0 {
		t.Fatalf("no offer during the long wait: %q", m.status)
	}
	m.skipOffered = 0
	m.refresh()
	if !strings.Contains(m.status, "the script waits until 461.373s here") || !strings.Contains(m.status, "enter skips to its end") {
		t.Fatalf("the offer: %q", m.status)
	}
	press(m, "enter")
	if m.sim.p.Now() < 7*time.Minute+41373*time.Millisecond {
		t.Fatalf("enter did not skip the wait: at %v", m.sim.p.Now())
	}
	playFor(m, 2*time.Second)
	if v := m.View(); !strings.Contains(v, "this script checks nothing") || strings.Contains(v, "0 checks held") {
		t.Fatalf("the end:\n%s", v)
	}
}

// The timeline never cuts a row: a violation (its explanation is read there) and any other
// row too long for the panel wrap whole under their time, focused or not.
func TestTimelineRowsWhole(t *testing.T) {
	st := testStyles()
	v := cluster.Event{At: 1500 * time.Millisecond, Kind: cluster.EvViolation, Violation: cluster.StaleWrite,
		Text: "resource accepted c1's write with token 1 after token 2: a stale holder wrote, and no fence stopped it"}
	got := ansi.Strip(eventLine(&v, st, 60, 9))
	if !strings.Contains(strings.Join(strings.Fields(got), " "), "no fence stopped it") || strings.Contains(got, "…") {
		t.Fatalf("a violation is cut:\n%s", got)
	}
	for _, l := range strings.Split(got, "\n") {
		if width(l) > 60 {
			t.Fatalf("a line wider than 60: %q", l)
		}
	}
	a := cluster.Event{At: time.Second, Kind: cluster.EvClient, Client: "c1", Text: strings.Repeat("long words here ", 10)}
	if whole := ansi.Strip(eventLine(&a, st, 60, 9)); strings.Contains(whole, "…") || !strings.Contains(whole, "\n") {
		t.Fatalf("a long row should be whole: %q", whole)
	}
}
