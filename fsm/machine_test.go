package fsm_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"testing"

	"leaselab/fsm"
)

var (
	safe   = fsm.Options{}
	unsafe = fsm.Options{ExpireIgnoresToken: true}
	both   = []fsm.Options{safe, unsafe}
)

func TestNew(t *testing.T) {
	for _, o := range both {
		m := fsm.New(o)
		if m.NextToken() != 1 || m.Len() != 0 || len(m.Keys()) != 0 {
			t.Fatalf("New(%+v): next %d len %d keys %v", o, m.NextToken(), m.Len(), m.Keys())
		}
		if _, ok := m.Get("a"); ok {
			t.Fatal("New: Get(a) found a lock")
		}
		if got, want := m.Snapshot(), []byte{1, 1, 0}; !bytes.Equal(got, want) {
			t.Fatalf("New: Snapshot() = %x, want %x", got, want)
		}
	}
	if fsm.New(safe).Hash() != fsm.New(unsafe).Hash() {
		t.Fatal("Options change the Hash of an empty state")
	}
}

// TestCommandTable applies every command to every relevant state of the key, for both Options,
// and checks the exact result and the exact state after.
func TestCommandTable(t *testing.T) {
	type tc struct {
		name  string
		setup []fsm.Command
		cmd   fsm.Command
		opts  []fsm.Options // nil: both
		want  fsm.Result
		after []entry // the whole table after, in key order
		next  uint64
	}
	// "held" is a holding token 1 (the matching token); "held2" has gone round once so a holds 2
	// and token 1 is the stale one; b is a bystander that must never be touched.
	held := []fsm.Command{grant("a", 3000)}
	held2 := []fsm.Command{grant("a", 1000), release("a"), grant("a", 3000)}
	withB := []fsm.Command{grant("b", 500), grant("a", 3000)} // b#1, a#2
	cases := []tc{
		// free key
		{name: "grant free", cmd: grant("a", 3000), want: rGranted(1), after: []entry{{"a", 1, 3000}}, next: 2},
		{name: "grant free zero lease", cmd: grant("a", 0), want: rGranted(1), after: []entry{{"a", 1, 0}}, next: 2},
		{name: "release free", cmd: release("a"), want: rNotFound, next: 1},
		{name: "expire free tok0", cmd: expire("a", 0), want: rExpiredFalse, next: 1},
		{name: "expire free tok1", cmd: expire("a", 1), want: rExpiredFalse, next: 1},
		{name: "grant freed key", setup: []fsm.Command{grant("a", 1), release("a")}, cmd: grant("a", 2), want: rGranted(2), after: []entry{{"a", 2, 2}}, next: 3},
		{name: "release freed key", setup: []fsm.Command{grant("a", 1), release("a")}, cmd: release("a"), want: rNotFound, next: 2},
		{name: "expire expired key", setup: []fsm.Command{grant("a", 1), expire("a", 1)}, cmd: expire("a", 1), want: rExpiredFalse, next: 2},

		// key held with the matching token
		{name: "grant held", setup: held, cmd: grant("a", 9), want: rGrantRejected, after: []entry{{"a", 1, 3000}}, next: 2},
		{name: "release held", setup: held, cmd: release("a"), want: rReleased, next: 2},
		{name: "expire held matching", setup: held, cmd: expire("a", 1), want: rExpiredTrue, next: 2},
		{name: "release held round 2", setup: held2, cmd: release("a"), want: rReleased, next: 3},
		{name: "expire held2 matching", setup: held2, cmd: expire("a", 2), want: rExpiredTrue, next: 3},

		// key held with another token
		{name: "expire stale token safe", setup: held2, cmd: expire("a", 1), opts: []fsm.Options{safe}, want: rExpiredFalse, after: []entry{{"a", 2, 3000}}, next: 3},
		{name: "expire stale token unsafe", setup: held2, cmd: expire("a", 1), opts: []fsm.Options{unsafe}, want: rExpiredTrue, next: 3},
		{name: "expire future token safe", setup: held, cmd: expire("a", 2), opts: []fsm.Options{safe}, want: rExpiredFalse, after: []entry{{"a", 1, 3000}}, next: 2},
		{name: "expire future token unsafe", setup: held, cmd: expire("a", 2), opts: []fsm.Options{unsafe}, want: rExpiredTrue, next: 2},
		{name: "expire token 0 safe", setup: held, cmd: expire("a", 0), opts: []fsm.Options{safe}, want: rExpiredFalse, after: []entry{{"a", 1, 3000}}, next: 2},
		{name: "expire token 0 unsafe", setup: held, cmd: expire("a", 0), opts: []fsm.Options{unsafe}, want: rExpiredTrue, next: 2},
		{name: "expire other key's token safe", setup: withB, cmd: expire("a", 1), opts: []fsm.Options{safe}, want: rExpiredFalse, after: []entry{{"a", 2, 3000}, {"b", 1, 500}}, next: 3},
		{name: "expire other key's token unsafe", setup: withB, cmd: expire("a", 1), opts: []fsm.Options{unsafe}, want: rExpiredTrue, after: []entry{{"b", 1, 500}}, next: 3},

		// a bystander key is never touched
		{name: "grant beside b", setup: []fsm.Command{grant("b", 500)}, cmd: grant("a", 7), want: rGranted(2), after: []entry{{"a", 2, 7}, {"b", 1, 500}}, next: 3},
		{name: "grant held beside b", setup: withB, cmd: grant("a", 7), want: rGrantRejected, after: []entry{{"a", 2, 3000}, {"b", 1, 500}}, next: 3},
		{name: "release beside b", setup: withB, cmd: release("a"), want: rReleased, after: []entry{{"b", 1, 500}}, next: 3},
		{name: "expire beside b", setup: withB, cmd: expire("a", 2), want: rExpiredTrue, after: []entry{{"b", 1, 500}}, next: 3},
		{name: "release free beside b", setup: []fsm.Command{grant("b", 500)}, cmd: release("a"), want: rNotFound, after: []entry{{"b", 1, 500}}, next: 2},
		{name: "expire free beside b", setup: []fsm.Command{grant("b", 500)}, cmd: expire("a", 1), want: rExpiredFalse, after: []entry{{"b", 1, 500}}, next: 2},

		// keys are compared exactly
		{name: "release prefix key", setup: []fsm.Command{grant("ab", 1)}, cmd: release("a"), want: rNotFound, after: []entry{{"ab", 1, 1}}, next: 2},
		{name: "grant case-different key", setup: []fsm.Command{grant("a", 1)}, cmd: grant("A", 2), want: rGranted(2), after: []entry{{"A", 2, 2}, {"a", 1, 1}}, next: 3},

		// an unknown kind reaching ApplyCommand does nothing
		{name: "unknown kind free", cmd: fsm.Command{Kind: 9, Key: "a"}, want: rNoop, next: 1},
		{name: "unknown kind held", setup: held, cmd: fsm.Command{Kind: 0, Key: "a"}, want: rNoop, after: []entry{{"a", 1, 3000}}, next: 2},
	}
	for _, c := range cases {
		opts := c.opts
		if opts == nil {
			opts = both
		}
		for _, o := range opts {
			t.Run(fmt.Sprintf("%s/unsafe=%v", c.name, o.ExpireIgnoresToken), func(t *testing.T) {
				m := mustBuild(t, o, c.setup...)
				got := m.ApplyCommand(c.cmd)
				if got != c.want {
					t.Errorf("ApplyCommand(%v) = %v, want %v", c.cmd, got, c.want)
				}
				checkState(t, m, c.after, c.next)

				// The encoded path gives the same result, state and decoded command.
				if c.cmd.Kind >= fsm.Grant && c.cmd.Kind <= fsm.Expire {
					m2 := mustBuild(t, o, c.setup...)
					r, cmd, err := m2.Apply(c.cmd.Encode())
					if err != nil || r != c.want || cmd != c.cmd {
						t.Errorf("Apply(Encode(%v)) = %v, %+v, %v; want %v, %+v, nil", c.cmd, r, cmd, err, c.want, c.cmd)
					}
					sameState(t, "Apply vs ApplyCommand", m, m2)
				}
			})
		}
	}
}

