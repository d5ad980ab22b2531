package ui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// glossary is the `?` screen's second page (scenarios.Glossary: the web page shows it too).
var glossary = scenarios.Glossary

// glossaryLines is play's glossary wrapped to w cells: the words of the screen behind it
// first, then every other word.
func (m *Model) glossaryLines(w int) []string { return glossaryBodyOn(m.st, w, m.page.glossOn) }

// glossaryView is the glossary page in h rows from its scroll position, with a title line.
func (m *Model) glossaryView(w, h int) []string {
	body := m.glossaryLines(w)
	n := len(m.page.glossOn)
	words := map[bool]string{true: "word", false: "words"}[n == 1]
	count := []string{fmt.Sprintf(" Glossary · %d %s on this screen first", n, words), fmt.Sprintf(" Glossary · %d on this screen", n), fmt.Sprintf(" Glossary · %d on screen", n)}
	return glossaryFrame(m.st, w, h, m.page.glossTop, body, count)
}

// glossaryBody is the whole glossary wrapped to w cells, in its own order: compare's page.
func glossaryBody(st *styles, w int) []string {
	var out []string
	for i := range glossary {
		out = append(out, glossaryEntryLines(st, w, i)...)
	}
	return out
}

// glossaryEntryLines is entry i wrapped to w cells, its term highlighted.
func glossaryEntryLines(st *styles, w, i int) []string {
	g := glossary[i]
	var out []string
	for j, l := range wrap(g.Term+": "+g.Text, w-2, "    ") {
		if j == 0 {
			out = append(out, st.hkey.r(" "+g.Term)+st.plain.r(fit(l[len(g.Term):], w-1-width(g.Term))))
			continue
		}
		out = append(out, st.plain.r(fit(" "+l, w)))
	}
	return out
}

// glossaryBodyOn is the glossary with the entries on (indices into glossary, narration's first)
// first, under "on this screen", then a divider and every other entry: a student who opens ??
// at a stop to look up one word finds it in the first lines, not somewhere in 340 (nc34).
func glossaryBodyOn(st *styles, w int, on []int) []string {
	rest := len(glossary) - len(on)
	out := []string{st.title.r(fit(fmt.Sprintf(" on this screen (%d):", len(on)), w))}
	if len(on) == 0 {
		out[0] = st.title.r(fit(" on this screen: none of its words", w))
	}
	for _, i := range on {
		out = append(out, glossaryEntryLines(st, w, i)...)
	}
	head := fmt.Sprintf(" every word (%d more) ↓ ", rest)
	if len(on) == 0 {
		head = fmt.Sprintf(" every word (%d) ↓ ", rest)
	}
	out = append(out, st.faint.r(fit("──"+head+strings.Repeat("─", max(0, w-2-width(head))), w)))
	for i := range glossary {
		if !slices.Contains(on, i) {
			out = append(out, glossaryEntryLines(st, w, i)...)
		}
	}
	return out
}

