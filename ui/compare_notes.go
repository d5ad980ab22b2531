package ui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/fsm"
	"leaselab/scenarios"
)

// sideNotes are the one-line statements a half carries under its divergence line: what went
// wrong on it (its first violation, in plain words: the shared story is told for the other
// run, so nothing else points at this half's harm), and, once the other side's script ended,
// that this one plays on alone and what e does (it looked hung, with "not at a script pause").
func (m *CompareModel) sideNotes(i int) []string {
	var out []string
	if h := m.harm(i); h != "" {
		out = append(out, "✖ "+h)
		if n := m.nonLinWords(i); n != "" && m.v[i].Violations[0].Kind != cluster.NonLinearizable {
			// A second violation the story does not tell either (it is told for the other run):
			// lost-grant had its line, non-linearizable only the checker's sentence below.
			out = append(out, "✖ "+n)
		}
		if n := m.storyMissCount(i); n > 0 && m.width < sideBySideW && !m.endSaysMore() {
			// Stacked, the count of the story's checks that failed has no row of its own (below):
			// it ends the violation's line where it fits (late-expire --unsafe at 120x40 had lost it).
			// "↑ ↓": at 120x40 one of the two ✗ rows sat among the rows hidden between (the
			// newcomer read "results below" as both being there).
			if t := fmt.Sprintf("%s · ✗ %d of the story's checks did not hold (results below, ↑ ↓)", out[0], n); width(t) <= m.width-4 {
				out[0] = t
			}
		}
	}
	// Stacked, rows are few: a violation's plain line already says what went otherwise here,
	// and at 80x24 the narration keeps the rows (the node table leaves none for a note there).
	// (Not at the end, when the verdicts under the halves count them: the clients keep the rows.)
	if f := m.storyMiss(i); f != "" && !m.endSaysMore() && (m.width >= sideBySideW || len(out) == 0 && m.height >= 30) {
		out = append(out, f)
	}
	s, o := m.c.Sides[i], m.c.Sides[1-i]
	switch {
	case s.Verdict == nil && o.Verdict != nil:
		out = append(out, "▶ the other script ended; this run plays on alone to its own end · e plays both to their ends")
	case s.Verdict != nil && o.Verdict == nil:
		out = append(out, "■ this script ended; its world runs on (no more steps) beside the other run")
	}
	return out
}

// noteLines is side i's notes; side by side as many rows as the taller half's (the halves stay
// aligned).
func (m *CompareModel) noteLines(i, w int) []string { return m.noteLinesBut(i, w, "") }

// noteLinesBut is noteLines without side i's note but (its results show it).
func (m *CompareModel) noteLinesBut(i, w int, but string) []string {
	wrapped := func(j int) (ls []string, bad []bool) {
		for _, t := range m.sideNotes(j) {
			if j == i && but != "" && t == but {
				continue
			}
			for _, l := range wrap(t, w-2, "  ") { // each one whole
				ls, bad = append(ls, l), append(bad, strings.HasPrefix(t, "✖"))
			}
		}
		return ls, bad
	}
	ls, bad := wrapped(i)
	n := len(ls)
	if m.width >= sideBySideW {
		a, _ := wrapped(1 - i)
		n = max(n, len(a))
	}
	out := make([]string, 0, n)
	for j, t := range ls {
		st := m.st.warn
		if bad[j] {
			st = m.st.bad
		}
		out = append(out, st.r(fit(" "+t, w)))
	}
	for len(out) < n {
		out = append(out, blank(w))
	}
	return out
}