// checkState checks the table through Get, Keys, Len and NextToken, and that Hash and Snapshot are
// those of the same state restored from an independently encoded snapshot.
func checkState(t *testing.T, m *fsm.Machine, want []entry, next uint64) {
	t.Helper()
	if got := stateOf(m); !slices.Equal(got, want) {
		t.Errorf("table = %v, want %v", got, want)
	}
	if m.Len() != len(want) {
		t.Errorf("Len() = %d, want %d", m.Len(), len(want))
	}
	if m.NextToken() != next {
		t.Errorf("NextToken() = %d, want %d", m.NextToken(), next)
	}
	for _, k := range []string{"a", "b", "A", "ab"} {
		l, ok := m.Get(k)
		i := slices.IndexFunc(want, func(e entry) bool { return e.key == k })
		switch {
		case i < 0 && ok:
			t.Errorf("Get(%q) = %+v, want not held", k, l)
		case i >= 0 && (!ok || l != fsm.Lock{Token: want[i].token, LeaseMS: want[i].lease}):
			t.Errorf("Get(%q) = %+v, %v; want %+v", k, l, ok, want[i])
		}
	}
	snap := encodeSnapshot(next, want...)
	if got := m.Snapshot(); !bytes.Equal(got, snap) {
		t.Errorf("Snapshot() = %x, want %x", got, snap)
	}
	ref := fsm.New(fsm.Options{})
	if err := ref.Restore(snap); err != nil {
		t.Fatalf("Restore(expected state): %v", err)
	}
	if ref.Hash() != m.Hash() {
		t.Errorf("Hash() = %x, but the same state restored hashes %x", m.Hash(), ref.Hash())
	}
}

