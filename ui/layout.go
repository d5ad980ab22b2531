package ui

// mode is which screen fits the terminal.
type mode int

const (
	modeSmall   mode = iota // below 80x24: a message only
	modeCompact             // 80x24 up to 120x36: a node table and short panels
	modeFull                // 120x36 and up: a column per node and every panel boxed
)

const (
	minW, minH   = 80, 24
	fullW, fullH = 120, 36
)

type rect struct{ x, y, w, h int }

func (r rect) contains(x, y int) bool { return x >= r.x && x < r.x+r.w && y >= r.y && y < r.y+r.h }

// layout is every region of the screen, computed once per resize.
type layout struct {
	mode      mode
	w, h      int
	header    int // row
	nodes     rect
	cols      []rect // full: a column per node; compact: a row per node (table body)
	tracker   rect
	net       rect
	clients   rect
	timeline  rect
	narration rect
	helpRows  int // the footer's rows: 1, more while a prompt error wraps
	status    int // row
	help      int // row
	logTail   int // log entries a node column can show
	proposals int // replication rows
}

// computeLayout splits a w x h terminal for n nodes; narr is the narration area's height.
func computeLayout(w, h, n, narr int) layout {
	l := layout{w: w, h: h, logTail: 12, proposals: 12}
	switch {
	case w < minW || h < minH:
		l.mode = modeSmall
		return l
	case w >= fullW && h >= fullH:
		l.mode = modeFull
	default:
		l.mode = modeCompact
	}
	l.help, l.status, l.helpRows = h-1, h-2, 1
	l.narration = rect{0, h - 2 - narr, w, narr}
	body := l.narration.y - 1 // rows between the header and the narration
	if l.mode == modeFull {
		nh := max(12, body*46/100)
		mh := max(7, body*24/100)
		bh := body - nh - mh
		l.nodes = rect{0, 1, w, nh}
		x := 0
		for _, cw := range split(w, n) {
			l.cols = append(l.cols, rect{x, 1, cw, nh})
			x += cw
		}
		tw := w * 58 / 100
		l.tracker = rect{0, 1 + nh, tw, mh}
		l.net = rect{tw, 1 + nh, w - tw, mh}
		cw := w * 46 / 100
		l.clients = rect{0, 1 + nh + mh, cw, bh}
		l.timeline = rect{cw, 1 + nh + mh, w - cw, bh}
		// 4 state lines, 2 rules, at least 1 lock line.
		l.logTail = max(1, nh-2-4-2-1)
		l.proposals = max(1, mh-3)
		return l
	}
	// Compact: header, table (title + a row per node), network line, then clients, the
	// replication tracker and the timeline, each under a one-line rule.
	l.nodes = rect{0, 1, w, n + 1}
	for i := 0; i < n; i++ {
		l.cols = append(l.cols, rect{0, 2 + i, w, 1})
	}
	y := 2 + n
	l.net = rect{0, y, w, 1}
	y++
	rem := l.narration.y - y
	cl := min(3, max(1, rem-9))
	l.clients = rect{0, y, w, cl + 1}
	rem -= cl + 1
	tr := max(1, (rem-2)*2/5)
	l.tracker = rect{0, y + cl + 1, w, tr + 1}
	l.timeline = rect{0, l.tracker.y + tr + 1, w, l.narration.y - (l.tracker.y + tr + 1)}
	l.logTail, l.proposals = 1, tr
	return l
}

// nodeAt is the node id whose column (or table row) holds the cell, or 0.
func (l layout) nodeAt(x, y int) int {
	for i, c := range l.cols {
		if c.contains(x, y) {
			return i + 1
		}
	}
	return 0
}

// clientAt is the index of the client whose line holds the cell, or -1.
func (l layout) clientAt(x, y int) int {
	if !l.clients.contains(x, y) {
		return -1
	}
	top := l.clients.y + 1 // below the box border (full) or the rule (compact)
	if y < top {
		return -1
	}
	return y - top
}
