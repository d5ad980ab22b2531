package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
	"leaselab/scenarios"
	"leaselab/scenarios/termsafe"
)

// View draws the snapshot taken in Update. It only formats: no simulation, no seeking.
func (m *Model) View() (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprintf("leaselab: internal error while drawing: %v (q quits)", r)
		}
	}()
	if m.err != nil {
		return ""
	}
	if m.twin != nil {
		return m.twin.View()
	}
	if m.page.script != nil {
		return m.scriptView()
	}
	if m.lay.mode == modeSmall {
		return m.viewSmall()
	}
	return strings.Join(m.viewPanels(), "\n")
}

// viewSmall is the message for a terminal below 80x24, cut to whatever room there is.
func (m *Model) viewSmall() string {
	msg := []string{"terminal too small (need 80x24)", fmt.Sprintf("now %dx%d · q quits", m.width, m.height)}
	var rows []string
	for i := 0; i < m.height && i < len(msg); i++ {
		rows = append(rows, cut(msg[i], m.width))
	}
	return strings.Join(rows, "\n")
}

// viewPanels is the screen: the header, the panels band by band (or a page that covers them:
// the glossary, the diagram, the keys page under the bands kept), the narration, the status and
// help lines.
func (m *Model) viewPanels() []string {
	l := &m.lay
	rows := make([]string, 0, l.h)
	rows = append(rows, m.header())
	switch {
	case m.page.glossary:
		rows = append(rows, m.glossaryView(l.w, l.narration.y-1)...)
	case m.dg.on && !m.help.ShowAll && l.mode == modeFull:
		rows = append(rows, m.diagramBox(l.w, l.narration.y-1+m.narrationLent())...)
	case m.dg.on && !m.help.ShowAll:
		lines := m.diagramLines(l.w, l.narration.y-2+m.narrationLent()) // first: the rule says what it leaves out
		rows = append(rows, rule(m.st, "messages"+m.diagramMark(), m.diagramFilterText()+" (v, o) · m panels", l.w))
		rows = append(rows, lines...)
	default:
		rows = append(rows, m.bands()...)
	}
	for _, i := range l.foot {
		rows = append(rows, m.panels[i].Render(m, l.narration)...)
	}
	if m.statusLent() == 0 { // else its row is the timeline's (the narration moved down into it)
		rows = append(rows, m.statusLine(l.w))
	}
	return append(rows, m.helpLine(l.w)...)
}

// bands draws the panels, band by band; the keys page takes the place of the bands not kept.
func (m *Model) bands() []string {
	l := &m.lay
	var rows []string
	covered := false
	for _, ps := range l.bands {
		if m.help.ShowAll && l.at[ps[0]].y >= l.coverY {
			if !covered {
				rows = append(rows, m.fullHelp(l.w, m.helpRoom())...)
				covered = true
			}
			continue
		}
		blocks := make([][]string, len(ps))
		for j, i := range ps {
			blocks[j] = m.panels[i].Render(m, l.at[i])
		}
		rows = append(rows, hjoin(blocks...)...)
	}
	return rows
}

// header: title, simulated time, run state and speed, seed, leader and term, violations,
// script step. Each field has forms from long to short (or gone); when the line does not fit,
// fields give way one step at a time in the order of headGiveWay, least needed first, so the
// lesson's name, the violations by name and the step counter stay whole longest.
func (m *Model) header() string {
	fs := m.headFit()
	// Still too wide (a long name on a narrow screen): the name is cut, never what follows.
	over := -m.width
	for i := range fs {
		over += fs[i].width(i > 0)
	}
	l := newLine(m.width)
	for i := range fs {
		f := &fs[i]
		segs := f.forms[f.at]
		if len(segs) == 0 {
			continue
		}
		if i > 0 && !f.joined {
			l.add(m.st.border, " │ ")
		}
		for j, sg := range segs {
			if i == hTitle && j == len(segs)-1 && over > 0 {
				sg.text = cut(sg.text, max(8, width(sg.text)-over))
			}
			l.add(sg.s, sg.text)
		}
	}
	return l.String()
}

