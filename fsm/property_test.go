package fsm_test

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/quick"

	"leaselab/fsm"
)

var quickSeed = flag.Int64("fsm.seed", 1, "seed of the testing/quick property tests (0: random)")

func quickConfig(t *testing.T, count int) *quick.Config {
	seed := *quickSeed
	if seed == 0 {
		seed = rand.Int63()
		t.Logf("-fsm.seed=%d", seed)
	}
	if testing.Short() {
		count /= 5
	}
	return &quick.Config{MaxCount: count, Rand: rand.New(rand.NewSource(seed))}
}

func check(t *testing.T, count int, f any) {
	t.Helper()
	if err := quick.Check(f, quickConfig(t, count)); err != nil {
		t.Fatal(err)
	}
}

var propKeys = []string{"a", "b", "c", "d"}

// logEntry is one raft entry's data; cmd is what it decodes to (nil for empty or garbage).
type logEntry struct {
	data []byte
	cmd  *fsm.Command
}

// cmdLog is a random log over a small key set: mostly commands with tokens 0..5 (and sometimes a
// recent token, so that Expires hit), some empty entries and some undecodable ones.
type cmdLog []logEntry

func (cmdLog) Generate(r *rand.Rand, size int) reflect.Value {
	n := r.Intn(2*size + 1)
	l := make(cmdLog, 0, n)
	// shadow only steers the distribution: Expires often name the token the key really holds.
	shadow := fsm.New(fsm.Options{})
	for range n {
		var c fsm.Command
		c.Key = propKeys[r.Intn(len(propKeys))]
		c.Origin = uint64(r.Intn(1000))
		switch p := r.Intn(100); {
		case p < 40:
			c.Kind = fsm.Grant
			c.LeaseMS = uint64(r.Intn(4)) * 1000
		case p < 60:
			c.Kind = fsm.Release
		case p < 90:
			c.Kind = fsm.Expire
			lock, held := shadow.Get(c.Key)
			switch p := r.Intn(100); {
			case p < 40 && held:
				c.Token = lock.Token
			case p < 70:
				c.Token = uint64(r.Intn(6))
			default:
				c.Token = shadow.NextToken() - 1 - min(shadow.NextToken()-1, uint64(r.Intn(3)))
			}
		case p < 95:
			l = append(l, logEntry{data: nil})
			continue
		default:
			l = append(l, logEntry{data: garbage(r)})
			continue
		}
		shadow.ApplyCommand(c)
		l = append(l, logEntry{data: c.Encode(), cmd: &c})
	}
	return reflect.ValueOf(l)
}

// garbage returns data Decode rejects: a strict prefix of a valid encoding, a wrong version, an
// unknown kind or trailing bytes.
func garbage(r *rand.Rand) []byte {
	valid := fsm.Command{Kind: fsm.Kind(1 + r.Intn(3)), Key: propKeys[r.Intn(len(propKeys))], LeaseMS: 300, Token: 2, Origin: 200}.Encode()
	switch r.Intn(4) {
	case 0:
		return valid[:1+r.Intn(len(valid)-1)]
	case 1:
		valid[0] = byte(2 + r.Intn(254))
	case 2:
		valid[1] = byte(6 + r.Intn(250))
	default:
		valid = append(valid, byte(r.Intn(256)))
	}
	return valid
}

func (l cmdLog) String() string {
	var b strings.Builder
	for i, e := range l {
		switch {
		case e.cmd != nil:
			fmt.Fprintf(&b, "%d:%v|", i, *e.cmd)
		case len(e.data) == 0:
			fmt.Fprintf(&b, "%d:empty|", i)
		default:
			fmt.Fprintf(&b, "%d:garbage %x|", i, e.data)
		}
	}
	return b.String()
}

func optsOf(unsafe bool) fsm.Options { return fsm.Options{ExpireIgnoresToken: unsafe} }

// step applies one entry and checks the error matches what the entry is.
func step(t *testing.T, m *fsm.Machine, e logEntry) fsm.Result {
	t.Helper()
	r, c, err := m.Apply(e.data)
	switch {
	case e.cmd != nil:
		if err != nil || c != *e.cmd {
			t.Fatalf("Apply(%v) = %+v, %v", *e.cmd, c, err)
		}
	case len(e.data) == 0:
		if err != nil || r != rNoop {
			t.Fatalf("Apply(empty) = %v, %v", r, err)
		}
	default:
		if err == nil || r != rNoop {
			t.Fatalf("Apply(garbage %x) = %v, %v; want Noop and an error", e.data, r, err)
		}
	}
	return r
}