// glossLook is what to look for on screen for the terms whose comma-separated forms do not
// read as words there (examples with numbers, abbreviations, a common English word): RE2
// patterns, matched as written. Every other term is looked for by its forms (glossForms).
var glossLook = map[string][]string{
	"(bootstrap), entry 1": {`\(bootstrap\)`},
	"… 1-48 above, … 1-201 in snapshot, … 1-3, none to 200 · (ends 3) · none": {`… \d+-\d+ (above|in snap)`, `\bnone to \d`, `\(ends \d+\)`},
	"origin tags: [n1 lease expiry #1], [c2 acquire req2]":                    {`\[n\d+ lease expiry #\d+`, `\[c\d+ \w+ req\d+`},
	"expect, check":            {`\bexpect\b`, `\bwait-until\b`, `\bchecks? (held|hold)\b`},
	"log entry":                {`(?i)\blog entr(y|ies)\b`},
	"propose, proposal":        {`(?i)\bpropos(e|es|ed|ing|al|als)\b`},
	"commit":                   {`(?i)\bcommit(s|ted|ting)?\b`},
	"own-term rule (Figure 8)": {`(?i)\bown-term rule\b`, `\bFigure 8\b`},
	"G R E, log column forms":  {`\b[GRE] [a-z][\w-]* (\d|#)`},
	"apply, commit vs applied": {`(?i)\bappl(y|ies|ied|ying)\b`, `\bc/a\b`, `\bc\d+ a(\d+|—)`}, // c4 a4: a narrow column (nc37-c)
	"token":                    {`(?i)\btokens?\b`},
	"fencing":                  {`(?i)\bfenc(e|ed|ing)\b`},
	"clock ×1, ×1.1 +500ms":    {`(?i)\bclocks?\b`, `×\d`},
	"net: ok, slow, +600ms":    {`\bnet\b`, `\bslow( to n\d+)? \+\d+ms`},
	"check-quorum (a leader's check 1.0s ✓, ✗)":                             {`(?i)\bcheck-quorum\b`, `\bcheck \d+(\.\d+)?s [✓✗]`, `\b\d+\.\ds [✓✗]`},
	"MsgApp / MsgAppResp, MsgHeartbeat, index N":                            {`\bMsg(App|AppResp|Heartbeat|HeartbeatResp|Snap)\b`, `\bindex \d`},
	"on the wire: 24 · 20 heartbeat, 4 append":                              {`(?i)\bon the wire\b`},
	"reject after 7 (n1 hears n2 reject after 7 (ends 6): resends 7)":       {`(?i)\breject after\b`},
	"leader n1 tracks: acked 3, sent to 151, snapshot 201 sent, probe":      {`\btracks:`, `\backed \d`, `\bprobe\b`},
	"snapshot, compaction":                                                  {`(?i)\bsnap(shot)?s?\b`, `(?i)\bcompact(ion|ed|s)?\b`},
	"lease-based read, own lease":                                           {`(?i)\blease-based read\b`, `(?i)\bown lease\b`},
	"results":                                                               {`\bGranted\{`, `\bGrantRejected\b`, `\bReleased\b`, `\bNotFound\b`, `\bExpired\{`, `\bNoop\b`, `\bCheckpointed\b`, `\bRenewed\b`},
	"step 12/47":                                                            {`\bstep \d+/\d+`},
	"▸ (▸★ n1, ▸c2), ▸ story of":                                            {`▸`},
	"n2-n5 (a folded row), ↑ N earlier":                                     {`\bn\d+-n\d+\b`, `↑ \d+ earlier`},
	"since last stop, story ↑ N above, N folded, ↓ N more (timeline title)": {`\bsince last stop\b`, `\bstory ↑`, `↑ \d+ above`, `\b\d+ folded\b`, `↓ \d+ (more|newer|below)`},
	"timing, not counted (compare)":                                         {`\bnot counted\b`, `\btiming, not the difference\b`},
	"keep, extend, reset (lease-on-promote)":                                {`\blease-on-promote\b`},
	"not-leader, asks nX, asks n3 first":                                    {`\bnot-leader\b`, `\basks n\d+\b`},
	"connection (a client's), n1 checks c1's connection":                    {`(?i)\bconnections?\b`},
	"c1 ●, ⊘ disconnected, ‖ paused (a client's line)":                      {`\bc\d+ ●`, `\bc\d+ ⊘`, `⊘ disconnected`, `\bdisconnect(s|ed)?\b`, `‖ paused`, `\bline's ⊘`, `⊘: down`},
	"request timeout (a client's), timeout 3s":                              {`(?i)\brequest timeout\b`, `\btimeout \d`, `\bwaited [\d.]+s of\b`},
	"reqN ([c2 release req3])":                                              {`\breq\d+\b`, `\brequest #\d+\b`},
	"Chubby: sequencer, lock-delay":                                         {`\bChubby\b`, `(?i)\bsequencers?\b`},
	"N queued, +N queued (a client's)":                                      {`\b\d+ queued\b`},
	"acquire … wait, the queue":                                             {`\bacquire \S+ \S+ wait\b`, `\bwaits in n\d+'s queue\b`},
	// A removed node's ⊘ comes before its name in its title (▸⊘ n1 follower); a client's after
	// its name, a lane's isolation mark in the diagram after the node's (n1 ⊘ isolated). The
	// membership words were on screen, their entries not under "on this screen" (nc37-c,
	// nc37-g); a lesson's name (add-node-mid-lease, joint-consensus) is not its command.
	"removed (⊘)":                   {`\bremoved\b`, `⊘ n\d`, `\bremove-node([^\w-]|$)`},
	"configuration, voter, learner": {`(?i)\bconfigurations?\b`, `(?i)\bvoters?\b`, `(?i)\blearners?\b`, `\b(add|remove)-node([^\w-]|$)`, `\badd-learner\b`, `\breconfigure\b`, `\bconf (add|remove|leave|joint|n\d)`},
	"joint configuration":           {`(?i)\bjoint configurations?\b`, `\bjoint([^\w-]|$)`}, // the header's "joint", not the lesson's name joint-consensus
}

