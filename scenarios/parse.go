package scenarios

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/fsm"
)

// DefaultWithin is how long wait-until waits when the step gives no `within`.
const DefaultWithin = 10 * time.Second

// Diag is one error in a scenario file.
type Diag struct {
	Pos Pos
	Msg string
}

func (d Diag) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", d.Pos.File, d.Pos.Line, d.Pos.Col, d.Msg)
}

// ParseError lists every error found in a file, in line order.
type ParseError struct {
	Diags []Diag
}

// MaxDiags is how many diagnostics an error prints; the rest are counted.
const MaxDiags = 50

func (e *ParseError) Error() string {
	n := min(len(e.Diags), MaxDiags)
	lines := make([]string, n, n+1)
	for i, d := range e.Diags[:n] {
		lines[i] = d.String()
	}
	if more := len(e.Diags) - n; more > 0 {
		lines = append(lines, fmt.Sprintf("… and %d more errors", more))
	}
	return strings.Join(lines, "\n")
}

// Parse reads a scenario file. On error it returns a nil scenario and a *ParseError with one
// diagnostic per bad line (a bad line is skipped and parsing goes on, to report them all).
func Parse(file string, src []byte) (*Scenario, error) {
	p := &parser{
		file:    file,
		s:       &Scenario{File: file, Name: scenarioName(file), Header: DefaultHeader()},
		seen:    map[string]Pos{},
		clients: map[string]bool{},
	}
	text := strings.TrimPrefix(string(src), "\uFEFF") // a byte-order mark some editors write
	// At most one step a line: room for all of them at once, so a big file's steps are never
	// copied to grow (growing held up to three times their size at once).
	p.s.Steps = make([]Step, 0, strings.Count(text, "\n")+1)
	i := -1
	for text := range strings.SplitSeq(text, "\n") { // no slice of every line: files can be big
		i++
		ws, lerr := lexLine(strings.TrimSuffix(text, "\r"))
		switch {
		case lerr != nil:
			p.diags = append(p.diags, Diag{Pos{file, i + 1, lerr.col}, lerr.msg})
		case len(ws) > 0:
			p.parseLine(i+1, ws)
		}
	}
	p.checkHeader()
	if len(p.diags) > 0 {
		return nil, &ParseError{Diags: p.diags}
	}
	if len(p.s.Steps) == 0 {
		p.s.Steps = nil // a header-only file, as before the room was made
	} else if cap(p.s.Steps) > len(p.s.Steps)+len(p.s.Steps)/8 {
		p.s.Steps = slices.Clone(p.s.Steps) // comments and headers left room: give it back
	}
	if !p.s.Header.Set["title"] {
		p.s.Header.Title = p.s.Name
	}
	return p.s, nil
}

func scenarioName(file string) string {
	if file == "" {
		return ""
	}
	return strings.TrimSuffix(filepath.Base(file), ".scenario")
}

type parser struct {
	file      string
	s         *Scenario
	diags     []Diag
	firstStep int            // line of the first step; 0 before it
	seen      map[string]Pos // header keys given, at their value's position
	clients   map[string]bool
	grown     int // the highest node a membership step named so far (member.go)
}

// line parses the words of one line; its methods panic with a failure, which parseLine records.
type line struct {
	p  *parser
	n  int
	ws []word
	i  int
}

type failure struct {
	col int
	msg string
}

func (p *parser) parseLine(n int, ws []word) {
	l := &line{p: p, n: n, ws: ws}
	defer func() {
		if r := recover(); r != nil {
			f, ok := r.(failure)
			if !ok {
				panic(r)
			}
			p.diags = append(p.diags, Diag{Pos{p.file, n, f.col}, f.msg})
		}
	}()
	first := ws[0]
	if headerWords[first.text] && !first.quoted {
		if p.firstStep > 0 {
			l.fail(first.col, "header line %q after the first step (line %d)", first.text, p.firstStep)
		}
		l.i = 1
		l.header(first)
		return
	}
	if p.firstStep == 0 {
		p.firstStep = n
	}
	st := l.step()
	l.done()
	p.s.Steps = append(p.s.Steps, st)
}

