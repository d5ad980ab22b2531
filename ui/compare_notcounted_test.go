package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// "timing, not counted" is explained on screen where it shows, not only in the README: the
// end's count points at the glossary, whose entry says what it means (etcd-failover-reset's
// keep run's leader came 2ms after the story's: round 9).
func TestCompareExplainsNotCounted(t *testing.T) {
	a, b := withoutPair(t, "etcd-failover-reset", "lease-on-promote")
	m := newCompareModel(t, a, b, 120, 40)
	m.Update(keyMsg("e"))
	playUntil(t, m, func() bool { return m.c.Done() })
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(v, "timing, not counted: ?? glossary") {
		t.Errorf("the end's not counted points at no explanation:\n%s", ansi.Strip(m.View()))
	}
	found := false
	for _, e := range glossary {
		found = found || (strings.Contains(e.Term, "not counted") && strings.Contains(e.Text, "within 100ms"))
	}
	if !found {
		t.Error("no glossary entry for 'not counted'")
	}
}
