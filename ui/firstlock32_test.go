package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc32-e, first-lock's commit stop at 80x24: the net line read "39 on the wire: 32 heartbeat,
// +7 more", and "+7 more" said neither more of what nor that they were other kinds.
func TestNetLineCountsOtherKinds(t *testing.T) {
	m := playLesson(t, "first-lock", 80, 24)
	toStopShowing(t, m, "n1 commits 3")
	v := ansi.Strip(m.View())
	if !regexp.MustCompile(`on the wire: \d+ heartbeat, \d+ other`).MatchString(v) {
		t.Errorf("the net line does not count the other kinds as 'N other':\n%s", v)
	}
	if strings.Contains(v, " more\n") || regexp.MustCompile(`heartbeat, \+\d+ more`).MatchString(v) {
		t.Errorf("the net line still says '+N more':\n%s", v)
	}
}

// nc32-e: at 80x24 the message diagram's last line sent the student to "(Network panel)",
// which that layout does not have: its net line counts what the diagram leaves out.
func TestDiagramWireNoteNamesWhatTheLayoutHas(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		toStopShowing(t, m, "n1 commits 3")
		press(m, "m", "v")
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "more on the wire, sent earlier") {
			t.Fatalf("%dx%d: no line counts what the diagram leaves out:\n%s", sz[0], sz[1], v)
		}
		want, not := "net line", "Network panel"
		if sz[0] == 120 {
			want, not = not, want
		}
		if !strings.Contains(v, want) || strings.Contains(v, not) {
			t.Errorf("%dx%d: the diagram's note should name the %s, not the %s:\n%s", sz[0], sz[1], want, not, v)
		}
	}
}

// nc32-e: → at a script stop said "at a script stop: enter continues …" at 80x24, cut beside
// the stop's own note; its short form fits whole.
func TestForwardAtStopFitsBesideNote(t *testing.T) {
	m := playLesson(t, "first-lock", 80, 24)
	toStopShowing(t, m, "n1 appends 3")
	press(m, "right")
	finishJob(m)
	rows := strings.Split(ansi.Strip(m.View()), "\n")
	status := rows[len(rows)-2]
	if !strings.Contains(status, "(→ never skips narration)") || strings.Contains(status, "…") {
		t.Errorf("the status line should say whole why → did nothing: %q", status)
	}
}

// nc32-g: j ran from 0.299s past the followers' appends (0.441-0.446s, rows of the timeline's
// lock events) to the script stop, and nothing said what j counts. The ? page says it, and so
// does the status when a script pause comes first.
func TestLockStepSaysWhatItStopsAt(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		if help := flat(ansi.Strip(strings.Join(m.helpBody(sz[0], sz[1]), "\n"))); !strings.Contains(help, "j (next lock event): runs to the next proposal, commit or apply of a lock command") {
			t.Errorf("%dx%d: the ? page does not say what j stops at", sz[0], sz[1])
		}
		toStopShowing(t, m, "n1 appends 3")
		press(m, "enter", "j")
		if !m.sim.atPause() {
			t.Fatalf("%dx%d: j stopped before the followers' stop: %s", sz[0], sz[1], m.status)
		}
		rows := strings.Split(ansi.Strip(m.View()), "\n")
		status := rows[len(rows)-2]
		want := "j: no proposal, apply, reply or countdown at 0 before this pause"
		if sz[0] == 80 {
			want = "j: no proposal, apply or reply before this pause"
		}
		if !strings.Contains(status, want) || strings.Contains(status, "…") {
			t.Errorf("%dx%d: the status should say %q whole: %q", sz[0], sz[1], want, status)
		}
	}
}