// fail ends the line with an error; the words it quotes (%q) are shortened, so a megabyte of
// garbage is not echoed whole.
func (l *line) fail(col int, format string, args ...any) {
	arg := 0
	for i := 0; i+1 < len(format) && arg < len(args); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		if format[i] == '%' {
			continue
		}
		if s, ok := args[arg].(string); ok && format[i] == 'q' {
			args[arg] = shorten(s)
		}
		arg++
	}
	panic(failure{col, fmt.Sprintf(format, args...)})
}

func (l *line) pos(col int) Pos { return Pos{l.p.file, l.n, col} }

// next takes the next word, which must be bare; what names it in errors ("missing lease after key").
func (l *line) next(what string) word {
	if l.i >= len(l.ws) {
		l.fail(l.ws[len(l.ws)-1].end, "missing %s", what)
	}
	w := l.ws[l.i]
	l.i++
	if w.quoted {
		l.fail(w.col, "expected %s, found quoted string %q", what, w.text)
	}
	return w
}

// nextText takes the next word, bare or quoted.
func (l *line) nextText(what string) word {
	if l.i >= len(l.ws) {
		l.fail(l.ws[len(l.ws)-1].end, "missing %s", what)
	}
	l.i++
	return l.ws[l.i-1]
}

// peekIs says whether the next word is the bare word s.
func (l *line) peekIs(s string) bool {
	return l.i < len(l.ws) && !l.ws[l.i].quoted && l.ws[l.i].text == s
}

func (l *line) done() {
	if l.i < len(l.ws) {
		w := l.ws[l.i]
		l.fail(w.col, "too many words: %q", w.text)
	}
}

// restText joins the rest of the line: one quoted word, or bare words joined by single spaces.
func (l *line) restText(what string) string {
	w := l.nextText(what)
	if w.quoted {
		if w.text == "" {
			l.fail(w.col, "empty %s", what)
		}
		return w.text
	}
	parts := []string{w.text}
	for ; l.i < len(l.ws); l.i++ {
		parts = append(parts, l.ws[l.i].text)
	}
	return strings.Join(parts, " ")
}

var headerWords = map[string]bool{
	"title": true, "seed": true, "nodes": true, "tick": true, "election": true,
	"heartbeat": true, "latency": true, "option": true, "unsafe": true,
}

var options = []string{"check-quorum", "pre-vote", "lease-extend-on-promote", "snapshot-every", "held-keys",
	"lease-on-promote", "lease-checkpoint", "keepalive", "client-timeout", "lock-delay"}

// optionDur reads an option's duration (what names it in errors) in 1ms to 1000h.
func (l *line) optionDur(what, name string) time.Duration {
	d := l.duration(what, true)
	if w := l.ws[l.i-1]; d < cluster.MinTick || d > cluster.MaxDuration {
		l.fail(w.col, "%s must be %s to %s, found %s", name, shortDur(cluster.MinTick), shortDur(cluster.MaxDuration), w.text)
	}
	return d
}