// headLacks is the run's unsafe switches and options the header has no room to name (the
// compact net line names them instead, where it has room).
func (m *Model) headLacks() (unsafe, opts []string) {
	fs := m.headFit()
	if fs[hUnsafe].at >= 2 {
		unsafe = m.v.Config.Unsafe.Names()
	}
	if fs[hOpt].at >= 1 {
		opts = scenarios.Options(&m.v.Config)
	}
	return unsafe, opts
}

// headFit is the header's fields, each in the form the width leaves it.
func (m *Model) headFit() []headField {
	fs := m.headFields()
	if u := &fs[hUnsafe]; len(u.forms) == 4 && m.switchesOnNetLine(m.width, m.v.Config.Unsafe.Names(), nil).text == "" {
		// The bare ⚠ only where the net line names the switch: else "⚠ unsafe" stays, and a
		// field after it gives way (nc15-c: at 80x24 the header went to a bare ⚠ and the
		// switch was named nowhere on screen).
		u.forms[3] = u.forms[2]
	}
	fit := func() bool {
		n := 0
		for i := range fs {
			w := fs[i].width(i > 0)
			if r := fs[i].room; fs[i].at < len(r) && len(fs[i].forms[fs[i].at]) > 0 {
				w = max(w, r[fs[i].at]+3)
			}
			if i == hState && !m.sim.sandbox && fs[i].at < len(stateRoom) {
				// A lesson's state counts at the widest it can be, so the fields that give way
				// before the state's words do not come and go as it pauses, asks and runs on.
				w = max(w, stateRoom[fs[i].at]+3)
			}
			n += w
		}
		return n <= m.width
	}
	giveWay := func(order []struct{ field, form int }) {
		for _, g := range order {
			if fit() {
				break
			}
			if f := &fs[g.field]; f.at < g.form && g.form < len(f.forms) {
				f.at = g.form
			}
		}
	}
	// The unsafe switch's name is an unsafe lesson's subject: the violations' names past the
	// first give way to it if that keeps it. If even that does not, the usual order, in which
	// the violations' names outlast it.
	usual, unsafeFirst := headGiveWay, unsafeNameFirst
	if m.sim.sandbox {
		usual, unsafeFirst = sandboxGiveWay, sandboxUnsafeNameFirst
	}
	if m.v.ConfChanged && !m.sim.sandbox {
		calm := len(m.v.Violations) == 0
		usual, unsafeFirst = leaderOutlastsVoters(usual, calm), leaderOutlastsVoters(unsafeFirst, calm)
	}
	play := func(usual, unsafeFirst []struct{ field, form int }) {
		if len(m.v.Violations) > 0 && len(m.v.Config.Unsafe.Names()) > 0 {
			first := slices.Clone(fs)
			if giveWay(unsafeFirst); fs[hUnsafe].at >= 2 {
				copy(fs, first)
				giveWay(usual)
			}
		} else {
			giveWay(usual)
		}
	}
	if len(fs[hOpt].forms) < 2 {
		play(usual, unsafeFirst)
		return fs
	}
	// A lesson's option (lease-on-promote extend) is its subject as an unsafe switch is: the
	// seed, the speed and a "✔ 0 violations" with nothing to name go whole to keep it beside
	// the leader, the step and the run state's words (at 120x40 leader-crash-mid-lease-extend
	// named its rule nowhere on screen: nc19-c). Where even that does not fit, it goes first
	// of all and the rest as usual: the compact net line names it.
	start := slices.Clone(fs)
	if giveWay(optionOrder); fs[hOpt].at > 0 {
		copy(fs, start)
		opt := []struct{ field, form int }{{hOpt, 1}}
		play(append(opt, usual...), append(opt, unsafeFirst...))
	}
	return fs
}

