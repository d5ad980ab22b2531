package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"leaselab/scenarios"
)

func init() {
	// Goldens are plain text: no colour, no attributes.
	lipgloss.SetColorProfile(termenv.Ascii)
}

// testStyles are the styles of the Ascii profile the tests run with.
func testStyles() *styles { return newStyles(lipgloss.DefaultRenderer(), false) }

// newSandbox is a paused sandbox with a fake wall clock, sized w x h.
func newSandbox(t testing.TB, seed uint64, nodes, w, h int) *Model {
	t.Helper()
	o := Options{Seed: seed, Nodes: nodes, StartPaused: true, SaveDir: t.TempDir()}
	m, err := newModel(SandboxScenario(o), o, testStyles(), true)
	if err != nil {
		t.Fatal(err)
	}
	return setup(m, w, h)
}

// newPlay is a paused lesson (or any scenario) sized w x h.
func newPlay(t testing.TB, s *scenarios.Scenario, w, h int) *Model {
	t.Helper()
	o := Options{Seed: s.Header.Seed, StartPaused: true, SaveDir: t.TempDir()}
	m, err := newModel(s, o, testStyles(), false)
	if err != nil {
		t.Fatal(err)
	}
	return setup(m, w, h)
}

// playLesson is a bundled lesson, paused, sized w x h.
func playLesson(t testing.TB, name string, w, h int) *Model {
	t.Helper()
	s, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return newPlay(t, s, w, h)
}

var wall0 = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

func setup(m *Model, w, h int) *Model {
	m.wall = func() time.Time { return wall0 }
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// keyMsg turns a key name ("a", "tab", "left", "space", "enter") into a key message.
func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "shift+tab":
		return tea.KeyMsg{Type: tea.KeyShiftTab}
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "right":
		return tea.KeyMsg{Type: tea.KeyRight}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "space", " ":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	case "shift+up":
		return tea.KeyMsg{Type: tea.KeyShiftUp}
	case "shift+down":
		return tea.KeyMsg{Type: tea.KeyShiftDown}
	case "pgup":
		return tea.KeyMsg{Type: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	case "home":
		return tea.KeyMsg{Type: tea.KeyHome}
	case "end":
		return tea.KeyMsg{Type: tea.KeyEnd}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// press sends keys one by one, performing a seek a key asked for as the program would.
func press(m *Model, keys ...string) {
	for _, k := range keys {
		m.Update(keyMsg(k))
		if m.seek.wait {
			m.Update(seekMsg{})
		}
		finishJob(m)
	}
}

// finishJob runs a long wait or seek to its end, a piece per message as the program would.
func finishJob(m *Model) {
	for m.job != nil {
		m.Update(jobMsg{gen: m.job.gen})
	}
}

// typeLine opens the prompt, types a step and runs it.
func typeLine(m *Model, line string) {
	press(m, ":")
	for _, r := range line {
		if r == ' ' {
			m.Update(keyMsg("space"))
		} else {
			m.Update(keyMsg(string(r)))
		}
	}
	m.Update(keyMsg("enter"))
	finishJob(m)
}

// playFor runs the clock through real frames (fake wall time) for d of simulated time, then
// pauses again.
func playFor(m *Model, d time.Duration) {
	target := m.sim.p.Now() + d
	at := wall0
	m.wall = func() time.Time { return at }
	if !m.sim.moving() {
		m.Update(keyMsg("space"))
	}
	for m.sim.p.Now() < target && m.sim.moving() {
		at = at.Add(frameEvery)
		m.Update(frameMsg{gen: m.gen, at: at})
	}
	if m.sim.moving() {
		m.Update(keyMsg("space"))
	}
}

// playEveryLesson runs f on a fresh play of every bundled lesson at each size, as a subtest
// named LESSON/WxH; under -short the 80-column sizes are skipped.
func playEveryLesson(t *testing.T, sizes [][2]int, f func(t *testing.T, s *scenarios.Scenario, m *Model)) {
	for _, l := range scenarios.Lessons() {
		for _, sz := range sizes {
			t.Run(l.Name+"/"+sizeName(sz), func(t *testing.T) {
				if testing.Short() && sz[0] == 80 {
					t.Skip("short")
				}
				s, err := scenarios.Load(l.Name)
				if err != nil {
					t.Fatal(err)
				}
				f(t, s, newPlay(t, s, sz[0], sz[1]))
			})
		}
	}
}

// playUntilOnScreen plays on, answering asks, until a stop shows text (or the script ends).
func playUntilOnScreen(t testing.TB, m *Model, text string) {
	t.Helper()
	for !m.sim.ended && !strings.Contains(ansi.Strip(m.View()), text) {
		answerAsk(m)
		press(m, "enter")
		runToStop(t, m)
	}
}

// eachSeed plays lesson from its start under seeds 1 to 12 at 120x40 and at 80x24, calling f
// with a fresh Model, its width and where it is ("80x24 seed 2"). few80 > 0 plays only the first
// few80 seeds at 80x24 (the sizes differ in layout, the seeds in timing).
func eachSeed(t *testing.T, lesson string, few80 uint64, f func(m *Model, w int, at string)) {
	t.Helper()
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		for seed := uint64(1); seed <= 12; seed++ {
			if sz[0] == 80 && few80 > 0 && seed > few80 {
				break
			}
			s, err := scenarios.Load(lesson)
			if err != nil {
				t.Fatal(err)
			}
			s.Header.Seed = seed
			f(newPlay(t, s, sz[0], sz[1]), sz[0], fmt.Sprintf("%dx%d seed %d", sz[0], sz[1], seed))
		}
	}
}

// scriptSays is every say of a lesson's script, a line each, as written (quotes unfilled).
func scriptSays(t testing.TB, lesson string) string {
	t.Helper()
	s, err := scenarios.Load(lesson)
	if err != nil {
		t.Fatal(err)
	}
	var says []string
	for _, st := range s.Steps {
		if st.Kind == scenarios.StepSay {
			says = append(says, st.Text)
		}
	}
	return strings.Join(says, "\n")
}

// twinAtEnd is the screen of a lesson's C (it beside its twin, 120x40) played to the end.
func twinAtEnd(t *testing.T, lesson string) string {
	t.Helper()
	s := loadScenario(t, lesson)
	a, _ := scenarios.Twin(s)
	m := newCompareModel(t, s, a, 120, 40)
	playUntil(t, m, func() bool { return m.c.Done() })
	return ansi.Strip(m.View())
}