func clone(t *testing.T, m *fsm.Machine, opts fsm.Options) *fsm.Machine {
	t.Helper()
	c := fsm.New(opts)
	if err := c.Restore(m.Snapshot()); err != nil {
		t.Fatalf("Restore(own Snapshot): %v", err)
	}
	return c
}

// (a) Determinism: two fresh machines fed the same log agree at every step.
func TestPropDeterministic(t *testing.T) {
	check(t, 1000, func(l cmdLog, unsafe bool) bool {
		x, y := fsm.New(optsOf(unsafe)), fsm.New(optsOf(unsafe))
		for i, e := range l {
			rx, ry := step(t, x, e), step(t, y, e)
			if rx != ry || x.Hash() != y.Hash() || !bytes.Equal(x.Snapshot(), y.Snapshot()) {
				t.Logf("diverged at %d: %v vs %v\nlog %v", i, rx, ry, l)
				return false
			}
		}
		return true
	})
}

// (b) Applying an Expire twice in a row is applying it once: same state, and the second is
// Expired{existed:false}. Checked after a random prefix and at every Expire of a random log.
func TestPropExpireIdempotent(t *testing.T) {
	check(t, 1000, func(l cmdLog, keySel, tokSel uint8, unsafe bool) bool {
		opts := optsOf(unsafe)
		m := fsm.New(opts)
		for _, e := range l {
			step(t, m, e)
		}
		key := propKeys[int(keySel)%len(propKeys)]
		tok := uint64(tokSel % 6)
		if lock, ok := m.Get(key); ok && tokSel%2 == 0 {
			tok = lock.Token
		}
		exp := expire(key, tok)
		once, twice := clone(t, m, opts), clone(t, m, opts)
		r1 := once.ApplyCommand(exp)
		r2a, r2b := twice.ApplyCommand(exp), twice.ApplyCommand(exp)
		if r1 != r2a || r2b != rExpiredFalse || once.Hash() != twice.Hash() ||
			!bytes.Equal(once.Snapshot(), twice.Snapshot()) {
			t.Logf("%v after %v: once %v, twice %v then %v", exp, l, r1, r2a, r2b)
			return false
		}
		if r1 == rExpiredTrue {
			if _, held := once.Get(key); held {
				t.Logf("Expired{existed:true} left %s held", key)
				return false
			}
		}
		return true
	})
	check(t, 500, func(l cmdLog, unsafe bool) bool {
		opts := optsOf(unsafe)
		m := fsm.New(opts)
		for i, e := range l {
			if e.cmd != nil && e.cmd.Kind == fsm.Expire {
				dup := clone(t, m, opts)
				step(t, dup, e)
				if r := step(t, dup, e); r != rExpiredFalse {
					t.Logf("entry %d applied twice: second %v\nlog %v", i, r, l)
					return false
				}
				step(t, m, e)
				if dup.Hash() != m.Hash() || !bytes.Equal(dup.Snapshot(), m.Snapshot()) {
					t.Logf("entry %d applied twice changed the state\nlog %v", i, l)
					return false
				}
				continue
			}
			step(t, m, e)
		}
		return true
	})
}

// (c) Granted tokens strictly increase over any log and each is NextToken-1 right after; no other
// result moves the counter, every held token is below it and no two held locks share one.
func TestPropTokensIncrease(t *testing.T) {
	check(t, 1000, func(l cmdLog, unsafe bool) bool {
		m := fsm.New(optsOf(unsafe))
		var last uint64
		for i, e := range l {
			before := m.NextToken()
			r := step(t, m, e)
			if r.Kind == fsm.Granted {
				if r.Token <= last || r.Token != m.NextToken()-1 || r.Token != before {
					t.Logf("entry %d: %v after token %d, next %d→%d\nlog %v", i, r, last, before, m.NextToken(), l)
					return false
				}
				last = r.Token
				if lock, ok := m.Get(e.cmd.Key); !ok || lock.Token != r.Token || lock.LeaseMS != e.cmd.LeaseMS {
					t.Logf("entry %d: %v but Get(%s) = %+v, %v", i, r, e.cmd.Key, lock, ok)
					return false
				}
			} else if m.NextToken() != before {
				t.Logf("entry %d: %v moved the counter %d→%d", i, r, before, m.NextToken())
				return false
			}
			seen := map[uint64]bool{}
			for _, s := range stateOf(m) {
				if s.token == 0 || s.token >= m.NextToken() || seen[s.token] {
					t.Logf("entry %d: bad table %v next %d", i, stateOf(m), m.NextToken())
					return false
				}
				seen[s.token] = true
			}
		}
		return true
	})
}

