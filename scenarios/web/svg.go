package web

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster/diagram"
	"leaselab/fsm"
)

// Geometry of the drawing, in SVG pixels.
const (
	// The lanes and the narration share a 1280 px window (less its classic 15 px scrollbar, the
	// body's margins and the overview strip): a lane is 92 to 120 px wide and the narration
	// column 420 px; with more lanes the column narrows to 330 px, then lanes to 72 px, so
	// every bundled lesson (up to 10 lanes) fits a laptop's window side by side. Narrower
	// windows scroll the diagram inside its own box and reflow the narration (page.go).
	minLaneW, maxLaneW, narrowLaneW = 92.0, 120.0, 72.0
	fitWidth                        = 1280 - 15 - 16 - 32
	axisW                           = 74 // the time axis: each row's true time
	stripW                          = 46 // the leader/term strip
	left                            = axisW + stripW
	top                             = 8
	sayGap                          = 18
	maxSayW, minSayW                = 420.0, 330.0
	sayCharW                        = 7.2 // a character of the narration's 12px monospace
	// labelBudget: with more lock messages than this, arrows carry no text (hover shows it)
	// and rows are not stretched for labels.
	labelBudget = 12000
	// quietResp: with more lock messages than this, only the MsgAppResps that commit are labelled.
	quietResp = 1500
)

// drawing is the SVG being built, with the details of every hoverable element.
type drawing struct {
	p        *Page
	out      *errWriter
	ax       *axis
	lanes    *diagram.Lanes
	nLanes   int     // nodes, clients, and the resource when some write reached it
	lw       float64 // a lane's width
	sw       float64 // the narration column's width
	resource bool    // a resource lane (last)
	labelled bool
	details  []any           // a string, or a compact array (see msgData and bars)
	late     map[uint64]bool // indexes of Expires that applied with nothing to delete
	keys     map[string]int  // a slot per key for lock bars
	dict     []string        // strings the compact details refer to by number
	dictIdx  map[string]int
	texts    []text    // the text layer, drawn last (on top)
	over     []float64 // overview strip: y of each violation, failure, fault, leader change
	overKind []byte
}

// text is one placed label (its box was reserved on the axis, so none overlaps another).
type text struct {
	x         float64
	inst, row int  // its line in an instant's band
	anchor    bool // text-anchor end
	cls       string
	s         string
	id        int    // details index, or -1
	attrs     string // data-l / data-f data-t, for hiding lanes
}

func (d *drawing) word(s string) int {
	if i, ok := d.dictIdx[s]; ok {
		return i
	}
	d.dict = append(d.dict, s)
	d.dictIdx[s] = len(d.dict) - 1
	return len(d.dict) - 1
}

func (d *drawing) x(lane int) float64 { return left + float64(lane)*d.lw + d.lw/2 }

// sayX is where the lanes end and the narration column begins: the diagram's width.
func (d *drawing) sayX() float64 { return left + float64(d.nLanes)*d.lw + sayGap }

// fit sizes the lanes and the narration column for n lanes (see fitWidth).
func (d *drawing) fit(n int) {
	avail := float64(fitWidth - left - sayGap)
	d.sw = min(max(avail-float64(n)*minLaneW, minSayW), maxSayW)
	d.lw = min(max((avail-d.sw)/float64(n), narrowLaneW), maxLaneW)
}

// sayCol is how many characters a narration line holds in the column (padding and border aside).
func (d *drawing) sayCol() int { return int((d.sw - 10) / sayCharW) }

func (d *drawing) detail(lines ...string) int { return d.add(strings.Join(lines, "\n")) }

func (d *drawing) add(v any) int {
	d.details = append(d.details, v)
	return len(d.details) - 1
}

// place reserves room for s at instant t starting at x (or ending there when end is set) and
// queues it for the text layer; false when there was no room (the caller says so on hover).
func (d *drawing) place(t time.Duration, x float64, end bool, cls, s string, id int, attrs string) bool {
	w := textW(s)
	x0 := x
	if end {
		x0 = x - w
		if x0 < left+2 {
			x0, x, end = left+2, left+2, false
		}
	}
	if lim := d.sayX() - 4; !end && x0+w > lim && x < lim {
		// It would run under the narration: it ends at the column's edge instead.
		x0 = max(lim-w, left+2)
		x = x0
	}
	i := d.ax.index(t)
	r := d.ax.reserve(i, x0, x0+w)
	if r < 0 {
		return false
	}
	d.texts = append(d.texts, text{x: x, inst: i, row: r, anchor: end, cls: cls, s: s, id: id, attrs: attrs})
	return true
}