// header parses the rest of a header line; kw is its first word.
func (l *line) header(kw word) {
	h := &l.p.s.Header
	key := kw.text
	var name word
	switch kw.text {
	case "option":
		name = l.next("option name")
		l.i--
		l.oneOf("option", options...)
		key = "option " + name.text
	case "unsafe":
		name = l.next("unsafe name")
		l.i--
		l.oneOf("unsafe name", UnsafeNames...)
		key = "unsafe " + name.text
	}
	if first, dup := l.p.seen[key]; dup {
		l.fail(kw.col, "duplicate header line %q (first on line %d)", key, first.Line)
	}
	valueCol := kw.end + 1
	if l.i < len(l.ws) {
		valueCol = l.ws[l.i].col
	}
	switch kw.text {
	case "title":
		h.Title = l.restText("title text")
	case "seed":
		h.Seed = l.uint("seed")
	case "nodes":
		h.Nodes = 9 // while unparsed, so that a bad count does not also fail every node word below
		h.Nodes = l.intIn("nodes", 3, 9)
	case "tick":
		h.Tick = l.duration("tick", true)
		if h.Tick < cluster.MinTick || h.Tick > cluster.MaxTick {
			l.fail(valueCol, "tick must be %s to %s, found %s", shortDur(cluster.MinTick), shortDur(cluster.MaxTick), l.ws[l.i-1].text)
		}
	case "election":
		h.Election = l.intIn("election", 1, cluster.MaxTicks)
	case "heartbeat":
		h.Heartbeat = l.intIn("heartbeat", 1, cluster.MaxTicks)
	case "latency":
		h.LatencyMin, h.LatencyMax = l.latency()
	case "option":
		l.option(name.text)
	case "unsafe":
		h.Unsafe = append(h.Unsafe, name.text)
		h.Set["unsafe"] = true
	}
	l.done()
	l.p.seen[key] = l.pos(valueCol)
	h.Set[key] = true
}

// latency reads D-D, or one D meaning D-D.
func (l *line) latency() (time.Duration, time.Duration) {
	w := l.next("latency range like 2ms-8ms")
	if strings.HasPrefix(w.text, "-") {
		l.fail(w.col, "latency must not be negative, found %s", w.text)
	}
	lo, hi, ranged := strings.Cut(w.text, "-")
	if !ranged {
		hi = lo
	}
	min := l.durationOf(word{text: lo, col: w.col})
	max := l.durationOf(word{text: hi, col: w.col + len(lo) + 1})
	if min > max {
		l.fail(w.col, "latency minimum %s is above its maximum %s", min, max)
	}
	return min, max
}

func (l *line) option(name string) {
	h := &l.p.s.Header
	if name == "snapshot-every" {
		h.SnapshotEvery = l.intIn("snapshot-every", 0, maxInt)
		return
	}
	if name == "lease-on-promote" {
		if _, dup := l.p.seen["option lease-extend-on-promote"]; dup {
			l.fail(l.ws[0].col, "option lease-on-promote and its old name lease-extend-on-promote are one setting: give one")
		}
		rule := l.oneOf("lease-on-promote rule", cluster.PromoteRuleNames...)
		h.LeaseOnPromote = cluster.PromoteRule(slices.Index(cluster.PromoteRuleNames, rule))
		return
	}
	if name == "keepalive" {
		rule := l.oneOf("keepalive rule", cluster.KeepaliveRuleNames...)
		h.Keepalive = cluster.KeepaliveRule(slices.Index(cluster.KeepaliveRuleNames, rule))
		return
	}
	if name == "lease-checkpoint" {
		h.LeaseCheckpoint = l.optionDur("lease-checkpoint interval", name)
		return
	}
	if name == "lock-delay" {
		h.LockDelay = l.optionDur(name, name)
		return
	}
	if name == "client-timeout" {
		h.ClientTimeout = l.timeout("client-timeout")
		return
	}
	if name == "held-keys" {
		h.HeldKeys = l.intIn("held-keys", 0, cluster.MaxHeldKeys)
		if l.i < len(l.ws) {
			w := l.ws[l.i]
			h.HeldLease = l.duration("held-keys lease", true)
			if h.HeldLease > cluster.MaxDuration {
				l.fail(w.col, "held-keys lease must be at most %s, found %s", shortDur(cluster.MaxDuration), w.text)
			}
		}
		return
	}
	on := l.oneOf("option value", "on", "off") == "on"
	switch name {
	case "check-quorum":
		h.CheckQuorum = on
	case "pre-vote":
		h.PreVote = on
	case "lease-extend-on-promote": // the old name of lease-on-promote extend (off: keep)
		if _, dup := l.p.seen["option lease-on-promote"]; dup {
			l.fail(l.ws[0].col, "option lease-on-promote and its old name lease-extend-on-promote are one setting: give one")
		}
		h.LeaseOnPromote = cluster.PromoteKeep
		if on {
			h.LeaseOnPromote = cluster.PromoteExtend
		}
	}
}