// optionOrder is the order in which the header makes room for a lesson's option: the fields
// that go whole, then the option.
var optionOrder = []struct{ field, form int }{
	{hTitle, 1}, {hViol, 1}, {hUnsafe, 1}, {hSeed, 2}, {hAhead, 1}, {hSpeed, 1}, {hViol, 4}, {hOpt, 1},
}

// stateRoom is the widest the run state field is in each of its forms (" ‖ SCRIPT PAUSE ",
// "? PREDICT").
var stateRoom = []int{16, 9}

// The header's fields, left to right.
const (
	hTitle = iota
	hUnsafe
	hOpt
	hTime
	hState
	hSpeed
	hSeed
	hLeader
	hConf
	hViol
	hStep
	hAhead
)

// headGiveWay is the order in which the header's fields take a shorter form (field, form). What
// loses no word goes first: the lesson's full title, the violations' count, the unsafe tag's
// padding. Then whole fields go rather than turn cryptic ("T1", "s3"): the seed (a student
// rarely needs it mid-lesson), then the leader and term (the node columns say them too, but the
// header is where a student looks for who leads; the sandbox keeps its seed longer). Then the unsafe switch's
// name (the lesson's name says -unsafe), the word "step", the speed, "violations" (with none),
// "voters", the run state's last word ("‖ SCRIPT": a student reads the header to know whether
// the script paused), the word "unsafe" (the ⚠, which the ? legend explains, stays).
// Violations lose their names past the first only then, unless that keeps the unsafe switch's
// name (unsafeNameFirst). Then the run state's words, and the simulated time last: the
// narration tells the story by its instants ("at 0.090s"), and racing-acquires-unsafe at 80x24
// never showed it once two violations were named (round 11). The lesson's number and name and
// the step counter stay (the number went before the run state's words did, and the state
// shrank to a bare ‖ while "lost-grant +1" stayed: racing-acquires-unsafe at 80x24, round 12).
var headGiveWay = []struct{ field, form int }{
	{hTitle, 1}, {hViol, 1}, {hUnsafe, 1}, {hSeed, 2}, {hLeader, 3}, {hAhead, 1}, {hUnsafe, 2},
	{hStep, 1}, {hSpeed, 1}, {hViol, 2}, {hConf, 1}, {hState, 1}, {hUnsafe, 3},
	{hViol, 3}, {hConf, 2}, {hConf, 3}, {hState, 2}, {hTime, 1},
}

// unsafeNameFirst is headGiveWay with the violations' short form ("✖ lost-grant +1") before
// the unsafe switch's name goes.
var unsafeNameFirst = func() []struct{ field, form int } {
	var out []struct{ field, form int }
	for _, g := range headGiveWay {
		if g.field == hUnsafe && g.form == 2 {
			out = append(out, struct{ field, form int }{hViol, 3})
		}
		out = append(out, g)
	}
	return out
}()

// The sandbox's orders: its seed is random, and the header is where a student reads it to play
// the run again, so there the leader field goes before the seed.
var sandboxGiveWay, sandboxUnsafeNameFirst = seedOutlasts(headGiveWay), seedOutlasts(unsafeNameFirst)

// seedOutlasts is order with the leader field going before the seed.
func seedOutlasts(order []struct{ field, form int }) []struct{ field, form int } {
	out := slices.Clone(order)
	s := slices.Index(out, struct{ field, form int }{hSeed, 2})
	l := slices.Index(out, struct{ field, form int }{hLeader, 3})
	if s >= 0 && l >= 0 && s < l {
		out[s], out[l] = out[l], out[s]
	}
	return out
}

