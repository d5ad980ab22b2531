package ui

import (
	"fmt"
	"strings"

	"leaselab/scenarios"
)

// The narration area: the script's `say` lines since its last pause, every word of them. It is
// as tall as the longest stretch of narration between two pauses needs at this width (so the
// layout stays put while a lesson plays), taking rows from the panels above; only when even the
// largest area the screen can spare is too small does it scroll, with a marker saying so.

// narrLine is one line of the narration area before styling.
type narrLine struct {
	text string
	kind int // narrSay, narrVerdict, narrFail
}

const (
	narrSay = iota
	narrVerdict
	narrVerdictBad
	narrFail
	narrAsk
	narrChoice
	narrNote    // a comparison's note on whose story the narration tells
	narrAskDone // a comparison's answered ask the script moved on from, in one line
	narrRow     // a comparison's copy of a timeline row a say points at
)

// sayLines wraps the `say` texts to w cells, each in quotes.
func sayLines(says []string, w int) []narrLine { return sayLinesLead(says, w, "") }

// sayLinesLead is sayLines with lead before the first say's opening mark (a comparison names
// whose story it tells there, in no row of its own).
func sayLinesLead(says []string, w int, lead string) []narrLine {
	shown := make([]string, len(says))
	for i, t := range says {
		shown[i] = fillSay(t, nil)
	}
	return shownSayLines(shown, w, lead)
}

// shownSayLines wraps says as the student reads them (fillSay), each in quotes, lead before the
// first.
func shownSayLines(says []string, w int, lead string) []narrLine {
	var out []narrLine
	for i, t := range says {
		open := "❝ "
		if i == 0 {
			open = lead + open
		}
		ls := wrap(open+t+" ❞", w-2, "  ")
		if n := len(ls); n > 1 && strings.TrimSpace(ls[n-1]) == "❞" {
			// The closing mark never stands alone: the last word comes down with it.
			if i := strings.LastIndex(ls[n-2], " "); i > 0 {
				ls[n-2], ls[n-1] = ls[n-2][:i], "  "+ls[n-2][i+1:]+" ❞"
			}
		}
		for _, l := range ls {
			out = append(out, narrLine{text: l})
		}
	}
	return out
}

// quotedNames is a say as the student reads it where no row of the run fills its quotes.
func quotedNames(t string) string { return fillSay(t, nil) }

// fillSay is a say as the student reads it. A quoted row with a "…" (any words,
// scenarios/LANGUAGE.md: the script's text, which the rows the say names are found by) reads
// as the row of this run it names where rows gives one (the first its quote matches: fillQuote).
// Where none does, a "…" where a node's name varies by seed ('… becomes leader', 'c2 gets
// renewed from …') reads "a node" (a client's subject "a client"), unquoted: a bare "…" there
// read as text cut off (nc30-e), and 'a node becomes leader' in quotes as a row that is not on
// screen (nc31-f). A "…" for other words ('ran out …', 'n3 appends 5 …') stays.
func fillSay(t string, rows []string) string {
	qs := quotes(t)
	if len(qs) == 0 || !strings.Contains(t, "…") {
		return t
	}
	var b strings.Builder
	rest := t
	for _, q := range qs {
		i := strings.Index(rest, q[0])
		if i < 0 || !strings.Contains(q[1], "…") {
			continue
		}
		b.WriteString(rest[:i])
		rest = rest[i+len(q[0]):]
		b.WriteString(fillOne(q, rows))
	}
	b.WriteString(rest)
	return b.String()
}

// fillOne is one quote q ({whole, inside}) of fillSay.
func fillOne(q [2]string, rows []string) string {
	if strings.Contains(strings.TrimSpace(q[1]), " ") {
		for _, d := range rows {
			if f, ok := fillQuote(q[1], d); ok {
				return "'" + f + "'"
			}
		}
	}
	w := strings.Fields(q[1])
	if len(w) > 1 && w[0] == "…" && !strings.HasPrefix(w[1], "(") {
		w[0] = "a node"
		if w[1] == "gets" || w[1] == "sends" {
			w[0] = "a client"
		}
	}
	for k := 1; k < len(w); k++ {
		if t := strings.TrimRight(w[k], ")"); t == "…" && (w[k-1] == "from" || w[k-1] == "(try") {
			w[k] = "a node" + w[k][len(t):]
		}
	}
	if j := strings.Join(w, " "); j != strings.Join(strings.Fields(q[1]), " ") {
		// Unquoted: no row reads so, so the words are a description, not a row to look for.
		return j
	}
	return q[0]
}

