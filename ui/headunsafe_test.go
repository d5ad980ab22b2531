package ui

import (
	"strings"
	"testing"

	"leaselab/scenarios"
)

// At 120 columns an unsafe lesson's header names its switch at every stop: the switch is the
// lesson's subject, so the violations' names past the first give way to it
// (racing-acquires-unsafe's header said only "⚠ unsafe" from its first violation on).
func TestHeaderNamesTheUnsafeSwitchAt120(t *testing.T) {
	n := 0
	for _, l := range scenarios.Lessons() {
		m := playLesson(t, l.Name, 120, 40)
		names := m.v.Config.Unsafe.Names()
		if len(names) == 0 {
			continue
		}
		n++
		want := "⚠ unsafe: " + strings.Join(names, ", ")
		playThrough(t, m, func(stop int, v string) {
			if h := strings.SplitN(v, "\n", 2)[0]; !strings.Contains(h, want) {
				t.Errorf("%s, stop %d: the header lacks %q: %s", l.Name, stop, want, h)
			}
		})
	}
	if n < 5 {
		t.Fatalf("only %d unsafe lessons played", n)
	}
}