// checkHeader checks what spans header lines, once they are all read.
func (p *parser) checkHeader() {
	p.checkLeaseRead()
	h := p.s.Header
	if h.Election > h.Heartbeat {
		return
	}
	at, ok := p.seen["election"]
	if hb, hok := p.seen["heartbeat"]; hok && (!ok || hb.Line > at.Line) {
		at, ok = hb, true
	}
	if ok {
		p.diags = append(p.diags, Diag{at, fmt.Sprintf("election (%d) must be greater than heartbeat (%d)", h.Election, h.Heartbeat)})
	}
}

// checkLeaseRead: raft refuses a lease-based ReadIndex without check-quorum, because the
// leader's lease is the check-quorum interval. The error goes on the later of the two lines.
func (p *parser) checkLeaseRead() {
	lr, ok := p.seen["unsafe lease-read"]
	cq, cok := p.seen["option check-quorum"]
	if !ok || !cok || p.s.Header.CheckQuorum {
		return
	}
	at, other, what := lr, cq, "option check-quorum off"
	if cq.Line > lr.Line {
		at, other, what = cq, lr, "unsafe lease-read"
	}
	p.diags = append(p.diags, Diag{at, fmt.Sprintf(
		"unsafe lease-read needs check-quorum (the leader's lease is the check-quorum interval; raft refuses lease-based reads without it), but %s is on line %d",
		what, other.Line)})
}

// commandList names every command, for the error on an unknown one.
func commandList() string {
	return strings.Join(commandWords, ", ") + ", or a client followed by " + orList(clientActions)
}

// condWords start conditions; a line starting with one lacks its expect.
var condWords = map[string]bool{"leader": true, "all": true, "majority": true, "not": true, "term": true,
	"converged": true, "resource": true, "violations": true}

func isClientAction(w word) bool {
	return !w.quoted && len(stepWords[wordKey{true, w.text}]) > 0
}

// step parses a step line: its word picks its entry in Steps, whose argument shape reads the rest.
func (l *line) step() Step {
	w := l.ws[0]
	l.i = 1
	st := Step{Pos: l.pos(w.col)}
	if w.quoted {
		l.fail(w.col, "expected a command, found quoted string %q", w.text)
	}
	if reserved[w.text] && w.text != "say" && w.text != "ask" && w.text != "title" && len(l.ws) > 1 && isClientAction(l.ws[1]) {
		l.fail(w.col, "%q is a word of the language and cannot name a client (try a name like c1 or alice)", w.text)
	}
	defs := stepWords[wordKey{false, w.text}]
	if len(defs) == 0 {
		defs = l.clientStep(w, &st)
	}
	l.args(defs, &st)
	return st
}

// args reads the arguments of the entry among defs (the entries of one word) that the line's
// form word picks, or of defs[0] when the word has one.
func (l *line) args(defs []*StepDef, st *Step) {
	d := defs[0]
	for i := 0; i < len(d.Args); i++ {
		if d.Args[i] == ArgForm {
			what := d.Word + " form"
			if d.Client {
				what = "client " + what
			}
			forms := make([]string, len(defs))
			for j, o := range defs {
				forms[j] = o.Form
			}
			d = defs[slices.Index(forms, l.oneOf(what, forms...))]
			continue
		}
		l.parseArg(d, d.Args[i], st)
	}
	st.Kind = d.Kind
	if d.After != "" && l.i < len(l.ws) {
		l.fail(l.ws[l.i].col, "%s", d.After)
	}
}

