package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

var namedResult = regexp.MustCompile(`Granted\{token:\d+\}|GrantRejected`)

// TestRacingResultsNamedAreOnScreen (r34 4, 5): racing-acquires-unsafe's second stop at 80x24
// named "Granted{token:1}, Granted{token:2}" as the Replication rows' results, and row 3
// (Granted{token:1}) was under "↑ 1 earlier"; its 0.070s stop read entry 5's Granted{token:3}
// with row 6 alone on screen; racing-acquires' 0.070s said invoices and payments took tokens 1
// and 2 with neither on screen. At every stop of both racing lessons, at both sizes and seeds 1
// to 12, each result, key and log entry the newest narration names is on a panel.
func TestRacingResultsNamedAreOnScreen(t *testing.T) {
	for _, lesson := range []string{"racing-acquires", "racing-acquires-unsafe"} {
		eachSeed(t, lesson, 0, func(m *Model, w int, at string) {
			playThrough(t, m, func(stop int, _ string) {
				rows := strings.Split(ansi.Strip(m.View()), "\n")
				panels := strings.Join(rows[:min(len(rows), m.lay.narration.y+m.narrationLent())], "\n")
				for _, say := range m.says() {
					for _, r := range namedResult.FindAllString(say, -1) {
						if !strings.Contains(panels, r) {
							t.Errorf("%s %s stop %d: the narration names %s, on no panel:\n%s", lesson, at, stop, r, ansi.Strip(m.View()))
						}
					}
					for _, k := range []string{"invoices", "payments", "orders"} {
						// (in a row of its own: the clients rule's "acquire, invoices (k)" is no lock)
						if strings.Contains(say, k) && !regexp.MustCompile(`(holds|held|Grant|acquire|release|G) `+k+`\b|`+k+` +#\d`).MatchString(panels) {
							t.Errorf("%s %s stop %d: the narration names the key %s, on no panel:\n%s", lesson, at, stop, k, ansi.Strip(m.View()))
						}
					}
					for _, g := range entryNamed.FindAllStringSubmatch(say, -1) {
						for _, n := range append([]string{g[1]}, entryNumber.FindAllString(g[2], -1)...) {
							if !regexp.MustCompile(fmt.Sprintf(`(?m)^[│ ] +%s t\d+ `, n)).MatchString(panels) {
								t.Errorf("%s %s stop %d: the narration names entry %s, no Replication row shows it:\n%s", lesson, at, stop, n, ansi.Strip(m.View()))
							}
						}
					}
				}
			})
		})
	}
}
