package scenarios

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// IsAction says whether a step acts on the world (as opposed to time, narration or a check):
// the steps Apply performs and a user may take from the keyboard.
func (k StepKind) IsAction() bool {
	switch k {
	case StepWait, StepWaitUntil, StepSay, StepPause, StepExpect, StepAsk:
		return false
	}
	return k >= StepWait && k <= StepClientSkewReset
}

// ParseStep reads one line of the language as a single step of a run with header h (its node
// count bounds the node words). A header line or an empty line is an error; errors give the
// column ("col 7: ...") since there is no file to point into.
func ParseStep(text string, h Header) (Step, error) {
	p := &parser{s: &Scenario{Header: h}, seen: map[string]Pos{}, clients: map[string]bool{}}
	ws, lerr := lexLine(text)
	switch {
	case lerr != nil:
		return Step{}, fmt.Errorf("col %d: %s", lerr.col, lerr.msg)
	case len(ws) == 0:
		return Step{}, fmt.Errorf("an empty line is no step")
	case headerWords[ws[0].text] && !ws[0].quoted:
		return Step{}, fmt.Errorf("%s is a header line, fixed for a run", ws[0].text)
	}
	p.parseLine(1, ws)
	if len(p.diags) > 0 {
		d := p.diags[0]
		return Step{}, fmt.Errorf("col %d: %s", d.Pos.Col, strings.TrimSpace(d.Msg))
	}
	st := p.s.Steps[0]
	st.Pos = Pos{}
	return st, nil
}

// StepStarts are the ways a step line typed at a prompt can begin, for completion: the step
// words, the node steps with each of the run's nodes, and each client's actions.
func StepStarts(nodes int, clients []string) []string {
	out := []string{"wait ", "wait-until ", "expect ", "partition ", "heal", "drop all ", "cut n", "drop n", "delay n"}
	for _, w := range slices.Sorted(maps.Keys(nodeSteps)) {
		for id := 1; id <= nodes; id++ {
			out = append(out, fmt.Sprintf("%s n%d", w, id))
		}
	}
	for id := 1; id <= nodes; id++ {
		out = append(out, fmt.Sprintf("skew n%d rate ", id), fmt.Sprintf("skew n%d offset ", id), fmt.Sprintf("skew n%d reset", id))
	}
	for _, c := range clients {
		for _, a := range clientActions {
			out = append(out, c+" "+a+" ")
		}
	}
	return out
}
