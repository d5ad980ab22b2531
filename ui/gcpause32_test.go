package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// nc32-j, gc-pause at 80x24: the compact clients row gave way into misleading short forms. At
// 5.051s c1's cell read "c1 #1" after its lease ran out and its write was refused (as if it
// held token 1); at 3.079s "write #1 queued" became "1 queued" (token 1?); a paused client's
// cell read "write #2 queued holds #2 1.0s" with no separator; and at 6.712s "ran out 3.017s"
// lost its time at one stop and had it at the next, with nothing changed. At every stop, seeds
// 1-12: each token a cell shows has its verb, "holds" only for a lock the client holds, a
// queued command is never a bare count, "queued" is never run into the lock's words, and one
// instant with the same clients reads the same at every stop.
func TestGCPauseClientCellsNeverMislead(t *testing.T) {
	token := regexp.MustCompile(`(\S+ )?(\S+ )?#(\d+)`)
	holds := regexp.MustCompile(`holds (\S+ )?#(\d+)`)
	eachSeed(t, "gc-pause", 0, func(m *Model, w int, at string) {
		if w != 80 {
			return // the compact row is 80x24's
		}
		rows := map[string]string{} // a state's clients row, by instant and clients
		stops(t, m, func(stop int, v string) {
			row := ""
			for _, r := range strings.Split(v, "\n") {
				if strings.Contains(r, "c1 ") && strings.Contains(r, " │ c") {
					row = strings.TrimSpace(r)
				}
			}
			if row == "" {
				t.Fatalf("%s stop %d: no clients row:\n%s", at, stop, v)
			}
			for _, name := range m.clients() {
				c := m.clientView(name)
				if c == nil {
					continue
				}
				cell := clientText(row, name)
				for _, t3 := range token.FindAllStringSubmatch(cell, -1) {
					verb := strings.TrimSpace(t3[2])
					if verb == "orders" {
						verb = strings.TrimSpace(t3[1])
					}
					if verb != "holds" && verb != "held" && verb != "write" {
						t.Errorf("%s stop %d (%s): %s's cell shows token #%s without its verb: %q", at, stop, simTime(m.v.Now), name, t3[3], cell)
					}
				}
				for _, h := range holds.FindAllStringSubmatch(cell, -1) {
					held := false
					for _, hv := range c.Holds {
						held = held || hv.Left > 0 && fmt.Sprint(hv.Token) == h[2]
					}
					if !held {
						t.Errorf("%s stop %d (%s): %s's cell reads as holding #%s, which it does not hold: %q", at, stop, simTime(m.v.Now), name, h[2], cell)
					}
				}
				if regexp.MustCompile(`(^|\s)\d+ queued|queued hold`).MatchString(cell) {
					t.Errorf("%s stop %d (%s): %s's queued command reads as a count or runs into its lock: %q", at, stop, simTime(m.v.Now), name, cell)
				}
			}
			key := simTime(m.v.Now)
			for _, name := range m.clients() {
				if c := m.clientView(name); c != nil {
					key += fmt.Sprintf(" %s:%v/%d/%d/%v", name, c.Paused, c.Queued, len(c.Holds), c.LastWrite != nil)
				}
			}
			if prev, ok := rows[key]; ok && prev != row {
				t.Errorf("%s stop %d (%s): the clients row changed with nothing new:\n%q\n%q", at, stop, simTime(m.v.Now), prev, row)
			}
			rows[key] = row
		})
	})
}

// nc32-d: at gc-pause's 6.712s (120x40) Replication showed rows 3-7 at one stop and "↑ 1
// earlier" with rows 4-7 at the next, the narration's area sized for each stop's words alone.
// Stops at one instant with nothing but words between them draw the panels the same: the same
// narration area, the same Replication rows.
func TestGCPauseOneInstantOneLayout(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "gc-pause", sz[0], sz[1])
		seen := map[string]string{}
		stops(t, m, func(stop int, v string) {
			if m.results != nil {
				return // the verdict is new
			}
			key := simTime(m.v.Now)
			for _, name := range m.clients() {
				if c := m.clientView(name); c != nil {
					key += fmt.Sprintf(" %s:%v/%d", name, c.Paused, c.Queued)
				}
			}
			var repl []string
			in := false
			for _, r := range strings.Split(v, "\n") {
				switch {
				case strings.Contains(r, "replication"):
					in = true
				case in && (strings.Contains(r, "─ timeline") || strings.Contains(r, "timeline ─")):
					in = false
				}
				if in {
					repl = append(repl, r)
				}
			}
			got := fmt.Sprintf("narration %d rows\n%s", m.lay.narration.h, strings.Join(repl, "\n"))
			if prev, ok := seen[key]; ok && prev != got {
				t.Errorf("%dx%d stop %d (%s): the layout changed with nothing new:\n%s\n--- was ---\n%s", sz[0], sz[1], stop, key, got, prev)
			}
			seen[key] = got
		})
	}
}