// (d) Restoring the snapshot taken after any k entries and applying the rest is replaying the log.
func TestPropSnapshotSplit(t *testing.T) {
	check(t, 1000, func(l cmdLog, k uint16, unsafe bool) bool {
		opts := optsOf(unsafe)
		split := int(k) % (len(l) + 1)
		whole := fsm.New(opts)
		var want []fsm.Result
		for _, e := range l {
			want = append(want, step(t, whole, e))
		}
		head := fsm.New(opts)
		for _, e := range l[:split] {
			step(t, head, e)
		}
		snap := head.Snapshot()
		tail := fsm.New(opts)
		tail.ApplyCommand(grant("junk", 1)) // Restore must replace, not merge
		if err := tail.Restore(snap); err != nil {
			t.Logf("Restore(%x): %v", snap, err)
			return false
		}
		if tail.Hash() != head.Hash() {
			t.Logf("restored Hash %x, snapshotted %x", tail.Hash(), head.Hash())
			return false
		}
		for i, e := range l[split:] {
			if r := step(t, tail, e); r != want[split+i] {
				t.Logf("split %d, entry %d: %v after restore, %v replayed\nlog %v", split, split+i, r, want[split+i], l)
				return false
			}
		}
		return tail.Hash() == whole.Hash() && bytes.Equal(tail.Snapshot(), whole.Snapshot())
	})
}

// (e) Hash equality ⇔ Snapshot equality, over every state reached by many random logs (with four
// keys and short logs, states recur often, so both directions are exercised).
func TestPropHashMatchesSnapshot(t *testing.T) {
	byHash := map[uint64]string{}
	bySnap := map[string]uint64{}
	revisits := 0
	check(t, 1000, func(l1, l2 cmdLog, unsafe bool) bool {
		for _, l := range []cmdLog{l1, l2} {
			m := fsm.New(optsOf(unsafe))
			for _, e := range l {
				step(t, m, e)
				h, s := m.Hash(), string(m.Snapshot())
				if prev, ok := byHash[h]; ok && prev != s {
					t.Logf("hash %x for two snapshots %x and %x", h, prev, s)
					return false
				}
				if prev, ok := bySnap[s]; ok {
					revisits++
					if prev != h {
						t.Logf("snapshot %x with two hashes %x and %x", s, prev, h)
						return false
					}
				}
				byHash[h], bySnap[s] = s, h
			}
		}
		return true
	})
	if revisits < 100 {
		t.Errorf("only %d revisited states: the property hardly compared equal states", revisits)
	}
	t.Logf("%d distinct states, %d revisits", len(bySnap), revisits)
}