// glossRes is one pattern per glossary entry: its glossLook, or its forms.
var glossRes = sync.OnceValue(func() []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(glossary))
	for i, g := range glossary {
		alts, ok := glossLook[g.Term]
		if !ok {
			alts = nil
			for _, f := range glossForms(g.Term) {
				alts = append(alts, formPattern(f))
			}
		}
		if len(alts) == 0 {
			alts = []string{`[^\s\S]`} // no form to look for: never on screen, not always
		}
		out[i] = regexp.MustCompile(strings.Join(alts, "|"))
	}
	return out
})

// glossForms is a term's forms: its comma-separated parts outside brackets, each without its
// bracketed asides ("check-quorum (a leader's check …)" is check-quorum).
func glossForms(term string) []string {
	var forms []string
	depth, cur := 0, strings.Builder{}
	flush := func() {
		if f := strings.Join(strings.Fields(cur.String()), " "); f != "" {
			forms = append(forms, f)
		}
		cur.Reset()
	}
	for _, r := range term {
		switch {
		case r == '(' || r == '[':
			depth++
		case r == ')' || r == ']':
			depth = max(0, depth-1)
		case r == ',' && depth == 0:
			flush()
		case depth == 0:
			cur.WriteRune(r)
		}
	}
	flush()
	return forms
}

// formPattern matches form as a whole word or phrase (a plural s allowed), ignoring case only
// when the form is all lower case: "busy" is Busy too, FROZEN is not frozen.
func formPattern(f string) string {
	p := regexp.QuoteMeta(f)
	isWord := func(b byte) bool {
		return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
	}
	if isWord(f[0]) {
		p = `\b` + p
	}
	if c := f[len(f)-1]; isWord(c) {
		if c >= 'a' && c <= 'z' {
			p += `s?`
		}
		p += `\b`
	}
	if strings.ToLower(f) == f {
		p = `(?i:` + p + `)`
	}
	return p
}

// glossaryOn is the glossary entries whose words the screen shows: first those of its
// narration (what sends a student to ??, "(check-quorum: ?? glossary)"), then those only the
// panels show, each part in the glossary's order.
func glossaryOn(panels, narration string) []int {
	var on, later []int
	for i, re := range glossRes() {
		switch {
		case re.MatchString(narration):
			on = append(on, i)
		case re.MatchString(panels):
			later = append(later, i)
		}
	}
	return append(on, later...)
}

// screenWords is the text of the screen behind the pages, as a student reads it: the header
// and the panels (not the key line), and the narration with its wrapped lines joined again,
// so a phrase broken over two lines is found whole.
func (m *Model) screenWords() (panels, narration string) {
	g, h := m.page.glossary, m.help.ShowAll
	m.page.glossary, m.help.ShowAll = false, false
	defer func() { m.page.glossary, m.help.ShowAll = g, h }()
	rows := m.viewPanels()
	rows = rows[:max(0, len(rows)-len(m.helpLine(m.lay.w)))]
	var foot []string
	for _, i := range m.lay.foot {
		foot = append(foot, m.panels[i].Render(m, m.lay.narration)...)
	}
	clean := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r >= '─' && r <= '╿' && r != '┊' { // box drawing: borders, not words
				return ' '
			}
			return r
		}, ansi.Strip(s))
	}
	return clean(strings.Join(rows, "\n")), strings.Join(strings.Fields(clean(strings.Join(foot, " "))), " ")
}

// openGlossary opens play's glossary at its top, with the words of the screen behind it first.
func (m *Model) openGlossary() {
	// Finding the words renders the screen behind and runs every term's pattern over it: once
	// per screen, not per ?? (a pasted flood of ? opened it tens of thousands of times and held
	// a served session's CPU: TestFloodThenLeave).
	if k := m.glossScreenKey(); k != m.page.glossKey {
		m.page.glossOn, m.page.glossKey = glossaryOn(m.screenWords()), k
	}
	m.help.ShowAll, m.page.glossary, m.page.glossTop = false, true, 0
}

