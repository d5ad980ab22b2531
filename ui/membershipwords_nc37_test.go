package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// glossIndex is the index of the glossary entry whose term starts with prefix.
func glossIndex(t *testing.T, prefix string) int {
	t.Helper()
	for i, g := range glossary {
		if strings.HasPrefix(g.Term, prefix) {
			return i
		}
	}
	t.Fatalf("no glossary entry %q", prefix)
	return -1
}

// onScreenSection is the first section of the open glossary ("on this screen (N)"), flat.
func onScreenSection(m *Model, w int) string {
	lines := ansi.Strip(strings.Join(m.glossaryLines(w), "\n"))
	if div := strings.Index(lines, "every word ("); div >= 0 {
		lines = lines[:div]
	}
	return lines
}

// The ? legend said what ⊘ means beside a client (disconnected) and nowhere what it means
// before a node's name, where joint-consensus's removed n3-n5 and remove-leader's n1 show it
// (nc37-c, nc37-g): the roles line says removed, the clients line says which ⊘ is which; the
// header line says what a membership lesson's "v n1-n6" is (nc37-e).
func TestLegendSaysBothMeaningsOfTheSlashedCircle(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "joint-consensus", sz[0], sz[1])
		playThrough(t, m, func(int, string) {})
		if !regexp.MustCompile(`⊘ n\d`).MatchString(ansi.Strip(m.View())) {
			t.Fatalf("%dx%d: joint-consensus's end shows no removed node:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
		press(m, "?")
		if !m.help.ShowAll {
			t.Fatalf("%dx%d: ? did not open the keys page", sz[0], sz[1])
		}
		// The page's lines as it scrolls through them, joined: a legend line wraps.
		page := flat(ansi.Strip(strings.Join(m.helpBody(sz[0], sz[1]), "\n")))
		// nc37-e: the header's "v n1-n6" was explained nowhere.
		if !strings.Contains(page, "v n1-n6 = the voters, once a membership change changed them") {
			t.Errorf("%dx%d: the header line does not say what v n1-n6 is: %.300s", sz[0], sz[1], page[strings.Index(page, "header: "):])
		}
		roles := page[max(0, strings.Index(page, "roles: ★ leader")):]
		if i := strings.Index(roles, "log: "); i > 0 {
			roles = roles[:i]
		}
		if !strings.Contains(roles, "⊘ removed from the configuration") {
			t.Errorf("%dx%d: the roles line does not say ⊘ before a node's name is removed: %s", sz[0], sz[1], roles)
		}
		// The small layout's client rows mark no connected client: its line starts at ⊘.
		clients := page[max(0, strings.Index(page, "clients: ")):]
		clients = strings.Replace(clients, "clients: ● connected · ", "clients: ", 1)
		if !strings.HasPrefix(clients, "clients: ⊘ disconnected (a client's ⊘; before a node's name ⊘ means removed") {
			t.Errorf("%dx%d: the clients line does not tell its ⊘ from a node's: %.160s", sz[0], sz[1], clients)
		}
	}
}

