package ui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"leaselab/cluster"
)

// sty is a style reduced to the escape codes around its text: applying it is two string
// concatenations, which keeps View fast (lipgloss.Render per span would not).
type sty struct{ pre, suf string }

func (s sty) r(text string) string {
	if s.pre == "" || text == "" {
		return text
	}
	return s.pre + text + s.suf
}

func mk(ls lipgloss.Style) sty {
	out := ls.Render("\x00")
	i := strings.IndexByte(out, 0)
	if i < 0 {
		return sty{}
	}
	return sty{pre: out[:i], suf: out[i+1:]}
}

// styles is every style the TUI uses, built once before the program starts (building them
// resolves adaptive colours, which may query the terminal's background).
type styles struct {
	plain                                          sty
	bold, faint, italic, reverse                   sty
	leader, follower, candidate, preCand, down     sty
	terms                                          []sty
	applied, committed, uncommitted                sty
	border, borderFocus, title, titleFocus         sty
	headName, headKey, headVal, good, warn, bad    sty
	badBlock, warnBlock, pauseBlock                sty
	barFull, barEmpty, barZero, gone               sty
	expire, ghost, late, grant, release            sty
	narr, status, statusBad, sel, key, msg, dropSt sty
	hkey, hdesc                                    sty
	helpKey, helpDesc, helpSep                     lipgloss.Style
	inputCursor, inputHint                         lipgloss.Style // the prompt's textinput
}

// palette picks a colour, or none when colours are off (NO_COLOR): attributes still apply.
type palette struct{ mono bool }

func (p palette) c(light, dark string) lipgloss.TerminalColor {
	if p.mono {
		return lipgloss.NoColor{}
	}
	return lipgloss.AdaptiveColor{Light: light, Dark: dark}
}

func newStyles(r *lipgloss.Renderer, mono bool) *styles {
	p := palette{mono}
	ns := func() lipgloss.Style { return r.NewStyle() }
	fg := func(light, dark string) lipgloss.Style { return ns().Foreground(p.c(light, dark)) }
	s := &styles{
		plain:   sty{},
		bold:    mk(ns().Bold(true)),
		faint:   mk(ns().Faint(true)),
		italic:  mk(ns().Italic(true)),
		reverse: mk(ns().Reverse(true)),

		inputCursor: ns().Reverse(true),
		inputHint:   ns().Faint(true),

		leader:    mk(fg("#8A6100", "#FFD75F").Bold(true)),
		follower:  mk(fg("#005F87", "#87D7FF")),
		candidate: mk(fg("#870087", "#FF87FF").Bold(true)),
		preCand:   mk(fg("#875F00", "#D7AF87").Italic(true)),
		down:      mk(fg("#AF0000", "#FF5F5F").Bold(true)),

		applied:     mk(ns()),
		committed:   mk(ns()),
		uncommitted: mk(fg("#767676", "#8A8A8A").Italic(true).Faint(true)),

		border:      mk(fg("#A8A8A8", "#585858")),
		borderFocus: mk(fg("#005FAF", "#5FAFFF").Bold(true)),
		title:       mk(fg("#303030", "#D0D0D0").Bold(true)),
		titleFocus:  mk(fg("#005FAF", "#5FAFFF").Bold(true)),

		headName: mk(fg("#005F87", "#5FD7FF").Bold(true)),
		headKey:  mk(fg("#6C6C6C", "#8A8A8A")),
		headVal:  mk(fg("#1C1C1C", "#EEEEEE").Bold(true)),
		good:     mk(fg("#007500", "#87D787")),
		warn:     mk(fg("#875F00", "#FFD75F").Bold(true)),
		bad:      mk(fg("#AF0000", "#FF5F5F").Bold(true)),

		badBlock:   block(ns, p, "#FFFFFF", "#AF0000", "#000000", "#FF5F5F"),
		warnBlock:  block(ns, p, "#000000", "#FFD75F", "#000000", "#FFD75F"),
		pauseBlock: block(ns, p, "#FFFFFF", "#005FAF", "#000000", "#87AFFF"),

		barFull:  mk(fg("#008700", "#5FD75F")),
		barEmpty: mk(fg("#BCBCBC", "#444444")),
		barZero:  block(ns, p, "#000000", "#FFAF5F", "#000000", "#FFAF5F"),
		gone:     mk(fg("#8A8A8A", "#6C6C6C").Faint(true).Italic(true)),

		expire:  mk(fg("#875F00", "#FFD75F").Bold(true)),
		ghost:   mk(fg("#870087", "#FF87FF").Bold(true)),
		late:    mk(ns().Bold(true).Underline(true).Foreground(p.c("#AF0000", "#FF8787"))),
		grant:   mk(fg("#005F00", "#AFFFAF")),
		release: mk(fg("#005F87", "#87D7FF")),

		narr:      mk(fg("#5F0087", "#D7AFFF").Italic(true)),
		status:    mk(fg("#4E4E4E", "#BCBCBC")),
		statusBad: mk(fg("#AF0000", "#FF5F5F").Bold(true)),
		sel:       block(ns, p, "#000000", "#D0D0D0", "#FFFFFF", "#4E4E4E"),
		key:       mk(fg("#005FAF", "#87AFFF").Bold(true)),
		msg:       mk(fg("#767676", "#808080")),
		dropSt:    mk(fg("#AF0000", "#FF8787")),

		helpKey:  fg("#005FAF", "#87AFFF").Bold(true),
		helpDesc: fg("#4E4E4E", "#A8A8A8"),
		helpSep:  fg("#BCBCBC", "#4E4E4E"),
	}
	s.hkey, s.hdesc = mk(s.helpKey), mk(s.helpDesc)
	for _, c := range [][2]string{
		{"#005F87", "#5FD7FF"}, {"#5F8700", "#AFD75F"}, {"#870087", "#FF87D7"},
		{"#AF5F00", "#FFAF5F"}, {"#0000AF", "#8787FF"}, {"#008787", "#5FFFD7"},
	} {
		s.terms = append(s.terms, mk(fg(c[0], c[1]).Bold(true)))
	}
	return s
}

// block is text on a coloured background (light and dark variants); without colours, reverse
// video marks it instead.
func block(ns func() lipgloss.Style, p palette, lightFg, lightBg, darkFg, darkBg string) sty {
	if p.mono {
		return mk(ns().Bold(true).Reverse(true))
	}
	return mk(ns().Bold(true).Foreground(p.c(lightFg, darkFg)).Background(p.c(lightBg, darkBg)))
}

// term styles a term number; consecutive terms get different colours.
func (s *styles) term(t uint64) sty { return s.terms[int(t%uint64(len(s.terms)))] }

// role is a node role's symbol and style: the symbol tells roles apart without colour.
func (s *styles) role(r cluster.Role) (string, sty) {
	switch r {
	case cluster.RoleLeader:
		return r.Glyph(), s.leader
	case cluster.RoleCandidate:
		return r.Glyph(), s.candidate
	case cluster.RolePreCandidate:
		return r.Glyph(), s.preCand
	case cluster.RoleDown:
		return r.Glyph(), s.down
	}
	return r.Glyph(), s.follower
}
