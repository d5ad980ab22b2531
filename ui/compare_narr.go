package ui

import (
	"fmt"
	"strings"

	"leaselab/scenarios"
	"leaselab/scenarios/termsafe"
)

// The comparison's narration: each side's since its last pause, the shared story, asks and
// verdicts, fitted to the rows left.

// sideNarration is side i's narration since its last pause, or its verdict once it ended.
func (m *CompareModel) sideNarration(i, w int) []narrLine {
	if vd := m.c.Sides[i].Verdict; vd != nil {
		return verdictLines(vd, w)
	}
	return m.narration(i, w)
}

// narration is side i's `say` lines since its last stop, with the ask it waits at (answer with
// 1-4) or, once answered, the ask it went on from.
func (m *CompareModel) narration(i, w int) []narrLine {
	says, ask, waiting := m.c.Narration(i)
	for j := range says {
		says[j] = m.sayHere(says[j])
	}
	lead := ""
	if whose := m.storyOf(); whose != "" && m.c.Div == nil && i == 0 {
		// Said from the start, in no row of its own: a student reads both halves, and the
		// story is one run's (once they part, a line of its own says so).
		lead = "▸ story of the " + whose + " run: "
	}
	if len(says) > 0 && !m.c.Paused() && ask == nil {
		// Between stops (running on, or after ←) the lines are the next stop's or the one
		// before's, headed as play heads them: after a rewind compare showed a stop not yet
		// reached with no word of it (nc32-n, nc33-e).
		whose := behindLead
		if m.c.SaidAfterLastStop(i) {
			whose = aheadLead
		}
		if lead == "" {
			lead = whose
		} else {
			lead = strings.TrimSuffix(lead, ": ") + ", " + whose
		}
	}
	lines := append(sayLinesLead(says, w, lead), m.namedRows(i, says, w)...)
	if ask == nil {
		return lines
	}
	whose := m.storyOf()
	answer, ok := m.answers[ask.Pos]
	ask, whose = m.askHere(ask, whose)
	switch {
	case waiting && !ok:
		// Without "→ your prediction: press 1-3": the status line under it says the same (the
		// ask showed it twice), and at 80x24 its row pushed the question off.
		ls := askLinesFor(ask, -1, w, whose)
		for len(ls) > 0 && ls[len(ls)-1].kind == narrAsk && !strings.HasPrefix(ls[len(ls)-1].text, "?") {
			ls = ls[:len(ls)-1]
		}
		return append(lines, ls...)
	case waiting:
		return append(lines, m.askBlock(i, ask, answer, w, whose)...)
	case ok && len(lines) == 0:
		return m.askBlock(i, ask, answer, w, whose) // nothing said since: the explanation stays
	case ok:
		// The script has said more: that narration first, then the ask's verdict in one line
		// (at 120x40 the answered ask kept its seven rows and the new say was cut away).
		return append(lines, askDoneLine(ask, answer, w, whose))
	}
	return lines
}

// askDoneLine is an answered ask the script has moved on from, in one line: its verdict.
// askHere is an ask as this comparison shows it: one that names the lesson the other half plays
// ("Without the token check (the lesson late-expire-unsafe plays that run), what will …") asks
// about that half, so it reads "the other half of this screen is that run" and is not labelled as
// the story's run ("? in the safe run: without the token check …" asked the safe run about the
// unsafe one).
func (m *CompareModel) askHere(ask *scenarios.Step, whose string) (*scenarios.Step, string) {
	text := m.sayHere(ask.Text)
	if text == ask.Text {
		return ask, whose
	}
	a := *ask
	a.Text, a.Explain = text, m.sayHere(ask.Explain)
	return &a, ""
}

// askBlock is side i's ask with the answer given, paired with the ask before or after it
// (askPair: two asks in a row, the first's why waits for the second's answer).
func (m *CompareModel) askBlock(i int, ask *scenarios.Step, answer, w int, whose string) []narrLine {
	s := m.c.Sides[i].Scenario
	next, prev := askNext(s, ask), askPrev(s, ask)
	nextAnswered, prevAnswer, prevWhose := false, -1, ""
	if next != nil {
		_, nextAnswered = m.answers[next.Pos]
	}
	if prev != nil {
		if a, ok := m.answers[prev.Pos]; ok {
			prevAnswer = a
		}
		prev, prevWhose = m.askHere(prev, m.storyOf())
	}
	return askPair(ask, answer, w, whose, next, nextAnswered, prev, prevAnswer, prevWhose)
}

