package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	replIdx   = regexp.MustCompile(`^│\s*(\d+)(?:-(\d+):)?\s`)
	emptyRow4 = regexp.MustCompile(`\b4 t2\s+empty\s+[○◆✓·✖↺ ]+a new leader's first entry`)
)

// The Replication panel skips no index: at every stop of every lesson at 120x40 its rows'
// indexes run on one by one (a new leader's empty entry has its row: idx 3 then 5 read as a
// lost entry 4).
func TestReplicationSkipsNoIndex(t *testing.T) {
	gaps := 0
	everyStop(t, 120, 40, func(lesson string, stop int, v string) {
		rows := strings.Split(v, "\n")
		in := false
		var last uint64
		for _, r := range rows {
			if strings.Contains(r, "╭─ Replication") {
				in, last = true, 0
				continue
			}
			if !in {
				continue
			}
			if strings.HasPrefix(r, "╰") {
				break
			}
			g := replIdx.FindStringSubmatch(r)
			if g == nil {
				continue
			}
			lo, _ := strconv.ParseUint(g[1], 10, 64)
			hi := lo
			if g[2] != "" {
				hi, _ = strconv.ParseUint(g[2], 10, 64)
			}
			if last > 0 && lo != last+1 {
				t.Errorf("%s stop %d: the Replication panel goes from %d to %d:\n%s", lesson, stop, last, lo, v)
			}
			if strings.Contains(r, "a new leader's first entry") || g[2] != "" {
				gaps++
			}
			last = hi
		}
	})
	if gaps == 0 {
		t.Error("no stop showed an entry between proposals: the test looks at nothing")
	}
}

// etcd-failover-reset's third stop is about n2's empty entry 4: the Replication panel shows
// it, applied on n2 and appended elsewhere, at 120x40 and at 80x24.
func TestReplicationShowsTheNewLeadersEntry(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "etcd-failover-reset", sz[0], sz[1])
		for range 2 {
			runToStop(t, m)
			press(m, "enter")
		}
		runToStop(t, m)
		if v := m.View(); !emptyRow4.MatchString(v) {
			t.Errorf("%dx%d: no row for n2's empty entry 4:\n%s", sz[0], sz[1], v)
		}
	}
}

// Before any proposal the Replication panel still shows the new leader's empty entry that the
// log columns show and the narration names (ghost-lock's first stop: "Its first entry, 2
// 'empty', is the one every new leader appends"; round 8 saw "no proposals yet" beside it), at
// 120x40 and at 80x24, where there are no log columns.
func TestReplicationShowsTheEmptyEntryBeforeAnyProposal(t *testing.T) {
	row := regexp.MustCompile(`\b2 t1\s+empty\s+○\s+·\s+·\s+·\s+·\s+a new leader's first entry`)
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "ghost-lock", sz[0], sz[1])
		runToStop(t, m)
		if v := m.View(); !row.MatchString(v) {
			t.Errorf("%dx%d: no row for n1's empty entry 2 before any proposal:\n%s", sz[0], sz[1], v)
		}
	}
}
