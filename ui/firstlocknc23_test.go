package ui

import (
	"regexp"
	"strings"
	"testing"
)

// nc23-d played first-lock at 80x24: the commit at 0.848s ("two replies and n1's own copy,
// three of five") and the token the release carries showed only under m, and the small
// Replication rule gave its legend's place to "↑ 1 earlier · ? legend" just as a new ○ row
// came into view. At both sizes: the commit stop shows the leader's commit row, naming the
// nodes it knows have the entry; the release stop shows the token on c1's request in flight;
// and at 80x24 every stop with a ○ row says what ○ is.
func TestFirstLockCommitRowReleaseToken(t *testing.T) {
	commit := regexp.MustCompile(`0\.8\d\ds +n1 commits 3: n1 \+ answers from n\d n\d, a majority`)
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		sawCommit, sawRelease := false, false
		playThrough(t, m, func(stop int, v string) {
			if strings.Contains(v, "The first two answers (MsgAppResp) to reach n1") {
				sawCommit = true
				if !commit.MatchString(v) {
					t.Errorf("%dx%d stop %d: the commit stop has no row of n1's commit:\n%s", sz[0], sz[1], stop, v)
				}
			}
			if strings.Contains(v, "its request carries its token") {
				sawRelease = true
				if !strings.Contains(v, "⋯ release orders #1") {
					t.Errorf("%dx%d stop %d: c1's release in flight shows no token:\n%s", sz[0], sz[1], stop, v)
				}
			}
			if sz[0] == 80 {
				for _, l := range strings.Split(v, "\n") {
					if strings.HasPrefix(l, "─ replication") && strings.Contains(v, "○  ·") && !strings.Contains(l, "○appended") {
						t.Errorf("80x24 stop %d: a ○ row shows and the rule does not say what ○ is: %q", stop, l)
					}
				}
			}
		})
		if !sawCommit || !sawRelease {
			t.Fatalf("%dx%d: saw the commit stop %v, the release stop %v", sz[0], sz[1], sawCommit, sawRelease)
		}
	}
}

// The timeline title's words (nc23-d: "story ↑ 2 above", "7 folded") and the log column's
// "(bootstrap)" each have a ?? entry a student finds by the words on screen.
func TestGlossaryTimelineTitleBootstrap(t *testing.T) {
	tl := glossaryEntry(t, "since last stop, story ↑ N above, N folded, ↓ N more (timeline title)")
	for _, w := range []string{"since the stop before", "starts 2 rows above", "7 folded", "newest at the bottom"} {
		if !strings.Contains(tl, w) {
			t.Errorf("the timeline title entry does not say %q: %s", w, tl)
		}
	}
	if b := glossaryEntry(t, "(bootstrap), entry 1"); !strings.Contains(b, "✓ 1 (bootstrap)") {
		t.Errorf("the bootstrap entry does not quote the log column's row: %s", b)
	}
}