// harm is what side i's first violation did, in plain words, from what the half shows: a
// client that believes it holds a lock the nodes no longer hold, or two clients that believe
// they hold the same key; otherwise the violation's own text. "" without a violation.
func (m *CompareModel) harm(i int) string {
	v := &m.v[i]
	if len(v.Violations) == 0 {
		return ""
	}
	holders := map[string][]string{}
	for _, c := range v.Clients {
		for _, h := range c.Holds {
			if h.Left <= 0 {
				continue
			}
			holders[h.Key] = append(holders[h.Key], c.Name)
			var gone []string
			up := 0
			for j := range v.Nodes {
				nd := &v.Nodes[j]
				if !nd.Up {
					continue
				}
				up++
				if !holdsLock(nd, h.Key, h.Token) {
					gone = append(gone, fmt.Sprintf("n%d", nd.ID))
				}
			}
			if len(gone) == 0 {
				continue
			}
			m.harmSaid[i] = harmNote{v.Violations[0].At, fmt.Sprintf("%s went on believing it held %s #%d after the nodes had deleted it", c.Name, h.Key, h.Token)}
			if len(gone) == up {
				if o := m.grantedSince(i, c.Name, h.Key, up); o != "" {
					// The harm itself: the key is another client's now (late-expire --unsafe
					// at 5.960s, c3 granted token 3: nc21-g asked what the lost lock breaks).
					return fmt.Sprintf("%s believes it holds %s #%d; every node has deleted it, and %s", c.Name, h.Key, h.Token, o)
				}
				return fmt.Sprintf("%s believes it holds %s #%d; every node has deleted it", c.Name, h.Key, h.Token)
			}
			return fmt.Sprintf("%s believes it holds %s #%d; %s no longer has it", c.Name, h.Key, h.Token, strings.Join(gone, ", "))
		}
	}
	for _, c := range v.Clients { // in the clients' order, not the map's
		for _, h := range c.Holds {
			if names := holders[h.Key]; len(names) > 1 {
				return fmt.Sprintf("%s all believe they hold %s at once", strings.Join(names, " and "), h.Key)
			}
		}
	}
	first := v.Violations[0]
	if said := m.harmSaid[i]; said.at == first.At && said.past != "" {
		return said.past // the client's own clock has since let go: what it did stays said
	}
	if first.Kind == cluster.NonLinearizable {
		return m.nonLinWords(i)
	}
	return cut(first.Kind.String()+": "+first.Text, 200) // read whole in the results below
}

// grantedSince is, on side i, another client than name that holds key with a token every one of
// the up nodes holds ("c3 holds #3"), "" when none does.
func (m *CompareModel) grantedSince(i int, name, key string, up int) string {
	v := &m.v[i]
	for _, c := range v.Clients {
		if c.Name == name {
			continue
		}
		for _, h := range c.Holds {
			if h.Key != key || h.Left <= 0 {
				continue
			}
			n := 0
			for j := range v.Nodes {
				if v.Nodes[j].Up && holdsLock(&v.Nodes[j], key, h.Token) {
					n++
				}
			}
			if n == up {
				return fmt.Sprintf("%s holds #%d", c.Name, h.Token)
			}
		}
	}
	return ""
}

// nonLinWords is side i's non-linearizable violation in plain words, from what its Replication
// panel shows: two Expires of one token that both answered existed:true, though a lock is freed
// once (and the Grant between them, when there is one). Otherwise it says what the word means
// and where the checker names the operations. "" without the violation.
func (m *CompareModel) nonLinWords(i int) string {
	v := &m.v[i]
	found := false
	for _, x := range v.Violations {
		found = found || x.Kind == cluster.NonLinearizable
	}
	if !found {
		return ""
	}
	ps := v.Proposals
	if a, b, c := freedTwice(ps); a >= 0 {
		between := ""
		if c >= 0 {
			r, _ := appliedResult(&ps[c])
			between = fmt.Sprintf(" (%s's Grant between them is #%d)", ps[c].Origin.Client, r.Token)
		}
		// The word first, then what it means in plain words, then which answers no order fits:
		// a 120x40 newcomer read "both answered existed:true, yet #1 can be freed only once" and
		// still could not say what non-linearizable means.
		long := fmt.Sprintf("non-linearizable: no one-at-a-time order fits the answers: entries %d and %d both answered existed:true, but %s%s",
			ps[a].Index, ps[b].Index, m.nonLinWhy(i), between)
		if m.width >= sideBySideW {
			return long
		}
		// Stacked, in one row (at 120x40 its second row was the unsafe half's Replication).
		t := ps[a].Cmd.Token
		return firstFit(m.width-6, long,
			fmt.Sprintf("non-linearizable: no one-at-a-time order fits the answers: entries %d and %d both said they freed #%d, held only once", ps[a].Index, ps[b].Index, t),
			fmt.Sprintf("non-linearizable: no one-at-a-time order fits: %d and %d both freed #%d", ps[a].Index, ps[b].Index, t))
	}
	return "non-linearizable: no order of the clients' operations fits the answers they got (the VIOLATION row below names them; ?? glossary)"
}

