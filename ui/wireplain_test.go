package ui

import (
	"strings"
	"testing"
)

// The compact net line says its count in words wherever they fit: nc18-h, racing-acquires-
// unsafe at 80x24, read "⚠ unchecked-proposals · wire: 0" beside the resource's writes and did
// not know what the bare number counted ("8 message(s) on the wire" earlier).
func TestWireCountInWords80(t *testing.T) {
	m := playLesson(t, "racing-acquires-unsafe", 80, 24)
	playThrough(t, m, func(stop int, v string) {
		net := strings.Split(v, "\n")[7]
		if strings.Contains(net, "wire: ") || !strings.Contains(net, " on the wire") {
			t.Errorf("stop %d: the net line does not say its count in words: %q", stop, net)
		}
	})
}
