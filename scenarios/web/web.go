package web

import (
	"fmt"
	"io"
	"os"
	"time"

	"leaselab/cluster"
	"leaselab/cluster/diagram"
	"leaselab/scenarios"
)

// Note is one narration step at its instant: a say, a pause, or an ask (its question, choices,
// the right one and the explanation the page reveals on click).
type Note struct {
	At      time.Duration
	Kind    scenarios.StepKind // StepSay, StepPause or StepAsk
	Text    string
	Choices []string
	Right   int
	Explain string
}

// Mark is a failed expect or a violation at its instant, as the page's header lists it.
type Mark struct {
	At   time.Duration
	Text string
}

// Page is everything one exported page shows.
type Page struct {
	Title      string
	Name       string
	Seed       uint64
	Rec        *diagram.Recorder
	Notes      []Note
	Violations []cluster.Violation
	Failures   []Mark
	Passed     bool
	End        time.Duration
}

// Observer watches one run for its page: the diagram's rows and the narration.
type Observer struct {
	Rec   *diagram.Recorder
	Notes []Note
}

// Attach makes a run's options feed the observer (their Observe and Narrate).
func (ob *Observer) Attach(o *scenarios.RunOptions) {
	o.Observe = func(w *cluster.World) { ob.Rec = Observe(w) }
	o.Narrate = ob.narrate
}

func (ob *Observer) narrate(st *scenarios.Step, at time.Duration) {
	n := Note{At: at, Kind: st.Kind, Text: st.Text}
	if st.Kind == scenarios.StepAsk {
		n.Choices, n.Right, n.Explain = st.Choices, st.Right, st.Explain
	}
	ob.Notes = append(ob.Notes, n)
}

// Observe returns a page recorder that has every event of w so far and is subscribed to the
// rest.
func Observe(w *cluster.World) *diagram.Recorder {
	rec := diagram.NewPage(w.Config().Nodes)
	past := w.RecentEvents(int(w.Events()))
	for i := range past {
		rec.Add(&past[i])
	}
	w.Subscribe(rec.Add)
	return rec
}

// FromRun gathers a finished run's page from its runner and the observer that watched it.
func FromRun(s *scenarios.Scenario, r *scenarios.Runner, ob *Observer) *Page {
	p := &Page{Title: s.Header.Title, Name: s.Name, Seed: r.World().Config().Seed, Rec: ob.Rec, Notes: ob.Notes,
		Violations: r.World().Violations(), Passed: r.Passed(), End: r.World().Now()}
	if p.Title == "" {
		p.Title = s.Name
	}
	for _, f := range r.Failures {
		p.Failures = append(p.Failures, Mark{At: f.At, Text: f.String()})
	}
	return p
}

// Record plays a scenario headless to its end and returns its page.
func Record(s *scenarios.Scenario, seed *uint64) (*Page, error) {
	ob := &Observer{}
	o := scenarios.RunOptions{Seed: seed, NoLog: true}
	ob.Attach(&o)
	res, err := scenarios.RunScenario(s, o)
	if err != nil {
		return nil, err
	}
	return FromRun(s, res.Runner, ob), nil
}

// WriteFile writes the page to path.
func WriteFile(path string, p *Page) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := Write(f, p); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Write writes the page as HTML.
func Write(out io.Writer, p *Page) error {
	ew := &errWriter{w: out}
	writePage(ew, p)
	return ew.err
}

// errWriter keeps the first write error so drawing code can print freely.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(b []byte) (int, error) {
	if e.err != nil {
		return len(b), nil
	}
	_, e.err = e.w.Write(b)
	return len(b), nil
}

func (e *errWriter) printf(format string, a ...any) { fmt.Fprintf(e, format, a...) }
func (e *errWriter) str(s string)                   { io.WriteString(e, s) }
