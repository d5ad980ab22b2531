package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// glossaryEntry is the text of the entry named term, or fails the test.
func glossaryEntry(t *testing.T, term string) string {
	t.Helper()
	for _, g := range glossary {
		if g.Term == term {
			return g.Text
		}
	}
	t.Fatalf("no glossary entry %q", term)
	return ""
}

// TestGlossaryHasRealLeaseWords: the words of the real-lease-system lessons (frozen-leader,
// lock-delay, figure-8) have entries, and each entry names what the screen shows for it, so a
// student who meets FRZ, delayed or "waits in n1's queue" finds it under that word.
func TestGlossaryHasRealLeaseWords(t *testing.T) {
	for term, shows := range map[string][]string{
		"freeze, FROZEN, FRZ":                      {"freeze nX D", "FROZEN", "FRZ", "node row", "wakes after", "buffer", "oldest first", "countdowns that ran out"},
		"lock-delay, delayed":                      {"option lock-delay D", "delayed", "not busy", "own clock"},
		"acquire … wait, the queue":                {"acquire KEY LEASE wait", "waits in n1's queue", "timeout bounds the wait", "eats into it"},
		"own-term rule (Figure 8)":                 {"own term", "empty entry", "figure-8"},
		"safety, liveness":                         {"0 violations", "liveness", "no one can ever acquire"}, // no lesson named: it told frozen-leader's answer
		"request timeout (a client's), timeout 3s": {"request timeout 3s", "not the election timeout", "cX timeout D"},
		"commit":                                 {"own term", "own-term rule"},
		"election timeout":                       {"by default"},
		"keep, extend, reset (lease-on-promote)": {"first entry of its term applies"},
	} {
		text := glossaryEntry(t, term)
		for _, w := range shows {
			if !strings.Contains(text, w) {
				t.Errorf("glossary %q does not say %q: %s", term, w, text)
			}
		}
	}
}

// TestGlossaryAgreesWithLessons: no entry says what a lesson shows false. figure-8 shows an
// entry stored on a majority that is not committed, so "commit" must not define commitment as a
// majority's copies alone; frozen-leader and figure-8 set their own election timeout, so the
// entry gives 1s as the default (the default Config's), and every lesson that changes it says
// its own in its narration.
func TestGlossaryAgreesWithLessons(t *testing.T) {
	commit := glossaryEntry(t, "commit")
	if strings.HasPrefix(commit, "an entry is committed once a majority") || !strings.Contains(commit, "not committed by being on a majority") {
		t.Errorf("the commit entry contradicts figure-8: %s", commit)
	}
	for _, g := range glossary { // nowhere else either
		if strings.Contains(g.Text, "committed once a majority") {
			t.Errorf("glossary %q: %s", g.Term, g.Text)
		}
	}
	def := cluster.DefaultConfig()
	et := glossaryEntry(t, "election timeout")
	if def.ElectionTimeout().String() != "1s" || def.Tick.String() != "100ms" || def.Election != 10 || !strings.Contains(et, "10 ticks of 100ms, 1s, by default") {
		t.Errorf("the election timeout entry does not give the default (%d ticks of %v): %s", def.Election, def.Tick, et)
	}
	if strings.Contains(et, "in the lessons") {
		t.Errorf("the election timeout entry claims one value for every lesson: %s", et)
	}
	changed := 0
	for _, l := range scenarios.Lessons() {
		s, err := scenarios.Parse(l.Name+".scenario", l.Source)
		if err != nil {
			t.Fatal(err)
		}
		d := s.Header.ElectionTimeout()
		if d == def.ElectionTimeout() {
			continue
		}
		changed++
		said := false
		for _, st := range s.Steps {
			if st.Kind == scenarios.StepSay && strings.Contains(st.Text, "election timeout") && strings.Contains(st.Text, d.String()) {
				said = true
			}
		}
		if !said {
			t.Errorf("%s sets an election timeout of %v but its narration never says so", l.Name, d)
		}
		if !strings.Contains(et, d.String()+" in "+l.Name) {
			t.Errorf("the election timeout entry does not name %s's %v: %s", l.Name, d, et)
		}
	}
	if changed == 0 {
		t.Fatal("no lesson sets its own election timeout: the test looks at nothing")
	}
}

// TestGlossaryAnswersRound7: the words newcomers met on screen without an entry (snapshot-catch-up's
// "(ends 3)", gc-pause's stale-write question) have one, the bootstrap entry explains its ✓, and
// the GC pause entry agrees with gc-pause's narration that the clock keeps running (it said the
// process "notices no time passing", beside "its clock keeps running").
func TestGlossaryAnswersRound7(t *testing.T) {
	for term, shows := range map[string][]string{
		"… 1-48 above, … 1-201 in snapshot, … 1-3, none to 200 · (ends 3) · none": {"ends 3: its log ends at entry 3", "longest log", "none", "202 above under snap 201"},
		"(bootstrap), entry 1":     {"✓", "in snapshot"},
		"stale-write":              {"below one it had already accepted"},
		"GC pause, stop-the-world": {"keeps running", "nothing in it looks at the clock"},
		// nc17-a: gc-pause said "stale-write, the one check that watches writes", and "check"
		// is the glossary's word for a lesson's expect lines.
		"violation, checker": {"stale-write", "✔ 0 violations", "Not a lesson's checks (expect)"},
	} {
		text := glossaryEntry(t, term)
		for _, w := range shows {
			if !strings.Contains(text, w) {
				t.Errorf("glossary %q does not say %q: %s", term, w, text)
			}
		}
	}
	if gc := glossaryEntry(t, "GC pause, stop-the-world"); strings.Contains(gc, "notices no time") {
		t.Errorf("the GC pause entry says no time passes, against gc-pause's narration: %s", gc)
	}
}

