package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"leaselab/cluster"
	"leaselab/fsm"
)

// lockRows draws each key as this node sees it: a countdown bar on its own clock; zero
// ("expired here", still held until an Expire commits); or deleted (the last result, faint).
func (m *Model) lockRows(n *cluster.NodeView, keys []string, rows, iw int) []string {
	st := m.st
	out := make([]string, 0, rows)
	more := m.v.LockMore // keys the view left out (the table shows those nearest to expiry)
	if len(keys) == 0 && more == 0 {
		out = append(out, fit("", 0)+st.faint.r(fit("no locks yet", iw)))
	}
	kw := keyWidth(keys, iw)
	tokW := m.tokenWidth() // once a column: it reads every node's locks
	for i, k := range keys {
		if len(out) == rows {
			break
		}
		if len(out) == rows-1 && (i < len(keys)-1 || more > 0) {
			out = append(out, st.faint.r(fit(fmt.Sprintf("+%s more keys", count(len(keys)-i+more)), iw)))
			more = 0
			break
		}
		l := newLine(iw)
		l.add(st.plain, fit(k, kw)+" ")
		if lk, ok := zeroLock(n, k); ok && rows-len(out) > len(keys)-i && kw+1+width(fmt.Sprintf("#%d %s", lk.Token, zeroTag)) > iw {
			// The tag that carries late-expire and skewed-followers gets a second line rather
			// than being cut to "EXPIRED". "EXPIRED HERE", the words the narrations name, stays
			// whole on the key's row, and so does "awaiting Expire" on the next: after a long
			// key the token moves down to it ("invoices EXPIRED HERE" / "#1 ·awaiting
			// Expire" at 120x40 with five nodes, leader-crash-mid-lease-extend; it read
			// "invoices #1" / "EXPIRED HERE", its explanation gone, where leader-crash-mid-lease's
			// 'orders' kept it). Only where even that does not fit does "EXPIRED HERE" start
			// the second line, and the explanation gives way.
			tok := "#" + strconv.FormatUint(lk.Token, 10)
			second := []piece{{st.barZero, zeroWord(n, "·awaiting Expire")}}
			switch {
			case l.room() >= width(tok+" EXPIRED HERE"):
				l.add(st.bold, tok+" ")
				l.add(st.barZero, "EXPIRED HERE")
			case l.room() >= width("EXPIRED HERE"):
				l.add(st.barZero, "EXPIRED HERE")
				second = []piece{{st.bold, tok + " "}, {st.barZero, firstFit(iw-2-width(tok+" "), zeroWords(n, "·awaiting Expire", "·wait Expire", "")...)}}
			default:
				l.add(st.bold, tok+" ")
				second = []piece{{st.barZero, "EXPIRED HERE" + firstFit(iw-2-width("EXPIRED HERE"), zeroWords(n, "·awaiting Expire", "·wait Expire", "")...)}}
			}
			out = append(out, l.String())
			l = newLine(iw)
			l.add(st.plain, strings.Repeat(" ", min(2, iw)))
			for _, p := range second {
				l.add(p.s, p.t)
			}
			out = append(out, l.String())
			continue
		}
		if tok := m.deletedBy(n, k); tok != 0 && rows-len(out) > len(keys)-i && kw+1+width(deletedByText(tok)) > iw {
			// Like EXPIRED HERE's ·awaiting Expire: "by Expire #1" goes to a second line rather
			// than being dropped. At 120x40 the bare "orders — deleted" was in neither the
			// glossary nor the README, which name the full form (nc19-i).
			l.add(st.gone, "— deleted")
			out = append(out, l.String())
			l = newLine(iw)
			l.add(st.plain, strings.Repeat(" ", min(2, iw)))
			l.add(st.gone, fmt.Sprintf("by Expire #%d", tok))
			out = append(out, l.String())
			continue
		}
		m.lockState(l, n, k, false, tokW)
		out = append(out, l.String())
	}
	if more > 0 && len(out) < rows {
		out = append(out, st.faint.r(fit(fmt.Sprintf("+%s more keys", count(more)), iw)))
	}
	for len(out) < rows {
		out = append(out, blank(iw))
	}
	return out
}