// glossaryPageWith is the whole glossary page with lead, legend lines of the view's own, above it.
func glossaryPageWith(st *styles, w, h, top int, lead []string) []string {
	return glossaryFrame(st, w, h, top, glossaryRows(st, w, lead), []string{" Glossary"})
}

// glossaryFrame is body in h rows from line top under a title line: the first of names that
// fits beside the keys, and the keys and the lines shown.
func glossaryFrame(st *styles, w, h, top int, body []string, names []string) []string {
	room := max(1, h-1)
	top = min(max(top, 0), max(0, len(body)-room))
	titles := func(from, to int) []string {
		if len(body) <= room {
			return []string{"  (? or esc closes)"}
		}
		// The title names every scrolling key: at 303 lines a student reaches the end with
		// end, not thirty pgdn (nc25-g).
		span := fmt.Sprintf("%d-%d of %d lines", from, to, len(body))
		return []string{"  (? or esc closes · ↑↓ scroll a line, pgup/pgdn a page, home/end top/bottom · " + span + ")",
			"  (? or esc closes · ↑↓ scroll, pgup/pgdn, home/end: " + span + ")",
			"  (esc closes · ↑↓ scroll, pgup/pgdn, home/end: " + span + ")",
			"  (esc · ↑↓ scroll, pgup/pgdn, home/end: " + span + ")",
			fmt.Sprintf("  (esc · ↑↓ scroll, pgup/pgdn, home/end: %d-%d/%d)", from, to, len(body))}
	}
	// The longest form of the keys that fits beside a name, with the longest name that fits
	// beside it: the keys first (nc25-g), then how many words are on the screen behind.
	// Chosen for the widest line numbers, so the title keeps its words while ↓ scrolls.
	widest := titles(len(body), len(body))
	name, k := names[len(names)-1], len(widest)-1
fits:
	for i, t := range widest {
		for _, n := range names {
			if width(n)+width(t) <= w {
				name, k = n, i
				break fits
			}
		}
	}
	note := titles(top+1, min(len(body), top+room))[k]
	out := []string{fitStyled(st.title.r(name)+st.faint.r(note), w)}
	out = append(out, body[top:min(len(body), top+room)]...)
	for len(out) < h {
		out = append(out, blank(w))
	}
	return out[:h]
}

// glossaryRows is the glossary page's text under its title: lead, a blank line, the glossary.
func glossaryRows(st *styles, w int, lead []string) []string {
	var body []string
	for _, s := range lead {
		for _, l := range wrap(s, w-1, "  ") {
			body = append(body, st.faint.r(fit(" "+l, w)))
		}
	}
	if len(lead) > 0 {
		body = append(body, blank(w))
	}
	return append(body, glossaryBody(st, w)...)
}

// glossaryScroll is where a key moves a glossary page that shows room lines of n from top:
// ↑↓ a line, pgup/pgdn a page less a line kept for context, home/end the top and the end;
// ok is false for any other key.
func glossaryScroll(k tea.KeyMsg, top, room, n int) (int, bool) {
	page := max(1, room-1)
	switch k.Type {
	case tea.KeyUp:
		top--
	case tea.KeyDown:
		top++
	case tea.KeyPgUp:
		top -= page
	case tea.KeyPgDown:
		top += page
	case tea.KeyHome:
		top = 0
	case tea.KeyEnd:
		top = n
	default:
		return top, false
	}
	return min(max(top, 0), max(0, n-room)), true
}

// scrollGlossary moves the glossary page by d lines, within its length.
func (m *Model) scrollGlossary(d int) {
	room := max(1, m.lay.narration.y-2)
	m.page.glossTop = min(max(m.page.glossTop+d, 0), max(0, len(m.glossaryLines(m.width))-room))
}

// glossScreenKey names the screen behind the glossary: what it shows changes only with these.
func (m *Model) glossScreenKey() string {
	return fmt.Sprint(m.width, m.height, m.v.Now, len(m.says()), m.narrScroll, m.focus, m.node, m.client, m.keyIdx,
		m.leaseIdx, m.tl.filter, m.tl.vp.YOffset, m.dg.on, m.dg.all, m.dg.only, m.dg.sel, m.locks.prefix, m.status)
}