// freedTwice finds two applied Expires of one key and token that both answered existed:true
// (each says it freed the lock), and the last Grant of that key applied between them: their
// indexes in ps, a -1 when there are none, c -1 without a Grant.
func freedTwice(ps []cluster.ProposalView) (a, b, c int) {
	freed := func(p *cluster.ProposalView) bool {
		r, _ := appliedResult(p)
		return p.Cmd.Kind == fsm.Expire && r != nil && r.Kind == fsm.Expired && r.Existed
	}
	for a := range ps {
		if !freed(&ps[a]) {
			continue
		}
		for b := a + 1; b < len(ps); b++ {
			if !freed(&ps[b]) || ps[b].Cmd.Key != ps[a].Cmd.Key || ps[b].Cmd.Token != ps[a].Cmd.Token {
				continue
			}
			c := -1
			for x := a + 1; x < b; x++ {
				if r, _ := appliedResult(&ps[x]); ps[x].Cmd.Kind == fsm.Grant && ps[x].Cmd.Key == ps[a].Cmd.Key && r != nil && r.Kind == fsm.Granted {
					c = x
				}
			}
			return a, b, c
		}
	}
	return -1, -1, -1
}

// nonLinWhyStacked is nonLinWhy where the verdicts say it: stacked, where the half's ✖ line has
// one row for the entries (side by side its long form says why, in the half).
func (m *CompareModel) nonLinWhyStacked(i int) string {
	if m.width >= sideBySideW {
		return ""
	}
	return m.nonLinWhy(i)
}

// nonLinWhy is why no order fits side i's answers, in one plain sentence, when two Expires both
// said they freed one token: a newcomer could repeat "both said they freed #1" but not say why
// no order of the three operations explains it. "" otherwise.
func (m *CompareModel) nonLinWhy(i int) string {
	ps := m.v[i].Proposals
	a, _, _ := freedTwice(ps)
	if a < 0 {
		return ""
	}
	t := ps[a].Cmd.Token
	return fmt.Sprintf("freeing #%d twice needs #%d held again in between, and nothing re-granted #%d", t, t, t)
}

// harmNote is a side's harm as said while it showed, kept for after it stops showing (the
// client's lease runs out on its own clock), with the first violation's instant it is about.
type harmNote struct {
	at   time.Duration
	past string
}

// holdsLock says whether node nd's lock table holds key with token.
func holdsLock(nd *cluster.NodeView, key string, token uint64) bool {
	for _, l := range nd.Locks {
		if l.Key == key && l.Token == token {
			return true
		}
	}
	return false
}