// tokenWidth is the cells the widest "#N " of the locks the table shows takes.
func (m *Model) tokenWidth() int {
	w := 0
	for i := range m.v.Nodes {
		for _, lk := range m.v.Nodes[i].Locks {
			if slices.Contains(m.v.LockKeys, lk.Key) {
				w = max(w, width("#"+strconv.FormatUint(lk.Token, 10)+" "))
			}
		}
	}
	return w
}

// keyWidth is the cells a lock row gives its key names.
func keyWidth(keys []string, iw int) int {
	kw := 0
	for _, k := range keys {
		kw = max(kw, min(10, width(k)))
	}
	return min(kw, max(3, iw-10)) // leave room for "#1 1.5s"
}

// deletedByText is a lock row's word for a lock another token's Expire deleted.
func deletedByText(tok uint64) string { return fmt.Sprintf("— deleted by Expire #%d", tok) }

// deletedBy is the token the Expire named that deleted node n's lock on key when it held
// another token (unsafe expire-ignores-token), 0 otherwise.
func (m *Model) deletedBy(n *cluster.NodeView, key string) uint64 {
	if !n.Up {
		return 0
	}
	for _, lk := range n.Locks {
		if lk.Key == key {
			return 0
		}
	}
	for _, r := range n.Last {
		if r.Key == key {
			if m.v.Config.Unsafe.LocalExpiry && holds(r.Result) {
				return 0 // lockState's "— deleted here"
			}
			return r.DeletedBy
		}
	}
	return 0
}

// deletedByShown says some node's lock table shows a key "— deleted by Expire #N".
func (m *Model) deletedByShown() bool {
	for i := range m.v.Nodes {
		n := &m.v.Nodes[i]
		for _, r := range n.Last {
			if m.deletedBy(n, r.Key) != 0 {
				return true
			}
		}
	}
	return false
}

// deletedByKeys is how many keys some node shows as deleted by another token's Expire where
// the words do not fit on the key's row: each takes a second lock row.
func (m *Model) deletedByKeys(keys []string, iw int) int {
	kw, c := keyWidth(keys, iw), 0
	for _, k := range keys {
		for i := range m.v.Nodes {
			if tok := m.deletedBy(&m.v.Nodes[i], k); tok != 0 && kw+1+width(deletedByText(tok)) > iw {
				c++
				break
			}
		}
	}
	return c
}

// count spells a number with thousands separators: 99,982.
func count(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// downLock is a down node's lock state, longest first; a compact row draws a key only where
// its shortest form fits (nodeRow). downNever is a key its lost memory never knew: granted
// after it crashed, "(memory lost)" read as if it had once held it (nc19-k).
var (
	downLock  = []string{"(memory lost)", "(mem lost)"}
	downNever = []string{"(never had it)", "(never had)"}
)

const zeroTag = "EXPIRED HERE·awaiting Expire"

// zeroWord is a lock-at-zero word as node n shows it: a removed node is sent no more entries,
// so no Expire ever comes to it, and "awaiting Expire" promised one (nc37-g: remove-leader's n1
// read "·awaiting Expire" to the end beside the members' token 2). Each form keeps its width
// or less ("·no Expire comes" is as wide as "·awaiting Expire").
func zeroWord(n *cluster.NodeView, s string) string {
	if !n.Removed {
		return s
	}
	s = strings.Replace(s, "awaiting Expire", "no Expire comes", 1)
	return strings.Replace(s, "wait Expire", "no Expire", 1)
}

// zeroWords is zeroWord of each.
func zeroWords(n *cluster.NodeView, words ...string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = zeroWord(n, w)
	}
	return out
}

// zeroLock is the node's lock on key when its countdown is at zero (still held).
func zeroLock(n *cluster.NodeView, key string) (cluster.LockView, bool) {
	if n.Up {
		for _, lk := range n.Locks {
			if lk.Key == key && lk.Zero {
				return lk, true
			}
		}
	}
	return cluster.LockView{}, false
}

