package scenarios

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// pbState is what two playbacks at the same point of the same session agree on.
type pbState struct {
	Now           time.Duration
	Hash, Events  uint64
	PC, Next, Log int
	Pause, Ended  bool
	Violations    int
}

func stateOf(p *Playback) pbState {
	w := p.World()
	return pbState{Now: p.Now(), Hash: w.TraceHash(), Events: w.Events(), PC: p.PC(), Next: p.next,
		Log: p.Log().Len(), Pause: p.AtPause(), Ended: p.Ended(), Violations: len(w.Violations())}
}

func lessonScenario(t *testing.T, l Lesson) *Scenario {
	t.Helper()
	s, err := Parse(l.Name+".scenario", l.Source)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Every bundled lesson, played to its end with a checkpoint every 25th of it (so many are kept
// and thinned), then rewound to instants spread over it: each rewind, and the replay back to the
// end, is exactly the run a playback without checkpoints gets by replaying from the seed.
func TestCheckpointRewindIsReplay(t *testing.T) {
	thinned := false
	for _, l := range Lessons() {
		s := lessonScenario(t, l)
		r, err := NewRunner(s, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		end := r.World().Now()

		p, err := NewPlayback(s, s.Header.Seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		p.cpEvery = max(time.Millisecond, end/25)
		if err := p.SeekTo(end); err != nil {
			t.Fatal(err)
		}
		if n, _ := p.Checkpoints(); n == 0 {
			t.Fatalf("%s: no checkpoint kept over %v", l.Name, end)
		}
		for _, k := range []int{5, 1, 3, 6, 2, 4, 7} {
			at := end * time.Duration(k) / 7
			if k == 7 {
				at = end - time.Millisecond
			}
			if err := p.SeekTo(at); err != nil {
				t.Fatal(err)
			}
			ref, err := NewPlayback(s, s.Header.Seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			ref.KeepCheckpoints(false)
			if err := ref.SeekTo(at); err != nil {
				t.Fatal(err)
			}
			if got, want := stateOf(p), stateOf(ref); got != want {
				t.Fatalf("%s: rewound to %v from checkpoints:\n got %+v\nwant %+v", l.Name, at, got, want)
			}
			sameLog(t, p, ref)
		}
		if _, every := p.Checkpoints(); every > max(time.Millisecond, end/25) {
			thinned = true
		}
		if err := p.SeekTo(end); err != nil {
			t.Fatal(err)
		}
		if p.World().TraceHash() != r.World().TraceHash() {
			t.Fatalf("%s: back at the end after rewinds, trace %x, headless run %x", l.Name, p.World().TraceHash(), r.World().TraceHash())
		}
	}
	if !thinned {
		t.Fatal("no lesson kept enough checkpoints to thin them: the test does not cover thinning")
	}
}

// A sandbox session of random moves, rewinds and actions (forks included), done on a playback
// with checkpoints every 2s and on one without: after every move both are at the same point of
// the same history, and refuse the same actions.
func TestCheckpointsInARandomSession(t *testing.T) {
	actions := []string{
		"c1 acquire orders 3s", "c2 acquire orders 2s", "c1 release orders", "c2 write orders",
		"c1 write orders", "crash n2", "restart n2", "partition n1 n2 | n3 n4 n5", "heal",
		"c3 acquire billing 1s", "skew n3 rate 1.5", "crash n1", "restart n1", "drop all 20%",
	}
	for seed := uint64(1); seed <= 4; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		a, err := NewPlayback(sandboxBase(seed), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		a.cpEvery = 2 * time.Second
		b, err := NewPlayback(sandboxBase(seed), seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		b.KeepCheckpoints(false)
		rewinds := 0
		for i := range 150 {
			var what string
			switch rng.IntN(5) {
			case 0, 1:
				to := a.Now() + time.Duration(rng.IntN(4000))*time.Millisecond
				what = fmt.Sprintf("seek %v", to)
				must2(t, a.SeekTo(to), b.SeekTo(to))
			case 2:
				to := time.Duration(rng.Int64N(int64(a.Now()) + 1))
				what = fmt.Sprintf("rewind %v", to)
				rewinds++
				must2(t, a.SeekTo(to), b.SeekTo(to))
			default:
				line := actions[rng.IntN(len(actions))]
				what = line
				st, err := a.ParseStep(line)
				if err != nil {
					t.Fatal(err)
				}
				da, ea := a.Do(st)
				db, eb := b.Do(st)
				if (ea == nil) != (eb == nil) || da != db {
					t.Fatalf("seed %d move %d (%s): with checkpoints %d, %v; without %d, %v", seed, i, line, da, ea, db, eb)
				}
			}
			if got, want := stateOf(a), stateOf(b); got != want {
				t.Fatalf("seed %d move %d (%s):\n with checkpoints %+v\n without          %+v", seed, i, what, got, want)
			}
			sameLog(t, a, b)
		}
		// Each checkpoint left shares its log with the live run: it still reads as the run did.
		for _, c := range a.cps {
			must2(t, b.SeekTo(c.at()), nil)
			sameLog(t, &Playback{r: c.r}, b)
		}
		if n, _ := a.Checkpoints(); n == 0 || rewinds == 0 {
			t.Fatalf("seed %d: %d checkpoints, %d rewinds: the test did not exercise them", seed, n, rewinds)
		}
	}
}

// sameLog fails unless a and b logged the same steps at the same instants.
func sameLog(t *testing.T, a, b *Playback) {
	t.Helper()
	la, lb := a.Log(), b.Log()
	for i := range min(la.Len(), lb.Len()) {
		x, y := la.At(i), lb.At(i)
		if x.At != y.At || x.End != y.End || x.User != y.User || FormatStep(x.Step) != FormatStep(y.Step) {
			t.Fatalf("step %d of the log: %v %q, want %v %q", i, x.At, FormatStep(x.Step), y.At, FormatStep(y.Step))
		}
	}
	if la.Len() != lb.Len() {
		t.Fatalf("%d steps logged, want %d", la.Len(), lb.Len())
	}
}

func must2(t *testing.T, a, b error) {
	t.Helper()
	if a != nil || b != nil {
		t.Fatal(a, b)
	}
}

// A world too big to copy keeps no checkpoint (rewinds there replay from the seed) and plays on
// as before; the same session under a higher limit keeps them all.
func TestNoCheckpointOfABigWorld(t *testing.T) {
	src := "title \"held\"\noption held-keys 2000\nwait 3s\nexpect violations none\n"
	s, err := Parse("held.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	kept := map[int64]int{}
	for _, limit := range []int64{1 << 20, 64 << 20} {
		p, err := NewPlayback(s, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		p.cpEvery, p.cpMaxBytes = 500*time.Millisecond, limit
		if err := p.SeekTo(4 * time.Second); err != nil {
			t.Fatal(err)
		}
		if p.World().CloneSize() <= 1<<20 {
			t.Fatalf("the world holding 2000 leases is about %d KB: not big", p.World().CloneSize()>>10)
		}
		for _, c := range p.cps {
			if c.r.world.CloneSize() > limit {
				t.Fatalf("limit %d KB: a checkpoint of about %d KB was kept", limit>>10, c.r.world.CloneSize()>>10)
			}
		}
		kept[limit], _ = p.Checkpoints()
		if err := p.SeekTo(2 * time.Second); err != nil || p.Now() != 2*time.Second {
			t.Fatalf("rewind: %v, at %v", err, p.Now())
		}
	}
	if kept[1<<20] >= kept[64<<20] || kept[64<<20] < 7 {
		t.Fatalf("checkpoints kept: %v (the low limit must skip some, the high one keep one every 500ms)", kept)
	}
}