// storyMiss is, on the half whose run is not the story's (a shared script's side 1), the
// latest of the story's checks that did not hold there, in plain words: the narration tells
// the other run, and this is where this one's story goes otherwise, as it happens. "" on the
// story's own half, or while every check held.
func (m *CompareModel) storyMiss(i int) string {
	if i != 1 || m.storyOf() == "" {
		return ""
	}
	fs := m.c.StepFailures(1)
	if len(fs) == 0 {
		return ""
	}
	counted := m.storyMissCount(i)
	at, text := storyMissTextKA(fs[len(fs)-1], sendsKeepalives(m.c.Sides[1].Scenario))
	if m.width >= sideBySideW {
		// Each one is listed among the half's results at its instant; here, how many so far,
		// and when: at the end 3 of 6 showed, and nothing said the others were 5.253s's.
		var when []string
		for j := 0; j < len(fs); {
			k, n := j, 0
			for ; k < len(fs) && fs[k].At == fs[j].At; k++ {
				if fs[k].Late == 0 {
					n++
				}
			}
			if n > 0 {
				when = append(when, fmt.Sprintf("%d at %s", n, simTime(fs[j].At)))
			}
			j = k
		}
		at := "at " + strings.TrimPrefix(strings.Join(when, ", "), fmt.Sprintf("%d at ", counted)) // one instant: "(at 5.253s)"
		if len(when) > 1 {
			at = strings.Join(when, ", ")
		}
		// Where they are, in words a newcomer can act on: "counted in their rule where
		// hidden" was not understood (nc31-c); the results' title says where each hidden one is.
		return fmt.Sprintf("✗ %d of the story's checks did not hold here (%s): each is a ✗ row in the results below (their title counts those out of view)", counted, at)
	}
	if counted > 1 {
		// How many failed, said as such: "(5 of the story's checks so far)" read as the 5th
		// check, or as 5 that held (nc22-c).
		// And where: one ✗ row here stood for 2 (nc25-m); each is a ✗ row among the results,
		// counted in their rule while scrolled out of view.
		// Whose checks: "(3 checks failed here so far)" on racing-acquires-unsafe's safe half
		// read as the safe run failing (nc34-c); they are the story's, not holding on this run.
		if m.missNoRoom {
			text += fmt.Sprintf(" (%d of the %s checks don't hold here so far; no room for their ✗ rows)", counted, m.storyChecks())
		} else {
			text += fmt.Sprintf(" (%d of the %s checks don't hold here so far: the ✗ rows in the results)", counted, m.storyChecks())
		}
	}
	return fmt.Sprintf("✗ %s %s", at, strings.TrimPrefix(text, "✗ "))
}

// storyChecks is whose checks a half's ✗ note counts: "unsafe story's" where the story's run
// is named safe or unsafe, else "story's".
func (m *CompareModel) storyChecks() string {
	if w, _, _ := strings.Cut(m.storyOf(), ":"); w == "safe" || w == "unsafe" {
		return w + " story's"
	}
	return "story's"
}

// storyMissCount is how many of the story's checks did not hold on side i so far (those that
// held a few ms late are timing, not counted).
func (m *CompareModel) storyMissCount(i int) int {
	if i != 1 || m.storyOf() == "" {
		return 0
	}
	counted := 0
	for _, f := range m.c.StepFailures(1) {
		if f.Late == 0 {
			counted++
		}
	}
	return counted
}

// storyMissText is one story check that did not hold on the other run: its instant, and what
// the story has and what is here instead (one node's finding, and how many more).
func storyMissText(f scenarios.Failure) (at, text string) { return storyMissTextKA(f, true) }

