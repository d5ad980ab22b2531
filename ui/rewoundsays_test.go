package ui

import (
	"strings"
	"testing"
)

// nc32-f: at ghost-lock's 8.412s stop a line quoted 'n4 confirms n1 still leads …'; after ←
// to 11.384s the same line read "(a node confirms n1 still leads …)": the timeline, replayed
// from a checkpoint, no longer held the row it was filled from. A stop's lines read the same
// wherever the playback shows them.
func TestRewoundSaysReadAsAtTheirStop(t *testing.T) {
	for _, name := range []string{"ghost-lock", "lease-read"} {
		m := playLesson(t, name, 120, 40)
		seen := map[string]bool{}
		playThrough(t, m, func(int, string) { seen[strings.Join(m.shownSays(), "\n")] = true })
		checked := 0
		for i := 0; i < 80 && m.sim.now() > 0; i++ {
			press(m, "left")
			if m.saysLead() != behindLead {
				continue
			}
			checked++
			if got := strings.Join(m.shownSays(), "\n"); !seen[got] {
				t.Errorf("%s at %s after ←: the stop before's lines read\n%s\nwhich no stop showed", name, simTime(m.sim.now()), got)
			}
		}
		if checked == 0 {
			t.Errorf("%s: no rewind showed the stop before's lines", name)
		}
	}
}

// nc32-f, nc32-g: after ←, "from the stop before:" headed the first of a stop's two paragraphs
// only, and the second read as the stop now. With more than one, the lead stands on a line of
// its own over all of them, each indented under it.
func TestBehindLeadHeadsEveryParagraph(t *testing.T) {
	hit := 0
	for _, name := range []string{"first-lock", "ghost-lock"} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			m := playLesson(t, name, sz[0], sz[1])
			playThrough(t, m, func(int, string) {})
			for i := 0; i < 80 && m.sim.now() > 0; i++ {
				press(m, "left")
				if m.saysLead() != behindLead || len(m.shownSays()) < 2 {
					continue
				}
				hit++
				ls := m.sayLinesNow(m.width)
				if !strings.HasPrefix(ls[0].text, strings.TrimSpace(behindLead)) {
					t.Errorf("%s %dx%d at %s: the first line is not the lead: %q", name, m.width, m.height, simTime(m.sim.now()), ls[0].text)
					continue
				}
				if m.width >= 120 && strings.TrimSpace(ls[0].text) != strings.TrimSpace(behindLead) {
					t.Errorf("%s at %s: the lead is not a line of its own: %q", name, simTime(m.sim.now()), ls[0].text)
				}
				for _, l := range ls[1:] {
					if !strings.HasPrefix(l.text, "  ") {
						t.Errorf("%s %dx%d at %s: a line not under the lead: %q", name, m.width, m.height, simTime(m.sim.now()), l.text)
					}
				}
				if v := m.View(); !strings.Contains(v, strings.TrimSpace(behindLead)) {
					t.Errorf("%s at %s: the screen does not show the lead", name, simTime(m.sim.now()))
				}
			}
		}
	}
	if hit == 0 {
		t.Error("no rewind showed a stop before's two paragraphs")
	}
}
