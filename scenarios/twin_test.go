package scenarios

import (
	"slices"
	"testing"

	"leaselab/cluster"
)

// Twin pairs a lesson with the run it is about, as compare --unsafe and --without do, and
// leaves the lesson itself as it was.
func TestTwin(t *testing.T) {
	for _, tc := range []struct{ lesson, name string }{
		{"leader-crash-mid-lease-extend", "keep"},
		{"lock-delay", "no lock-delay"},
		{"late-expire-unsafe", "safe run"},
		{"racing-acquires", "unsafe run"},
		{"skewed-followers", "unsafe run"},
		{"leader-crash-mid-lease", ""},
		{"first-lock", ""},
	} {
		s, err := Load(tc.lesson)
		if err != nil {
			t.Fatal(err)
		}
		tw, name := Twin(s)
		if name != tc.name || (tw == nil) != (tc.name == "") {
			t.Fatalf("%s: twin %v named %q, want %q", tc.lesson, tw != nil, name, tc.name)
		}
		if tw == nil {
			continue
		}
		if tc.name == "unsafe run" {
			continue // TestTwinOfASafeLesson
		}
		if len(tw.Header.Unsafe) != 0 || len(Options(&tw.Header.Config)) != 0 && len(s.Header.Unsafe) == 0 {
			t.Errorf("%s: the twin keeps %v %v", tc.lesson, tw.Header.Unsafe, Options(&tw.Header.Config))
		}
		if len(s.Header.Unsafe) == 0 && len(Options(&s.Header.Config)) == 0 {
			t.Errorf("%s: Twin changed the lesson", tc.lesson)
		}
		if tc.lesson == "leader-crash-mid-lease-extend" && tw.Header.Config.LeaseOnPromote != cluster.PromoteKeep {
			t.Errorf("the extend lesson's twin runs %v", tw.Header.Config.LeaseOnPromote)
		}
		if len(tw.Steps) != len(s.Steps) {
			t.Errorf("%s: the twin plays another script", tc.lesson)
		}
	}
}

// nc23-m: a safe lesson only told what its unsafe twin shows (racing-acquires: "c2's cleanup
// Release would have deleted c1's lock"). Every safe lesson with an unsafe lesson has a twin run:
// its own script with exactly that lesson's switches on, and itself unchanged.
func TestTwinOfASafeLesson(t *testing.T) {
	n := 0
	for _, l := range Lessons() {
		s, err := Load(l.Name)
		if err != nil {
			t.Fatal(err)
		}
		u := UnsafeTwinOf(l.Name)
		if len(s.Header.Unsafe) > 0 || u == "" {
			continue
		}
		n++
		us, err := Load(u)
		if err != nil {
			t.Fatal(err)
		}
		tw, name := Twin(s)
		if tw == nil || name != "unsafe run" {
			t.Fatalf("%s: twin %v named %q, want the unsafe run (%s's switches)", l.Name, tw != nil, name, u)
		}
		if !slices.Equal(tw.Header.Unsafe, us.Header.Unsafe) || len(tw.Steps) != len(s.Steps) {
			t.Errorf("%s: the twin runs %v over %d steps; want %s's %v over the lesson's %d", l.Name, tw.Header.Unsafe, len(tw.Steps), u, us.Header.Unsafe, len(s.Steps))
		}
		if len(s.Header.Unsafe) != 0 || s.Header.Set["unsafe"] {
			t.Errorf("%s: Twin changed the lesson: %v", l.Name, s.Header.Unsafe)
		}
	}
	// racing-acquires, late-expire, late-release, fast-leader-clock, lease-read, skewed-followers
	if n != 6 {
		t.Errorf("%d safe lessons with an unsafe twin, want 6", n)
	}
}
