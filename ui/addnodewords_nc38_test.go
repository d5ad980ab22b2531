package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// add-node-mid-lease as nc38-e played it at 80x24: its first 5s ran with no narration; n6's
// row read "joining" beside "n6 is a voter from now on", which nothing explained (at 120x40
// its column said follower); why the snapshot at 6 matters was left out; the first stop named
// entry 2, which no screen showed; and the end said "every node holds the same lock table"
// beside n6's 30s against the others' 25s. Each as a person sees it, at both sizes.
func TestAddNodeMidLeaseSaysWhatToWatch(t *testing.T) {
	flatten := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	entry := regexp.MustCompile(`\bentry (\d+)\b`)
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "add-node-mid-lease", size[0], size[1])
		name := itoa(size[0]) + "x" + itoa(size[1])
		runToStop(t, m)
		v := ansi.Strip(m.View())
		if m.v.Now > time.Second || !m.sim.atPause() {
			t.Fatalf("%s: the first stop is at %s, after the setup ran unsaid:\n%s", name, simTime(m.v.Now), v)
		}
		for _, w := range []string{"c1 takes 'orders'", "c2 takes 'scratch' and returns it", "snapshots", "compacts its log"} {
			if !strings.Contains(flatten(v), w) {
				t.Errorf("%s: the first stop does not say %q:\n%s", name, w, v)
			}
		}
		press(m, "enter")
		m.sim.run(2500 * time.Millisecond) // mid-wait: the stop before's lines stay on screen
		m.refresh()
		if v := ansi.Strip(m.View()); !strings.Contains(flatten(v), "c1 takes 'orders'") {
			t.Errorf("%s: at %s, during the 5s wait, the narration says nothing of what runs:\n%s", name, simTime(m.v.Now), v)
		}
		seen := map[string]bool{}
		for stop := 0; stop < 40; stop++ {
			runToStop(t, m)
			v := ansi.Strip(m.View())
			rows := strings.Split(v, "\n")
			panels := strings.Join(rows[:m.lay.narration.y+m.narrationLent()], "\n")
			narr := flatten(strings.Join(rows[m.lay.narration.y+m.narrationLent():], "\n"))
			// An entry the narration names is on screen, in the Replication panel or a log
			// column, or the narration says it was dropped.
			for _, e := range entry.FindAllStringSubmatch(narr, -1) {
				if !regexp.MustCompile(`(?m)(^|[│┃✓○ ])\s*`+e[1]+` t\d`).MatchString(panels) && !strings.Contains(narr, "dropping entries 1 to 5") {
					t.Errorf("%s %s: the narration names entry %s, not on screen:\n%s", name, simTime(m.v.Now), e[1], v)
				}
			}
			if regexp.MustCompile(`n6 joining`).MatchString(panels) {
				seen["joining"] = true
				if !strings.Contains(narr, "calls it 'joining': it has not heard from the leader") {
					t.Errorf("%s: n6 reads joining, and the narration does not say what that means:\n%s", name, v)
				}
			}
			if strings.Contains(narr, "n6 restored the leader's snapshot") {
				seen["restored"] = true
				if !strings.Contains(narr, "n6 learns from the snapshot itself that it is a voter, and with whom") {
					t.Errorf("%s: the snapshot at 6 is not said to tell n6 it is a voter:\n%s", name, v)
				}
			}
			if m.sim.ended {
				seen["end"] = true
				if strings.Contains(narr, "same lock table") {
					t.Errorf("%s: the end says every node holds the same lock table:\n%s", name, v)
				}
				if !strings.Contains(narr, "only the countdowns differ") {
					t.Errorf("%s: the end does not say the countdowns differ:\n%s", name, v)
				}
				if size[0] == 80 && !(strings.Contains(panels, "n6 follower") && regexp.MustCompile(`n6 follower .*orders #1 \S+ 30s`).MatchString(panels) &&
					regexp.MustCompile(`n1 leader .*orders #1 \S+ 25s`).MatchString(panels)) {
					t.Errorf("%s: the end's rows do not show n6's 30s beside n1's 25s for 'orders':\n%s", name, v)
				}
				break
			}
			answerAsk(m)
			press(m, "enter")
		}
		for _, k := range []string{"joining", "restored", "end"} {
			if !seen[k] {
				t.Errorf("%s: no stop for %s", name, k)
			}
		}
	}
}
