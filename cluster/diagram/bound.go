package diagram

import (
	"time"
)

// A page recorder (NewPage) records what the web page draws, in memory that does not grow with
// the run: the TUI's recorder keeps a ring of recent rows instead.
//
//   - Routine messages (heartbeats and other messages that move no lock) are sampled: one in
//     Every is kept, and Every doubles (dropping every other kept one) whenever more than
//     RoutineBudget are kept. Their count, and the heartbeats a partition lost, stay exact.
//   - Detail rows (lock messages, applies, commits, countdowns) are windowed: when more than
//     DetailBudget are kept, the oldest half goes, summarised as one Gap (how many messages of
//     each kind it had). Rows that tell the story's frame (roles, crashes, restarts, faults,
//     isolation, client changes, writes, violations) are always kept.
const (
	RoutineBudget = 3000
	DetailBudget  = 120000
)

// Gap is a stretch of the run whose detail rows a page recorder no longer keeps.
type Gap struct {
	From, To      time.Duration
	Lock, Routine int // messages in it
	Marks         int // applies, commits, countdowns in it
}

type pageBound struct {
	routineMax, detailMax int    // the budgets (RoutineBudget, DetailBudget; tests use smaller ones)
	every                 uint64 // routine messages: one in every is kept
	seen                  uint64 // routine messages seen
	routine               int    // routine rows kept
	detail                int    // detail rows kept
	lostHB                uint64 // heartbeats lost to a partition so far
	gaps                  []Gap
}

// NewPage records a diagram for the web page: every row the page draws, bounded (see Gap).
func NewPage(nodes int) *Recorder {
	return NewPageWith(nodes, RoutineBudget, DetailBudget)
}

// NewPageWith is NewPage with other budgets (a smaller page; tests).
func NewPageWith(nodes, routine, detail int) *Recorder {
	r := New(nodes, 0)
	r.page = &pageBound{every: 1, routineMax: routine, detailMax: detail}
	return r
}

// Gaps are the stretches whose detail a page recorder dropped (at most one: the oldest part).
func (r *Recorder) Gaps() []Gap {
	if r.page == nil {
		return nil
	}
	return r.page.gaps
}

// RoutineSeen is how many routine messages a page recorder saw, and one in how many it kept.
func (r *Recorder) RoutineSeen() (seen, every uint64) {
	if r.page == nil {
		return 0, 1
	}
	return r.page.seen, r.page.every
}

// frame says whether a mark is part of the story's frame (always kept).
func frame(mk *Mark) bool {
	switch mk.Kind {
	case MarkApply, MarkZero, MarkCommit:
		return false
	}
	return true
}

// admit decides whether row is kept, and keeps the bounds (it may drop older rows).
func (b *pageBound) admit(r *Recorder, row *Row) bool {
	switch {
	case row.Mark && frame(&row.M):
		row.M.LostHB = b.lostHB
		return true
	case !row.Mark && !row.Msg.Lock:
		if row.Msg.State == Dropped && IsHeartbeat(row.Msg.Info.Type) && row.Msg.Why == "partition" {
			b.lostHB++
		}
		row.nth = b.seen
		b.seen++
		if row.nth%b.every != 0 {
			return false
		}
		b.routine++
		if b.routine > 2*b.routineMax {
			b.thin(r)
		}
		return true
	}
	b.detail++
	if b.detail > b.detailMax {
		b.window(r)
	}
	return true
}

// thin doubles the routine stride, keeping the routine rows whose number it divides.
func (b *pageBound) thin(r *Recorder) {
	b.every *= 2
	b.routine = 0
	kept := r.rows[:0]
	for _, row := range r.rows {
		if !row.Mark && !row.Msg.Lock {
			if row.nth%b.every != 0 {
				continue
			}
			b.routine++
		}
		kept = append(kept, row)
	}
	clear(r.rows[len(kept):])
	r.rows = kept
}

// window drops the oldest half of the detail rows (and the routine rows among them), keeping
// the frame, and summarises the stretch as a Gap.
func (b *pageBound) window(r *Recorder) {
	drop := b.detail / 2
	g := Gap{From: -1}
	kept := r.rows[:0]
	n := 0
	for _, row := range r.rows {
		if n < drop && !(row.Mark && frame(&row.M)) {
			if g.From < 0 {
				g.From = row.At
			}
			g.To = row.At
			switch {
			case row.Mark:
				g.Marks++
				n++
			case row.Msg.Lock:
				g.Lock++
				n++
			default:
				g.Routine++
				b.routine--
			}
			continue
		}
		kept = append(kept, row)
	}
	clear(r.rows[len(kept):])
	r.rows = kept
	b.detail -= n
	if len(b.gaps) > 0 {
		// Every detail row before this stretch is gone already: it extends the gap.
		last := &b.gaps[len(b.gaps)-1]
		last.To, last.Lock, last.Routine, last.Marks = g.To, last.Lock+g.Lock, last.Routine+g.Routine, last.Marks+g.Marks
		return
	}
	b.gaps = append(b.gaps, g)
}

// LostHeartbeats is how many heartbeats a partition has lost so far (a page recorder).
func (r *Recorder) LostHeartbeats() uint64 {
	if r.page == nil {
		return 0
	}
	return r.page.lostHB
}
