package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// nc24-a played first-lock at 120x40 and found narration pointing at what only the small layout
// showed (×1), every follower's net reading "slow +400ms" though only its link to n1 was slow,
// "only commit 3" in a diagram row that did not say it, and "n1 checks the token first" with no
// trace. Every stop, at both sizes and for seeds 1 to 12: each true clock says ×1; the followers'
// net cells name n1 while n1's does not; the leader's check before the Release has its row; the
// pending Release says "not applied yet" as the pending Grant did.
func TestFirstLockNC24(t *testing.T) {
	// 120x40: "net slow to n1 +400ms" in a follower's box; 80x24: "● n2 follower … n1 +400ms".
	followerNets := regexp.MustCompile(`net slow to n1 \+400ms|● n\d follower .* n1 \+400ms`)
	leaderNet := regexp.MustCompile(`net slow to all \+400ms|★ n1 leader .* check [^ ]+ [✓✗]( #\d+)? \+400ms`)
	eachSeed(t, "first-lock", 3, func(m *Model, w int, at string) {
		sawSlow, sawCheck := false, false
		playThrough(t, m, func(stop int, v string) {
			if strings.Count(v, "×1") < 5 {
				t.Errorf("%s stop %d: fewer than five clocks say ×1:\n%s", at, stop, v)
			}
			if strings.Contains(v, "delay n1-n2,n3,n4,n5 +400ms") {
				sawSlow = true
				// The followers name the slowed link (to n1); n1's, all of whose links are
				// slowed, does not name a peer.
				if n, l := followerNets.FindAllString(v, -1), leaderNet.FindAllString(v, -1); len(n) != 4 || len(l) != 1 {
					t.Errorf("%s stop %d: follower net cells %q, leader's %q; want four naming n1 and one not:\n%s", at, stop, n, l, v)
				}
			}
			if strings.Contains(v, "4 t1   Release orders") && !strings.Contains(v, "Released ·") && !sawCheck {
				sawCheck = true
				if !strings.Contains(v, "n1 checks c1's token 1: projected state orders #1 ✓") {
					t.Errorf("%s stop %d: the Release is appended and no row shows n1's token check:\n%s", at, stop, v)
				}
				if strings.Contains(v, "not yet ·") || !strings.Contains(v, "not applied yet · c1") {
					t.Errorf("%s stop %d: the pending Release reads 'not yet', the Grant read 'not applied yet':\n%s", at, stop, v)
				}
			}
		})
		if !sawSlow || !sawCheck {
			t.Errorf("%s: no stop showed the slowed links (%v) or the appended Release (%v)", at, sawSlow, sawCheck)
		}
	})
}

// A run whose leader does not check (unsafe unchecked-proposals) gets no check row: it checked
// nothing.
func TestTokenCheckRowOnlyWhenChecked(t *testing.T) {
	m := playLesson(t, "racing-acquires-unsafe", 120, 40)
	all := ""
	playThrough(t, m, func(stop int, v string) { all += v })
	if strings.Contains(all, "projected state") && regexp.MustCompile(`checks c\d's token`).MatchString(all) {
		t.Error("racing-acquires-unsafe (unchecked-proposals) shows a token check row")
	}
}

// pgdown in the glossary moves a page (the rows it shows, less one), not 10 lines.
func TestGlossaryPageDown(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "first-lock", sz[0], sz[1])
		press(m, "?", "?")
		if !m.page.glossary {
			t.Fatal("?? did not open the glossary")
		}
		press(m, "pgdown")
		want := m.lay.narration.y - 3
		if m.page.glossTop != want {
			t.Errorf("%dx%d: pgdown moved the glossary to line %d, want %d (a page)", sz[0], sz[1], m.page.glossTop, want)
		}
		first := ansi.Strip(m.View())
		press(m, "pgup")
		if m.page.glossTop != 0 {
			t.Errorf("%dx%d: pgup after pgdown left line %d:\n%s", sz[0], sz[1], m.page.glossTop, first)
		}
	}
}