// msgClass is an arrow's colour class; the label and symbols repeat what the colour says.
func (d *drawing) msgClass(m *diagram.Msg) string {
	if m.State == diagram.Dropped {
		if !m.Lock {
			return "xh" // a lost routine message hides with the routine ones
		}
		return "x"
	}
	switch m.Kind {
	case diagram.Request:
		return "q"
	case diagram.Reply:
		if m.Op == "granted" || m.Op == "released" {
			return "p"
		}
		return "pn"
	}
	switch m.Info.Type {
	case pb.MessageType_MsgApp:
		if len(m.Entries) > 0 {
			e := m.Entries[0]
			switch {
			case e.Cmd.Kind == fsm.Expire && d.late[e.Index]:
				return "l"
			case e.Cmd.Kind == fsm.Expire:
				return "e"
			case e.Cmd.Kind == fsm.Grant:
				return "g"
			case e.Cmd.Kind == fsm.Release:
				return "r"
			}
		}
	case pb.MessageType_MsgVote, pb.MessageType_MsgVoteResp, pb.MessageType_MsgPreVote, pb.MessageType_MsgPreVoteResp:
		return "v"
	case pb.MessageType_MsgSnap:
		return "s"
	}
	if m.Lock {
		return "a"
	}
	return "h"
}

// classOrder is the order arrow groups are drawn in: routine first, so lock messages lie on top.
var classOrder = []string{"h", "xh", "a", "pn", "p", "q", "v", "s", "r", "g", "e", "l", "x"}

// arrow is one message ready to draw.
type arrow struct {
	m              *diagram.Msg
	cls, label     string
	from, to       int
	x1, y1, x2, y2 float64
	id             int
	fan            int  // copies in its fan-out (the first copy carries the label)
	first          bool // the copy that carries its fan-out's label
	xInst, xRow    int  // a lost lock message: where its ✗ was placed (xRow -1: none)
}

// ends are an arrow's lanes.
func (d *drawing) ends(m *diagram.Msg) (int, int) {
	l := d.lanes
	from, to := l.Index(m.From, m.Client), l.Index(m.To, m.Client)
	if m.Kind == diagram.Reply {
		to = l.Index(0, m.Client)
	}
	return from, to
}

// collectArrows gathers the messages to draw, grouped by colour class and lanes.
func (d *drawing) collectArrows(rows []diagram.Row) map[string][]*arrow {
	by := map[string][]*arrow{}
	type fanKey struct {
		from  int
		label string
		sent  time.Duration
		state diagram.State // a fan-out's lost copies are labelled apart from the delivered ones
	}
	fans := map[fanKey]*arrow{}
	for i := range rows {
		if rows[i].Mark {
			continue
		}
		m := &rows[i].Msg
		from, to := d.ends(m)
		if from < 0 || to < 0 {
			continue
		}
		a := &arrow{m: m, cls: d.msgClass(m), label: m.Label(), from: from, to: to, xRow: -1}
		if a.cls == "l" {
			a.label += " (late)"
		}
		if m.Lock {
			k := fanKey{from, a.label, m.Sent, m.State}
			if f := fans[k]; f != nil {
				f.fan++
			} else {
				a.first, a.fan = true, 1
				fans[k] = a
			}
		}
		by[a.cls] = append(by[a.cls], a)
	}
	return by
}

// labelText is what an arrow's label says: its label, its outcome (latency or loss), the copies.
func (a *arrow) labelText() string {
	s := a.label + " " + a.m.Outcome()
	if a.fan > 1 {
		s += fmt.Sprintf(" ×%d", a.fan)
	}
	return s
}

// wantsLabel says whether an arrow's fan-out gets a text label at all.
func (d *drawing) wantsLabel(a *arrow, lock int) bool {
	if !d.labelled || !a.first || !a.m.Lock {
		return false
	}
	if lock > quietResp && a.m.Info.Type == pb.MessageType_MsgAppResp && !a.m.Commits && a.m.State != diagram.Dropped {
		return false
	}
	return true
}

// messages draws every kept message as an arrow from (sender, sent) to (receiver, arrival),
// grouped by colour class and lanes (so hiding a lane hides its arrows). Markup stays lean: bare
// paths, arrowheads from CSS, details in a compact array whose order is the paths' order.
func (d *drawing) messages(by map[string][]*arrow) {
	o := d.out
	type grp struct{ f, t int }
	for _, cls := range classOrder {
		as := by[cls]
		if len(as) == 0 {
			continue
		}
		groups := map[grp][]*arrow{}
		var order []grp
		for _, a := range as {
			g := grp{a.from, a.to}
			if _, ok := groups[g]; !ok {
				order = append(order, g)
			}
			groups[g] = append(groups[g], a)
		}
		for _, g := range order {
			o.printf(`<g class="dg m %s" data-i0="%d" data-f="%d" data-t="%d">`, cls, groups[g][0].id, g.f, g.t)
			for _, a := range groups[g] {
				o.printf(`<path d="M%s %s %s %s"/>`, num(a.x1), num(a.y1), num(a.x2), num(a.y2))
			}
			o.str("</g>\n")
		}
	}
}