// leaderOutlastsVoters is order for a run whose voters changed: the voter list takes its short
// form ("v n1 n2 n3") where the leader field went, and the leader field shortens only after
// "violations" has and the voter list has run its nodes together ("v n1-n6"): to "★ n1 T1",
// then to "★ n1" (the node columns say the term) with the run state a bare "‖", and goes
// whole after that. The membership lessons' headers dropped who leads for "voters n1 n2 n3
// n4 n5 n6", the field a student reads to know who leads: at 120x40 in round 9, at 80x24 in
// round 11. The time still goes last of all: it went where the leader field did, and
// joint-consensus at 120x40 and add-node-mid-lease at 80x24 showed "★ n1 T1 │ v n1-n6" with
// no instant (nc37-c, nc37-e). To make room for it the word "step" goes after the speed and
// "violations" (calm, with none to name: "✔ none" at once, not the cryptic "✔ 0 viol"), so
// joint-consensus at 120x40 keeps "step 14/43" beside "v n1 n2 n6 n7 n8 joint".
func leaderOutlastsVoters(order []struct{ field, form int }, calm bool) []struct{ field, form int } {
	type g = struct{ field, form int }
	var out []g
	for _, o := range order {
		switch o {
		case g{hConf, 1}, g{hLeader, 1}, g{hStep, 1}:
			continue
		case g{hLeader, 3}:
			out = append(out, g{hConf, 1})
			continue
		case g{hViol, 2}:
			if calm {
				o = g{hViol, 3}
			}
			out = append(out, o, g{hConf, 2}, g{hLeader, 1}, g{hStep, 1}, g{hState, 1}, g{hViol, 3}, g{hLeader, 2}, g{hState, 2}, g{hLeader, 3})
			continue
		}
		out = append(out, o)
	}
	return out
}

type headSeg struct {
	s    sty
	text string
}

// headField is one field of the header: its forms, longest first (an empty form: not shown),
// and the one in use.
type headField struct {
	forms  [][]headSeg
	at     int
	joined bool // drawn right after the field before it, with no separator
	// room, if set, is the widest each form can be whatever the state: the field gives way by
	// that, so it does not come and go as its text changes.
	room []int
}

// segsWidth is how many cells segments take.
func segsWidth(segs []headSeg) int {
	n := 0
	for _, sg := range segs {
		n += width(sg.text)
	}
	return n
}

func (f *headField) width(sep bool) int {
	n := segsWidth(f.forms[f.at])
	if n > 0 && sep && !f.joined {
		n += 3
	}
	return n
}

