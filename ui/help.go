package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"leaselab/cluster"
	"leaselab/scenarios"
)

// helpLine is the footer: one row of keys (bubbles/help, short form), or, while the prompt
// keeps a line that failed, its error on as many rows as the layout gave it (helpRows).
func (m *Model) helpLine(w int) []string {
	if m.prompting && m.statusBad {
		// The prompt has the status line, so the error of the line it keeps shows here, whole.
		lines := m.promptErrLines(w)
		n := max(1, m.lay.helpRows)
		if len(lines) > n { // no room for all of it: the last row says so
			lines = append(lines[:n-1], cut(strings.Join(lines[n-1:], " "), w))
		}
		out := make([]string, n)
		for i := range out {
			s := ""
			if i < len(lines) {
				s = lines[i]
			}
			out[i] = m.st.statusBad.r(fit(s, w))
		}
		return out
	}
	return []string{fitStyled(" "+m.shortHelp(w-1), w)}
}

// shortHelp is the footer's keys in w cells: whole keys only (a key cut in half read as text
// lost), and helpMore when some do not fit. bubbles/help's ShortHelpView adds the key that does
// not fit when its tail does not fit either, and the row was then cut.
func (m *Model) shortHelp(w int) string {
	h := &m.help
	sep := h.Styles.ShortSeparator.Inline(true).Render(h.ShortSeparator)
	tail := " " + h.Styles.Ellipsis.Inline(true).Render(h.Ellipsis)
	var b strings.Builder
	n := 0
	binds := m.keys.ShortHelp()
	for i, k := range binds {
		if !k.Enabled() {
			continue
		}
		item := h.Styles.ShortKey.Inline(true).Render(k.Help().Key) + " " + h.Styles.ShortDesc.Inline(true).Render(k.Help().Desc)
		if n > 0 {
			item = sep + item
		}
		room := w
		if i < len(binds)-1 {
			room -= lipgloss.Width(tail) // a key after this one: keep room to say there are more
		}
		if n+lipgloss.Width(item) > room {
			if n+lipgloss.Width(tail) <= w {
				b.WriteString(tail)
			}
			break
		}
		b.WriteString(item)
		n += lipgloss.Width(item)
	}
	return b.String()
}

// helpMore ends the footer when its keys do not all fit: every round of newcomers read the
// bubbles default, "…", as text cut off ("… ← back 1s (replays) …" at every stop).
const helpMore = "· more: ?"

// promptErrLines is the prompt's error wrapped to w cells, or nothing when there is none.
func (m *Model) promptErrLines(w int) []string {
	if !m.prompting || !m.statusBad {
		return nil
	}
	lines := wrap(m.status, w-1, "  ")
	for i := range lines {
		lines[i] = " " + lines[i]
	}
	return lines
}

// fullHelp is the `?` screen: every key, then a legend of the symbols, in h rows from its
// scroll position (↑↓, like the glossary, with the same marker when it does not all fit).
// bubbles/help lays the groups out in columns when they fit; on a narrower screen the same
// bindings flow as text.
func (m *Model) fullHelp(w, h int) []string {
	st := m.st
	body, cont := m.helpItems(w, h)
	room := max(1, h-1)
	top := min(max(m.page.helpTop, 0), max(0, len(body)-room))
	end := helpPageEnd(cont, top, room)
	more, short := "", ""
	if len(body) > room {
		more = fmt.Sprintf(" · ↑↓ scroll (%d-%d of %d lines)", top+1, end, len(body))
		short = fmt.Sprintf(" · ↑↓ %d-%d of %d", top+1, end, len(body))
	}
	// The longest title that fits whole: what is left out at 80 columns is the aside, never
	// how to scroll or leave.
	note := firstFit(w-width(" Keys"),
		"  (? again: the glossary · esc closes"+more+" · every action is a scenario step: recorded, replayed on rewind, saved by w)",
		"  (? again: the glossary · esc closes"+more+")",
		"  (? glossary · esc closes"+short+")")
	lines := []string{fitStyled(st.title.r(" Keys")+st.faint.r(note), w)}
	lines = append(lines, body[top:end]...)
	for len(lines) < h {
		lines = append(lines, blank(w))
	}
	return lines[:h]
}