// storyMissTextKA is storyMissText for a run whose clients send keepalives or not: without
// any, the reply needs no word on keepalives' answers (late-expire's c3 row wrapped to two
// rows for it, and was cut at "(the a…" at its stop: nc24-g2).
func storyMissTextKA(f scenarios.Failure, keepalives bool) (at, text string) {
	what := strings.TrimPrefix(strings.TrimPrefix(f.Step, "wait-until "), "expect ")
	if j := strings.LastIndex(what, " within "); j > 0 {
		what = what[:j]
	}
	every, here := false, "here: "
	if rest, ok := strings.CutPrefix(what, "all "); ok {
		// "the story has all history orders …" read as script language: say whose, set off
		// from the check ("the story has on every node history orders …" did not parse as a
		// sentence for nc24-m2).
		what, every = "on every node: "+rest, true
	}
	found := cluster.LostGrantScreen(f.Found)
	if parts := strings.Split(found, "; "); len(parts) > 1 {
		found = fmt.Sprintf("%s (and %d more nodes)", parts[0], len(parts)-1)
		if same, ok := sameOnEveryNode(parts); ok && every {
			found = same // "n1 … (and 4 more nodes)" hid that all five read so
			here = "here, on every node: "
		}
	}
	if f := strings.Fields(what); keepalives && len(f) >= 2 && f[1] == "reply" && !strings.HasSuffix(found, "(none yet)") && !strings.Contains(found, " (its ") {
		// (A check that found the client heard more since says so itself: scenarios' eval.)
		// "here: c1 reply granted token 1" beside the timeline's later "c1 gets not-found" (a
		// background keepalive's answer) read as wrong: say which reply is compared.
		found += " (the answer to its latest request; background keepalives' answers aside)"
	}
	// "history orders Granted{token:3}" is script language: a newcomer had to guess it meant
	// the results applied for the key (nc25-m), the Replication panel's "result" column.
	if rs, ok := sameKeyResults(what, found); ok {
		// "…'orders' Granted{token:3}; here, on every node: results applied for 'orders'
		// Granted{token:3} GrantRejected" took a newcomer two readings (nc27-m): beside the
		// story's list for the same key, say only the results, in order.
		found = rs
	}
	what, found = plainHistory(what), plainHistory(found)
	what, found = plainLeader(what, false), plainLeader(found, true)
	if f.Late > 0 {
		return simTime(f.At), fmt.Sprintf("✗ the story has %s; %s%s, and %s later it held (timing, not the difference: not counted)", what, here, found, f.Late.Round(time.Millisecond))
	}
	return simTime(f.At), fmt.Sprintf("✗ the story has %s; %s%s", what, here, found)
}

// historyWord is a history check's "history KEY " as scenarios' eval words it.
var historyWord = regexp.MustCompile(`\bhistory (\S+) `)

// plainHistory says a history check in plain words: "history orders Granted{token:3}" is
// "results applied for 'orders' Granted{token:3}".
func plainHistory(s string) string {
	return historyWord.ReplaceAllString(s, "results applied for '$1' ")
}

// leaderCheck is a leader check as scenarios words it: "not leader n1", "leader none".
var leaderCheck = regexp.MustCompile(`^(not )?leader (n\d+|none)$`)

// plainLeader says a leader check in words: "the story has not leader n1; here: leader n1"
// did not parse for a newcomer (nc30-d, lease-read-unsafe's compare at 3.331s).
func plainLeader(s string, found bool) string {
	m := leaderCheck.FindStringSubmatch(s)
	switch {
	case m == nil:
		return s
	case found && m[2] != "none":
		return m[2] + " leads"
	case m[2] == "none" && m[1] != "":
		return "a leader"
	case m[2] == "none":
		return "no leader"
	case m[1] != "":
		return m[2] + " no longer the leader"
	}
	return m[2] + " the leader"
}

// sameKeyResults is found ("history orders Granted{token:3} GrantRejected") as the results
// alone, in order ("Granted{token:3}, then GrantRejected"), when what checks the same key's
// history.
func sameKeyResults(what, found string) (string, bool) {
	m := historyWord.FindString(found)
	if m == "" || !strings.HasPrefix(found, m) || !strings.Contains(what, m) {
		return "", false
	}
	return strings.Join(strings.Fields(found[len(m):]), ", then "), true
}

// sameOnEveryNode is what each of parts ("n1 history orders …") finds, when every node finds
// the same.
func sameOnEveryNode(parts []string) (string, bool) {
	var same string
	for j, p := range parts {
		name, rest, ok := strings.Cut(p, " ")
		if !ok || !strings.HasPrefix(name, "n") || j > 0 && rest != same {
			return "", false
		}
		same = rest
	}
	return same, true
}

