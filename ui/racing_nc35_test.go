package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc35-b, racing-acquires at 0.070s: "it waits only for the followers to confirm n1 still leads
// (why: lesson lease-read)" sent the why to a later lesson. The stop says it: a replaced leader
// would answer from an old table. And the end's "as an Expire does" named an entry the lesson
// never shows: it says what an Expire is.
func TestRacingAcquiresSaysWhyBusyWaits(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "racing-acquires", sz[0], sz[1])
		toStopSaying(t, m, "'c2 gets busy from n1'")
		if v := flat(ansi.Strip(m.View())); !strings.Contains(v, "since a replaced leader would answer from an old table (lesson lease-read)") {
			t.Errorf("%v: the busy stop does not say why a busy waits for a majority:\n%s", sz, ansi.Strip(m.View()))
		}
		toStopSaying(t, m, "This lab leaves the token out on purpose")
		if v := flat(ansi.Strip(m.View())); !strings.Contains(v, "the entry a leader proposes when a lease runs out, naming the lock's token") {
			t.Errorf("%v: the end names an Expire without saying what it is:\n%s", sz, ansi.Strip(m.View()))
		}
	}
}

// nc35-b: the timeline's title read "7 folded" and did not say which rows. It names the nodes
// the folded rows begin with, and each name starts a row on screen.
func TestTimelineFoldedNamesItsRows(t *testing.T) {
	m := playLesson(t, "racing-acquires", 120, 40)
	toStopSaying(t, m, "'c2 gets busy from n1'")
	v := ansi.Strip(m.View())
	title := regexp.MustCompile(`Timeline · [^\n]*?(\d+) folded into ([n0-9, -]+?) ─`).FindStringSubmatch(v)
	if title == nil {
		t.Fatalf("the timeline's title does not name its folded rows:\n%s", v)
	}
	for _, who := range strings.Split(title[2], ", ") {
		if !regexp.MustCompile(`\d\.\d+s [ ✓] ` + regexp.QuoteMeta(who) + ` `).MatchString(v) {
			t.Errorf("the title names %q, but no timeline row begins with it:\n%s", who, v)
		}
	}
}

// fitNote drops a folded note's names before it drops the count.
func TestFitNoteDropsFoldedNamesFirst(t *testing.T) {
	note := "since last stop · 7 folded into n2-n5, n1-n5"
	for w, want := range map[int]string{60: note, 30: "7 folded into n2-n5, n1-n5", 12: "7 folded"} {
		if got := fitNote(note, w); got != want {
			t.Errorf("fitNote(%d) = %q, want %q", w, got, want)
		}
	}
}