// helpPageEnd is where a page of room lines from top ends (exclusive) on the keys page's
// lines: on a whole item, one it would cut ("… or ×1 0.8s ✓ under the title", the first page
// at 120x40: nc31-i) starting the next, unless it starts the page (longer than it).
func helpPageEnd(cont []bool, top, room int) int {
	end := min(len(cont), top+room)
	for s := end; s > top && s < len(cont) && cont[s]; s-- {
		if !cont[s-1] && s-1 > top {
			return s - 1
		}
	}
	return end
}

// helpBody is every line of the keys page under its title: the bindings, then the legend.
func (m *Model) helpBody(w, h int) []string {
	lines, _ := m.helpItems(w, h)
	return lines
}

// helpItems is helpBody, and for each line whether it goes on a legend item the line before
// began (a page ends on whole items).
func (m *Model) helpItems(w, h int) (lines []string, cont []bool) {
	st := m.st
	groups := m.keys.FullHelp()
	wide := m.help
	wide.Width = 0 // measure the columns uncut
	if cols := wide.FullHelpView(groups); lipgloss.Width(cols) < w && strings.Count(cols, "\n")+2 <= h {
		for _, s := range strings.Split(cols, "\n") {
			lines = append(lines, fitStyled(" "+s, w))
		}
	} else {
		lines = append(lines, m.flowHelp(w)...)
	}
	legend := []string{
		m.headLegend(),
		roleLegend(),
		legendLog,
		legendLocks,
		"timeline: at a stop, its story since the stop before; a row's mark: + a proposal (the leader puts a command in its log), ✓ an apply, ✗ a lost message, ! a violation or a refused configuration change; [c2 acquire req2] / [n1 lease expiry #1] after a proposal: who proposed it (?? origin tags); its title: since last stop (the story), story ↑ N above (the story starts N rows above the top one; at the script's first stop the story is all that led to it, from the first row), ↓ N more, ↓ N below, past (newer rows below the view: every row is something that already happened), N folded into n2-n5 (when it does not fit, the rows of one entry on several nodes fold into one, N rows fewer, into the rows named where the title has room: n2-n5 append 5 … ‥0.062s: n2 to n5, the last at 0.062s), newest at the bottom (?? glossary: since last stop); focus it (shift+tab) and ↑↓ to see every row",
		// nc32-g: j ran past the appends the timeline lists and nothing said what it counts.
		"j (next lock event): runs to the next proposal, commit or apply of a lock command, a client's reply or write, or a countdown at zero; it runs past appends and raft's messages (which the timeline's lock events view, v, lists too)",
		legendClients,
		// nc31-e: gc-pause's "✓c2#2 ✗c1#1 ✓c2#2" was explained nowhere on screen.
		"resource: fenced (?? fencing): it compares each write's token with the highest it has accepted for that key (⚠ NOT fenced: it accepts every write) · jobs high #4: that highest token · then the key's latest writes, oldest first, each ✓ accepted or ✗ refused, then whose and with which token: ✓c3#4 ✗c2#3 (c3's write with token 4, then c2's with token 3; the full screen writes ✓ c3#4)",
		// nc31-a: the ⇢ row's "in 1.7ms" and "+3 more" were read nowhere.
		"network: recent: → a message sent then, ✗ one dropped · ⇢ on the wire: N sent and not yet arrived, by kind (7 other: messages of the kinds not named (no room for them); ?? glossary) · ⇢ MsgAppResp n3→n1 t1 · in 1.7ms: one of them, arriving in 1.7ms (t1: sent in term 1) · +3 more: the others on the wire · delay n1-n2,n3 +400ms: a rule on those links (the script's, or yours)",
		// nc19-d: the dashed "→0.848s •┄┄┄┄⋯ MsgApp … ⋯ held 400ms" rows had no word anywhere.
		"message diagram (m): a row per message, ↑ N earlier in its title: older rows above the top one (↑ selects them) · lock messages (the default view): appends that carry commands, the answers that made a commit's majority (a later answer to the same append shows only under v, all messages), votes, snapshots, client requests and replies · • its sender, ▶ ◀ its receiver · +2ms: how long it took, held 400ms: of that, a delay on its link · →0.848s •┄┄┄⋯ dashed: still on the wire, sent at 0.848s (a node's reply to a client too: granted #1 ⋯ on the wire) (⋯ held 400ms: a delay holds it) · ✗ dropped, and why · ◌ reached a frozen node, unread · ⚡ a change the script (or you) made: campaign, delay, partition, heal, a clock change, a configuration change (its proposal, its first apply, each node it removes, a node joining, a refusal); 'all' is cluster-wide, else the node's lane · 1.307s‥ one mark on several lanes, the first at 1.307s, the last later (at the row's end, or ↑ select it) · MsgHeartbeat commit 4: never past what the leader knows that node holds (0 to one it has not heard from yet) · ReadIndex: a heartbeat, or its answer, that a read (busy, not-found) waits on (ReadIndex again: the leader's regular heartbeat, which carries a read that still waits) · a node's lane: ┃ leading, ┊ cut off from the rest, ╎ down · a client's lane: ‖ paused (from its 'pauses' mark to its 'wakes')",
		legendReplication,
	}
	if m.lay.mode == modeCompact {
		// Its client rows mark no connected client (clientLine).
		for i, s := range legend {
			legend[i] = strings.Replace(s, "clients: ● connected · ", "clients: ", 1)
		}
		// The small layout's node table heads its columns with bare abbreviations (nc17-a:
		// the legend never said what c/a or ×1 meant).
		legend = slices.Insert(legend, 2, nodeRowsLegend)
		// It has no Network panel: its net line is read in nodeRowsLegend.
		legend = slices.DeleteFunc(legend, func(s string) bool { return strings.HasPrefix(s, "network: ") })
	}
	if m.keys.Twin.Enabled() {
		// An unsafe lesson's twin drops its switches; a safe one's turns on its unsafe lesson's;
		// otherwise the option Twin switches off.
		var off string
		if us := m.base.Header.Unsafe; len(us) > 0 {
			off = "without unsafe " + strings.Join(us, ", ")
		} else if sw := scenarios.UnsafeTwinSwitches(m.base.Name); len(sw) > 0 {
			off = "with unsafe " + strings.Join(sw, ", ") + " (the lesson " + scenarios.UnsafeTwinOf(m.base.Name) + "'s switch)"
		} else if opts := scenarios.Options(&m.base.Header.Config); len(opts) > 0 {
			off = "without its option " + opts[0]
			if m.keys.Twin.Help().Desc == "vs default rule" {
				_, name := scenarios.Twin(m.base)
				off += ", so with the default rule, " + name
			}
		}
		legend = append(legend, "C ("+m.keys.Twin.Help().Desc+"): this lesson beside its twin, the same script "+off+", in the compare view at this very instant (same seed) · esc or C comes back here")
	}
	if m.v.Config.Unsafe.LocalExpiry {
		legend = append(legend, "— deleted here (unsafe local-expiry): the node deleted the lock when its own countdown ended, with no Expire in the log")
	}
	if m.v.Config.Unsafe.ExpireIgnoresToken && m.deletedByShown() {
		// Only once a lock table shows it: before late-expire-unsafe's ask the entry told its
		// answer, that the late Expire deletes the next holder's lock (nc34-x).
		legend = append(legend, "— deleted by Expire #1 (unsafe expire-ignores-token; in a narrow column \"by Expire #1\" goes under it): an Expire naming token 1 deleted this key's lock; that Expire's Replication row says whose")
	}
	if m.v.Config.CheckQuorum && !m.v.Config.Unsafe.LeaseRead {
		// nc20-a: a passing check-quorum left no trace anywhere.
		// The period is the election timeout, as the lesson sets it: frozen-leader's is 3s, and
		// "every 1s" there read as a countdown gone wrong (nc37-d).
		period, apart := m.v.Config.ElectionTimeout().String(), "a whole second"
		if period != "1s" {
			apart = period
		}
		legend = slices.Insert(legend, 2, "check 0.8s ✓ (a leader's first line; in the small layout after its clock, ×1 check 0.8s ✓, or ×1 0.8s ✓ under the title 'clock check' where the keys need the row, and in compare's halves that have column titles): its next check-quorum, in 0.8s of its own clock; it counts down and starts over at each check, every election timeout ("+period+" here) of that clock, so two stops "+apart+" apart show the same value with a check between them; it counts on the leader's ticks, so while its process is frozen it stands still · #4 (none until its first check passes; after the check where its line has room, else at the end of the leader's clock line; in the small layout after the check where the locks leave room): the checks it has passed since it became leader, one each "+period+" of its clock, so those two stops read #3 and #4 · ✓ a majority answered it since its last check (or since it became leader), so that check passes · ✗ no majority yet: if still none by then, it steps down · heard 1 of 5 (net line, wide window): voters it heard since its last check, itself included (one that crashed since still counts until the next check: a leader sees no crash, only silence); 3 of 5 make ✓ (just elected: 1, not a failure); ISOLATED 5 of 5 before: a cut-off leader's count, the others heard before the cut · voted n1 (a follower, wide window): its vote this term, before n1's first append (then lead n1); no leader: it knows no leader this term and voted for none")
	}
	if m.v.Config.Unsafe.LeaseRead {
		// nc32-l: the node column's first line had no entry with lease-read on.
		legend = slices.Insert(legend, 2, "lease 1.9s ✓ (own lease in the small layout; unsafe lease-read), a leader's first line: how long by its own clock it may still answer reads with no quorum round if it hears from no one (its check-quorum) · ✓ a majority answered it since its last check, so that check passes and the lease runs one check period more · ✗ unconfirmed (the word on its net line; the small layout's cell: 0.8s ✗ unconfirmed): no majority has answered since its last check yet, not a failure: the lease ends at that check unless one does · voted n1 (a follower, wide window): its vote this term, before n1's first append (then lead n1: the leader it follows); no leader: it knows no leader this term and voted for none")
	}
	lines = append(lines, blank(w))
	cont = make([]bool, len(lines))
	for _, s := range legend {
		for i, l := range wrap(s, w-1, "  ") {
			lines = append(lines, st.faint.r(fit(" "+l, w)))
			cont = append(cont, i > 0)
		}
	}
	return lines, cont
}