// narrationText is every line the narration area has to show now.
func (m *Model) narrationText(w int) []narrLine {
	if r := m.results; r != nil {
		kind := narrVerdict
		if len(r.lines) > 0 {
			kind = narrVerdictBad
		}
		// A pass closes the last stretch of narration, under it: the story is read before
		// the verdict (above it, the lesson read as if it had ended a sentence early: nc20-k).
		// A failure says why in the narration's place.
		var out []narrLine
		if len(r.lines) == 0 {
			out = append(out, shownSayLines(m.shownSays(), w, "")...)
		}
		pred := ""
		if right, asks := m.score(); asks > 0 {
			pred = fmt.Sprintf("%d of %d predictions right", right, asks)
		}
		sum := r.summary(pred)
		if nx := scenarios.Next(m.base.Name); nx != "" {
			sum += " · n plays the next lesson, " + nx
		}
		for _, l := range wrap(sum, w-2, "  ") {
			out = append(out, narrLine{l, kind})
		}
		for _, f := range r.lines {
			for _, l := range wrap("✗ "+f, w-2, "    ") {
				out = append(out, narrLine{"  " + l, narrFail})
			}
		}
		return out
	}
	out := append(m.forkLines(w), m.sayLinesNow(w)...)
	if a := m.curAsk(); a != nil {
		ans, ok := m.answerOf(a)
		switch {
		case ok && !m.revealed(a):
			out = append(out, waitingAskLines(a, ans, w)...)
		case !ok:
			out = append(out, m.askBlock(a, -1, w)...)
		default:
			out = append(out, m.askBlock(a, ans, w)...)
		}
	}
	if len(out) == 0 && m.sim.sandbox {
		out = []narrLine{{text: "sandbox: every key is a scenario step; w saves the session as a .scenario file"}}
	}
	return out
}

// aheadLead heads narration that the playback, paused between two stops, has not reached:
// the script says a stop's lines before the steps that lead to it, so a rewind (or a pause on
// the way) showed the next stop's story over a screen still before it (nc24-m2,
// racing-acquires rewound to 0.030s: "c1 takes 'invoices' (token 1)" beside c1 holding nothing).
// behindLead heads the stop before's, still shown past it until the next stop's lines are said.
const (
	aheadLead  = "from the next stop: "
	behindLead = "from the stop before: "
)

// sayLinesNow is the says shown now, headed by whose stop they are when the playback is between
// stops, paused or running (nc29-b: running on after an answer showed the stop before's lines
// bare, and the same lines after ← were headed), unless the lead would not fit the narration's
// room.
func (m *Model) sayLinesNow(w int) []narrLine {
	says := m.shownSays()
	if lead := m.saysLead(); lead != "" {
		room := narrationRoom(w, m.height, m.sim.world().Nodes()) - len(m.forkLines(w))
		if len(says) > 1 {
			// The lead on its own line heads every paragraph under it: inline, it headed the
			// first only, and the second read as the stop now (nc32-f, nc32-g).
			ls := []narrLine{{text: strings.TrimSpace(lead)}}
			for _, l := range shownSayLines(says, w-2, "") {
				ls = append(ls, narrLine{text: "  " + l.text, kind: l.kind})
			}
			if len(ls) <= room {
				return ls
			}
		}
		// Short of a line for it: inline on the first, the others indented under it.
		ls := shownSayLines(says[:1], w, lead)
		for _, l := range shownSayLines(says[1:], w-2, "") {
			ls = append(ls, narrLine{text: "  " + l.text, kind: l.kind})
		}
		if len(ls) <= room {
			return ls
		}
		if ls := shownSayLines(says, w, lead); len(ls) <= room {
			return ls
		}
	}
	return shownSayLines(says, w, "")
}