// assignIDs numbers the arrows in the order messages() prints them (their details' order).
func (d *drawing) assignIDs(by map[string][]*arrow) {
	type grp struct{ f, t int }
	for _, cls := range classOrder {
		groups := map[grp][]*arrow{}
		var order []grp
		for _, a := range by[cls] {
			g := grp{a.from, a.to}
			if _, ok := groups[g]; !ok {
				order = append(order, g)
			}
			groups[g] = append(groups[g], a)
		}
		for _, g := range order {
			for _, a := range groups[g] {
				a.id = d.add(nil) // filled by msgData once the label's fate is known
			}
		}
	}
}

// geometry fixes an arrow's ends once the axis is laid out.
func (d *drawing) geometry(a *arrow) {
	m := a.m
	a.x1, a.x2 = d.x(a.from), d.x(a.to)
	a.y1, a.y2 = d.ax.y(m.Sent), d.ax.y(m.At)
	if m.State == diagram.Dropped && m.Lock && a.xRow >= 0 {
		// It ends in its ✗, on the receiver's lane (lost as it left: a nearly flat dash).
		a.y2 = d.ax.baseline(a.xInst, a.xRow) - 4
	} else if m.State == diagram.Dropped && m.At == m.Sent {
		a.y2 = a.y1 + 5
	}
}

// msgData is a message's details in the compact form the page's script spells out:
// [label word, ends word, sent ms, latency ms, [term index logterm commit entries] or 0,
// MsgApp: 1, lost-why, held ms, notes word+1 or 0], trailing empties left out.
func (d *drawing) msgData(m *diagram.Msg, label string, note string) []any {
	why := ""
	switch m.State {
	case diagram.Dropped:
		why = "lost: " + m.Why
	case diagram.InFlight:
		why = "still on the wire"
	}
	var nums any = 0
	var notes []string
	app := 0
	if m.Kind == diagram.Raft {
		i := &m.Info
		nums = []uint64{i.Term, i.Index, i.LogTerm, i.Commit, uint64(i.Entries)}
		if i.Type == pb.MessageType_MsgApp {
			app = 1 // raft's Index is the entry before the ones it carries
		}
		notes = m.RaftNotes()
	}
	if note != "" {
		notes = append(notes, note)
	}
	out := []any{d.word(label), d.word(m.Ends()), m.Sent.Milliseconds(), m.At.Milliseconds() - m.Sent.Milliseconds(), nums, app,
		why, m.Info.Held.Milliseconds(), 0}
	if len(notes) > 0 {
		out[8] = d.word(strings.Join(notes, "\n")) + 1 // a fan-out's copies share their notes
	}
	for len(out) > 4 && (out[len(out)-1] == 0 || out[len(out)-1] == "" || out[len(out)-1] == int64(0)) {
		out = out[:len(out)-1] // trailing empties: the script reads them as absent
	}
	return out
}

// markClass is a lane mark's colour class.
func markClass(mk *diagram.Mark) string {
	switch mk.Kind {
	case diagram.MarkRole:
		return "role-" + string(mk.Role)
	case diagram.MarkCrash, diagram.MarkViolation, diagram.MarkLocalExpiry, diagram.MarkOverwritten:
		return "bad"
	case diagram.MarkApply:
		switch {
		case mk.Late:
			return "l"
		case mk.Cmd.Kind == fsm.Expire:
			return "e"
		case mk.Cmd.Kind == fsm.Grant:
			return "g"
		}
		return "r"
	case diagram.MarkZero:
		return "z"
	}
	return "o"
}

// symbolMark says whether a mark is drawn as a symbol on its lane.
func symbolMark(mk *diagram.Mark) bool {
	switch mk.Kind {
	case diagram.MarkApply:
		// A lock bar starts or ends here and says so.
		return mk.Late || !(mk.Result.Kind == fsm.Granted || mk.Result.Kind == fsm.Released ||
			mk.Result.Kind == fsm.Expired && mk.Result.Existed)
	case diagram.MarkCommit, diagram.MarkWrite, diagram.MarkFault, diagram.MarkViolation:
		return false
	}
	return true
}

// wrap cuts text into lines of at most n characters at spaces.
func wrap(s string, n int) []string {
	var out []string
	for len([]rune(s)) > n {
		r := []rune(s)
		cut := n
		for cut > n/2 && r[cut] != ' ' {
			cut--
		}
		if r[cut] != ' ' {
			cut = n
		}
		out = append(out, strings.TrimSpace(string(r[:cut])))
		s = strings.TrimSpace(string(r[cut:]))
	}
	return append(out, s)
}

func fmtSec(s float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", s), "0"), ".") + "s"
}

func esc(s string) string { return html.EscapeString(s) }

// num prints a coordinate to the half pixel, without a needless ".0" (a busy page draws
// tens of thousands of them).
func num(f float64) string { return strconv.FormatFloat(math.Round(f*2)/2, 'f', -1, 64) }