// helpRoom is the rows the keys page gets on this layout (title included).
func (m *Model) helpRoom() int {
	return m.lay.narration.y - m.lay.coverY + m.helpLent()
}

// scrollHelp moves the keys page by d lines, within its length.
func (m *Model) scrollHelp(d int) {
	h := m.helpRoom()
	m.page.helpTop = min(max(m.page.helpTop+d, 0), max(0, len(m.helpBody(m.width, h))-max(1, h-1)))
}

// flowHelp writes every binding as "key desc", separated by dots, wrapped to w cells.
func (m *Model) flowHelp(w int) []string {
	st := m.st
	var out []string
	l := newLine(w)
	l.add(st.plain, " ")
	for _, g := range m.keys.FullHelp() {
		for _, b := range g {
			k, d := b.Help().Key, b.Help().Desc
			item := width(k) + 1 + width(d)
			if l.w > 1 && l.room() < item+3 {
				out = append(out, l.String())
				l = newLine(w)
				l.add(st.plain, " ")
			}
			if l.w > 1 {
				l.add(st.faint, " · ")
			}
			l.add(st.hkey, k)
			l.add(st.plain, " ")
			l.add(st.hdesc, d)
		}
	}
	return append(out, l.String())
}

// roleLegend is the legend's line of role symbols.
func roleLegend() string {
	parts := make([]string, len(cluster.Roles))
	for i, r := range cluster.Roles {
		parts[i] = r.Glyph() + " " + string(r)
	}
	// A removed node's title mark was in no legend line, and the clients' "⊘ disconnected" was
	// the only ⊘ explained (nc37-c, nc37-g).
	return "roles: " + strings.Join(parts, " · ") + " · " + cluster.RoleLeader.Glyph() + " " + oldLeaderWord + ": it still leads its term, but another node leads a later one (cut off, it has not heard) · before a node's name: ⊘ removed from the configuration (a membership change took it out: it counts in no majority) · ◇ learner (gets the log, has no vote)"
}

