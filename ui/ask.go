package ui

import (
	"fmt"
	"strings"
	"unicode"

	"leaselab/scenarios"
	"leaselab/scenarios/termsafe"
)

// An `ask` step stops the lesson for a prediction: the student answers with 1-4 before the
// screen shows what happens, sees right or wrong and the explanation, and enter continues.
// Answers are kept per step (by its line), so a rewind past an ask shows the first answer
// again rather than asking twice; the end screen counts the right ones.

// curAsk is the script's ask the playback is stopped at, or nil.
func (m *Model) curAsk() *scenarios.Step {
	if !m.sim.atPause() {
		return nil
	}
	log := m.sim.log()
	for _, e := range log.Backward() {
		if e.User {
			continue
		}
		if e.Step.Kind == scenarios.StepAsk {
			return &e.Step
		}
		return nil
	}
	return nil
}

// answerOf is the student's answer to an ask (an index into its choices), if given.
func (m *Model) answerOf(st *scenarios.Step) (int, bool) {
	a, ok := m.answers[st.Pos.Line]
	return a, ok
}

// pendingAsk is the ask waiting for an answer now, or nil.
func (m *Model) pendingAsk() *scenarios.Step {
	if a := m.curAsk(); a != nil {
		if _, ok := m.answerOf(a); !ok {
			return a
		}
	}
	return nil
}

// askOpen says whether the ask stopped at still waits: for the student's answer, or (a
// follower) for the teacher to show it. Once the verdict shows, the stop is a plain pause
// (round 8: the header said "? PREDICT" beside the answer and "enter continues").
func (m *Model) askOpen() bool {
	a := m.curAsk()
	if a == nil {
		return false
	}
	_, answered := m.answerOf(a)
	return !answered || !m.revealed(a)
}

// answer records the student's choice i (0-based) for the pending ask.
func (m *Model) answer(st *scenarios.Step, i int) {
	if m.answers == nil {
		m.answers = map[int]int{}
	}
	m.answers[st.Pos.Line] = i
	if m.Following() {
		if m.served.OnAnswer != nil {
			m.served.OnAnswer(st.Pos.Line, i)
		}
		m.say("") // the ask says it waits for the teacher, and then the verdict
		return
	}
	if i == st.Right {
		m.say("your prediction was right")
	} else {
		m.say("your prediction: %d; the answer is %d", i+1, st.Right+1)
	}
}

// revealed says whether a follower may see the answer to an ask: once the teacher showed it.
func (m *Model) revealed(st *scenarios.Step) bool {
	return !m.Following() || m.served.Revealed != nil && m.served.Revealed(st.Pos.Line)
}

// score is how many of the script's asks were answered right, and how many it has.
func (m *Model) score() (right, asks int) {
	for i := range m.base.Steps {
		st := &m.base.Steps[i]
		if st.Kind != scenarios.StepAsk {
			continue
		}
		asks++
		if a, ok := m.answerOf(st); ok && a == st.Right {
			right++
		}
	}
	return right, asks
}

// askLines draws an ask: the question, the choices (on one line when they fit), then either
// how to answer or the verdict with the explanation. answer < 0: not answered yet.
func askLines(st *scenarios.Step, answer, w int) []narrLine { return askLinesFor(st, answer, w, "") }

// askLinesFor is askLines for a story told for one run of several (a comparison's shared
// script): whose names that run in the question and in the verdict, since the other run may
// rightly do otherwise.
func askLinesFor(st *scenarios.Step, answer, w int, whose string) []narrLine {
	var out []narrLine
	q, right, wrong := "? "+st.Text, "✔ Right. ", "✗ Not this time: "
	if whose != "" {
		q = fmt.Sprintf("? in the %s run: %s", whose, lowerFirst(st.Text))
		right, wrong = "✔ Right for the "+whose+" run. ", "✗ Not this time for the "+whose+" run: "
	}
	for _, l := range wrap(q, w-2, "  ") {
		out = append(out, narrLine{l, narrAsk})
	}
	items := make([]string, len(st.Choices))
	for i, c := range st.Choices {
		mark := " "
		switch {
		case answer >= 0 && i == st.Right:
			mark = "✔"
		case answer == i:
			mark = "✗"
		}
		items[i] = fmt.Sprintf("%s %d) %s", mark, i+1, termsafe.Line(c))
	}
	if one := "  " + strings.Join(items, "    "); width(one) <= w-2 {
		out = append(out, narrLine{one, narrChoice})
	} else {
		for _, it := range items {
			for _, l := range wrap("  "+it, w-2, "      ") {
				out = append(out, narrLine{l, narrChoice})
			}
		}
	}
	var verdict string
	kind := narrVerdict
	switch {
	case answer < 0:
		verdict = fmt.Sprintf("→ your prediction: press 1-%d", len(st.Choices))
		kind = narrAsk
	case answer == st.Right:
		verdict = right + st.Explain
	default:
		verdict = fmt.Sprintf("%sthe answer is %d. %s", wrong, st.Right+1, st.Explain)
		kind = narrFail
	}
	for _, l := range wrap(verdict, w-2, "  ") {
		out = append(out, narrLine{l, kind})
	}
	return out
}

