package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// A lesson that sets an option its story is about (lease-on-promote extend, lock-delay 3s)
// names it on screen at every stop: in the header at 120x40, beside the leader, and in the
// header or on the compact net line at 80x24. leader-crash-mid-lease-extend's narration said
// "Here (lease-on-promote extend)" and its ask "With this rule", but no panel named the rule
// (nc19-c, nc20-c).
func TestScreenNamesTheLessonsOption(t *testing.T) {
	n := 0
	for _, l := range scenarios.Lessons() {
		s, err := scenarios.Load(l.Name)
		if err != nil {
			t.Fatal(err)
		}
		opts := scenarios.Options(&s.Header.Config)
		if len(opts) == 0 {
			continue
		}
		n++
		want := strings.Join(opts, ", ")
		for _, size := range [][2]int{{120, 40}, {80, 24}} {
			m := playLesson(t, l.Name, size[0], size[1])
			playThrough(t, m, func(stop int, v string) {
				rows := strings.Split(ansi.Strip(v), "\n")
				named := strings.Contains(rows[0], want)
				if size[0] == 80 {
					// The net line is the row over the clients' rule (" net no partition · … ·
					// lock-delay 3s", or the option in place of a quiet "net no partition").
					for i, r := range rows {
						if i > 0 && strings.HasPrefix(r, "─ clients") && strings.Contains(rows[i-1], want) {
							named = true
						}
					}
				}
				if !named {
					t.Errorf("%s at %dx%d, stop %d: %q is named neither in the header nor on the net line:\n%s", l.Name, size[0], size[1], stop, want, v)
				}
				if size[0] == 120 && !strings.Contains(rows[0], "★ n") && !strings.Contains(rows[0], "no leader") {
					t.Errorf("%s at 120x40, stop %d: the option pushed out who leads: %s", l.Name, stop, rows[0])
				}
			})
		}
	}
	if n < 3 {
		t.Fatalf("only %d lessons set an option", n)
	}
}
