package web

import (
	"fmt"
	"slices"
	"time"
)

// The page's time axis serves the story, as porcupine's does: every instant something drawn
// happens at gets a row, and the rows are as far apart as their text needs, so labels never
// stack. Short stretches keep a gap that grows with their length (up to maxGap); a stretch of
// idleMin or more with nothing drawn (routine messages aside) is squeezed into a break that
// says how long it was ("⋯ 2.9s idle"). Each row prints its true time on the axis, and an
// arrow's label keeps its latency, so the scale is honest where it is not linear.

const (
	rowH    = 13.0 // one line of labels in a row's band
	bandPad = 2.0
	maxRows = 12 // lines a band may grow to; a label that does not fit is dropped (its hover says so)
	breakH  = 26.0
	idleMin = 400 * time.Millisecond
	// charW is a 9px monospace character's width, rounded up; wideW is a symbol's (→ ✗ ⋯ may
	// come from a wider fallback font).
	charW = 5.6
	wideW = 10.0
)

// axis maps the drawn instants to page rows.
type axis struct {
	ts     []time.Duration // every drawn instant, sorted, unique
	ys     []float64       // the top of each instant's row
	bands  [][][]span      // per instant: its lines of placed boxes
	forced map[int]string  // a break before instant i with this text (a summarised stretch)
	breaks []brk
	pps    float64 // pixels per second for short gaps
	maxGap float64
	end    float64 // the bottom of the last row
}

type span struct{ x0, x1 float64 }

// brk is a squeezed stretch, drawn between two rows.
type brk struct {
	y    float64
	text string
}

func newAxis(times []time.Duration) *axis {
	slices.Sort(times)
	times = slices.Compact(times)
	a := &axis{ts: times, ys: make([]float64, len(times)), bands: make([][][]span, len(times)), forced: map[int]string{},
		pps: 3000, maxGap: 60}
	return a
}

// dense makes the axis nearly linear and compact for a run too busy to label (a sane height,
// a page a browser opens quickly): rows are not stretched for mark symbols or ✗s there.
func (a *axis) dense() {
	a.pps, a.maxGap = 40, 10
}

// index is instant t's row (t must be one of the axis's instants, else the row before it).
func (a *axis) index(t time.Duration) int {
	i, ok := slices.BinarySearch(a.ts, t)
	if !ok && i > 0 {
		i--
	}
	return min(i, len(a.ts)-1)
}

// textW is the width a 9px label of s takes, rounded up.
func textW(s string) float64 {
	w := 0.0
	for _, r := range s {
		if r < 0x80 {
			w += charW
		} else {
			w += wideW
		}
	}
	return w
}

// reserve finds the first line of instant i's band where [x0,x1] is free, takes it and returns
// the line (-1: no room within maxRows lines; the caller drops the text).
func (a *axis) reserve(i int, x0, x1 float64) int {
	b := &a.bands[i]
	for r := 0; r < maxRows; r++ {
		if r == len(*b) {
			*b = append(*b, nil)
		}
		free := true
		for _, s := range (*b)[r] {
			if x0 < s.x1+3 && s.x0 < x1+3 {
				free = false
				break
			}
		}
		if free {
			(*b)[r] = append((*b)[r], span{x0, x1})
			return r
		}
	}
	return -1
}

// baseline is the text baseline of line r in instant i's band.
func (a *axis) baseline(i, r int) float64 { return a.ys[i] + bandPad + float64(r)*rowH + 9.5 }

func (a *axis) bandH(i int) float64 {
	if len(a.bands[i]) == 0 {
		return 0
	}
	return bandPad*2 + float64(len(a.bands[i]))*rowH
}

// layout places the rows: each after the previous one's band and a gap for the time between
// them (or a break), and, where narration starts, below the narration before it. noteH gives
// the height of the narration at instant i (0: none).
func (a *axis) layout(top float64, noteH func(i int) float64) {
	narr := top
	for i := range a.ts {
		y := top
		if i > 0 {
			base := a.ys[i-1] + a.bandH(i-1)
			dt := a.ts[i] - a.ts[i-1]
			switch text, forced := a.forced[i]; {
			case forced:
				a.breaks = append(a.breaks, brk{base, text})
				y = base + breakH
			case dt >= idleMin:
				a.breaks = append(a.breaks, brk{base, "⋯ " + fmtDur(dt) + " idle"})
				y = base + breakH
			default:
				y = max(base, a.ys[i-1]+min(dt.Seconds()*a.pps, a.maxGap))
			}
		}
		if h := noteH(i); h > 0 {
			y = max(y, narr)
			narr = y + h
		}
		a.ys[i] = y
	}
	if n := len(a.ts); n > 0 {
		a.end = max(a.ys[n-1]+a.bandH(n-1)+20, narr)
	}
}

// y is instant t's row; an instant between two rows (a routine message) is placed between them.
func (a *axis) y(t time.Duration) float64 {
	if len(a.ts) == 0 {
		return top
	}
	i, ok := slices.BinarySearch(a.ts, t)
	switch {
	case ok:
		return a.ys[i]
	case i == 0:
		return a.ys[0]
	case i == len(a.ts):
		return a.ys[i-1]
	}
	t0, t1 := a.ts[i-1], a.ts[i]
	y0 := a.ys[i-1] + a.bandH(i-1)
	f := float64(t-t0) / float64(t1-t0)
	return y0 + f*max(a.ys[i]-y0, 0)
}

// fmtDur prints a duration compactly: 3ms, 600ms, 2.9s, 4m10s.
func fmtDur(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return d.String()
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmtSec(d.Seconds())
	}
	return d.Round(time.Second).String()
}
