package scenarios

import (
	"testing"
	"time"
)

// A wait-until whose condition turns true between events (a countdown passing a value) is judged
// after events and at its limit only, so playing a script in slices (TUI frames, a rewind's
// replay) runs it exactly as one headless run does.
func TestRunnerSlicingDoesNotChangeTheRun(t *testing.T) {
	s, err := Parse("slicing", []byte(`seed 3
campaign n1
wait-until leader n1
c1 acquire orders 3s
wait-until c1 holds orders
wait-until n2 countdown orders < 1500ms
crash n3
wait 2s
`))
	if err != nil {
		t.Fatal(err)
	}
	whole, _ := NewRunner(s, nil, nil)
	whole.Run()
	for _, slice := range []time.Duration{time.Millisecond, 33 * time.Millisecond, 250 * time.Millisecond} {
		sliced, _ := NewRunner(s, nil, nil)
		for at := time.Duration(0); !sliced.Done(); at += slice {
			sliced.AdvanceTo(at)
		}
		a, b := whole.Log.Last().At, sliced.Log.Last().At
		if a != b || whole.World().TraceHash() != sliced.World().TraceHash() {
			t.Fatalf("crash n3 ran at %v in one run, at %v in %v slices", a, b, slice)
		}
	}
}