// headLegend is the legend's line for the header's marks, which shrink to a symbol where the
// line has no room for their words (at 80x24 the unsafe switch may be a bare ⚠: the legend
// names it). Its example of the step counter is the header's own, so they never disagree
// (nc15-c read "9/61" in the legend of a lesson of 62 steps).
func (m *Model) headLegend() string {
	s := "header: "
	if us := m.v.Config.Unsafe.Names(); len(us) > 0 {
		s += "⚠ unsafe: a safety check switched off for this run (here " + strings.Join(us, ", ") + ") · "
	}
	if opts := scenarios.Options(&m.v.Config); len(opts) > 0 {
		s += strings.Join(opts, ", ") + ": an option this run sets (?? glossary) · "
	}
	s += "‖ SCRIPT PAUSE, ‖ SCRIPT, ‖ = the script stopped (enter continues; space does not) · ‖ PAUSED = you paused (space) · ? PREDICT, ? = a question waits · ■ SCRIPT DONE, ■ DONE, ■ = the script ended · ▶ running · ✔ no violations · ✖ a violation's kind (+1: one more kind)"
	if m.v.ConfChanged {
		// The header's voter list, once a change made it differ from the start: nc37-e guessed
		// what "v n1-n6" meant.
		s += " · voters n1 n2 n6, v n1 n2 n6, v n1-n6 = the voters, once a membership change changed them from the start (n1-n6: n1 to n6; joint: the old voters and the new ones together, until leave-joint; ?? glossary: joint configuration)"
	}
	if !m.sim.sandbox {
		s += fmt.Sprintf(" · %d/%d = script step", m.sim.pc(), len(m.base.Steps))
	}
	// After ← past actions of the student's own, the header counts them (nc24-f: unexplained).
	return s + " · ⟲1 ahead, ⟲ rewound: 1 action(s) ahead = you rewound past 1 action of yours: kept and replayed as time passes it; a new action now drops it"
}