// sayInCompare is a `say` as compare shows it: a sentence that sends the reader to the very
// comparison on screen ("leaselab compare lock-delay --without lock-delay puts the two runs side
// by side.") is what the play version says; here it points at the other half. So does one that
// sends the reader here by play's compare key ("Press C to see keep's run beside this one").
func sayInCompare(t string) string {
	i := strings.Index(t, "leaselab compare ")
	if j := strings.Index(t, "Press C "); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	if i < 0 {
		return t // "?? glossary": compare's ? is the keys page, ? again the glossary, as in play
	}
	start := strings.LastIndex(t[:i], ". ")
	if start < 0 {
		start = 0
	} else {
		start += 2
	}
	end := len(t)
	if j := strings.Index(t[i:], ". "); j >= 0 {
		end = i + j + 2
	}
	rest := strings.TrimSpace(t[:start] + t[end:])
	if rest == "" {
		return "The two halves of this screen are the two runs."
	}
	return rest + " The other half of this screen is that run."
}

// sayHere is a say as this comparison shows it (sayInCompare), and a pointer to the
// lesson the other half plays ("the lesson late-expire-unsafe plays that run", said under the
// very run it names) points at that half.
func (m *CompareModel) sayHere(t string) string {
	t = sayInCompare(t)
	for {
		i := strings.Index(t, "the lesson ")
		if i < 0 {
			return t
		}
		name := t[i+len("the lesson "):]
		if j := strings.IndexFunc(name, func(r rune) bool { return r != '-' && (r < 'a' || r > 'z') }); j >= 0 {
			name = name[:j]
		}
		if !m.otherHalfIs(name) {
			return t
		}
		phrase := "the lesson " + name
		if strings.HasPrefix(t[i:], phrase+" plays that run") {
			phrase += " plays that run"
			t = t[:i] + "the other half of this screen is that run" + t[i+len(phrase):]
			continue
		}
		t = t[:i] + "the other half of this screen" + t[i+len(phrase):]
	}
}

// otherHalfIs says whether the lesson name plays the run of the comparison's second half: it is
// that half's scenario, or (compare A --unsafe SWITCH) A's twin with exactly that half's switches.
func (m *CompareModel) otherHalfIs(name string) bool {
	a, b := m.c.Sides[0].Scenario, m.c.Sides[1].Scenario
	if name == "" || name == a.Name {
		return false
	}
	if name == b.Name {
		return true
	}
	if b.Name != a.Name || len(b.Header.Unsafe) == 0 || !strings.HasPrefix(name, a.Name+"-") {
		return false
	}
	s, err := scenarios.Load(name)
	if err != nil {
		return false
	}
	u, v := slices.Clone(s.Header.Unsafe), slices.Clone(b.Header.Unsafe)
	slices.Sort(u)
	slices.Sort(v)
	return slices.Equal(u, v)
}