// zeroKeys is how many keys are at zero on some node: each may need a second lock row.
func (m *Model) zeroKeys() int {
	c := 0
	for _, k := range m.v.LockKeys {
		for i := range m.v.Nodes {
			if _, ok := zeroLock(&m.v.Nodes[i], k); ok {
				c++
				break
			}
		}
	}
	return c
}

// lockState appends one key's state on one node to a line; compact is the small screen's form
// (about 14 cells: a fixed five-cell bar, shorter words); tokW is the cells the full form's
// token takes (tokenWidth, read once a column), 0 for none.
func (m *Model) lockState(l *line, n *cluster.NodeView, key string, compact bool, tokW int) {
	st := m.st
	if !n.Up {
		// Its lock table was in memory: gone, whatever keys the others hold (a "?" beside a
		// key it never learned read as if it knew of it). Every form names the memory: a bare
		// "orders lost" read as if the lock itself had been deleted.
		if slices.Contains(n.Lost, key) {
			l.add(st.faint, firstFit(l.room(), downLock...))
		} else {
			l.add(st.faint, firstFit(l.room(), downNever...))
		}
		return
	}
	for _, lk := range n.Locks {
		if lk.Key != key {
			continue
		}
		tok := "#" + strconv.FormatUint(lk.Token, 10) + " "
		if !compact {
			// Every row's bar starts in one column and has one width: "bills #102 ████ 1m"
			// beside "orders #1 ██████ 1m" drew one lease two lengths (nc32-b).
			tok += strings.Repeat(" ", max(0, tokW-width(tok)))
		}
		l.add(st.bold, tok)
		if lk.Zero {
			words := []string{zeroTag, "EXPIRED·awaiting Expire", "EXPIRED·wait Expire", "EXPIRED", "EXP", "0!"}
			if compact {
				words = []string{"EXPIRED HERE·wait Expire", "EXPIRED HERE", "EXPIRED"}
			}
			if m.oneZero {
				words = []string{"EXPIRED HERE", "EXPIRED…", "…"}
			}
			l.add(st.barZero, firstFit(l.room(), zeroWords(n, words...)...))
			return
		}
		// The label takes the same cells whatever it says ("10s", " 9.9s"), so one lease
		// draws one bar length on every node.
		left := leftText(lk.Remaining)
		zero := left == leftText(0)
		if zero && lk.Remaining > 0 {
			// A few ms left is not zero: a follower that applied the Grant after the leader read
			// "0.0s" beside the leader's EXPIRED HERE, the same state drawn two ways (lock-delay).
			left = fmt.Sprintf("%dms", (lk.Remaining+time.Millisecond-1)/time.Millisecond)
		}
		bare := left
		if !compact {
			left = strings.Repeat(" ", max(0, 5-width(left))) + left
		}
		bw := l.room() - width(left) - 1
		if bw < 3 && !compact {
			// A long key and token (snapshot-catch-up's "invoices #102"): the bar matters more
			// than the label's padding.
			left = bare
			bw = l.room() - width(left) - 1
		}
		if compact {
			bw = 5
		}
		if bw >= 3 {
			// The bar is drawn from the time its label shows, rounded as the label is: from
			// the exact time left, 25.6s drew ███░ and 26.4s ████, both beside "26s" (nc21-k).
			full := int(float64(bw)*shownLeft(lk.Remaining).Seconds()*1000/float64(max(lk.LeaseMS, 1)) + 0.5)
			full = min(max(full, 1), bw)
			if zero {
				full = 0 // a label of 0.0s (or a few ms) with a filled cell would contradict itself
			}
			l.add(st.barFull, strings.Repeat("█", full))
			l.add(st.barEmpty, strings.Repeat("░", bw-full))
			if !compact {
				l.add(st.plain, " ")
			}
		}
		if compact {
			left = " " + left
		}
		l.add(st.bold, left)
		return
	}
	for _, r := range n.Last {
		if r.Key == key {
			if m.v.Config.Unsafe.LocalExpiry && holds(r.Result) {
				// The log left the key held, yet the node has no lock: unsafe local-expiry
				// deleted it on the node's own clock. Its last result (Granted{token:1}) would
				// say the opposite of what happened.
				l.add(st.gone, firstFit(l.room(), pick(compact, "— deleted here", "— deleted on its own clock"), "— deleted here", "— deleted"))
				return
			}
			if tok := r.DeletedBy; tok != 0 {
				// Unsafe expire-ignores-token: an Expire naming an older token deleted this
				// lock. "— expired" read as if the holder's own lease had run out.
				l.add(st.gone, firstFit(l.room(), deletedByText(tok), "— deleted"))
				return
			}
			long, short := resultWord(r.Result)
			if d, ok := delayOf(n, key); ok {
				// option lock-delay: the leader grants the key to nobody until it ends.
				left := leftText(d)
				l.add(st.gone, firstFit(l.room(), "— "+short+" · lock-delay "+left, "— "+short+" · delay "+left, "— delay "+left, "delay "+left))
				return
			}
			l.add(st.gone, firstFit(l.room(), pick(compact, "— "+short, "— "+long), "— "+short))
			return
		}
	}
	if n.Restored > 0 {
		// Its lock table came from a snapshot a leader sent (a cut-off node catching up), and
		// a snapshot keeps held locks only: the key was free at that index, not unheard of.
		// "· not yet" beside the others' "— released" read as if the snapshot had left out
		// the 100 Grants it covered (nc22-l).
		l.add(st.faint, firstFit(l.room(), pick(compact, "· free in snap", "· free in snapshot"), "· free in snap", "· free", "·"))
		return
	}
	// Nothing applied for the key here yet (the Grant has not reached this node).
	l.add(st.faint, firstFit(l.room(), pick(compact, "· not yet", "· not applied yet"), "· not yet", "·"))
}