// The freeze entry says what a waking node handles, not in which order: the order is what
// frozen-leader's ask turns on, and a student reads the glossary before it (issue 21: "its
// lease manager acts first …, then it reads its buffer" gave the answer away).
func TestGlossaryFreezeKeepsTheAsk(t *testing.T) {
	text := glossaryEntry(t, "freeze, FROZEN, FRZ")
	for _, w := range []string{"acts first", "runs first", "then it reads"} {
		if strings.Contains(text, w) {
			t.Errorf("the freeze entry tells the wake order (%q): %s", w, text)
		}
	}
}

// chubbyWord is a real system's mechanism a lesson names: "Chubby's sequencer check".
var chubbyWord = regexp.MustCompile(`Chubby's ([a-z-]+)`)

// TestGlossaryNamesChubbysMechanisms: gc-pause's closing stop names "Chubby's sequencer
// check" and "Chubby's lock-delay", and a newcomer found neither under ?? (nc16). Every
// "Chubby's WORD" in a lesson's narration has an entry whose term names Chubby and WORD, and
// the entry says what it is.
func TestGlossaryNamesChubbysMechanisms(t *testing.T) {
	found := 0
	for _, l := range scenarios.Lessons() {
		s, err := scenarios.Parse(l.Name+".scenario", l.Source)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range s.Steps {
			if st.Kind != scenarios.StepSay {
				continue
			}
			for _, m := range chubbyWord.FindAllStringSubmatch(st.Text, -1) {
				found++
				ok := false
				for _, g := range glossary {
					ok = ok || strings.Contains(g.Term, "Chubby") && strings.Contains(g.Term, m[1])
				}
				if !ok {
					t.Errorf("%s names %q, and no glossary entry names Chubby and %q", l.Name, m[0], m[1])
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no lesson names a Chubby mechanism: the test looks at nothing")
	}
	text := glossaryEntry(t, "Chubby: sequencer, lock-delay")
	for _, w := range []string{"Google's lock service", "fencing token", "generation number", "refuses", "up to a minute", "no one else take its lock"} {
		if !strings.Contains(text, w) {
			t.Errorf("the Chubby entry does not say %q: %s", w, text)
		}
	}
}

// The glossary defined "lease manager" as "the lock service these nodes are" while late-expire
// says "n1's lease manager (the part of the leader that expires leases)" (nc16-d): one meaning.
func TestGlossaryLeaseManagerAgreesWithLateExpire(t *testing.T) {
	src, err := os.ReadFile("../scenarios/lessons/late-expire.scenario")
	if err != nil {
		t.Fatal(err)
	}
	const def = "the part of the leader that expires leases"
	for _, g := range glossary {
		if g.Term == "lease manager" {
			if !strings.HasPrefix(g.Text, def) || !strings.Contains(string(src), "lease manager ("+def+")") {
				t.Errorf("the glossary's lease manager (%q) and late-expire's narration disagree", g.Text)
			}
			return
		}
	}
	t.Fatal("no lease manager in the glossary")
}

// TestGlossaryFindsRacingAcquiresWords: what racing-acquires shows unexplained (c3's "asks n3
// first", the all-events rows' "MsgApp … index 4" carrying entry 5 and "MsgHeartbeat … index 0")
// is found under those words, and said (nc21-m).
func TestGlossaryFindsRacingAcquiresWords(t *testing.T) {
	for term, says := range map[string][]string{
		"not-leader, asks nX, asks n3 first":         {"asks n3 first", "first request", "not yet learned who leads"},
		"MsgApp / MsgAppResp, MsgHeartbeat, index N": {"MsgApp term 1 index 4", "carries entry 5", "index is 0"},
	} {
		text := glossaryEntry(t, term)
		for _, w := range says {
			if !strings.Contains(text, w) {
				t.Errorf("glossary %q does not say %q: %s", term, w, text)
			}
		}
	}
}

// nc22-a (lease-read): a newcomer asked why n1's votes left its check ✗ (only answers to its
// appends and heartbeats count), could not link the safe lesson's check line to the leader lease
// the lesson is named for, and guessed what the message diagram's ┃ and ┊ lanes meant.
func TestGlossaryAnswersLeaseReadNewcomer(t *testing.T) {
	for term, shows := range map[string][]string{
		"check-quorum (a leader's check 1.0s ✓, ✗)": {"votes do not count"},
		"lease-based read, own lease":               {"Without the switch a leader's check line", "at that check if ✗", "a period later if ✓"},
	} {
		text := glossaryEntry(t, term)
		for _, w := range shows {
			if !strings.Contains(text, w) {
				t.Errorf("glossary %q does not say %q: %s", term, w, text)
			}
		}
	}
	m := playLesson(t, "lease-read", 120, 40)
	runToStop(t, m)
	var b strings.Builder
	for _, l := range m.helpBody(120, 38) {
		b.WriteString(strings.TrimSpace(ansi.Strip(l)) + " ")
	}
	if want := "┃ leading, ┊ cut off from the rest, ╎ down"; !strings.Contains(b.String(), want) {
		t.Errorf("the ? legend does not say %q:\n%s", want, b.String())
	}
}