// nodeRowsLegend says what the small node table's bare column titles mean: the play view's
// small layout and compare's halves draw that table (its ? page leads with this line).
const nodeRowsLegend = "node rows: term · c/a = commit/applied: the last entry it knows is committed / the last it has applied · clock = its clock's speed and offset: ×1 true speed, ×1.5 runs fast, +200ms set ahead · net: ok, +400ms (its links delayed that much), drops, cut, side A (a partition), ISOLATED, down · the net line under the table: partitions, delays and N message(s) on the wire, sent and not yet arrived (: 20 heartbeat, 4 append: by kind; 7 other: messages of the kinds not named (no room for them); ?? glossary)"

// The keys page's legend lines that compare's keys page shows too (compare_keys.go).
var (
	legendLog         = "log: ✓ applied · ◆ committed, not applied (a DOWN node applies nothing: its lock table went with its memory) · ○ not committed (italic) · t3 = term 3 · not in that node's log: · none (a lone · where narrow) · every entry in the widest form all of them fit whole, with room for the Expire each Grant in view could get, released or not (so a name stays from stop to stop): Grant KEY LEASE CLIENT · Grant KEY LEASE · Grant KEY · G KEY LEASE · G KEY (G Grant, R Release, E Expire; the Replication panel has the rest)"
	legendLocks       = "locks: ████░░ countdown on the node's own clock · EXPIRED HERE = zero there, still held until a committed Expire (·no Expire comes on a removed node: it is sent no more entries) · — released/expired = deleted · the node has applied nothing for that key: · not yet · nor has it since it restored a snapshot a leader sent, which holds no lock on that key: · free in snap (or · free where narrow) (a snapshot holds the held locks, each with its lease length, and the next token; a key released before it is not in it)"
	legendClients     = "clients: ● connected · ⊘ disconnected (a client's ⊘; before a node's name ⊘ means removed, roles line) · ‖ paused→T: its code does not run until T, its clock does · N queued: commands waiting their turn (one request at a time); a paused one's say which comes first (write jobs #4 queued: decided before the pause, carrying token 4) · c2 c3 unused: not used yet · write #4 ✓ accepted at 2.140s: its last write's verdict and when, #4 the token it carried (token 4, not a count; (kept): a token it held no lock for, one it kept; just the mark while a request is out) (previous write: one before a queued write) · ⋯ a request waiting for its answer · waited 0.9s of 2s: how long, on its clock, since it first sent it (under a tenth of a second in ms: waited 17ms), of its request timeout (it gives up then) · +N: N locks more than its row shows"
	legendReplication = "replication: · not received · ○ appended · ◆ committed · ✓ applied (result) · s in snapshot: the node got it in a snapshot a leader sent (MsgSnap), so it never applied the entry itself · ↺ another entry holds that index there (this one was replaced, or never arrived) · ✖ down and lacks it (a node that is down marks what its log on disk holds ◆ or ○, as its column does) · a row per lock command, and one for each entry between that locks nothing (a new leader's empty entry, a configuration change) · ↑ N earlier: entries above; focus it (shift+tab) and ↑↓ to see them · last row, leader n1 tracks: …: while a follower lags (unheard since the leader's last check, which passes, acked below its last entry), or once the leader has compacted its log, while a follower needs entries it no longer holds or its snapshot is on its way, what the leader believes each follower holds (only a leader tracks it): acked N, the last entry it confirmed (raft's Match); sent to N, sent and counted as sent though unanswered (raft's Next is N + 1); snapshot N sent; probe, one append at a time"
)
