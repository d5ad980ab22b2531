package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// lockEvents is the lock-event timeline's events so far, oldest first.
func lockEvents(m *Model) []cluster.Event {
	r := &m.sim.tl.rings[filterLock]
	out := make([]cluster.Event, 0, r.len())
	for i := 0; i < r.len(); i++ {
		out = append(out, r.at(i).ev)
	}
	return out
}

// nc38-g: remove-leader's words left a newcomer guessing. "nobody leads" beside n2..n5 still
// reading "lead n1"; "a simple change" never defined; "existed:true" unexplained; c1's lease
// "ran out" before any node's countdown with no reason given; "The lock is still there on every
// member", true of n1 as well. Under every seed, at both sizes, the stop that says each thing
// says the rest, and what it adds holds on the screen.
func TestRemoveLeaderSaysWhatTheScreenLeavesOpen(t *testing.T) {
	ranOut := regexp.MustCompile(`c1 ● held orders #1 · ran out (\d+\.\d+)s|c1 held orders #1 · ran out (\d+\.\d+)s`)
	eachSeed(t, "remove-leader", 3, func(m *Model, w int, at string) {
		var simple, nobody, still, existed, clock bool
		eachRemoveLeaderStop(t, m, func(says string) {
			screen := words(m)
			if strings.Contains(says, "simple change") {
				simple = true
				if !strings.Contains(says, "one node added or removed in one step") || !strings.Contains(says, "majorities always overlap") || !strings.Contains(says, "joint-consensus") {
					t.Errorf("%s: the stop says 'a simple change' and does not say what one is: %s", at, says)
				}
				if _, err := scenarios.Load("joint-consensus"); err != nil {
					t.Errorf("the stop points at a lesson joint-consensus: %v", err)
				}
			}
			if strings.Contains(strings.ToLower(says), "nobody leads") {
				nobody = true
				for _, n := range m.v.Nodes {
					if n.ID != 1 && n.Lead != 1 {
						t.Errorf("%s: the stop says n2..n5 have not noticed, but n%d follows n%d", at, n.ID, n.Lead)
					}
				}
				if !strings.Contains(says, "have not noticed yet") || !strings.Contains(says, "election timeout passes with no heartbeat") {
					t.Errorf("%s: the stop says nobody leads beside n2..n5 still following n1, and not that they have not noticed: %s", at, says)
				}
			}
			if strings.Contains(says, "still there on every") {
				still = true
				if !strings.Contains(says, "n1 included") {
					t.Errorf("%s: the stop says the lock is on every member, but n1, no member, has it too: %s", at, says)
				}
				for _, n := range m.v.Nodes {
					if l := n.Locks; len(l) == 0 {
						t.Errorf("%s: the stop says the lock is on every node, but n%d has none", at, n.ID)
					}
				}
			}
			if strings.Contains(screen, "existed:true") && strings.Contains(says, "existed:true") {
				existed = true
				if !strings.Contains(says, "found the lock it names and deleted it") {
					t.Errorf("%s: the stop names existed:true and does not say what it means: %s", at, says)
				}
			}
			if g := ranOut.FindStringSubmatch(screen); g != nil && strings.Contains(says, "ran out") {
				clock = true
				if !strings.Contains(says, "c1 counts from when it sent its acquire, a node from when it applied the Grant") {
					t.Errorf("%s: the stop points at c1's 'ran out' and does not say why it comes first: %s", at, says)
				}
				s, _ := strconv.ParseFloat(g[1]+g[2], 64)
				c1 := time.Duration(s * 1e9)
				zeros := 0
				for _, e := range lockEvents(m) {
					if e.Kind == cluster.EvCountdownZero && e.Key == "orders" && e.Token == 1 {
						zeros++
						if e.At <= c1 {
							t.Errorf("%s: n%d's countdown reached zero at %v, not after c1's lease ran out (%v)", at, e.Node, e.At, c1)
						}
					}
				}
				if zeros == 0 {
					t.Errorf("%s: no node's countdown reached zero by the stop that compares them", at)
				}
			}
		})
		if !simple || !nobody || !still || !existed || !clock {
			t.Errorf("%s: a stop went missing (simple %v, nobody leads %v, still there %v, existed %v, c1's clock %v)", at, simple, nobody, still, existed, clock)
		}
	})
}

// nc38-g: the end screen left c1 reading "asks n1", a removed node, and never said what c1's
// next request would meet. The last stop says it, and it is so: an acquire c1 sends next is
// refused by n1 as by a down node, and c1 tries another node.
func TestRemoveLeaderSaysWhereC1AsksNext(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "remove-leader", sz[0], sz[1])
		last := ""
		eachRemoveLeaderStop(t, m, func(says string) { last = says })
		if v := words(m); !strings.Contains(v, "asks n1") {
			t.Fatalf("%v: the end screen does not show c1 asking n1:\n%s", sz, ansi.Strip(m.View()))
		}
		if !strings.Contains(last, "n1 would refuse its next request, as a down node does, and c1 would try another node") {
			t.Errorf("%v: the last stop does not say what c1's next request to n1 meets: %s", sz, last)
		}
		before := len(lockEvents(m))
		typeLine(m, "c1 acquire orders 5s")
		playFor(m, time.Second)
		refused, next := false, false
		for _, e := range lockEvents(m)[before:] {
			if e.Client != "c1" {
				continue
			}
			if e.Kind == cluster.EvClientReply && e.Node == 1 && e.Reply == cluster.ReplyUnavailable {
				refused = true
			}
			if refused && e.Kind == cluster.EvClientSend && e.Node != 1 {
				next = true
			}
		}
		if !refused || !next {
			t.Errorf("%v: c1's next acquire: refused by n1 %v, then sent to another node %v", sz, refused, next)
		}
	}
}

// nc38-g: the Replication title's legend "✓applied ·none" read as a word, "·none", not as the
// mark · and what it means. It reads "·=none", as "s=in snapshot" does.
func TestReplicationLegendSetsNoneApart(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "remove-leader", sz[0], sz[1])
		playUntilOnScreen(t, m, "existed:true")
		v := words(m)
		if !strings.Contains(v, "✓applied ·=none") || strings.Contains(v, "·none") {
			t.Errorf("%v: the Replication legend does not read '✓applied ·=none':\n%s", sz, ansi.Strip(m.View()))
		}
	}
}
