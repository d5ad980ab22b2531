package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

var (
	logCell  = regexp.MustCompile(`^[✓◆○] +\d+ (?:t\d+ )?(\S+) (\S+)(?: (\S+))?(?: (\S+))?\s*$`)
	leaseArg = regexp.MustCompile(`^\d[\dhms.]*$`)
)

// The node columns write every log entry in one form per screen: ghost-lock read "Grant jobs
// 10s" above "Grant orders c1" and "Release orders " (its client cut), and snapshot-catch-up
// "Grant orders 1m" beside "G invoices c3". At 120x40, every stop of every lesson: one verb
// form (Grant or G), a Grant's lease on all or none, a client on all or none, nothing cut (but
// in joint-consensus's eight columns, too narrow for "✓ 5 G invoices").
func TestLogColumnOneFormPerScreen(t *testing.T) {
	for _, l := range scenarios.Lessons() {
		m := playLesson(t, l.Name, 120, 40)
		for stop := 0; stop < 60; stop++ {
			runToStop(t, m)
			v := ansi.Strip(m.View())
			kinds := map[string]bool{}
			for _, row := range strings.Split(v, "\n")[:m.lay.tracker.y] {
				for _, cell := range strings.FieldsFunc(row, func(r rune) bool { return r == '│' || r == '┃' }) {
					g := logCell.FindStringSubmatch(cell)
					if g == nil || strings.HasSuffix(strings.TrimSpace(cell), " empty") || strings.Contains(cell, " conf") {
						continue
					}
					if strings.Contains(cell, "…") && len(m.v.Nodes) <= 5 { // 8 columns of 13 cells: "G invoic…"
						kinds["cut: "+cell] = true
					}
					verb, rest := g[1], g[3:]
					kinds["verb long "+itoa(len(verb)/3)] = true // Grant, Release, Expire: 5 to 7; G, R, E: 1
					if verb == "Grant" || verb == "G" {
						kinds["grant lease "+pick(rest[0] != "" && leaseArg.MatchString(rest[0]), "yes", "no")] = true
					}
					if verb == "Grant" || verb == "G" || verb == "Release" || verb == "R" {
						who := rest[len(rest)-1]
						if who == "" {
							who = rest[0]
						}
						kinds["who "+pick(strings.HasPrefix(who, "c") || who == "ghost", "yes", "no")] = true
					}
				}
			}
			for _, pair := range [][2]string{{"verb long 0", "verb long 2"}, {"grant lease yes", "grant lease no"}, {"who yes", "who no"}} {
				if kinds[pair[0]] && kinds[pair[1]] {
					t.Errorf("%s, stop %d: the log columns mix forms (%s and %s):\n%s", l.Name, stop, pair[0], pair[1], v)
				}
			}
			for k := range kinds {
				if strings.HasPrefix(k, "cut: ") {
					t.Errorf("%s, stop %d: a log entry is cut: %q", l.Name, stop, k)
				}
			}
			if m.sim.ended {
				break
			}
			answerAsk(m)
			press(m, "enter")
		}
	}
}
