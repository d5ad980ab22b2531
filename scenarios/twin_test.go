package scenarios

import (
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
