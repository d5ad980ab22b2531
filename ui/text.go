package ui

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios/termsafe"
)

// Every line the TUI draws is built from plain text pieces whose width is known, so a line is
// cut and padded to its panel's width exactly, without measuring escape codes afterwards.

// width is the number of terminal cells plain text takes (ASCII, most of what is drawn, is
// counted without the grapheme parser).
func width(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}

// cut shortens plain text to at most w cells, ending with "…" when it had to cut.
func cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if width(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// fit cuts or pads plain text to exactly w cells.
func fit(s string, w int) string {
	s = cut(s, w)
	if d := w - width(s); d > 0 {
		s += strings.Repeat(" ", d)
	}
	return s
}

// line builds one styled line of at most max cells.
type line struct {
	b     strings.Builder
	w     int
	max   int
	short bool // some text was cut or left out for want of room
}

func newLine(max int) *line { return &line{max: max} }

// add appends styled text, cut to the room left; it reports whether all of it fitted.
func (l *line) add(s sty, text string) bool {
	room := l.max - l.w
	if room <= 0 || text == "" {
		l.short = l.short || text != ""
		return text == ""
	}
	text = termsafe.Line(text) // the last boundary before the terminal: no raw control bytes
	tw := width(text)
	ok := tw <= room
	if !ok {
		text = cut(text, room)
		tw = width(text)
		l.short = true
	}
	l.b.WriteString(s.r(text))
	l.w += tw
	return ok
}

// append adds what another line holds, as drawn there (its room is l's to give: see nodeRow).
func (l *line) append(o *line) {
	l.b.WriteString(o.b.String())
	l.w += o.w
	l.short = l.short || o.short
}

// room is how many cells are left.
func (l *line) room() int { return l.max - l.w }

// pad fills with spaces to exactly max cells.
func (l *line) pad(n int) {
	if n > l.room() {
		n = l.room()
	}
	if n > 0 {
		l.b.WriteString(strings.Repeat(" ", n))
		l.w += n
	}
}

// String returns the line padded to max cells.
func (l *line) String() string {
	l.pad(l.room())
	return l.b.String()
}

// blank is a line of w spaces.
func blank(w int) string {
	if w <= 0 {
		return ""
	}
	return strings.Repeat(" ", w)
}

// box frames exactly-sized content lines (each inner width w-2) into h lines of width w. A
// focused box has a heavy border, so focus shows without colour too.
func box(st *styles, title string, body []string, w, h int, focused bool) []string {
	return boxT(st, title, sty{}, body, w, h, focused)
}

// boxT is box with a title style of its own (a node's role colour).
func boxT(st *styles, title string, tsty sty, body []string, w, h int, focused bool) []string {
	if w < 2 || h < 2 {
		out := make([]string, 0, h)
		for i := 0; i < h; i++ {
			out = append(out, blank(w))
		}
		return out
	}
	tl, tr, bl, br, hz, vt := "╭", "╮", "╰", "╯", "─", "│"
	bs, ts := st.border, st.title
	if focused {
		tl, tr, bl, br, hz, vt = "┏", "┓", "┗", "┛", "━", "┃"
		bs, ts = st.borderFocus, st.titleFocus
	}
	if tsty.pre != "" {
		ts = tsty
	}
	out := make([]string, 0, h)
	top := newLine(w)
	top.add(bs, tl+hz)
	if title != "" {
		top.add(ts, cut(" "+title+" ", w-4))
	}
	top.add(bs, strings.Repeat(hz, max(0, top.room()-1)))
	top.add(bs, tr)
	out = append(out, top.String())
	side := bs.r(vt)
	for i := 0; i < h-2; i++ {
		c := blank(w - 2)
		if i < len(body) {
			c = body[i]
		}
		out = append(out, side+c+side)
	}
	out = append(out, bs.r(bl+strings.Repeat(hz, w-2)+br))
	return out
}

// hjoin puts blocks of lines side by side (each block's lines already have equal widths).
func hjoin(blocks ...[]string) []string {
	h := 0
	for _, b := range blocks {
		h = max(h, len(b))
	}
	out := make([]string, h)
	for i := range out {
		var sb strings.Builder
		for _, b := range blocks {
			if i < len(b) {
				sb.WriteString(b[i])
			}
		}
		out[i] = sb.String()
	}
	return out
}

// split divides total into n parts that differ by at most one.
func split(total, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = total / n
		if i < total%n {
			out[i]++
		}
	}
	return out
}
