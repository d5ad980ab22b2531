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

// Say is one narration line at its instant.
type Say struct {
	At   time.Duration
	Text string
}

// Page is everything one exported page shows.
type Page struct {
	Title      string
	Name       string
	Seed       uint64
	Rec        *diagram.Recorder
	Says       []Say
	Violations []cluster.Violation
	Failures   []string
	Passed     bool
	End        time.Duration
}

// Observe returns a recorder that has every event of w so far and is subscribed to the rest
// (the page wants every message).
func Observe(w *cluster.World) *diagram.Recorder {
	rec := diagram.New(w.Config().Nodes, 0)
	past := w.RecentEvents(int(w.Events()))
	for i := range past {
		rec.Add(&past[i])
	}
	w.Subscribe(rec.Add)
	return rec
}

// FromRun gathers a finished run's page from its runner and the recorder that watched it.
func FromRun(s *scenarios.Scenario, r *scenarios.Runner, rec *diagram.Recorder) *Page {
	p := &Page{Title: s.Header.Title, Name: s.Name, Seed: r.World().Config().Seed, Rec: rec,
		Violations: r.World().Violations(), Passed: r.Passed(), End: r.World().Now()}
	if p.Title == "" {
		p.Title = s.Name
	}
	for _, e := range r.Log.All() {
		if e.Step.Kind == scenarios.StepSay {
			p.Says = append(p.Says, Say{At: e.At, Text: e.Step.Text})
		}
	}
	for _, f := range r.Failures {
		p.Failures = append(p.Failures, f.String())
	}
	return p
}

// Record plays a scenario headless to its end and returns its page.
func Record(s *scenarios.Scenario, seed *uint64) (*Page, error) {
	var rec *diagram.Recorder
	res, err := scenarios.RunScenario(s, scenarios.RunOptions{Seed: seed, Observe: func(w *cluster.World) { rec = Observe(w) }})
	if err != nil {
		return nil, err
	}
	return FromRun(s, res.Runner, rec), nil
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