// The normal lifecycle, as the package doc tells it, including the late Expire the token check defuses.
func TestLateExpireIsHarmless(t *testing.T) {
	m := fsm.New(safe)
	steps := []struct {
		c    fsm.Command
		want fsm.Result
	}{
		{grant("orders", 3000), rGranted(1)},
		{expire("orders", 1), rExpiredTrue},
		{grant("orders", 3000), rGranted(2)},
		{expire("orders", 1), rExpiredFalse}, // the retried Expire for the old token lands late
		{release("orders"), rReleased},
		{release("orders"), rNotFound},
		{grant("orders", 3000), rGranted(3)},
		{grant("orders", 3000), rGrantRejected},
	}
	for i, s := range steps {
		if got := m.ApplyCommand(s.c); got != s.want {
			t.Fatalf("step %d %v: %v, want %v", i, s.c, got, s.want)
		}
	}
	if l, ok := m.Get("orders"); !ok || l.Token != 3 || m.NextToken() != 4 {
		t.Fatalf("end: %+v %v next %d", l, ok, m.NextToken())
	}
	// With the token check switched off the same late Expire ends the newer grant.
	u := fsm.New(unsafe)
	u.ApplyCommand(grant("orders", 3000))
	u.ApplyCommand(expire("orders", 1))
	u.ApplyCommand(grant("orders", 3000))
	if got := u.ApplyCommand(expire("orders", 1)); got != rExpiredTrue || u.Len() != 0 {
		t.Fatalf("unsafe late Expire: %v, len %d", got, u.Len())
	}
}

func TestApplyEmptyIsNoop(t *testing.T) {
	for _, o := range both {
		m := mustBuild(t, o, grant("a", 1), grant("b", 2), release("a"))
		before, snap := m.Hash(), m.Snapshot()
		for _, data := range [][]byte{nil, {}} {
			r, c, err := m.Apply(data)
			if err != nil || r != rNoop || c != (fsm.Command{}) {
				t.Errorf("Apply(%#v) = %v, %+v, %v; want Noop, zero command, nil", data, r, c, err)
			}
		}
		if m.Hash() != before || !bytes.Equal(m.Snapshot(), snap) {
			t.Error("Apply of empty data changed the state")
		}
	}
}

