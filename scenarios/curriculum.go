package scenarios

import (
	"strings"
	"sync"
)

// curriculum is the teaching order of the bundled lessons, by theme: each lesson builds on
// the ones before it, and an unsafe twin comes right after its safe lesson (see the safe one
// work, then watch what breaks without the mechanism). A lesson missing here is listed last,
// under "more"; a test keeps every lesson in the table.
var curriculum = []struct {
	Theme   string
	Lessons []string
}{
	{"the log: how a lock is granted", []string{
		"first-lock", "lease-expiry", "racing-acquires", "racing-acquires-unsafe",
	}},
	{"clocks: when the nodes' clocks disagree", []string{
		"skewed-followers", "local-expiry-unsafe", "fast-leader-clock", "fast-leader-clock-unsafe",
	}},
	{"late messages and sleeping clients", []string{
		"late-expire", "late-expire-unsafe", "late-release", "late-release-unsafe",
		"gc-pause", "ghost-lock",
	}},
	{"failures: crashes, lagging followers, new leaders", []string{
		"crash-restart", "snapshot-catch-up", "leader-crash-mid-lease", "leader-crash-mid-lease-extend",
	}},
	{"partitions: a cluster cut in two", []string{
		"minority-leader", "split-brain-attempt", "lease-read", "lease-read-unsafe",
	}},
	{"membership: nodes join and leave", []string{
		"add-node-mid-lease", "remove-leader", "joint-consensus",
	}},
	{"real lease systems: etcd's rules and bugs", []string{
		"figure-8", "frozen-leader", "lock-delay", "etcd-failover-reset",
	}},
}

// UnsafeTwinOf is the unsafe lesson that plays a safe lesson's story with a safety mechanism
// switched off: NAME-unsafe, or local-expiry-unsafe for skewed-followers (its story is the
// skewed clocks', README's Lesson outcomes); "" when the lesson has none.
func UnsafeTwinOf(name string) string {
	if name == "skewed-followers" {
		return "local-expiry-unsafe"
	}
	if _, _, ok := inCurriculum(name + "-unsafe"); ok {
		return name + "-unsafe"
	}
	return ""
}

// UnsafeTwinSwitches are the unsafe switches of the lesson UnsafeTwinOf(name) (nil for none),
// read once per lesson: the ? page asks on every frame.
func UnsafeTwinSwitches(name string) []string {
	u := UnsafeTwinOf(name)
	if u == "" || strings.HasSuffix(name, "-unsafe") {
		return nil
	}
	twinSwitchesMu.Lock()
	defer twinSwitchesMu.Unlock()
	if sw, ok := twinSwitches[u]; ok {
		return sw
	}
	var sw []string
	if src, err := lessonFS.ReadFile("lessons/" + u + ".scenario"); err == nil {
		if s, err := Parse(u+".scenario", src); err == nil {
			sw = s.Header.Unsafe
		}
	}
	twinSwitches[u] = sw
	return sw
}

var (
	twinSwitchesMu sync.Mutex
	twinSwitches   = map[string][]string{}
)

// inCurriculum places a lesson: its theme and its 1-based number in teaching order.
func inCurriculum(name string) (theme string, number int, ok bool) {
	n := 0
	for _, t := range curriculum {
		for _, l := range t.Lessons {
			n++
			if l == name {
				return t.Theme, n, true
			}
		}
	}
	return "", 0, false
}

// Next is the lesson after name in teaching order ("" after the last, or for no lesson).
func Next(name string) string {
	ls := Lessons()
	for i, l := range ls {
		if l.Name == name && i+1 < len(ls) {
			return ls[i+1].Name
		}
	}
	return ""
}