// delayOf is key's lock-delay still running on node n.
func delayOf(n *cluster.NodeView, key string) (time.Duration, bool) {
	for _, d := range n.Delays {
		if d.Key == key {
			return d.Remaining, true
		}
	}
	return 0, false
}

// firstFit is the first text that fits in w cells (the last one, cut, if none does).
func firstFit(w int, texts ...string) string {
	for _, t := range texts {
		if width(t) <= w {
			return t
		}
	}
	return texts[len(texts)-1]
}

// leftText is a countdown's time left: "2.4s", "12s", "1m". The form is chosen after rounding,
// so 9.96s reads "10s" like 10s itself, not "10.0s": one lease reads the same on every node;
// from 10s on, whole seconds as every screen writes a lease (fsm.DurText: a full minute is
// "1m", as the Grant and the script say, not "60s").
func leftText(d time.Duration) string {
	if d < 9950*time.Millisecond {
		return fmt.Sprintf("%.1fs", shownLeft(d).Seconds())
	}
	return fsm.DurText(shownLeft(d))
}

// shownLeft is the time left as leftText shows it: to a tenth of a second under 9.95s, to
// the second above. A countdown's bar is drawn from it, so equal labels draw equal bars.
func shownLeft(d time.Duration) time.Duration {
	if d < 9950*time.Millisecond {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}

// holds says whether a result leaves its key held: a Granted, or a Grant refused because
// another lock held the key.
func holds(r fsm.Result) bool { return r.Kind == fsm.Granted || r.Kind == fsm.GrantRejected }

// resultWord is a deleted key's last result in words, long and short.
func resultWord(r fsm.Result) (string, string) {
	switch r.Kind {
	case fsm.Released:
		return "released", "released"
	case fsm.Expired:
		if r.Existed {
			return "expired (Expire applied)", "expired"
		}
		return "free · late Expire no-op", "free (late Exp)"
	case fsm.NotFound:
		return "free (release: not found)", "free"
	}
	return r.String(), r.String()
}