func TestApplyGarbage(t *testing.T) {
	garbage := [][]byte{
		{0},
		{1},
		{1, 1},
		{2, 1, 0, 1, 'a', 5},      // wrong version
		{1, 7, 0, 1, 'a'},         // unknown kind
		{1, 1, 0, 1, 'a'},         // Grant without lease
		{1, 2, 0, 0},              // empty key
		{1, 2, 0, 1, 'a', 0},      // trailing byte
		{1, 3, 0, 1, 'a', 0x80},   // truncated token
		{1, 1, 0, 9, 'a', 'b', 1}, // key past the end
		[]byte("hello, world"),
		bytes.Repeat([]byte{0xff}, 40),
	}
	for _, o := range both {
		m := mustBuild(t, o, grant("a", 1), grant("b", 2), expire("b", 2), grant("c", 3))
		before, snap, next := m.Hash(), m.Snapshot(), m.NextToken()
		for _, data := range garbage {
			r, c, err := m.Apply(data)
			if r != rNoop || c != (fsm.Command{}) {
				t.Errorf("Apply(%x) = %v, %+v; want Noop and the zero command", data, r, c)
			}
			if err == nil || !errors.Is(err, fsm.ErrDecode) {
				t.Errorf("Apply(%x) error = %v; want one wrapping ErrDecode", data, err)
			}
			if m.Hash() != before || !bytes.Equal(m.Snapshot(), snap) || m.NextToken() != next {
				t.Fatalf("Apply(%x) changed the state", data)
			}
		}
		// The machine carries on as if the garbage had never been there.
		if r := m.ApplyCommand(grant("d", 4)); r != rGranted(next) {
			t.Errorf("grant after garbage = %v, want %v", r, rGranted(next))
		}
	}
}

func TestDelete(t *testing.T) {
	m := mustBuild(t, safe, grant("a", 1), grant("b", 2))
	if m.Delete("zz") {
		t.Error("Delete of a free key reported true")
	}
	if !m.Delete("a") {
		t.Error("Delete of a held key reported false")
	}
	if m.Delete("a") {
		t.Error("second Delete reported true")
	}
	// Delete leaves the counter alone: the state is that of b alone with next token 3.
	checkState(t, m, []entry{{"b", 2, 2}}, 3)
}

func TestSnapshotRestore(t *testing.T) {
	for _, o := range both {
		src := mustBuild(t, o, grant("b", 20), grant("a", 10), grant("c", 30), release("b"), grant("zz", 5), expire("c", 3))
		snap := src.Snapshot()
		want := encodeSnapshot(5, entry{"a", 2, 10}, entry{"zz", 4, 5})
		if !bytes.Equal(snap, want) {
			t.Fatalf("Snapshot() = %x, want %x", snap, want)
		}
		// Restoring replaces whatever the machine held, keeps the receiver's Options.
		for _, into := range both {
			dst := mustBuild(t, into, grant("q", 1), grant("r", 1), grant("s", 1), grant("t", 1), grant("u", 1), grant("v", 1), grant("w", 1))
			if err := dst.Restore(snap); err != nil {
				t.Fatalf("Restore: %v", err)
			}
			sameState(t, "restored", src, dst)
			if got := stateOf(dst); !slices.Equal(got, []entry{{"a", 2, 10}, {"zz", 4, 5}}) {
				t.Fatalf("restored table %v", got)
			}
			wantExpire := rExpiredFalse
			if into.ExpireIgnoresToken {
				wantExpire = rExpiredTrue
			}
			if r := dst.ApplyCommand(expire("a", 1)); r != wantExpire {
				t.Errorf("Restore lost the receiver's Options: Expire with a wrong token gave %v", r)
			}
			if r := dst.ApplyCommand(grant("new", 1)); r != rGranted(5) {
				t.Errorf("grant after restore = %v, want %v", r, rGranted(5))
			}
		}
	}
	// A snapshot's bytes do not alias the machine.
	m := mustBuild(t, safe, grant("a", 1))
	s := m.Snapshot()
	m.ApplyCommand(grant("b", 1))
	if !bytes.Equal(s, encodeSnapshot(2, entry{"a", 1, 1})) {
		t.Error("a taken snapshot changed when the machine did")
	}
}

// Restore accepts a snapshot whose keys are not sorted (the order carries no meaning) and
// normalises it: the state's Hash and Snapshot are those of the sorted one.
func TestRestoreUnsortedKeys(t *testing.T) {
	sorted := encodeSnapshot(9, entry{"a", 1, 1}, entry{"b", 5, 2}, entry{"c", 8, 3})
	shuffled := encodeSnapshot(9, entry{"c", 8, 3}, entry{"a", 1, 1}, entry{"b", 5, 2})
	x, y := fsm.New(safe), fsm.New(safe)
	if err := x.Restore(sorted); err != nil {
		t.Fatal(err)
	}
	if err := y.Restore(shuffled); err != nil {
		t.Fatal(err)
	}
	sameState(t, "sorted vs shuffled", x, y)
	if !bytes.Equal(y.Snapshot(), sorted) {
		t.Errorf("Snapshot after restoring shuffled = %x, want %x", y.Snapshot(), sorted)
	}
}