// shownSays is the says shown now, each quoted row's "…" filled from the row of this run it
// names (filledSays): from the story the timeline shows at this stop (the events since the stop
// before, syncTimeline), kept while the playback runs on past it. Says from the next stop
// (aheadLead) tell of rows not come yet: they read as written.
func (m *Model) shownSays() []string {
	says := m.says()
	if m.sim.sandbox || m.saysLead() == aheadLead {
		for i, t := range says {
			says[i] = fillSay(t, nil)
		}
		return says
	}
	seq := m.tl.from
	if seq == 0 {
		seq = m.tl.told
	}
	k := fillKey{says: strings.Join(says, "\n"), seq: seq, version: m.sim.tl.version}
	if m.filled.ok && m.filled.key == k {
		return m.filled.says
	}
	out := filledSays(says, &m.sim.tl.rings[filterLock], seq)
	// The rows a stop's says quote are filled where the story reached that stop. After a
	// rewind the timeline holds only what was replayed from a checkpoint, and the same line
	// read "(a node confirms n1 still leads …)" where it had read 'n4 confirms n1 still leads
	// …' (nc32-f). The run replays the same, so the first fill stands, unless the user has
	// changed the story since.
	if _, forked := m.sim.forked(); !forked {
		if m.filledAt == nil {
			m.filledAt = map[string][]string{}
		}
		if first, ok := m.filledAt[k.says]; ok {
			out = first
		} else {
			m.filledAt[k.says] = out
		}
	}
	m.filled = fillCache{key: k, says: out, ok: true}
	return out
}

// fillKey is what shownSays' answer depends on; fillCache keeps the last (View runs 30 times
// a second, and filling describes every event of the story).
type fillKey struct {
	says         string
	seq, version uint64
}

type fillCache struct {
	key  fillKey
	says []string
	ok   bool
}

// saysLead is the lead of the says shown (sayLinesNow): aheadLead when the playback is between
// stops and the latest of the script's says came after its latest stop, behindLead when it came
// before it, and "" at a stop or once the user changed the story.
func (m *Model) saysLead() string {
	if m.sim.sandbox || m.atStop() || m.curAsk() != nil {
		return ""
	}
	if _, forked := m.sim.forked(); forked {
		return "" // the next stop may never come
	}
	lead := aheadLead
	for _, e := range m.sim.log().Backward() {
		switch {
		case e.Step.Kind == scenarios.StepSay && e.User:
			return ""
		case e.Step.Kind == scenarios.StepSay:
			return lead
		case isStop(&e.Step):
			lead = behindLead
		}
	}
	return ""
}

// forkLines is the note, above the narration, that the user has changed the lesson's story.
func (m *Model) forkLines(w int) []narrLine {
	at, forked := m.sim.forked()
	if !forked || m.sim.sandbox {
		return nil
	}
	var out []narrLine
	for _, l := range wrap("✎ "+forkNote(at), w-2, "  ") {
		out = append(out, narrLine{l, narrAsk})
	}
	return out
}

// isStop says whether a step stops the lesson (a pause, or an ask waiting for an answer).
func isStop(st *scenarios.Step) bool {
	return st.Kind == scenarios.StepPause || st.Kind == scenarios.StepAsk
}

// instantLines is the most lines any stretch of script at pc's instant needs: the stretches
// after it with nothing but words, checks and stops happen at the same instant, and sizing
// the area for each alone changed the panels' heights between stops with nothing new
// (gc-pause's 6.712s at 120x40 showed Replication's rows 3-7, then "↑ 1 earlier", nc32-d).
func instantLines(s *scenarios.Scenario, pc, w int) int {
	start := func(i int) int { // where the stretch holding step i begins
		i = min(i, len(s.Steps))
		for i > 0 && !isStop(&s.Steps[i-1]) {
			i--
		}
		return i
	}
	end := func(i int) int { // the stop ending the stretch from i, or len
		for i < len(s.Steps) && !isStop(&s.Steps[i]) {
			i++
		}
		return i
	}
	static := func(from int) bool { // nothing in the stretch moves time or the cluster
		for i := from; i < len(s.Steps) && i <= end(from); i++ {
			switch s.Steps[i].Kind {
			case scenarios.StepSay, scenarios.StepPause, scenarios.StepExpect, scenarios.StepAsk:
			default:
				return false
			}
		}
		return true
	}
	// At a stop pc is past it: the stretch it ended, and those before it at its instant.
	from := start(max(0, pc-1))
	for from > 0 && static(from) {
		from = start(from - 1)
	}
	// Each stop sizes the area for the stretch to come too: so up to the first one that moves.
	n := sectionLines(s, from, w)
	for i := end(from) + 1; i < len(s.Steps); i = end(i) + 1 {
		n = max(n, sectionLines(s, i, w))
		if !static(i) {
			break
		}
	}
	return n
}