func (m *Model) headFields() []headField {
	st, v := m.st, &m.v
	one := func(s sty, texts ...string) headField {
		var f headField
		for _, t := range texts {
			if t == "" {
				f.forms = append(f.forms, nil)
			} else {
				f.forms = append(f.forms, []headSeg{{s, t}})
			}
		}
		return f
	}
	fs := make([]headField, hAhead+1)

	if m.sim.sandbox {
		fs[hTitle] = headField{forms: [][]headSeg{{{st.headName, " leaselab "}, {st.headVal, m.title}}}}
	} else {
		// The number in the curriculum and the name always lead, so the header reads the same
		// in every lesson and at every stop (as the README says); the title follows them while
		// it fits.
		name := m.base.Name
		if _, n, ok := lessonNumber(m.base.Name); ok {
			name = fmt.Sprintf("%d %s", n, m.base.Name)
		}
		if m.title != "" && m.title != m.base.Name {
			fs[hTitle].forms = append(fs[hTitle].forms, []headSeg{{st.headName, " "}, {st.headVal, name}, {st.headKey, " · " + m.title}})
		}
		fs[hTitle].forms = append(fs[hTitle].forms, []headSeg{{st.headName, " "}, {st.headVal, name}})
	}
	fs[hUnsafe] = one(st.badBlock, "")
	if us := v.Config.Unsafe.Names(); len(us) > 0 {
		// A switched-off safety mechanism changes what every panel means: always on screen.
		// Last, the mark alone: at 80 columns the violations' names matter more, and an unsafe
		// lesson's name says "-unsafe" too.
		fs[hUnsafe] = one(st.badBlock, " ⚠ unsafe: "+strings.Join(us, ", ")+" ", "⚠ unsafe: "+strings.Join(us, ", "), "⚠ unsafe", "⚠")
	}
	// The options the lesson sets that --without can switch off (lease-on-promote extend,
	// lock-delay 3s): what its story is about, as an unsafe switch is. Whole or gone (the
	// compact net line names it then).
	fs[hOpt] = one(st.headVal, "")
	if opts := scenarios.Options(&v.Config); len(opts) > 0 {
		fs[hOpt] = one(st.headVal, strings.Join(opts, ", "), "")
	}
	fs[hTime] = one(st.headVal, simTime(v.Now), "")
	switch {
	case m.askOpen():
		fs[hState] = one(st.pauseBlock, " ? PREDICT ", "? PREDICT", "?")
	case m.sim.atPause():
		fs[hState] = one(st.pauseBlock, " ‖ SCRIPT PAUSE ", "‖ SCRIPT", "‖")
	case m.sim.ended && m.sim.paused:
		fs[hState] = one(st.pauseBlock, " ■ SCRIPT DONE ", "■ DONE", "■")
	case m.sim.paused:
		fs[hState] = one(st.warnBlock, " ‖ PAUSED ", "‖ PAUSED", "‖")
	default:
		fs[hState] = one(st.good, "▶ running", "▶")
	}
	fs[hSpeed] = one(st.headKey, " "+speedText(m.sim.speed), "")
	fs[hSpeed].joined = true
	seed := fmt.Sprint(m.sim.seed())
	fs[hSeed] = headField{forms: [][]headSeg{{{st.headKey, "seed "}, {st.headVal, seed}}, {{st.headKey, "s"}, {st.headVal, seed}}, nil}}
	term := fmt.Sprint(v.Term)
	none := [][]headSeg{
		{{st.candidate, "no leader"}, {st.headKey, " term "}, {st.term(v.Term), term}},
		{{st.candidate, "no " + cluster.RoleLeader.Glyph()}, {st.headKey, " T"}, {st.term(v.Term), term}},
		{{st.candidate, "no " + cluster.RoleLeader.Glyph()}}, nil}
	fs[hLeader] = headField{forms: none}
	if v.Leader != 0 {
		// One rule whether a node leads or none does: the field gives way by its "no leader"
		// form, the wider, so a leader's crash never makes it vanish where "★ n1 term 1" stood
		// a moment before (leader-crash-mid-lease-extend's header lost it at 120x40 while
		// etcd-failover-reset's said "no leader term 2").
		ld := fmt.Sprintf("%s n%d", cluster.RoleLeader.Glyph(), v.Leader)
		fs[hLeader] = headField{forms: [][]headSeg{
			{{st.leader, ld}, {st.headKey, " term "}, {st.term(v.Term), term}},
			{{st.leader, ld}, {st.headKey, " T"}, {st.term(v.Term), term}},
			{{st.leader, ld}}, nil}}
		for _, f := range none {
			fs[hLeader].room = append(fs[hLeader].room, segsWidth(f))
		}
	}
	fs[hConf] = one(st.headKey, "")
	if v.ConfChanged {
		// The voter set once it differs from the start (so a run without changes looks as it did).
		// Its third form runs consecutive nodes together ("v n1-n6"), so who leads fits beside
		// it at 80 columns.
		voters, runs := cluster.NodeNames(v.Conf.Voters), nodeRuns(v.Conf.Voters)
		if v.Conf.Joint() {
			fs[hConf] = headField{forms: [][]headSeg{
				{{st.headKey, "voters "}, {st.headVal, voters}, {st.warn, " joint"}},
				{{st.headKey, "v "}, {st.headVal, voters}, {st.warn, " joint"}},
				{{st.headKey, "v "}, {st.headVal, runs}, {st.warn, " joint"}},
				{{st.warn, "joint"}}}}
		} else {
			fs[hConf] = headField{forms: [][]headSeg{
				{{st.headKey, "voters "}, {st.headVal, voters}},
				{{st.headKey, "v "}, {st.headVal, voters}},
				{{st.headKey, "v "}, {st.headVal, runs}}, nil}}
		}
	}
	if n := len(v.Violations); n > 0 {
		kinds := violationKinds(v.Violations)
		all := strings.Join(kinds, ", ")
		brief := "✖ " + kinds[0]
		if len(kinds) > 1 {
			brief += fmt.Sprintf(" +%d", len(kinds)-1)
		}
		fs[hViol] = one(st.badBlock, fmt.Sprintf(" ✖ %d: %s ", n, all), "✖ "+all, "✖ "+all, brief)
	} else {
		// No count or names to lose: the word is shortened, before the time goes.
		// Gone whole only to keep a lesson's option on the header (optionOrder).
		fs[hViol] = one(st.good, "✔ 0 violations", "✔ 0 violations", "✔ 0 viol", "✔ none", "")
	}
	if !m.sim.sandbox {
		pc, n := m.sim.pc(), len(m.base.Steps)
		fs[hStep] = one(st.headKey, fmt.Sprintf("step %d/%d", pc, n), fmt.Sprintf("%d/%d", pc, n))
	} else {
		fs[hStep] = one(st.headKey, "")
	}
	if a := m.sim.ahead(); a > 0 {
		fs[hAhead] = one(st.warn, fmt.Sprintf("⟲ rewound: %d action(s) ahead", a), fmt.Sprintf("⟲%d ahead", a))
	} else {
		fs[hAhead] = one(st.warn, "")
	}
	return fs
}

