package ui

import (
	"strings"
	"testing"

	"leaselab/scenarios"
	"leaselab/scenarios/termsafe"
)

// hostileText is issue 22.2's reproducers with every C0 and C1 control character.
func hostileText() string {
	var b strings.Builder
	b.WriteString("T\x1b]0;pwned\x07 \x1b[2J\x1b[?1049l x ")
	for c := rune(0); c < 0xa0; c++ {
		if c < 0x20 || c >= 0x7f {
			b.WriteRune(c)
		}
	}
	b.WriteString("\x9b\xff end")
	return b.String()
}

// rawControl reports the first control character in a rendered screen (the tests draw with the
// Ascii profile: no SGR either), or -1.
func rawControl(v string) rune {
	for _, r := range v {
		if r != '\n' && (termsafe.IsControl(r) || r == '\uFFFD') {
			return r
		}
	}
	return -1
}

// TestHostileTextIsShownEscaped: the parser refuses control bytes, but text can reach the TUI
// another way (a program builds the scenario; later, the SSH server's sessions): the title, a
// say, an ask's question, choices and explanation are drawn with every control byte escaped.
func TestHostileTextIsShownEscaped(t *testing.T) {
	src := "title \"TITLE\"\nsay \"SAY\"\npause\nask \"ASK\" \"A1\" right \"A2\" because \"WHY\"\nsay \"done\"\n"
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		s, err := scenarios.Parse("hostile.scenario", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		h := hostileText()
		s.Header.Title = h
		for i := range s.Steps {
			st := &s.Steps[i]
			switch st.Kind {
			case scenarios.StepSay:
				st.Text = h
			case scenarios.StepAsk:
				st.Text, st.Choices, st.Explain = h, []string{h, "A2"}, h
			}
		}
		m := newPlay(t, s, sz[0], sz[1])
		check := func(where string) {
			t.Helper()
			v := m.View()
			if r := rawControl(v); r >= 0 {
				t.Fatalf("%dx%d %s: raw control %U on screen:\n%q", sz[0], sz[1], where, r, v)
			}
			if !strings.Contains(v, `\x1b]0;pwned\x07`) && !strings.Contains(v, `\x1b[2J`) {
				t.Errorf("%dx%d %s: the escaped text is not on screen:\n%s", sz[0], sz[1], where, v)
			}
		}
		runToStop(t, m)
		check("at the say")
		press(m, "enter")
		runToStop(t, m)
		check("at the ask")
		press(m, "1")
		check("after the answer")
	}
}
