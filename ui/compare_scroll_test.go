package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// At the end of `compare late-expire --unsafe expire-ignores-token` the unsafe half said "6 of
// the story's checks did not hold here" and showed 3, with no sign that rows were hidden and no
// way to reach them. A hidden row is announced, and ↑ (or ↓, for the rows after a kept
// violation) reaches every one of them; ↓ comes back to the newest.
func TestCompareResultsScrollToEveryFailedCheck(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, m.c.Ended)
		if h := halfText(m, 1); !strings.Contains(h, "older (↑ ↓ scroll)") && !strings.Contains(h, "hidden (↑ ↓ scroll)") && !strings.Contains(h, "folded here, after the violation: ↑ shows them") && !hiddenMisses.MatchString(h) {
			t.Fatalf("%dx%d: no sign of the hidden rows: %s", sz[0], sz[1], h)
		}
		// ↓ first: a kept violation with no row left after it has the newer rows below it.
		seen := ""
		for k := 0; k < 20; k++ { // (13 rows below at 120x40 since c3's stop)
			m.Update(keyMsg("down"))
			seen += halfText(m, 1)
		}
		m.scroll = nil
		for k := 0; k < 80; k++ {
			seen += halfText(m, 1)
			m.Update(keyMsg("up"))
		}
		fails := m.c.StepFailures(1)
		if len(fails) < 8 {
			t.Fatalf("%d failed checks, want 8", len(fails))
		}
		for _, f := range fails {
			at, text := storyMissText(f)
			if want := at + " " + strings.Join(strings.Fields(text), " ")[:40]; !strings.Contains(seen, want) {
				t.Errorf("%dx%d: %q never shown while scrolling back", sz[0], sz[1], want)
			}
		}
		for k := 0; k < 80; k++ {
			m.Update(keyMsg("down"))
		}
		if regexp.MustCompile(`↓ \d+ more`).MatchString(halfText(m, 1)) {
			t.Errorf("%dx%d: ↓ did not come back to the newest rows (%s)", sz[0], sz[1], m.status)
		}
	}
}

// hiddenMisses is a results rule counting hidden ✗ rows ("10 between hidden (4 ✗)").
var hiddenMisses = regexp.MustCompile(`(?:hidden|more|before|after|folded|under|it) \(\d+ ✗\)`)

// shownResults is each half's results as drawn now (nil items for a half with no room).
func shownResults(m *CompareModel) (rv [2]recentView, h [2]int) {
	m.resSize = [2][2]int{}
	m.halves(m.layout())
	for i := range rv {
		if h[i] = m.resSize[i][1]; h[i] > 0 {
			rv[i] = m.recent(i, m.resSize[i][0], h[i])
		}
	}
	return rv, h
}

// At the end of `compare late-expire --unsafe expire-ignores-token` (160x48) ↑ went on past the
// safe half's top: at "results scrolled back 30" it showed one row over 11 blank ones under
// "↓ 28 newer", and ↓ left it there. Scrolled to its top a half shows its oldest rows, as many
// as fit; ↑ stops once both halves show their oldest rows; each ↓ from there moves a half on,
// none ever back, until both show their newest.
func TestCompareResultsScrollStopsAtEachHalfsTop(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		m.Update(keyMsg("e"))
		topped := false
		for k := 0; k < 200; k++ {
			m.Update(keyMsg("up"))
			rv, h := shownResults(m)
			for i := range rv {
				if h[i] == 0 || rv[i].older > 0 || rv[i].end == len(rv[i].items) {
					continue
				}
				// At its top, with rows after: the rows are full but for less than the next one.
				blanks := 0
				for _, r := range rv[i].rows {
					if strings.TrimSpace(ansi.Strip(r)) == "" {
						blanks++
					}
				}
				if blanks >= len(rv[i].items[rv[i].end].lines) {
					t.Fatalf("%dx%d ↑ %d: half %d shows %d blank rows with %d rows newer:\n%s", sz[0], sz[1], k+1, i, blanks, len(rv[i].items)-rv[i].end, ansi.Strip(m.View()))
				}
			}
			if rv[0].older == 0 && rv[1].older == 0 {
				topped = true
				if !strings.Contains(m.status, "oldest") {
					m.Update(keyMsg("up"))
					if !strings.Contains(m.status, "oldest") {
						t.Errorf("%dx%d: both halves at their top, ↑ says %q", sz[0], sz[1], m.status)
					}
				}
				break
			}
		}
		if !topped {
			t.Fatalf("%dx%d: 200 presses of ↑ never reached both halves' tops", sz[0], sz[1])
		}
		prev, _ := shownResults(m)
		for k := 0; ; k++ {
			if k > 200 {
				t.Fatalf("%dx%d: ↓ never came back to the newest rows", sz[0], sz[1])
			}
			m.Update(keyMsg("down"))
			cur, _ := shownResults(m)
			if cur[0].end == prev[0].end && cur[1].end == prev[1].end {
				if cur[0].end == len(cur[0].items) && cur[1].end == len(cur[1].items) {
					break
				}
				t.Fatalf("%dx%d ↓ %d: neither half moved (%s):\n%s", sz[0], sz[1], k+1, m.status, ansi.Strip(m.View()))
			}
			for i := range cur {
				if cur[i].end < prev[i].end {
					t.Fatalf("%dx%d ↓ %d: half %d went back to older rows", sz[0], sz[1], k+1, i)
				}
			}
			prev = cur
		}
	}
}

// ↑ ↓ scrolled each half by its own rows: at "results scrolled back 6" the safe half showed
// 0.050s-4.873s beside the unsafe half's 4.873s-5.858s. Both halves scroll to one instant: each
// shows its rows up to it (newest last), and the status says which; a half still short of its
// top has no hidden row at or before it, and shows none after it.
func TestCompareResultsScrollBothHalvesToOneInstant(t *testing.T) {
	for _, sz := range [][2]int{{160, 48}, {120, 40}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		m.Update(keyMsg("e"))
		lined := 0
		for k := 0; k < 200 && !strings.Contains(m.status, "oldest"); k++ {
			m.Update(keyMsg("up"))
			p := m.scroll
			if p == nil {
				t.Fatalf("%dx%d: ↑ did not scroll: %s", sz[0], sz[1], m.status)
			}
			if !strings.Contains(m.status, "oldest") && !strings.Contains(m.status, "up to "+simTime(p.at)) {
				t.Errorf("%dx%d: the status does not say the instant %s: %q", sz[0], sz[1], simTime(p.at), m.status)
			}
			rv, h := shownResults(m)
			var last [2]time.Duration
			for i := range rv {
				if h[i] == 0 || rv[i].older == 0 {
					continue // at its top: its oldest rows
				}
				its := rv[i].items
				last[i] = its[rv[i].end-1].at
				if last[i] > p.at {
					t.Errorf("%dx%d: half %d shows %s, after the instant %s", sz[0], sz[1], i, simTime(last[i]), simTime(p.at))
				}
				if e := rv[i].end; e < len(its) && resultsEnd(its, *p) > e {
					t.Errorf("%dx%d: half %d hides a row at or before %s", sz[0], sz[1], i, simTime(p.at))
				}
			}
			if last[0] > 0 && last[0] == last[1] {
				lined++
			}
		}
		if lined < 10 {
			t.Errorf("%dx%d: the halves' newest rows stood at the same instant at %d places only", sz[0], sz[1], lined)
		}
	}
}