// lessonNumber is a bundled lesson's place in the curriculum.
func lessonNumber(name string) (string, int, bool) {
	for _, ls := range scenarios.Lessons() {
		if ls.Name == name {
			return ls.Theme, ls.Number, true
		}
	}
	return "", 0, false
}

func violationKinds(vs []cluster.Violation) []string {
	var kinds []string
	for _, v := range vs {
		if !slices.Contains(kinds, v.Kind.String()) {
			kinds = append(kinds, v.Kind.String())
		}
	}
	return kinds
}

// says is the narration since the script's last pause (the latest `say` when it has not
// paused since), oldest first.
func (m *Model) says() []string {
	log := m.sim.log()
	var out []string
	atAsk := m.curAsk() != nil // an ask shows with the lines said since the stop before it only
	for i, e := range log.Backward() {
		st := &e.Step
		if (st.Kind == scenarios.StepPause || st.Kind == scenarios.StepAsk) && (len(out) > 0 || atAsk && i < log.Len()-1) {
			break
		}
		if st.Kind == scenarios.StepSay {
			out = append(out, st.Text)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// wrap breaks plain text into lines of at most w cells at spaces; later lines get indent.
func wrap(text string, w int, indent string) []string {
	text = termsafe.Line(text) // narration, questions, status: shown escaped, never obeyed
	if w <= len(indent)+1 {
		return []string{cut(text, max(w, 0))}
	}
	var lines []string
	cur := ""
	for _, word := range strings.Fields(text) {
		switch {
		case cur == "":
			cur = word
		case width(cur)+1+width(word) <= w:
			cur += " " + word
		default:
			lines = append(lines, cut(cur, w))
			cur = indent + word
		}
	}
	if cur != "" {
		lines = append(lines, cut(cur, w))
	}
	return lines
}

func (m *Model) statusLine(w int) string {
	l := newLine(w)
	if m.prompting {
		return fitStyled(m.input.view(m.st, w), w)
	}
	s := m.st.status
	if m.statusBad {
		s = m.st.statusBad
	}
	// The stop's note, and its short form where a teacher's class line needs the room.
	note, short, shortest := "", "", ""
	switch a := m.curAsk(); {
	case a != nil && m.Following() && m.pendingAsk() != nil:
		note = fmt.Sprintf(" ? your prediction: press 1-%d ", len(a.Choices))
	case a != nil && m.Following() && !m.revealed(a):
		note = " ‖ the teacher reveals the answer "
	case a != nil && m.Following():
		note = " ‖ the teacher continues "
	case m.Following() && m.sim.atPause():
		note = " ‖ paused: the teacher continues "
	case a != nil && m.pendingAsk() != nil:
		note = " ? the question above waits for your answer " // the narration names the keys
		short = fmt.Sprintf(" ? your prediction: press 1-%d ", len(a.Choices))
		shortest = fmt.Sprintf(" ? answer 1-%d ", len(a.Choices))
	case a != nil:
		note = " ‖ enter continues "
	case m.sim.atPause():
		note = " ‖ the script paused here: enter continues "
		short = " ‖ paused: enter continues "
		shortest = " ‖ enter continues "
	}
	if m.served != nil && m.served.ClassLine != nil {
		// The class line gives way to the note (what the teacher is to do) and then to the
		// status (the answer to the teacher's last key): its longest form that leaves room
		// for both, else for the note, else for the note's short form ("…the script paused
		// her…" at 80x24, "your …" after the teacher's answer).
		room := w - 2 - width(note)
		cl := ""
		if m.status != "" {
			cl = m.served.ClassLine(room - 1 - width(m.status))
		}
		if cl == "" || width(cl) > room-1-width(m.status) {
			cl = m.served.ClassLine(room)
		}
		if width(cl) > room && short != "" {
			note = short
			room = w - 2 - width(note)
			cl = m.served.ClassLine(room)
		}
		if cl != "" {
			l.add(m.st.warnBlock, " "+cl+" ")
		}
	}
	// A status that does not fit whole beside the note takes the note's short form, or its
	// shortest (the header says the script paused): the diagram's keys lost 'm back' and 'o'
	// behind it at 80x24 (fl29).
	whole := func(n string) bool {
		room := l.room() - width(n)
		return width(m.status)+1 <= room || m.statusAlt != "" && width(m.statusAlt)+1 <= room
	}
	if !whole(note) {
		for _, n := range []string{short, shortest} {
			if n != "" && whole(n) {
				note = n
				break
			}
		}
	}
	l.add(m.st.pauseBlock, note)
	text := m.status
	if m.statusAlt != "" && width(text)+1 > l.room() {
		text = m.statusAlt
		// Still too long: drop whole " · " parts from its end rather than cut a word
		// ("… · paused:…" at 120x40 behind the script's pause note).
		for width(text)+1 > l.room() {
			i := strings.LastIndex(text, " · ")
			if i < 0 {
				break
			}
			text = text[:i]
		}
	}
	// Still too long: whole words give way, an ellipsis saying so (never "r re…").
	if width(text)+1 > l.room() {
		words := strings.Fields(text)
		for len(words) > 1 && width(strings.Join(words, " ")+" …")+1 > l.room() {
			words = words[:len(words)-1]
		}
		text = strings.Join(words, " ") + " …"
	}
	l.add(s, " "+text)
	return l.String()
}

// fitStyled pads or cuts an already styled string (from bubbles) to w cells.
func fitStyled(s string, w int) string {
	sw := lipgloss.Width(s)
	if sw <= w {
		return s + blank(w-sw)
	}
	return cut(ansi.Strip(s), w)
}

// nodeRuns names nodes with consecutive ones run together: "n1-n6", "n1 n2 n6-n8".
func nodeRuns(ids []int) string {
	var parts []string
	for i := 0; i < len(ids); {
		j := i
		for j+1 < len(ids) && ids[j+1] == ids[j]+1 {
			j++
		}
		switch {
		case j-i >= 2:
			parts = append(parts, fmt.Sprintf("n%d-n%d", ids[i], ids[j]))
		default:
			for k := i; k <= j; k++ {
				parts = append(parts, fmt.Sprintf("n%d", ids[k]))
			}
		}
		i = j + 1
	}
	return strings.Join(parts, " ")
}