// (e) The same content built by a different history, in a different order, hashes and snapshots
// the same: the state of a random log is rebuilt token by token, every token not held in the
// target going to a throwaway key freed (by Release, Expire or Delete) at a random later moment.
func TestPropSameContentSameHash(t *testing.T) {
	check(t, 1000, func(l cmdLog, seed int64, unsafe bool) bool {
		opts := optsOf(unsafe)
		r := rand.New(rand.NewSource(seed))
		target := fsm.New(opts)
		for _, e := range l {
			step(t, target, e)
		}
		owner := map[uint64]entry{}
		for _, s := range stateOf(target) {
			owner[s.token] = s
		}
		m := fsm.New(opts)
		var junk []entry
		free := func(i int) {
			j := junk[i]
			junk = slices.Delete(junk, i, i+1)
			switch r.Intn(3) {
			case 0:
				m.ApplyCommand(release(j.key))
			case 1:
				m.ApplyCommand(expire(j.key, j.token))
			default:
				m.Delete(j.key)
			}
		}
		for tok := uint64(1); tok < target.NextToken(); tok++ {
			c := grant(fmt.Sprintf("junk%d", tok), uint64(r.Intn(5000)))
			if s, ok := owner[tok]; ok {
				c = grant(s.key, s.lease)
			}
			if got := m.ApplyCommand(c); got != rGranted(tok) {
				t.Logf("rebuilding: %v gave %v", c, got)
				return false
			}
			if _, ok := owner[tok]; !ok {
				junk = append(junk, entry{c.Key, tok, c.LeaseMS})
			}
			for len(junk) > 0 && r.Intn(3) == 0 {
				free(r.Intn(len(junk)))
			}
		}
		for len(junk) > 0 {
			free(r.Intn(len(junk)))
		}
		if m.Hash() != target.Hash() || !bytes.Equal(m.Snapshot(), target.Snapshot()) {
			t.Logf("rebuilt %v next %d hash %x; target %v next %d hash %x",
				stateOf(m), m.NextToken(), m.Hash(), stateOf(target), target.NextToken(), target.Hash())
			return false
		}
		// A snapshot listing the locks in a shuffled order restores to the same state too.
		es := stateOf(target)
		r.Shuffle(len(es), func(i, j int) { es[i], es[j] = es[j], es[i] })
		shuffled := fsm.New(opts)
		if err := shuffled.Restore(encodeSnapshot(target.NextToken(), es...)); err != nil {
			t.Logf("Restore(shuffled): %v", err)
			return false
		}
		return shuffled.Hash() == target.Hash() && bytes.Equal(shuffled.Snapshot(), target.Snapshot())
	})
}

// The hash covers every part of the state: changing one lease, one token, one key or the counter
// changes it.
func TestHashCoversEveryField(t *testing.T) {
	base := []entry{{"a", 1, 1000}, {"b", 3, 2000}}
	variants := map[string][]byte{
		"base":        encodeSnapshot(5, base...),
		"next":        encodeSnapshot(6, base...),
		"lease":       encodeSnapshot(5, entry{"a", 1, 1001}, base[1]),
		"token":       encodeSnapshot(5, entry{"a", 2, 1000}, base[1]),
		"key":         encodeSnapshot(5, entry{"c", 1, 1000}, base[1]),
		"key length":  encodeSnapshot(5, entry{"aa", 1, 1000}, base[1]),
		"missing":     encodeSnapshot(5, base[1]),
		"extra":       encodeSnapshot(5, append(slices.Clone(base), entry{"c", 4, 0})...),
		"swap tokens": encodeSnapshot(5, entry{"a", 3, 1000}, entry{"b", 1, 2000}),
		"swap leases": encodeSnapshot(5, entry{"a", 1, 2000}, entry{"b", 3, 1000}),
		"empty":       encodeSnapshot(5),
	}
	seen := map[uint64]string{}
	for name, snap := range variants {
		m := fsm.New(safe)
		if err := m.Restore(snap); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if prev, ok := seen[m.Hash()]; ok {
			t.Errorf("%s and %s hash alike", name, prev)
		}
		seen[m.Hash()] = name
	}
}

// A reference model written independently: every result and state along a random log matches it.
func TestPropMatchesModel(t *testing.T) {
	check(t, 1000, func(l cmdLog, unsafe bool) bool {
		m := fsm.New(optsOf(unsafe))
		model := map[string]fsm.Lock{}
		next := uint64(1)
		for i, e := range l {
			want := rNoop
			if c := e.cmd; c != nil {
				cur, held := model[c.Key]
				switch c.Kind {
				case fsm.Grant:
					want = rGrantRejected
					if !held {
						model[c.Key] = fsm.Lock{Token: next, LeaseMS: c.LeaseMS}
						want = rGranted(next)
						next++
					}
				case fsm.Release:
					want = rNotFound
					if held {
						delete(model, c.Key)
						want = rReleased
					}
				case fsm.Expire:
					want = rExpiredFalse
					if held && (cur.Token == c.Token || unsafe) {
						delete(model, c.Key)
						want = rExpiredTrue
					}
				}
			}
			if got := step(t, m, e); got != want {
				t.Logf("entry %d: %v, model says %v\nlog %v", i, got, want, l)
				return false
			}
			var es []entry
			for k, v := range model {
				es = append(es, entry{k, v.Token, v.LeaseMS})
			}
			slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.key, b.key) })
			if got := stateOf(m); !slices.Equal(got, es) || m.NextToken() != next || m.Len() != len(es) {
				t.Logf("entry %d: state %v next %d, model %v next %d", i, got, m.NextToken(), es, next)
				return false
			}
		}
		return true
	})
}