// lowerFirst puts a question's first letter in lower case after "in the safe run:" ("The late
// Expire" read as a stray capital there); a word in capitals (an acronym, a node) stays.
func lowerFirst(s string) string {
	r := []rune(s)
	if len(r) > 1 && unicode.IsUpper(r[0]) && unicode.IsLower(r[1]) {
		r[0] = unicode.ToLower(r[0])
	}
	return string(r)
}

// Two asks in a row, at one instant (late-expire: what the late Expire does to c2's lock, then
// what it would do without the token check), share their premise: the first's explanation
// ("this Expire names token 1: the state machine finds no token-1 lock to delete") answered the
// second before it was asked (nc31-b). So the first's verdict waits with its why until the
// second is answered, and the second's verdict then gives both.

// askNext is the ask that follows st in s with no step between, or nil.
func askNext(s *scenarios.Scenario, st *scenarios.Step) *scenarios.Step {
	for i := range s.Steps {
		if s.Steps[i].Pos == st.Pos && st.Kind == scenarios.StepAsk {
			if i+1 < len(s.Steps) && s.Steps[i+1].Kind == scenarios.StepAsk {
				return &s.Steps[i+1]
			}
			return nil
		}
	}
	return nil
}

// askPrev is the ask st follows in s with no step between, or nil.
func askPrev(s *scenarios.Scenario, st *scenarios.Step) *scenarios.Step {
	for i := range s.Steps {
		if s.Steps[i].Pos == st.Pos && st.Kind == scenarios.StepAsk {
			if i > 0 && s.Steps[i-1].Kind == scenarios.StepAsk {
				return &s.Steps[i-1]
			}
			return nil
		}
	}
	return nil
}

// whyAfterNext is an answered ask's explanation while the ask after it waits.
const whyAfterNext = "Why: told after the next ask (it answers that one)."

// askPair is an ask as a script of two asks in a row shows it: answered while the ask after it
// (next, nextAnswered) is not, its verdict without its why; answered after the ask before it
// (prev, answered prevAnswer >= 0), that ask's verdict and why under its own.
func askPair(st *scenarios.Step, answer, w int, whose string, next *scenarios.Step, nextAnswered bool, prev *scenarios.Step, prevAnswer int, prevWhose string) []narrLine {
	if answer >= 0 && next != nil && !nextAnswered {
		a := *st
		a.Explain = whyAfterNext
		return askLinesFor(&a, answer, w, whose)
	}
	out := askLinesFor(st, answer, w, whose)
	if answer < 0 || prev == nil || prevAnswer < 0 || prev.Explain == "" {
		return out
	}
	// Its answer first, then its why: at 80x24 the pair's verdicts fit the narration's 8 rows.
	kind, before := narrVerdict, "The ask before"
	if prevWhose != "" {
		before += ", for the " + prevWhose + " run"
	}
	t := fmt.Sprintf("%s, ✔ %d) %s: %s", before, prevAnswer+1, termsafe.Line(prev.Choices[prevAnswer]), prev.Explain)
	if prevAnswer != prev.Right {
		kind = narrFail
		t = fmt.Sprintf("%s, %d) %s (you said %d): %s", before, prev.Right+1, termsafe.Line(prev.Choices[prev.Right]), prevAnswer+1, prev.Explain)
	}
	for _, l := range wrap(t, w-2, "  ") {
		out = append(out, narrLine{l, kind})
	}
	return out
}

// askBlock is play's ask st with the answer given (answer < 0: none yet), paired with the ask
// before or after it (askPair).
func (m *Model) askBlock(st *scenarios.Step, answer, w int) []narrLine {
	next, prev := askNext(m.base, st), askPrev(m.base, st)
	nextAnswered, prevAnswer := false, -1
	if next != nil {
		_, nextAnswered = m.answerOf(next)
	}
	if prev != nil {
		if a, ok := m.answerOf(prev); ok {
			prevAnswer = a
		}
	}
	return askPair(st, answer, w, "", next, nextAnswered, prev, prevAnswer, "")
}

// askRoom is the most lines ask st of s can take at width w: answered wrong, with the ask
// before it answered wrong too.
func askRoom(s *scenarios.Scenario, st *scenarios.Step, w int) int {
	prev, pa := askPrev(s, st), -1
	if prev != nil {
		pa = (prev.Right + 1) % len(prev.Choices)
	}
	return len(askPair(st, (st.Right+1)%len(st.Choices), w, "", nil, true, prev, pa, ""))
}