func askDoneLine(ask *scenarios.Step, answer, w int, whose string) narrLine {
	run := ""
	if whose != "" {
		run = " for the " + whose + " run"
	}
	t := fmt.Sprintf("earlier ask: ✔ right%s, %d) %s", run, answer+1, termsafe.Line(ask.Choices[answer]))
	if answer != ask.Right {
		t = fmt.Sprintf("earlier ask: ✗ you said %d, the answer%s is %d) %s", answer+1, run, ask.Right+1, termsafe.Line(ask.Choices[ask.Right]))
	}
	return narrLine{cut(t, w-2), narrAskDone}
}

// storyOf names the run a shared script's narration and asks are told for, "" when each side
// has its own. The script was written for its own run (side 0, the file as it is); the other
// side runs the same steps with a switch on, and may rightly do otherwise. Telling the story
// once, for the run it was written for, and saying so, keeps every sentence true: a second
// story for the switched run cannot be written by the program, and grading the switched run
// by the written story marked its right answers wrong.
func (m *CompareModel) storyOf() string {
	if !m.c.Shared || m.c.Sides[0].Label == m.c.Sides[1].Label {
		return ""
	}
	return m.c.Sides[0].Label
}

// storyNote is the line above a shared narration once the runs have parted: the story goes on
// for one run only.
func (m *CompareModel) storyNote() string {
	whose := m.storyOf()
	if whose == "" {
		return ""
	}
	if m.c.Div == nil {
		return "" // the first say's lead names the run (narration)
	}
	return fmt.Sprintf("▸ what the %s run does (the story is told for it; the other run parted at %s: see its half)",
		whose, simTime(m.c.Div.At))
}

// otherLeaderNote says why the runs' leaders differ, while they do: lease-read's safe run
// elected n4, its unsafe twin n3, and nothing said why a switch about reads changes an election
// (nc24-d2). Every message's delay is drawn from its run's one random stream, in the order the
// messages are sent: the safe run's ReadIndex heartbeats drew delays the other run did not, so
// n1's last heartbeats reached n2 at other instants, and n2 refused n3's pre-vote in one run only.
func (m *CompareModel) otherLeaderNote() string {
	a, b := m.v[0].Leader, m.v[1].Leader
	if a == 0 || b == 0 || a == b || m.c.Div == nil {
		return ""
	}
	return fmt.Sprintf("▸ n%d leads the %s run, n%d the other: each message's delay is random, drawn in turn from one stream per run, and the runs send other messages, so later delays, and elections, differ",
		a, strings.SplitN(m.c.Sides[0].Label, ":", 2)[0], b)
}