// ask reads `ask "QUESTION" "CHOICE" right "CHOICE" ... [because "EXPLANATION"]`: 2 to 4 quoted
// choices, exactly one of them after the word right.
func (l *line) ask(st *Step) {
	askCol := l.ws[0].col
	st.Right = -1
	q := l.nextText("question after ask")
	if !q.quoted || q.text == "" {
		l.fail(q.col, `the question after ask must be one quoted string: ask "What happens to c2's lock?" "..." right "..."`)
	}
	st.Text = q.text
	for l.i < len(l.ws) && !l.peekIs("because") {
		right := l.peekIs("right")
		if right {
			l.i++
			if st.Right >= 0 {
				l.fail(l.ws[l.i-1].col, "a second choice marked right: an ask has exactly one right answer")
			}
		}
		c := l.nextText("choice after right")
		if !c.quoted {
			l.fail(c.col, "expected a quoted choice, right, or because; found %q", c.text)
		}
		if c.text == "" {
			l.fail(c.col, "empty choice")
		}
		if len(st.Choices) == 4 {
			l.fail(c.col, "an ask has at most 4 choices (the student answers with 1-4)")
		}
		if right {
			st.Right = len(st.Choices)
		}
		st.Choices = append(st.Choices, c.text)
	}
	if len(st.Choices) < 2 {
		l.fail(l.ws[len(l.ws)-1].end, "an ask needs 2 to 4 quoted choices, found %d", len(st.Choices))
	}
	if st.Right < 0 {
		l.fail(askCol, `no choice is marked right: put the word right before the answer that is ("..." right "...")`)
	}
	if l.peekIs("because") {
		l.i++
		e := l.nextText("explanation after because")
		if !e.quoted || e.text == "" {
			l.fail(e.col, "the explanation after because must be one quoted string")
		}
		st.Explain = e.text
	}
}

// link reads two different nodes.
func (l *line) link() (int, int) {
	a := l.node("first node of the link")
	return a, l.secondNode(a)
}

// secondNode reads the other node of a link, which must differ from a.
func (l *line) secondNode(a int) int {
	w := l.next("second node of the link")
	b := l.nodeOf(w)
	if a == b {
		l.fail(w.col, "a link needs two different nodes, found n%d twice", a)
	}
	return b
}

// partition reads node groups separated by `|`, which may also be glued to the nodes (n1|n2).
func (l *line) partition() [][]int {
	var toks []word
	for ; l.i < len(l.ws); l.i++ {
		w := l.ws[l.i]
		if w.quoted {
			l.fail(w.col, "expected a node or |, found quoted string %q", w.text)
		}
		for col, rest := w.col, w.text; rest != ""; {
			part, after, sep := strings.Cut(rest, "|")
			if part != "" {
				toks = append(toks, word{text: part, col: col})
			}
			if sep {
				toks = append(toks, word{text: "|", col: col + len(part)})
			}
			col, rest = col+len(part)+1, after
		}
	}
	if len(toks) == 0 {
		l.i = len(l.ws)
		l.fail(l.ws[len(l.ws)-1].end, "missing nodes after partition (want groups like n1 n2 | n3 n4 n5)")
	}
	var groups [][]int
	var group []int
	seen := map[int]bool{}
	for _, t := range toks {
		if t.text == "|" {
			if len(group) == 0 {
				l.fail(t.col, "empty group before |")
			}
			groups, group = append(groups, group), nil
			continue
		}
		n := l.nodeOf(t)
		if seen[n] {
			l.fail(t.col, "n%d is named twice in the partition", n)
		}
		seen[n] = true
		group = append(group, n)
	}
	if len(group) == 0 {
		l.fail(toks[len(toks)-1].col, "empty group after |")
	}
	return append(groups, group)
}