// boughtLines says, at the end of a shared script's comparison, what the switch or option
// changed for the clients: each client's first answer that differs between the runs. A run
// without an option can break no rule (violations: none) and still cost a client its lock;
// "9 of 9 don't hold here" said only that the story's checks were the other run's.
func (m *CompareModel) boughtLines(w int) []narrLine {
	if m.storyOf() == "" {
		return nil
	}
	diffs := m.c.ClientDiffs()
	a, b := m.c.Sides[0].Label, m.c.Sides[1].Label
	sa, sb := strings.SplitN(a, ":", 2)[0], strings.SplitN(b, ":", 2)[0]
	head := "what the clients were told otherwise (each one's first different answer):"
	if opt, ok := strings.CutPrefix(a, "with "); ok && strings.HasPrefix(b, "without ") {
		sa, sb = "with it", "without it"
		head = fmt.Sprintf("what %s bought, in what the clients were told (each one's first different answer):", opt)
		if len(m.c.Sides[1].Verdict.Violations) == 0 {
			head = fmt.Sprintf("what %s bought: no checker finds a violation without it, but the clients are told otherwise (each one's first different answer):", opt)
		}
		if len(diffs) == 0 {
			head = fmt.Sprintf("%s changed nothing any client was told", opt)
		}
	} else if len(diffs) == 0 {
		return nil // the half's plain line says what went otherwise there
	}
	var out []narrLine
	add := func(t string, k int) {
		for _, l := range wrap(t, w-2, "    ") {
			out = append(out, narrLine{l, k})
		}
	}
	add(head, narrNote)
	for _, d := range diffs {
		ta, tb := "nothing", "nothing"
		if d.AOK {
			ta = fmt.Sprintf("%s at %s", d.A, simTime(d.AtA))
		}
		if d.BOK {
			tb = fmt.Sprintf("%s at %s", d.B, simTime(d.AtB))
		}
		line := fmt.Sprintf("  %s %s: %s; %s: %s", d.Client, sa, ta, sb, tb)
		if d.Before != "" {
			// Their last answer alike ("(after granted orders from n1 (token 1) at 0.040s)" read
			// as part of the different answer: round 6).
			before := fmt.Sprintf(" (the answer before, alike in both runs: %s at %s)", strings.TrimPrefix(d.Before, "gets "), simTime(d.BeforeAt))
			if m.width >= sideBySideW || len(wrap(line+before, w-2, "    ")) == len(wrap(line, w-2, "    ")) {
				line += before
			}
			// (Stacked, not at the cost of a row: at late-expire --unsafe's end, 120x40, c2's
			// took the row the unsafe half's kept violation needed to read whole, and the
			// client's line shows that answer.)
		}
		add(line, narrFail)
	}
	if strings.HasPrefix(head, "what ") && len(m.c.Sides[1].Verdict.Violations) == 0 && len(m.c.Sides[0].Verdict.Violations) == 0 && len(diffs) > 0 {
		// Why none, after the answers (they come first where rows are few): a student who saw
		// an old holder act late asked why no checker counts it (newcomer round 6). Not where
		// the first half has one: beside it the safe half's none needs no why, and its words
		// (writes, fencing, not-found) read as about a run they fit nothing in (nc32-l).
		// "why none:" took a second reading to be the half's "violations: none" (nc32-a).
		who := "the " + sb + " run"
		if sb == "without it" {
			who = "the run without it"
		}
		add("  why "+who+" finds no violation: the checkers catch a Grant over a held key, a write below a token the resource has seen, a lock ended by no release or expiry, answers no order fits. A late write whose token is still the highest seen passes fencing; a client told not-found was told the truth.", narrNote)
	}
	return out
}

// nonLinNote follows a verdict's violations when non-linearizable is among them: the word is
// the checker's, the half's violation line says what it found ("no order fits these 3
// operations"), and the glossary explains the word. Its instant is the history check's, which
// runs only when a script step checks for violations and at the run's end: "stamped when found,
// once its operations completed" left a student asking why 5.860s when they ended by 5.253s.
func nonLinNote(v *scenarios.Verdict, vs []cluster.Violation, why string) string {
	if !slices.Contains(v.Violations, cluster.NonLinearizable) {
		return ""
	}
	head := "non-linearizable: "
	if why != "" {
		// Why no order fits, in plain words, before where the word is explained: a newcomer
		// could repeat "both said they freed #1" but not say why no order fits (nc20-g).
		head = "no order fits: " + why + "; "
	}
	for _, x := range vs {
		if x.Kind != cluster.NonLinearizable {
			continue
		}
		if why != "" { // (in the rows the verdicts had: the halves keep theirs)
			return fmt.Sprintf(" (?? glossary; %sfound at %s: the history is checked only at violation checks and the end)", head, simTime(x.At))
		}
		return fmt.Sprintf(" (%s?? glossary; found at %s: the clients' history is checked only when a script step checks for violations and at the run's end, not as answers come)", head, simTime(x.At))
	}
	return " (" + head + "?? glossary; the clients' history is checked only when a script step checks for violations and at the end)"
}

// sendsKeepalives says whether any client of s sends a keepalive.
func sendsKeepalives(s *scenarios.Scenario) bool {
	for _, st := range s.Steps {
		if st.Kind == scenarios.StepKeepalive {
			return true
		}
	}
	return false
}