// sharedNarration is the one narration of a shared script, then both verdicts at the end
// (both verdict lines first, then the failures).
func (m *CompareModel) sharedNarration(w int) []narrLine {
	if !m.c.Done() || m.lastWords && m.hasLastWords() {
		out := m.narration(0, w)
		if m.c.Done() {
			// The story's last says came after its last stop (etcd-failover-reset's c2 getting
			// the key at 9.87s): the verdicts replaced them before anyone could read them.
			return append([]narrLine{{"▸ the story's last narration (n: back to the verdicts)", narrNote}}, out...)
		}
		if note := m.storyNote(); note != "" {
			var head []narrLine
			for _, l := range wrap(note, w-2, "  ") {
				head = append(head, narrLine{l, narrNote})
			}
			if why := m.otherLeaderNote(); why != "" && m.height >= 30 {
				for _, l := range wrap(why, w-2, "  ") {
					head = append(head, narrLine{l, narrNote})
				}
			}
			out = append(head, out...)
		}
		return out
	}
	var heads, fails []narrLine
	bought := m.boughtLines(w)
	for i, s := range m.c.Sides {
		ls := verdictLines(s.Verdict, w)
		line := func(words string) []string {
			return wrap(s.Label+": "+words+" · violations: "+violationNames(s.Verdict)+nonLinNote(s.Verdict, m.v[i].Violations, m.nonLinWhyStacked(i)), w-2, "    ")
		}
		vl := line(m.verdictWords(i))
		if more := m.verdictMore(i); more != "" && len(line(m.verdictWords(i)+more)) == len(vl) {
			vl = line(m.verdictWords(i) + more) // only where it takes no row from the halves
		}
		for _, t := range vl {
			heads = append(heads, narrLine{text: t, kind: ls[0].kind})
		}
		if o := m.c.Sides[1-i].Verdict; !s.Verdict.OK() && o.OK() && m.c.Div != nil {
			if len(bought) > 0 {
				continue // what the clients were told otherwise says more than where the runs parted
			}
			// The story's checks were written for the run that passed: that the other run fails
			// them where it parted is the comparison's point, not a list for a student to read
			// (the rows go to the halves, where its violation shows).
			for _, l := range wrap(fmt.Sprintf("  the %s run parted from the %s run at %s (leaselab compare --print lists each check that does not hold)",
				strings.SplitN(s.Label, ":", 2)[0], strings.SplitN(m.c.Sides[1-i].Label, ":", 2)[0], simTime(m.c.Div.At)), w-2, "    ") {
				fails = append(fails, narrLine{text: l, kind: narrFail})
			}
			continue
		}
		fails = append(fails, ls[1:]...)
	}
	if sc := m.scoreText(); sc != "" {
		// play's end gives the score; compare's gave none (nc30-h). On a verdict line with
		// room, taking no row from the halves; the status line says it too.
		for j := len(heads) - 1; j >= 0; j-- {
			if t := heads[j].text + " · " + sc; width(t) <= w-2 {
				heads[j].text = t
				break
			}
		}
	}
	if m.hasLastWords() {
		heads = append(heads, narrLine{"  n reads the story's last narration (said after its last stop)", narrVerdict})
	}
	heads = append(heads, bought...)
	return append(heads, fails...)
}

// hasLastWords says the shared story said something after its last stop: at the end the
// verdicts take the narration's place, so those says are offered with n.
func (m *CompareModel) hasLastWords() bool {
	// (Not the last stop's says, read there: late-expire's c3 stop is its last, and "n reads
	// the story's last narration (said after its last stop)" took the row the unsafe half's
	// Replication needed at 120x40.)
	return m.c.Shared && m.c.SaidAfterLastStop(0)
}

// violationNames is a verdict's violations' kinds, "none" without one.
func violationNames(v *scenarios.Verdict) string {
	if len(v.Violations) == 0 {
		return "none"
	}
	names := make([]string, len(v.Violations))
	for i, k := range v.Violations {
		names[i] = k.String()
	}
	return strings.Join(names, ", ")
}

func verdictLines(v *scenarios.Verdict, w int) []narrLine {
	viol := violationNames(v)
	kind := narrVerdict
	if !v.OK() {
		kind = narrVerdictBad
	}
	out := []narrLine{{text: cut(fmt.Sprintf("%s · violations: %s", strings.TrimPrefix(verdictText(v), "■ "), viol), w), kind: kind}}
	for _, f := range v.Failures {
		for _, l := range wrap("  ✗ "+f.String(), w-2, "      ") {
			out = append(out, narrLine{text: l, kind: narrFail})
		}
	}
	return out
}

// endSaysMore says the comparison has ended with lines on what the clients were told otherwise:
// they take rows from the halves (a violation's explanation keeps its rows otherwise).
func (m *CompareModel) endSaysMore() bool { return m.c.Done() && len(m.boughtLines(m.width)) > 0 }

// sharedNarrLines is the shared narration area's height: three lines, more for a long stretch
// (up to a quarter of the screen: an answered ask and the narration after it both show).
// askToAnswer says an ask waits for a prediction.
func (m *CompareModel) askToAnswer() bool {
	ask, waiting := m.waitingAsk()
	if !waiting || !m.atPause {
		return false
	}
	_, answered := m.answers[ask.Pos]
	return !answered
}

func (m *CompareModel) sharedNarrLines(w int) int {
	lines := m.sharedNarration(w)
	n := len(lines)
	if k := n - 1; w < sideBySideW && k >= 3 && lines[k].kind == narrAskDone {
		// Stacked, an earlier ask's verdict gives its row to the halves (fitNarr drops it): at
		// late-expire --unsafe's divergence at 120x40 it took the unsafe half's replication.
		n--
	}
	n = max(3, n)
	switch {
	case m.endSaysMore() || m.askToAnswer():
		return min(n, max(3, (m.height-3)/2))
	case m.width >= sideBySideW:
		return min(n, max(3, m.height/3))
	}
	return min(n, max(3, m.height/4))
}