// clientStep reads `CLIENT ACTION` and returns the action's entries; w is the line's first
// word, which is no command.
func (l *line) clientStep(w word, st *Step) []*StepDef {
	if l.i >= len(l.ws) || !isClientAction(l.ws[l.i]) {
		if l.p.clients[w.text] && l.i < len(l.ws) {
			a := l.ws[l.i]
			l.fail(a.col, "unknown client action %q (want %s)", a.text, orList(clientActions))
		}
		if condWords[w.text] || isNodeWord(w.text) {
			l.fail(w.col, "unknown command %q (a condition goes after expect or wait-until)", w.text)
		}
		l.fail(w.col, "unknown command %q (want %s)", w.text, commandList())
	}
	if isNodeWord(w.text) {
		l.fail(w.col, "%s is a node, not a client (a client is any other name, like c1 or alice)", w.text)
	}
	st.Client = l.client(w)
	return stepWords[wordKey{true, l.next("client action").text}]
}

var nodeConds = []string{"role", "lock", "result", "history", "countdown", "commit", "applied", "log", "last-index", "voters", "learners", "config", "removed"}

// cond parses a condition; it stops after the condition's last word.
func (l *line) cond() *Cond {
	w := l.next("condition")
	c := &Cond{Pos: l.pos(w.col)}
	if w.text == "not" {
		c.Not = true
		if w = l.next("condition after not"); w.text == "not" {
			l.fail(w.col, `"not" twice`)
		}
	}
	switch {
	case w.text == "leader" && l.peekIs("none"):
		c.Kind, c.None = CondLeader, true
		l.i++
	case w.text == "leader" && l.i < len(l.ws) && isNodeWord(l.ws[l.i].text):
		c.Kind, c.Node = CondLeader, l.node("leader node")
	case w.text == "leader" && (l.i == len(l.ws) || l.peekIs("within")):
		c.Kind = CondLeader
	case w.text == "leader": // leader as the subject of a per-node condition
		c.Subject = SubjectLeader
		l.nodeCond(c, w)
	case w.text == "all":
		c.Subject = SubjectAll
		l.nodeCond(c, w)
	case w.text == "majority":
		c.Subject = SubjectMajority
		if !l.peekIs("log") {
			l.fail(w.col, "majority takes a log condition: majority log I term T (or another log I form)")
		}
		l.nodeCond(c, w)
	case isNodeWord(w.text):
		c.Subject, c.Node = SubjectNode, l.nodeOf(w)
		l.nodeCond(c, w)
	case w.text == "term":
		c.Kind, c.N = CondTerm, l.uint("term")
	case w.text == "converged":
		c.Kind = CondConverged
	case w.text == "resource":
		c.Kind, c.Key = CondResource, l.key()
		l.oneOf("word after resource key", "token")
		c.Token, c.HasToken = l.uint("token"), true
	case w.text == "violations":
		if v := l.oneOf("violation", append([]string{"none"}, Violations...)...); v == "none" {
			c.Kind, c.None = CondViolations, true
		} else {
			c.Kind = CondViolations
			c.Violation, _ = cluster.ParseViolationKind(v)
		}
	case isClientName(w.text):
		c.Client = l.client(w)
		l.clientCond(c)
	default:
		l.fail(w.col, "unknown condition %q (want leader, term, converged, resource, violations, "+
			"a node, all or leader followed by %s, or a client followed by holds, reply or write)", w.text, orList(nodeConds))
	}
	return c
}

