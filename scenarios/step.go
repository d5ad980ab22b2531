package scenarios

import (
	"fmt"
	"strings"
)

// ParseStep reads one line of the language as a single step of a run with header h (its node
// count bounds the node words). A header line or an empty line is an error; errors give the
// column ("col 7: ...") since there is no file to point into.
func ParseStep(text string, h Header) (Step, error) { return parseStepIn(text, h, 0) }

// parseStepIn is ParseStep in a run that has grown to nodes (membership steps added them).
func parseStepIn(text string, h Header, nodes int) (Step, error) {
	p := &parser{s: &Scenario{Header: h}, seen: map[string]Pos{}, clients: map[string]bool{}, grown: nodes}
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

// StepStarts are the ways a step line typed at a prompt can begin, for completion, derived
// from Steps: every step but narration, node arguments spelled out for each of the run's
// nodes, and each client's actions.
func StepStarts(nodes int, clients []string) []string {
	var out []string
	for i := range Steps {
		d := &Steps[i]
		if d.Client || d.Class == ClassScript {
			continue
		}
		for _, rest := range argStarts(d, nodes) {
			out = append(out, d.Word+rest)
		}
	}
	for _, c := range clients {
		for _, a := range clientActions {
			out = append(out, c+" "+a+" ")
		}
	}
	return out
}