// sectionLines is how many lines the stretch of script from the stop before step pc up to the
// next stop needs at width w: its `say` lines, and the ask it ends at, answered (the longest
// form). The script is a straight line of steps, so the area can be sized for the whole
// stretch before its first line is said.
func sectionLines(s *scenarios.Scenario, pc, w int) int {
	from := min(pc, len(s.Steps))
	for from > 0 && !isStop(&s.Steps[from-1]) {
		from--
	}
	var says []string
	n := 0
	for i := from; i < len(s.Steps); i++ {
		st := &s.Steps[i]
		if st.Kind == scenarios.StepSay {
			says = append(says, st.Text)
		}
		if st.Kind == scenarios.StepAsk {
			n = askRoom(s, st, w)
		}
		if isStop(st) {
			break
		}
	}
	return n + len(sayLines(says, w))
}

// narrationLines is the narration area's height: one line in the sandbox; in a lesson room for
// what it shows and the rest of the current stretch of narration (at least three lines, two on
// the compact screen), or for the verdict and closing lines; never more than the screen can
// spare.
func (m *Model) narrationLines(w, h int) int {
	if m.sim.sandbox {
		return 1
	}
	n := 3
	if w < fullW || h < fullH {
		n = 2
	}
	n = max(n, len(m.narrationText(w)))
	switch a := m.curAsk(); {
	case a != nil: // the verdict and explanation to come
		n = max(n, len(m.forkLines(w))+len(sayLines(m.says(), w))+askRoom(m.base, a, w))
	case m.results == nil:
		n = max(n, len(m.forkLines(w))+sectionLines(m.base, m.sim.pc(), w))
	}
	if m.results == nil {
		n = max(n, len(m.forkLines(w))+instantLines(m.base, m.sim.pc(), w))
	}
	return min(n, narrationRoom(w, h, m.sim.world().Nodes()))
}

// narrOverflows says whether the narration is scrolled or has lines it cannot show.
func (m *Model) narrOverflows() bool {
	return len(m.narrationText(m.lay.narration.w)) > m.lay.narration.h
}

// narrationRoom is the most rows the narration may take and leave every panel usable: in the
// full layout node columns of 12 rows and 12 more for the boxes below; in the compact one the
// node table, and two rows each for clients, replication and timeline.
func narrationRoom(w, h, nodes int) int {
	if w >= fullW && h >= fullH {
		return max(3, h-3-24)
	}
	return max(2, h-2-(nodes+3)-6)
}

// narration draws the area: the lines that fit, the newest at the bottom; when they do not
// all fit, the first row says how many are above and how to scroll to them.
func (m *Model) narration(w, h int) []string {
	st := m.st
	text := m.narrationText(w)
	var out []string
	if len(text) > h {
		hidden := len(text) - (h - 1)
		below := min(max(m.narrScroll, 0), hidden)
		top := hidden - below
		out = append(out, st.warn.r(fit(fmt.Sprintf(" ▲ %d line(s) above, ▼ %d below · shift+tab to the narration, then ↑ ↓", top, below), w)))
		text = text[top : top+h-1]
	}
	for _, l := range text {
		s := st.narr
		switch l.kind {
		case narrVerdict:
			s = st.good
		case narrVerdictBad:
			s = st.badBlock
		case narrFail:
			s = st.bad
		case narrAsk:
			s = st.warn
		case narrChoice:
			s = st.headVal
		}
		out = append(out, s.r(fit(" "+l.text, w)))
	}
	for len(out) < h {
		out = append(out, blank(w))
	}
	return out
}
