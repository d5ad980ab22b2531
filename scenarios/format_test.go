package scenarios

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"leaselab/cluster"
)

// corpusFiles are the bundled lessons (package dir) and the handwritten corpus (testdata).
func corpusFiles(t testing.TB) []string {
	var files []string
	for _, pattern := range []string{"*.scenario", "testdata/*.scenario"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	return files
}

// roundTrip checks Parse(Format(s)) == s, positions aside.
func roundTrip(t testing.TB, s *Scenario) {
	t.Helper()
	text := Format(s)
	back, err := Parse(s.File, []byte(text))
	if err != nil {
		t.Fatalf("%s: formatted text does not parse: %v\n%s", s.File, err, text)
	}
	want := *s
	want.Steps = append([]Step(nil), s.Steps...)
	for i := range want.Steps {
		if c := want.Steps[i].Cond; c != nil {
			cc := *c
			want.Steps[i].Cond = &cc
		}
	}
	clearPos(&want)
	clearPos(back)
	if !reflect.DeepEqual(back, &want) {
		for i := range min(len(back.Steps), len(want.Steps)) {
			if !reflect.DeepEqual(back.Steps[i], want.Steps[i]) {
				t.Fatalf("%s: step %d changed:\n got %+v\nwant %+v\ntext:\n%s", s.File, i, back.Steps[i], want.Steps[i], text)
			}
		}
		t.Fatalf("%s: round trip changed the scenario:\n got %+v\nwant %+v\ntext:\n%s", s.File, back, &want, text)
	}
}

func TestFormatRoundTripFiles(t *testing.T) {
	files := corpusFiles(t)
	if len(files) < 3 {
		t.Fatalf("found %d corpus files, want the testdata ones at least", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Parse(f, src)
		if err != nil {
			t.Fatalf("%v", err)
		}
		roundTrip(t, s)
	}
}

// TestCorpusCoversEveryKind keeps the round-trip corpus complete as kinds are added.
func TestCorpusCoversEveryKind(t *testing.T) {
	src, err := os.ReadFile("testdata/every-step.scenario")
	if err != nil {
		t.Fatal(err)
	}
	s, err := Parse("every-step.scenario", src)
	if err != nil {
		t.Fatal(err)
	}
	steps, conds := map[StepKind]bool{}, map[CondKind]bool{}
	for _, st := range s.Steps {
		steps[st.Kind] = true
		if st.Cond != nil {
			conds[st.Cond.Kind] = true
		}
	}
	for k := StepWait; k <= StepClientSkewReset; k++ {
		if !steps[k] {
			t.Errorf("step kind %d missing from the corpus", k)
		}
	}
	for _, k := range []StepKind{StepAsk, StepClientTimeout} {
		if !steps[k] {
			t.Errorf("step kind %d (%s) missing from the corpus", k, k.Def().Word)
		}
	}
	for k := CondLeader; k <= CondViolations; k++ {
		if !conds[k] {
			t.Errorf("condition kind %d missing from the corpus", k)
		}
	}
}

func TestFormatText(t *testing.T) {
	src := "# comment\nseed 7\n  title   my  title\n\ncampaign   n1 # go\nwait-until leader n1 within 10s\n" +
		"skew n2 offset 2s\ndrop all 050.50%\nc1 write k \"v\"\nsay   two  words\nexpect c1 reply granted token 01\n"
	s, err := Parse("x.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := `title "my title"
seed 7

campaign n1
wait-until leader n1
skew n2 offset +2s
drop all 50.5%
c1 write k v
say "two words"
expect c1 reply granted token 1
`
	if got := Format(s); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// A scenario built in code (a saved session, a chaos reproducer) has no Set; values that differ
// from the defaults must still be written.
func TestFormatBuiltInCode(t *testing.T) {
	h := DefaultHeader()
	h.Seed, h.Nodes, h.PreVote, h.Unsafe = 99, 3, false, []string{"no-fencing"}
	h.Title = "chaos seed 99"
	s := &Scenario{File: "repro.scenario", Name: "repro", Header: h, Steps: []Step{
		{Kind: StepCrash, Node: 3},
		{Kind: StepWaitUntil, Cond: &Cond{Kind: CondLeader}}, // Dur 0: the default within
		{Kind: StepSay, Text: "line one\nline two"},
		{Kind: StepAsk, Text: `Which "one"?`, Choices: []string{"a", "b", "c"}, Right: 2, Explain: "c, as said"},
	}}
	want := `title "chaos seed 99"
seed 99
nodes 3
option pre-vote off
unsafe no-fencing

crash n3
wait-until leader
say "line one line two"
ask "Which \"one\"?" "a" "b" right "c" because "c, as said"
`
	if got := Format(s); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	back, err := Parse("repro.scenario", []byte(want))
	if err != nil {
		t.Fatal(err)
	}
	if back.Header.Seed != 99 || back.Header.Nodes != 3 || back.Header.PreVote || back.Steps[1].Dur != DefaultWithin {
		t.Errorf("parsed back %+v", back)
	}
}

func TestFormatDefaultsOnly(t *testing.T) {
	s, err := Parse("d.scenario", []byte("wait 1s\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := Format(s); got != "wait 1s\n" {
		t.Errorf("got %q", got)
	}
}

func TestFormatDurationsExact(t *testing.T) {
	for _, d := range []time.Duration{1, 1500 * time.Nanosecond, 90 * time.Second, cluster.MaxDuration - 1} {
		s := &Scenario{Header: DefaultHeader(), Steps: []Step{
			{Kind: StepWait, Dur: d},
			{Kind: StepSkewOffset, Node: 1, Dur: -d},
		}}
		roundTrip(t, s)
	}
}
