package scenarios

import (
	"strings"
	"testing"
	"time"
)

func sandboxBase(seed uint64) *Scenario {
	h := DefaultHeader()
	h.Seed, h.Title = seed, "sandbox"
	h.Set["seed"] = true
	return &Scenario{Name: "sandbox", Header: h}
}

func do(t *testing.T, p *Playback, line string) {
	t.Helper()
	s, err := Parse("keys", []byte(line))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Do(s.Steps[0]); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
}

// A session with user actions, a rewind and a fork, saved as a scenario and played headless,
// reproduces the live session event for event.
func TestSessionSavesAndReplaysExactly(t *testing.T) {
	p, err := NewPlayback(sandboxBase(42), 42, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.RunTo(1500 * time.Millisecond)
	do(t, p, "c1 acquire orders 3s")
	p.RunTo(2 * time.Second)
	do(t, p, "skew n2 rate 1.3")
	do(t, p, "isolate n3")
	p.RunTo(4 * time.Second)
	do(t, p, "c2 acquire orders 2s")
	p.RunTo(6 * time.Second)
	hashAt6 := p.World().TraceHash()

	// Rewind to 3s: earlier actions are kept, so replaying forward gives the same world.
	if err := p.SeekTo(3 * time.Second); err != nil {
		t.Fatal(err)
	}
	if p.Now() != 3*time.Second {
		t.Fatalf("seek landed at %v", p.Now())
	}
	p.RunTo(6 * time.Second)
	if p.World().TraceHash() != hashAt6 {
		t.Fatal("rewind and replay changed the run")
	}

	// Rewind again and act: history forks, the c2 acquire at 4s is dropped.
	_ = p.SeekTo(3 * time.Second)
	do(t, p, "crash n1")
	p.RunTo(7 * time.Second)
	if p.World().TraceHash() == hashAt6 {
		t.Fatal("forked history should differ")
	}
	if p.UserActions() != 4 {
		t.Fatalf("user actions after the fork = %d, want 4", p.UserActions())
	}
	live := p.World().TraceHash()

	saved := Format(p.Session("session.scenario"))
	s, err := Parse("session.scenario", []byte(saved))
	if err != nil {
		t.Fatalf("saved session does not parse: %v\n%s", err, saved)
	}
	r, err := NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	if r.World().TraceHash() != live {
		t.Fatalf("replayed session differs from the live one:\n%s", saved)
	}
	if r.World().Now() != 7*time.Second {
		t.Fatalf("replay ended at %v, want 7s", r.World().Now())
	}
}

// A lesson played with a user action in the middle saves with both the script's steps and the
// user's, and replays exactly.
func TestLessonSessionReplays(t *testing.T) {
	base, err := Load("first-lock")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlayback(base, base.Header.Seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = p.SeekTo(30 * time.Millisecond)
	do(t, p, "skew n4 offset +1s")
	_ = p.SeekTo(5 * time.Second)
	s, err := Parse("s.scenario", []byte(Format(p.Session("s.scenario"))))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := NewRunner(s, nil, nil)
	r.Run()
	if r.World().TraceHash() != p.World().TraceHash() {
		t.Fatal("lesson session replay differs")
	}
	if !r.Passed() {
		t.Fatalf("the lesson's expects, replayed at their instants, failed: %v", r.Failures)
	}
}

// A user action before the script ends forks it: the later expects are skipped, never failed,
// and a run with no action is judged exactly as headless.
func TestPlaybackForkSkipsLaterChecks(t *testing.T) {
	s, err := Load("first-lock")
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range []bool{false, true} {
		p, err := NewPlayback(s, s.Header.Seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		var at time.Duration
		for p.RunTo(1<<62) != StopEnd {
			if act && at == 0 && p.AtPause() {
				at = p.Now()
				if _, err := p.Do(Step{Kind: StepAcquire, Client: "c1", Key: "orders", Dur: 5 * time.Second}); err != nil {
					t.Fatal(err)
				}
			}
			p.Continue()
		}
		v := p.Verdict()
		forkedAt, forked := p.Forked()
		if forked != act || v.Forked != act || (act && (forkedAt != at || v.Skipped == 0)) || (!act && v.Skipped != 0) {
			t.Errorf("act=%v: forked %v at %v, verdict %+v", act, forked, forkedAt, v)
		}
		if !v.OK() || v.Failed != 0 {
			t.Errorf("act=%v: failures %v", act, v.Failures)
		}
		if !act && v.Passed == 0 {
			t.Error("an unforked run judged no expects")
		}
	}
}

// A user who steps event by event acts between whole milliseconds; the action waits for the
// next one, so the saved session's waits are whole milliseconds and it still replays exactly.
func TestUserActsOnWholeMilliseconds(t *testing.T) {
	p, err := NewPlayback(sandboxBase(7), 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	do(t, p, "skew n2 rate 1.37")
	p.RunTo(time.Second)
	for i := 0; i < 50 && p.Now()%time.Millisecond == 0; i++ {
		p.NextEvent(2 * time.Second)
	}
	if p.Now()%time.Millisecond == 0 {
		t.Fatal("no event off a whole millisecond to act after")
	}
	before := p.Now()
	do(t, p, "c1 acquire orders 3s")
	if p.Now()%time.Millisecond != 0 || p.Now() < before || p.Now()-before >= time.Millisecond {
		t.Fatalf("acted at %v after stepping to %v", p.Now(), before)
	}
	p.RunTo(3 * time.Second)
	assertWholeWaitsReplay(t, p)

	// In a lesson the last logged step may sit off a whole millisecond (a wait-until ends at an
	// event): the user's action is a whole number of milliseconds after it.
	base, err := Load("first-lock")
	if err != nil {
		t.Fatal(err)
	}
	p, err = NewPlayback(base, base.Header.Seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	for p.lastLogged()%time.Millisecond == 0 {
		if p.RunTo(p.Now()+time.Second) == StopPause {
			p.Continue()
		}
		if p.Ended() {
			t.Fatal("no script step off a whole millisecond in first-lock")
		}
	}
	for i := 0; i < 50 && p.Now()%time.Millisecond == p.lastLogged()%time.Millisecond; i++ {
		if p.NextEvent(p.Now()+time.Second) == StopPause {
			p.Continue() // a second pause at the instant (first-lock's first two stops)
		}
	}
	from := p.lastLogged()
	do(t, p, "isolate n3")
	if (p.Now()-from)%time.Millisecond != 0 {
		t.Fatalf("acted at %v, %v after the last logged step", p.Now(), p.Now()-from)
	}
	p.RunTo(p.Now() + 5*time.Millisecond)
	live := p.World().TraceHash()
	saved := Format(p.Session("session.scenario"))
	s, err := Parse("session.scenario", []byte(saved))
	if err != nil {
		t.Fatalf("%v\n%s", err, saved)
	}
	// The step before the action, not a count from the end: what follows it depends on the
	// lesson (first-lock's next stop came 2ms after, and its pause was saved too).
	act := len(s.Steps) - 1
	for act > 0 && s.Steps[act].Kind != StepIsolate {
		act--
	}
	if last := s.Steps[act-1]; last.Kind != StepWait || last.Dur%time.Millisecond != 0 {
		t.Fatalf("the wait before the user's action is not whole milliseconds:\n%s", saved)
	}
	r, err := NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	if r.World().TraceHash() != live {
		t.Fatalf("replayed lesson session differs:\n%s", saved)
	}
}

// assertWholeWaitsReplay saves a sandbox session, checks every wait in it is whole
// milliseconds, and replays it headless to the same trace.
func assertWholeWaitsReplay(t *testing.T, p *Playback) {
	t.Helper()
	live := p.World().TraceHash()
	saved := Format(p.Session("session.scenario"))
	s, err := Parse("session.scenario", []byte(saved))
	if err != nil {
		t.Fatalf("%v\n%s", err, saved)
	}
	for _, st := range s.Steps {
		if st.Kind == StepWait && st.Dur%time.Millisecond != 0 {
			t.Fatalf("a saved wait is not whole milliseconds:\n%s", saved)
		}
	}
	r, err := NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	if r.World().TraceHash() != live {
		t.Fatalf("replayed session differs:\n%s", saved)
	}
}

// playToEnd plays a playback to the script's end, passing every pause and ask.
func playToEnd(p *Playback) {
	for p.RunTo(1<<62) != StopEnd {
		p.Continue()
	}
}

// savedReplays saves the session, checks that it reads like a lesson (its script's wait-untils
// as written, every wait whole milliseconds), replays it headless with the seed its header
// names, and checks the replay is the live run event for event and passes its checks.
func savedReplays(t *testing.T, p *Playback, what string) string {
	t.Helper()
	saved := Format(p.Session("session.scenario"))
	s, err := Parse("session.scenario", []byte(saved))
	if err != nil {
		t.Fatalf("%s: the saved session does not parse: %v\n%s", what, err, saved)
	}
	for _, st := range s.Steps {
		if st.Kind == StepWait && st.Dur%time.Millisecond != 0 {
			t.Errorf("%s: a saved wait is not whole milliseconds: %s\n%s", what, FormatStep(st), saved)
		}
	}
	r, err := NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	w := p.World()
	if r.World().TraceHash() != w.TraceHash() || r.World().Events() != w.Events() || r.World().Now() != w.Now() {
		t.Errorf("%s: the replay ends at %v with %d events (hash %x), the live run at %v with %d (hash %x)\n%s",
			what, r.World().Now(), r.World().Events(), r.World().TraceHash(), w.Now(), w.Events(), w.TraceHash(), saved)
	}
	if !r.Passed() {
		t.Errorf("%s: the saved session fails headless: %v\n%s", what, r.Failures, saved)
	}
	return saved
}

// A lesson's saved session writes the script's wait-untils as the script did, not as waits
// to the nanosecond an event happened at, and replays to the same trace: at the end of every
// lesson, at a pause mid-lesson, and in the middle of a wait-until.
func TestLessonSessionKeepsItsWaitUntils(t *testing.T) {
	for _, l := range Lessons() {
		base, err := Load(l.Name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPlayback(base, base.Header.Seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		playToEnd(p)
		saved := savedReplays(t, p, l.Name+" at its end")
		if want := strings.Count(string(l.Source), "\nwait-until "); strings.Count(saved, "\nwait-until ") != want {
			t.Errorf("%s: the session has %d wait-until lines, the lesson %d:\n%s", l.Name, strings.Count(saved, "\nwait-until "), want, saved)
		}
	}

	base, _ := Load("late-expire")
	p, _ := NewPlayback(base, base.Header.Seed, nil)
	for i := 0; i < 3; i++ { // the third pause
		if st := p.RunTo(1 << 62); st != StopPause {
			t.Fatalf("late-expire stopped (%v) before its third pause", st)
		}
		if i < 2 {
			p.Continue()
		}
	}
	saved := savedReplays(t, p, "late-expire at its third pause")
	if !strings.Contains(saved, "\npause\nwait-until n1 countdown orders expired\nsay ") {
		t.Errorf("the session does not read like the lesson:\n%s", saved)
	}
	// Mid-wait-until: the step in progress is not written (the replay waits there plainly,
	// up to the instant saved, made a whole millisecond after the last logged step).
	p.Continue()
	p.RunTo(p.Now() + 50*time.Millisecond + 123456)
	if st := p.r.Current(); !p.r.inStep || st.Kind != StepWaitUntil {
		t.Fatalf("not inside a wait-until at %v", p.Now())
	}
	p.AlignMs()
	saved = savedReplays(t, p, "late-expire inside a wait-until")
	if strings.Contains(saved, "wait-until n1 result orders Expired{existed:true}") {
		t.Errorf("the wait-until in progress was written as if over:\n%s", saved)
	}
}

// After a fork the script's wait-untils are no longer checks, but they still pace its steps:
// each ends when its condition holds, and never later than it ended in the lesson's own run
// (rounded up to a whole millisecond), instead of waiting its full time limit when the user's
// change means the condition never comes. The forked session saves whole-millisecond waits
// and replays exactly.
func TestSkippedWaitUntilPacesLikeTheLesson(t *testing.T) {
	base, err := Load("late-expire")
	if err != nil {
		t.Fatal(err)
	}
	// When c2 acquires in the lesson: as n1's countdown ends, about 3s in.
	acquireAt := func(p *Playback) time.Duration {
		for _, e := range p.Log().All() {
			if e.Step.Kind == StepAcquire && e.Step.Client == "c2" {
				return e.At
			}
		}
		t.Fatal("c2 never acquired")
		return 0
	}
	lesson, _ := NewPlayback(base, base.Header.Seed, nil)
	playToEnd(lesson)
	inLesson := acquireAt(lesson)

	fork := func(line string, atPause bool) *Playback {
		p, _ := NewPlayback(base, base.Header.Seed, nil)
		if atPause {
			if p.RunTo(1<<62) != StopPause {
				t.Fatal("late-expire should stop at its first pause")
			}
		} else {
			p.RunTo(1 << 62) // the first pause
			p.Continue()
			p.RunTo(p.Now() + time.Second) // inside `wait-until n1 countdown orders expired`
			if !p.r.inStep || p.r.Current().Kind != StepWaitUntil {
				t.Fatal("not inside the wait-until")
			}
		}
		do(t, p, line)
		if _, forked := p.Forked(); !forked {
			t.Fatal("the action did not fork the lesson")
		}
		playToEnd(p)
		return p
	}

	// n1 down: its countdown never ends, yet the script's c2 acquires when it did in the
	// lesson, not 10s (the wait-until's limit) later.
	for _, atPause := range []bool{true, false} {
		p := fork("crash n1", atPause)
		if got := acquireAt(p); got < inLesson || got > inLesson+time.Millisecond {
			t.Errorf("atPause=%v: with n1 crashed c2 acquired at %v; in the lesson at %v", atPause, got, inLesson)
		}
		for _, e := range p.Log().All() {
			if e.Step.Kind == StepWaitUntil && e.At >= p.r.ForkedAt {
				t.Errorf("a skipped wait-until was logged: %+v", e)
			}
		}
		if v := p.Verdict(); !v.OK() || v.Skipped == 0 {
			t.Errorf("atPause=%v: verdict %+v", atPause, v)
		}
		savedReplays(t, p, "late-expire forked by crash n1")
	}

	// A script too long to replay at a keystroke: past paceEvents of its own run, a skipped
	// wait-until is paced by its own limit (10s here), as before.
	defer func(n uint64) { paceEvents = n }(paceEvents)
	paceEvents = 100
	if got := acquireAt(fork("crash n1", true)); got < 10*time.Second {
		t.Errorf("past the bound c2 acquired at %v, want the wait-until's 10s limit", got)
	}
	paceEvents = 1_000_000

	// n1's clock at 2x: its countdown ends sooner, and the script's c2 acquires then, so the
	// race the lesson stages still happens.
	p := fork("skew n1 rate 2", true)
	got := acquireAt(p)
	if got >= inLesson-time.Second {
		t.Errorf("with n1's clock at 2x c2 acquired at %v, the lesson at %v: the script waited past the moment it was written for", got, inLesson)
	}
	savedReplays(t, p, "late-expire forked by skew n1 rate 2")
}

// A clone played on gives the original's events, and acting on it leaves the original alone.
func TestPlaybackClone(t *testing.T) {
	s, err := Load("first-lock")
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewPlayback(s, s.Header.Seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	for a.RunTo(a.Now()+time.Second) == StopTime && a.Now() < 2*time.Second {
	}
	b, err := a.Clone()
	if err != nil {
		t.Fatal(err)
	}
	if b.World() == a.World() || b.World().TraceHash() != a.World().TraceHash() {
		t.Fatal("the clone shares the world or differs from it")
	}
	for _, p := range []*Playback{a, b} {
		for range 3 {
			if p.AtPause() {
				p.Continue()
			}
			p.RunTo(p.Now() + 2*time.Second)
		}
	}
	if a.Now() != b.Now() || a.World().TraceHash() != b.World().TraceHash() {
		t.Fatalf("played on: clone at %v hash %x, original at %v hash %x", b.Now(), b.World().TraceHash(), a.Now(), a.World().TraceHash())
	}
	before := a.World().TraceHash()
	st, err := b.ParseStep("crash n1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Do(st); err != nil {
		t.Fatal(err)
	}
	b.RunTo(b.Now() + time.Second)
	if a.World().TraceHash() != before || b.World().TraceHash() == before {
		t.Fatal("acting on the clone changed the original, or did nothing")
	}
}

// A recorded action the world refuses on replay is a nondeterministic run: the verdict fails,
// naming it, instead of the replay going on quietly without it.
func TestReplayRefusedActionFails(t *testing.T) {
	p := newPB(t, "seed 4\n")
	p.RunTo(time.Second)
	crash := Step{Kind: StepCrash, Node: 2}
	if _, err := p.Do(crash); err != nil {
		t.Fatal(err)
	}
	// As if the recording said n2 crashed twice: the second cannot be repeated.
	p.user = append(p.user, Executed{At: 2 * time.Second, Step: crash, User: true})
	p.RunTo(3 * time.Second)
	v := p.Verdict()
	if v.OK() || !strings.Contains(v.Failures[len(v.Failures)-1].Expected, "replayed action") {
		t.Fatalf("verdict %+v, want a failure naming the refused replay", v)
	}
}