// ?? opened on a membership screen listed neither "joint configuration" while the header said
// joint, nor "removed (⊘)" while ⊘ stood before n3-n5, nor configuration and removed at
// remove-leader's ask about remove-node (nc37-c, nc37-g). A client's ⊘ is not a removed node,
// a removed node's ⊘ not a client's, and a lesson's name (add-node-mid-lease) not its command.
func TestGlossaryFindsMembershipWords(t *testing.T) {
	joint, removed := glossIndex(t, "joint configuration"), glossIndex(t, "removed (⊘)")
	conf, client := glossIndex(t, "configuration, voter"), glossIndex(t, "c1 ●, ⊘ disconnected")
	for _, c := range []struct {
		panels string
		want   []int
		not    []int
	}{
		{"▸⊘ n1 follower", []int{removed}, []int{client}},
		{" ⊘ n3 removed   T1   6/6", []int{removed}, []int{client}},
		{"c1 ⊘ disconnected", []int{client}, []int{removed}},
		{"v n1 n2 n6 n7 n8 joint", []int{joint}, nil},
		{" 25 joint-consensus │ 0.055s", nil, []int{joint}},
		{" 23 add-node-mid-lease │ 5.099s", nil, []int{conf}},
		{"6 t1   conf leave joint", []int{conf, joint}, nil},
		{"? remove-node n1 removes the leader itself.", []int{conf, removed}, nil},
	} {
		on := glossaryOn(c.panels, "")
		for _, i := range c.want {
			if !slices.Contains(on, i) {
				t.Errorf("%q: %q is not on this screen", c.panels, glossary[i].Term)
			}
		}
		for _, i := range c.not {
			if slices.Contains(on, i) {
				t.Errorf("%q: %q is on this screen", c.panels, glossary[i].Term)
			}
		}
	}

	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		// joint-consensus: each stop whose header says joint lists the joint configuration;
		// each that shows a removed node's ⊘ lists removed.
		m := playLesson(t, "joint-consensus", sz[0], sz[1])
		sawJoint, sawRemoved := false, false
		playThrough(t, m, func(stop int, v string) {
			head := strings.Split(v, "\n")[0]
			isJoint := regexp.MustCompile(`│ v [^│]* joint │`).MatchString(head)
			isRemoved := regexp.MustCompile(`⊘ n\d`).MatchString(v)
			if !isJoint && !isRemoved {
				return
			}
			press(m, "?", "?")
			sec := onScreenSection(m, sz[0])
			if isJoint && !strings.Contains(sec, "\n joint configuration: ") {
				t.Errorf("%dx%d joint-consensus stop %d: the header says joint, ?? has no joint configuration on this screen:\n%s", sz[0], sz[1], stop, sec)
			}
			if isRemoved && !strings.Contains(sec, "\n removed (⊘): ") {
				t.Errorf("%dx%d joint-consensus stop %d: a node shows ⊘, ?? has no removed (⊘) on this screen:\n%s", sz[0], sz[1], stop, sec)
			}
			sawJoint, sawRemoved = sawJoint || isJoint, sawRemoved || isRemoved
			press(m, "esc")
		})
		if !sawJoint || !sawRemoved {
			t.Errorf("%dx%d joint-consensus: no stop with joint (%v) or a removed node (%v) in view", sz[0], sz[1], sawJoint, sawRemoved)
		}

		// remove-leader's ask names remove-node.
		m = playLesson(t, "remove-leader", sz[0], sz[1])
		asked := false
		playThrough(t, m, func(stop int, v string) {
			if m.curAsk() == nil || !strings.Contains(v, "remove-node") {
				return
			}
			asked = true
			press(m, "?", "?")
			sec := onScreenSection(m, sz[0])
			for _, term := range []string{glossary[conf].Term, glossary[removed].Term} {
				if !strings.Contains(sec, "\n "+term+": ") {
					t.Errorf("%dx%d remove-leader stop %d: the ask says remove-node, ?? has no %q on this screen:\n%s", sz[0], sz[1], stop, term, sec)
				}
			}
			press(m, "esc")
		})
		if !asked {
			t.Errorf("%dx%d remove-leader: no ask naming remove-node", sz[0], sz[1])
		}
	}
}

// The glossary said the compact form of commit/applied is "c/a: 7/5"; joint-consensus's
// eight narrow columns show "c4 a4" (nc37-c). The entry names each form a screen shows, and
// ?? finds it beside a narrow column's.
func TestGlossaryCommitAppliedForms(t *testing.T) {
	i := glossIndex(t, "apply, commit vs applied")
	text := glossary[i].Text
	for _, f := range []string{"commit 7 · applied 5", "commit/applied 7/5", "c7 a5", "c/a"} {
		if !strings.Contains(text, f) {
			t.Errorf("the entry does not name the form %q: %s", f, text)
		}
	}
	if !slices.Contains(glossaryOn("T1 n1   c4 a4   chk 0.9s ✓", ""), i) {
		t.Error("?? does not find commit vs applied beside a narrow column's c4 a4")
	}
	m := playLesson(t, "joint-consensus", 120, 40)
	narrow := false
	playThrough(t, m, func(stop int, v string) {
		narrow = narrow || regexp.MustCompile(`\bc\d+ a\d+\b`).MatchString(v)
	})
	if !narrow {
		t.Error("joint-consensus at 120x40 shows no narrow column's c4 a4: pick another screen")
	}
}
