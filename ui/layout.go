package ui

import "slices"

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

// layout is every region of the screen, computed once per resize from the list of panels.
type layout struct {
	mode      mode
	w, h      int
	at        []rect  // each panel's rectangle, by its place in the list
	bands     [][]int // the panels of each band, top to bottom, left to right
	foot      []int   // the panels in the narration's area
	coverY    int     // the keys page's first row: the first band not kept under it
	nodes     rect
	cols      []rect // full: a column per node; compact: a row per node (table body)
	tracker   rect
	net       rect
	clients   rect
	timeline  rect
	narration rect
	helpRows  int // the footer's rows: 1, more while a prompt error wraps
	// growWant: the Replication rows the entries the narration names take (growTracker),
	// which the compact layout was made for.
	growWant  int
	status    int // row
	help      int // row
	logTail   int // log entries a node column can show
	proposals int // replication rows
}

// computeLayout splits a w x h terminal for n nodes among the panels; narr is the narration
// area's height. Bands stack from the top by number, each as high as its first panel says
// (the last: what is left); a band's panels share its width by their percents.
func computeLayout(w, h, n, narr int, panels []Panel) layout {
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
	sz := sizing{mode: l.mode, w: w, body: body, left: body, nodes: n}
	sizes := make([]size, len(panels))
	byBand := map[int][]int{}
	var order []int
	for i, p := range panels {
		sizes[i] = p.Size(sz)
		if b := sizes[i].band; b >= 0 {
			if byBand[b] == nil {
				order = append(order, b)
			}
			byBand[b] = append(byBand[b], i)
		}
	}
	slices.Sort(order)
	l.at = make([]rect, len(panels))
	l.coverY = l.narration.y
	y := 1
	for _, b := range order {
		ps := byBand[b]
		sz.left = l.narration.y - y
		bh := panels[ps[0]].Size(sz).height // asked again: its height may depend on the rows left
		if bh == 0 {
			bh = sz.left
		}
		// Percents first; the panels without one share what is left equally.
		rest, shares := w, 0
		for _, i := range ps {
			if sizes[i].width > 0 {
				rest -= w * sizes[i].width / 100
			} else {
				shares++
			}
		}
		x, share := 0, split(max(rest, 0), max(shares, 1))
		for _, i := range ps {
			pw := w * sizes[i].width / 100
			if sizes[i].width == 0 {
				pw, share = share[0], share[1:]
			}
			l.at[i] = rect{x, y, pw, bh}
			x += pw
		}
		if !sizes[ps[0]].keep && l.coverY == l.narration.y {
			l.coverY = y
		}
		l.bands = append(l.bands, ps)
		y += bh
	}
	for i := range panels {
		if sizes[i].band < 0 {
			l.at[i] = l.narration
			l.foot = append(l.foot, i)
		}
	}
	l.nodes, l.tracker, l.net = l.at[panelNodes], l.at[panelTracker], l.at[panelNet]
	l.clients, l.timeline = l.at[panelClients], l.at[panelTimeline]
	if l.mode == modeFull {
		x := 0
		for _, cw := range split(w, n) {
			l.cols = append(l.cols, rect{x, l.nodes.y, cw, l.nodes.h})
			x += cw
		}
		// 4 state lines, 2 rules, at least 1 lock line.
		l.logTail = max(1, l.nodes.h-2-4-2-1)
		l.proposals = max(1, l.tracker.h-3)
		return l
	}
	// Compact: the node table's title, then a row per node.
	for i := 0; i < n; i++ {
		l.cols = append(l.cols, rect{0, l.nodes.y + 1 + i, w, 1})
	}
	l.logTail, l.proposals = 1, l.tracker.h-1
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

// growTracker gives the compact Replication want rows more, from the timeline right under it,
// where it keeps its rule and two rows, and only where they bring the entry on screen: at
// racing-acquires-unsafe's 0.070s stop (80x24) the narration read entry 5's Granted{token:3}
// while the panel showed entry 6 alone under "↑ 3 earlier" (r34 4).
func (l *layout) growTracker(want int) {
	if l.mode != modeCompact || want <= 0 || l.timeline.y != l.tracker.y+l.tracker.h {
		return
	}
	if want > l.timeline.h-3 {
		return // (rows that would not bring the entry on screen stay the timeline's)
	}
	l.tracker.h += want
	l.timeline.y += want
	l.timeline.h -= want
	l.at[panelTracker], l.at[panelTimeline] = l.tracker, l.timeline
	l.proposals = l.tracker.h - 1
}