func TestRestoreRejects(t *testing.T) {
	good := encodeSnapshot(7, entry{"a", 1, 10}, entry{"bb", 6, 20})
	cases := map[string][]byte{
		"nil":                      nil,
		"empty":                    {},
		"version 0":                append([]byte{0}, good[1:]...),
		"version 2":                append([]byte{2}, good[1:]...),
		"version 255":              {255, 1, 0},
		"no counter":               {1},
		"no count":                 {1, 1},
		"truncated counter":        {1, 0x80},
		"truncated count":          {1, 1, 0x80},
		"counter zero":             encodeSnapshot(0),
		"counter zero with lock":   {1, 0, 1, 1, 'a', 0, 0},
		"token equals counter":     encodeSnapshot(3, entry{"a", 3, 1}),
		"token above counter":      encodeSnapshot(3, entry{"a", 4, 1}),
		"token far above counter":  encodeSnapshot(2, entry{"a", 1 << 40, 1}),
		"second token >= counter":  encodeSnapshot(3, entry{"a", 1, 1}, entry{"b", 3, 1}),
		"token zero":               encodeSnapshot(3, entry{"a", 0, 1}),
		"zero key length":          encodeSnapshot(3, entry{"", 1, 1}),
		"count above entries":      {1, 3, 2, 1, 'a', 1, 1},
		"count far above entries":  {1, 3, 0xff, 0xff, 0x03, 1, 'a', 1, 1},
		"count below entries":      {1, 3, 1, 1, 'a', 1, 1, 1, 'b', 2, 1},
		"key length past end":      {1, 3, 1, 5, 'a', 1, 1},
		"key without token":        {1, 3, 1, 1, 'a'},
		"key without lease":        {1, 3, 1, 1, 'a', 1},
		"truncated lease":          {1, 3, 1, 1, 'a', 1, 0x80},
		"trailing byte":            append(bytes.Clone(good), 0),
		"trailing bytes":           append(bytes.Clone(good), 1, 2, 3),
		"trailing byte after none": {1, 1, 0, 0},
		"overflowing counter":      append([]byte{1}, append(bytes.Repeat([]byte{0xff}, 10), 1, 0)...),
		"duplicate key":            encodeSnapshot(3, entry{"a", 1, 1}, entry{"a", 2, 1}),
		"duplicate key same lock":  encodeSnapshot(3, entry{"a", 1, 1}, entry{"a", 1, 1}),
	}
	// Every strict prefix of a good snapshot is truncated.
	for i := 0; i < len(good); i++ {
		cases[fmt.Sprintf("prefix %d", i)] = bytes.Clone(good[:i])
	}
	for name, data := range cases {
		for _, o := range both {
			m := mustBuild(t, o, grant("x", 5), grant("y", 6), release("x"))
			ref := mustBuild(t, o, grant("x", 5), grant("y", 6), release("x"))
			err := restoreNoPanic(t, m, data)
			if err == nil {
				t.Errorf("%s: Restore(%x) accepted it: now next %d table %v", name, data, m.NextToken(), stateOf(m))
				continue
			}
			sameState(t, name+": machine changed by a failed Restore", m, ref)
			if a, b := m.ApplyCommand(grant("x", 1)), ref.ApplyCommand(grant("x", 1)); a != b {
				t.Errorf("%s: after a failed Restore, grant gave %v, want %v", name, a, b)
			}
		}
	}
	if err := fsm.New(safe).Restore(good); err != nil {
		t.Fatalf("the good snapshot itself: %v", err)
	}
}

