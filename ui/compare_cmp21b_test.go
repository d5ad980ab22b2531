package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// `step 12/47` in a half's title and the ▸ before `★ n1` at the divergence were explained
// nowhere on screen (nc21-g): the glossary compare opens with `?` (and play's `??`) has each,
// under those very symbols.
func TestGlossaryExplainsStepAndMark(t *testing.T) {
	st := testStyles()
	var terms []string
	for _, l := range glossaryBody(st, 120) {
		terms = append(terms, ansi.Strip(l))
	}
	text := strings.Join(terms, "\n")
	for _, want := range []string{"\n step 12/47: how far the script has run", "\n ▸ (▸★ n1, ▸c2), ▸ story of: before a node or a client"} {
		if !strings.Contains(text, want) {
			t.Errorf("the glossary has no %q", want)
		}
	}
}

// late-expire's end shows what the lost lock breaks (nc21-g: "so what breaks?"): a third client
// asks for the key. In the story's (safe) run it is told busy; in the unsafe half the story's
// check of that fails because c3 was granted token 3, while c2 still believes it holds #2, and
// the end says what the switch changed for c3. At c3's stop every row the narration names shows
// in its half at each size: c2's and c3's lines in both, the safe half's busy reply (not at
// 80x24, where c3's line says it), and the unsafe half's Replication row of c3's Grant (the WIP lost it to
// c3's client row at 120x40, and the 5.860s violation kept the results' rows).
func TestCompareLateExpireThirdClient(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {160, 48}, {80, 24}} {
		a, b := lateExpirePair(t, true)
		m := newCompareModel(t, a, b, sz[0], sz[1])
		playUntil(t, m, func() bool {
			if _, w := m.waitingAsk(); w {
				m.Update(keyMsg("2"))
			}
			return m.atPause && m.c.Now() > 5900*time.Millisecond
		})
		last := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
		// (At 80x24 the say has one row, as at every stop there: c3's line in the safe half
		// shows the busy.)
		if sz[1] > 24 && (!strings.Contains(last, "c3 gets busy from n1") || !strings.Contains(last, "the other half of this screen is that run")) {
			t.Errorf("%v: the last stop does not show c3's busy or point at the other half: %s", sz, last)
		}
		safe, unsafe := halfText(m, 0), halfText(m, 1)
		if !regexp.MustCompile(`c3 (● holds nothing · )?got busy orders`).MatchString(safe) || !strings.Contains(safe, "c2 holds orders #2") && !strings.Contains(safe, "c2 ● holds orders #2") {
			t.Errorf("%v: the safe half does not show c3 told busy beside c2's lock: %s", sz, safe)
		}
		if !regexp.MustCompile(`c2 (● )?holds (orders )?#2`).MatchString(unsafe) || !regexp.MustCompile(`c3 (● )?holds (orders )?#3`).MatchString(unsafe) {
			t.Errorf("%v: the unsafe half does not show two holders: %s", sz, unsafe)
		}
		if sz[1] > 24 {
			if !strings.Contains(safe, "c3 gets busy from n1") {
				t.Errorf("%v: the safe half's results do not show c3's busy: %s", sz, safe)
			}
			if !strings.Contains(unsafe, "7 t1 Grant orders 5s ✓ ✓ ✓ ✓ ✓ Granted{token:3} · c3 acquire") || strings.Contains(unsafe+safe, "no room") {
				t.Errorf("%v: the unsafe half lacks c3's Grant in its Replication, or a list has no room: %s", sz, unsafe)
			}
			if !strings.Contains(unsafe, "every node has deleted it, and c3 holds #3") {
				t.Errorf("%v: the unsafe half's harm line does not name the new holder: %s", sz, unsafe)
			}
		}
	}
}