// narrBlock draws narration lines into h rows: a note on whose story it is first, then what of
// the rest fits.
func (m *CompareModel) narrBlock(text []narrLine, w, h int) []string {
	text = narrFitted(text, h)
	out := make([]string, 0, h)
	for _, l := range text {
		s := m.st.narr
		switch l.kind {
		case narrVerdict:
			s = m.st.good
		case narrVerdictBad:
			s = m.st.badBlock
		case narrFail:
			s = m.st.bad
		case narrNote:
			s = m.st.warn
		case narrAskDone, narrRow:
			s = m.st.faint
		}
		out = append(out, s.r(fit(" "+l.text, w)))
	}
	for len(out) < h {
		out = append(out, blank(w))
	}
	return out
}

// narrFitted is what of text narrBlock shows in h rows: a note on whose story it is first
// (kept whatever else gives way), then what of the rest fits.
func narrFitted(text []narrLine, h int) []narrLine {
	var note []narrLine
	for len(text) > 0 && text[0].kind == narrNote {
		if len(note) < h-1 {
			note = append(note, text[0])
		}
		text = text[1:]
	}
	if len(note) > 1 && h-len(note) < min(3, len(text)) {
		// Few rows (80x24 past the divergence): the note in one, cut, so the say keeps two
		// (it had one, cut with no word of it). Not when everything fits: etcd-failover-reset's
		// two-line say at 4.120s cut the note to "see its hal…".
		note = []narrLine{{cut(note[0].text+" "+strings.TrimSpace(note[1].text), 200), narrNote}}
	}
	return append(note, fitNarr(text, h-len(note))...)
}

// fitNarr is what of text fits h rows: a verdict's first lines, or the newest whole `say`
// lines (a say's first line starts with its quote mark), then the rest cut.
func fitNarr(text []narrLine, h int) []narrLine {
	if n := len(text); n > h && n > 0 && text[n-1].kind == narrAskDone {
		text = text[:n-1] // an earlier ask's verdict gives way to the pause's own narration
	}
	if len(text) > 0 && text[0].kind != narrSay && len(text) > h {
		// A verdict: its first lines matter most, and the rest is one command away (only the
		// end's verdicts are: --print prints no narration and no ask).
		if h < 2 {
			return text[:h]
		}
		where := "a taller terminal"
		if text[0].kind == narrVerdict || text[0].kind == narrVerdictBad {
			where += "; leaselab compare --print"
		}
		more := narrLine{fmt.Sprintf("  … %d more lines (%s)", len(text)-h+1, where), narrFail}
		return append(text[:h-1:h-1], more)
	}
	for len(text) > h {
		next := 1
		// (An ask's question and its choices go together: its question alone gave way, and
		// the choices stood over a blank row.)
		for next < len(text) && (strings.HasPrefix(text[next].text, "  ") || text[next].kind == narrChoice) {
			next++
		}
		if len(text)-next < 1 {
			if h < 2 {
				// No row for the "… more lines": the one row ends with the mark.
				out := append([]narrLine(nil), text[:h]...)
				if h == 1 {
					out[0].text += " … (more: a taller terminal)"
				}
				return out
			}
			// One say longer than the rows: its start, and the cut says so.
			return append(text[:h-1:h-1], narrLine{fmt.Sprintf("  … %d more lines (a taller terminal)", len(text)-h+1), narrFail})
		}
		text = text[next:]
	}
	return text
}

// score is the student's predictions: how many of the asks shown were answered right. A shared
// script's asks are side 0's (its narration is the one shown).
func (m *CompareModel) score() (right, asks int) {
	for i, sd := range m.c.Sides {
		if i > 0 && m.c.Shared {
			break
		}
		for j := range sd.Scenario.Steps {
			st := &sd.Scenario.Steps[j]
			if st.Kind != scenarios.StepAsk {
				continue
			}
			asks++
			if a, ok := m.answers[st.Pos]; ok && a == st.Right {
				right++
			}
		}
	}
	return right, asks
}

// scoreText is "your predictions: 1 of 2 right", "" for a script with no ask.
func (m *CompareModel) scoreText() string {
	right, asks := m.score()
	if asks == 0 {
		return ""
	}
	return fmt.Sprintf("your predictions: %d of %d right", right, asks)
}