// Whatever Restore accepts must leave a consistent machine: its Hash is the Hash of the state its
// own Snapshot describes. A snapshot listing one key twice broke this: the incremental hash
// XOR-ed in both locks while the table kept one.
func TestRestoreAcceptedStateIsConsistent(t *testing.T) {
	for name, data := range map[string][]byte{
		"duplicate key":           encodeSnapshot(3, entry{"a", 1, 1}, entry{"a", 2, 1}),
		"duplicate key same lock": encodeSnapshot(3, entry{"a", 1, 1}, entry{"a", 1, 1}),
		"unsorted":                encodeSnapshot(9, entry{"c", 8, 3}, entry{"a", 1, 1}),
		"sorted":                  encodeSnapshot(9, entry{"a", 1, 1}, entry{"c", 8, 3}),
	} {
		m := fsm.New(safe)
		if err := m.Restore(data); err != nil {
			continue
		}
		again := fsm.New(safe)
		if err := again.Restore(m.Snapshot()); err != nil {
			t.Errorf("%s: re-restoring the machine's own Snapshot: %v", name, err)
			continue
		}
		if m.Hash() != again.Hash() {
			t.Errorf("%s: accepted, but Hash %x differs from %x, that of the state its Snapshot %x describes",
				name, m.Hash(), again.Hash(), m.Snapshot())
		}
		// Deleting every key must bring the table part of the hash back to that of an empty table.
		for _, k := range m.Keys() {
			m.Delete(k)
		}
		empty := fsm.New(safe)
		_ = empty.Restore(encodeSnapshot(m.NextToken()))
		if m.Hash() != empty.Hash() {
			t.Errorf("%s: after deleting every key, Hash %x, want that of an empty table %x", name, m.Hash(), empty.Hash())
		}
	}
}

func restoreNoPanic(t *testing.T, m *fsm.Machine, data []byte) (err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Restore(%x) panicked: %v", data, r)
		}
	}()
	return m.Restore(data)
}

// An overlay applies by the machine's rules and leaves the machine as it was.
func TestOverlay(t *testing.T) {
	m := fsm.New(fsm.Options{})
	m.ApplyCommand(fsm.Command{Kind: fsm.Grant, Key: "a", LeaseMS: 1000})
	m.ApplyCommand(fsm.Command{Kind: fsm.Grant, Key: "b", LeaseMS: 1000})
	hash := m.Hash()
	o := m.Overlay()
	if r := o.ApplyCommand(fsm.Command{Kind: fsm.Release, Key: "a"}); r.Kind != fsm.Released {
		t.Fatalf("release on the overlay: %v", r)
	}
	if r := o.ApplyCommand(fsm.Command{Kind: fsm.Grant, Key: "c"}); r.Kind != fsm.Granted || r.Token != 3 {
		t.Fatalf("grant on the overlay: %v", r)
	}
	if r := o.ApplyCommand(fsm.Command{Kind: fsm.Expire, Key: "b", Token: 1}); r.Existed {
		t.Fatalf("an expire with another token ended b: %v", r)
	}
	if _, held := o.Get("a"); held {
		t.Fatal("a is released on the overlay")
	}
	if l, held := o.Get("b"); !held || l.Token != 2 {
		t.Fatalf("b on the overlay: %v %v", l, held)
	}
	if got := o.Keys(); !slices.Equal(got, []string{"b", "c"}) || o.Len() != 2 {
		t.Fatalf("overlay keys %v", got)
	}
	if _, held := m.Get("a"); !held || m.Hash() != hash || m.NextToken() != 3 || m.Len() != 2 {
		t.Fatal("the overlay changed the machine")
	}
	// Reused, the overlay starts again as the machine is now: what it applied before is gone.
	m.ApplyCommand(fsm.Command{Kind: fsm.Release, Key: "b"})
	if r := m.OverlayReusing(o); r != o {
		t.Fatal("OverlayReusing made a new overlay")
	}
	if l, held := o.Get("a"); !held || l.Token != 1 {
		t.Fatalf("a on the reused overlay: %v %v, want held #1 as in the machine", l, held)
	}
	if _, held := o.Get("b"); held || o.Len() != 1 || o.NextToken() != 3 || o.Hash() != m.Hash() {
		t.Fatalf("the reused overlay: b held %v, %d keys, next token %d; want as the machine: b free, 1 key, 3", held, o.Len(), o.NextToken())
	}
	if r := o.ApplyCommand(fsm.Command{Kind: fsm.Grant, Key: "b"}); r.Kind != fsm.Granted || r.Token != 3 {
		t.Fatalf("grant on the reused overlay: %v", r)
	}
	if _, held := m.Get("b"); held {
		t.Fatal("the reused overlay changed the machine")
	}
}
