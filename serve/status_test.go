package serve

import (
	"fmt"
	"testing"
)

// The teacher's status line shows the script's pause note, the ask's note and the answer to
// the teacher's key whole, at 80x24 and at 120x40 with long names: the class line gives way
// (fewer names, shorter words). At 80x24 it ended "… ‖ the script paused her…", and at
// 120x40 four long names cut it too.
func TestTeacherStatusKeepsTheNote(t *testing.T) {
	for _, sz := range []struct {
		w, h       int
		paused     string // the teacher's status line at the first pause, whole
		ask        string // and at the ask, every student answered
		revealed   string // and once the teacher answered
		studentNow string // a student's (at 80x24) at the pause
	}{
		{80, 24,
			" class: 4 connected · 0 forked  ‖ the script paused here: enter continues ",
			" 4/4 answered · 1: 2 · 2: 2 · 3: 0  ? the question above waits for your answer ",
			" class: 4 connected · 0 forked  ‖ enter continues  your prediction was right ",
			" ‖ paused: the teacher continues "},
		{120, 40,
			" class: 4 connected (alexandra, bartholomew, +2) · 4 following · 0 forked  ‖ the script paused here: enter continues ",
			" 4 of 4 answered · 1: 2 · 2: 2 · 3: 0 · your answer reveals it  ? the question above waits for your answer ",
			" class: 4 connected (alexandra, bartholomew, +2) · 4 following · 0 forked  ‖ enter continues  your prediction was right ",
			" ‖ paused: the teacher continues "},
	} {
		t.Run(fmt.Sprintf("%dx%d", sz.w, sz.h), func(t *testing.T) {
			ts := startServer(t, nil)
			teacher, c := ts.openClassAt(t, "first-lock", sz.w, sz.h)
			var st []*term
			for _, name := range []string{"alexandra", "bartholomew", "cassiopeia", "demetrius"} {
				st = append(st, ts.joinClass(t, name, 80, 24, true))
			}
			eventually(t, "4 following the class at its first pause", func() bool {
				c.mu.Lock()
				defer c.mu.Unlock()
				return c.model.Paused() && len(c.followers()) == 4
			})
			teacher.waitFor(0, sz.paused)
			for _, s := range st {
				s.waitFor(0, sz.studentNow)
			}
			classToAsk(t, teacher, c)
			for i, s := range st {
				s.waitFor(0, "When does n2 apply it?")
				s.send(fmt.Sprint(1 + i%2))
			}
			teacher.waitFor(0, sz.ask)
			teacher.send("2")
			teacher.waitFor(0, sz.revealed)
		})
	}
}
