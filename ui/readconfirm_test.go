package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// lockRows runs a lesson headless and returns its lock-events timeline, one row per event.
func lockRows(t *testing.T, name string) []string {
	t.Helper()
	var l scenarios.Lesson
	for _, x := range scenarios.Lessons() {
		if x.Name == name {
			l = x
		}
	}
	s, err := scenarios.Parse(l.Name+".scenario", l.Source)
	if err != nil {
		t.Fatal(err)
	}
	var tl timeline
	res, err := scenarios.RunScenario(s, scenarios.RunOptions{Observe: func(w *cluster.World) { w.Subscribe(tl.add) }})
	if err != nil || !res.Runner.Passed() {
		t.Fatalf("%s: %v", name, err)
	}
	r := &tl.rings[filterLock]
	rows := make([]string, r.len())
	for i := range rows {
		e := &r.at(i).ev
		rows[i] = simTime(e.At) + " " + ansi.Strip(e.Describe())
	}
	return rows
}

// frozen-leader's n1 wakes with c1's keepalive waiting: its ReadIndex round and the heartbeat
// tick it missed while frozen both carry that read, so each follower answers it twice. The
// lock events showed "n4 confirms n1 still leads" twice in a row (round 7): one row per
// follower per read.
func TestOneConfirmationPerFollowerPerRead(t *testing.T) {
	rows := lockRows(t, "frozen-leader")
	seen := map[string]int{}
	for _, r := range rows {
		if strings.Contains(r, "confirms n1 still leads") && r >= "4.0" && r < "4.2" {
			seen[r[strings.Index(r, " ")+1:]]++
		}
	}
	if len(seen) == 0 {
		t.Fatalf("no confirmation after n1 woke:\n%s", strings.Join(rows, "\n"))
	}
	for who, n := range seen {
		if n != 1 {
			t.Errorf("%q shows %d times after n1 woke, want once", who, n)
		}
	}
}

// etcd-failover-reset: n4 answered n1's ReadIndex heartbeat in term 1, then voted for n2; its
// answer reached n1 after n1 had stepped down. The timeline said "n4 confirms n1 still leads"
// right under "n4 becomes follower (term 2)" (round 7 read it as a contradiction): it must say
// the answer came too late.
func TestLateConfirmationSaysSo(t *testing.T) {
	rows := lockRows(t, "etcd-failover-reset")
	stepped := false
	for _, r := range rows {
		if strings.Contains(r, "n1 becomes follower (term 2)") {
			stepped = true
		}
		if stepped && strings.Contains(r, "confirms n1 still leads") {
			t.Errorf("after n1 stepped down: %q", r)
		}
	}
	if !stepped || !strings.Contains(strings.Join(rows, "\n"), "finds n1 no longer leading") {
		t.Errorf("no late confirmation row:\n%s", strings.Join(rows, "\n"))
	}
}

// A row too long for the timeline wraps with its words in the column every row's words start
// in: a blank mark was wrapped with them and trimmed, so leader-crash-mid-lease-extend's
// "n2 extends orders #1: 1s left, …" started two cells left of the rows around it.
func TestWrappedRowKeepsItsColumn(t *testing.T) {
	st := testStyles()
	ext := cluster.Event{Kind: cluster.EvLeaseExtended, Node: 2, Key: "orders", Token: 1, Text: "1s", At: 3054 * time.Millisecond}
	one := cluster.Event{Kind: cluster.EvCrash, Node: 1, At: 3054 * time.Millisecond}
	short := ansi.Strip(eventLine(&one, st, 40, 6))
	col := strings.Index(short, "n1 crashes")
	for _, w := range []int{40, 62} {
		ls := strings.Split(ansi.Strip(eventLine(&ext, st, w, 6)), "\n")
		if len(ls) < 2 {
			t.Fatalf("width %d: %q does not wrap", w, ls)
		}
		if got := strings.Index(ls[0], "n2 extends"); got != col {
			t.Errorf("width %d: the wrapped row's words start at %d, other rows' at %d:\n%s\n%s", w, got, col, short, strings.Join(ls, "\n"))
		}
		for _, l := range ls {
			if width(l) > w {
				t.Errorf("width %d: a line is %d wide: %q", w, width(l), l)
			}
		}
	}
}