// nodeCond parses the rest of `SUBJECT VERB ...`; subj is the subject's word.
func (l *line) nodeCond(c *Cond, subj word) {
	verb := l.next("condition after " + subj.text)
	switch verb.text {
	case "role":
		if c.Subject != SubjectNode {
			l.fail(subj.col, "role needs one node, like n1, before it; found %q", subj.text)
		}
		c.Kind, c.Role = CondRole, l.oneOf("role", Roles...)
	case "lock":
		c.Kind, c.Key = CondLock, l.key()
		if l.oneOf("word after lock key", "token", "free") == "free" {
			c.Free = true
		} else {
			c.Token, c.HasToken = l.uint("token"), true
		}
	case "result":
		c.Kind, c.Key = CondResult, l.key()
		c.Results = append(c.Results, l.result())
	case "history":
		c.Kind, c.Key = CondHistory, l.key()
		c.Results = append(c.Results, l.result())
		for l.i < len(l.ws) && !l.peekIs("within") {
			c.Results = append(c.Results, l.result())
		}
	case "countdown":
		c.Kind, c.Key = CondCountdown, l.key()
		if l.peekIs("expired") {
			l.i++
			c.Kind = CondCountdownExp
		} else {
			c.Op = l.oneOf("countdown operator (or expired)", "<", "<=", ">", ">=")
			c.Dur = l.duration("countdown", false)
		}
	case "commit", "applied":
		c.Kind = CondCommit
		if verb.text == "applied" {
			c.Kind = CondApplied
		}
		c.Op = l.oneOf(verb.text+" operator", "<", "<=", ">", ">=", "=")
		c.N = l.uint(verb.text + " index")
	case "last-index":
		c.Kind = CondLastIndex
		c.Op = l.oneOf("last-index operator", "<", "<=", ">", ">=", "=")
		c.N = l.uint("last index")
	case "log":
		l.logCond(c)
	case "voters", "learners", "config", "removed":
		l.memberCond(c, subj, verb)
	case "holds", "reply", "write":
		l.fail(subj.col, "%s needs a client before it, found %q", verb.text, subj.text)
	default:
		l.fail(verb.col, "unknown condition %q after %s (want %s)", verb.text, subj.text, orList(nodeConds))
	}
}

// logCond parses the rest of `SUBJECT log I ...`: term T, none, or a command.
func (l *line) logCond(c *Cond) {
	c.Index = l.uint("log index")
	what := l.oneOf("after the log index", append([]string{"term", "none"}, LogCmds...)...)
	switch what {
	case "term":
		c.Kind, c.N = CondLogTerm, l.uint("term")
	case "none":
		c.Kind = CondLogNone
	default:
		c.Kind, c.LogCmd = CondLogCmd, what
	}
	switch what {
	case "Grant":
		c.Key = l.key()
		if l.i < len(l.ws) && !l.peekIs("within") {
			c.Dur, c.HasLease = l.duration("lease", true), true
		}
	case "Release":
		c.Key = l.key()
	case "Expire":
		c.Key = l.key()
		w := l.next("token like #1")
		t, err := strconv.ParseUint(strings.TrimPrefix(w.text, "#"), 10, 64)
		if !strings.HasPrefix(w.text, "#") || err != nil {
			l.fail(w.col, "expected a token like #1 after the key, found %q", w.text)
		}
		c.Token, c.HasToken = t, true
	}
}

func (l *line) result() fsm.Result {
	w := l.next("result")
	r, err := fsm.ParseResult(w.text)
	if err != nil {
		l.fail(w.col, "%s", err)
	}
	return r
}

// clientCond parses the rest of `CLIENT VERB ...`.
func (l *line) clientCond(c *Cond) {
	switch l.oneOf("client condition", "holds", "reply", "write") {
	case "holds":
		c.Kind, c.Key = CondHolds, l.key()
		l.optToken(c)
	case "reply":
		c.Kind = CondReply
		c.Reply, _ = cluster.ParseReplyKind(l.oneOf("reply", Replies...))
		if c.Reply == cluster.ReplyGranted {
			l.optToken(c)
		} else if l.peekIs("token") {
			l.fail(l.ws[l.i].col, "only a granted reply carries a token")
		}
	case "write":
		c.Kind = CondWrite
		c.Accepted = l.oneOf("write fate", "accepted", "rejected") == "accepted"
	}
}

// optToken reads an optional `token N`.
func (l *line) optToken(c *Cond) {
	if l.peekIs("token") {
		l.i++
		c.Token, c.HasToken = l.uint("token"), true
	}
}
