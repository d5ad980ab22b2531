package fsm

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
)

// Lock is one held key.
type Lock struct {
	Token   uint64
	LeaseMS uint64
	// RemainingMS is the last Checkpoint's remaining lease (0: none since the Grant or the last
	// Renew): etcd's remainingTTL, what a new leader restarts the lease from.
	RemainingMS uint64
}

// Options switch safety mechanisms off, so a lesson can show what they protect.
type Options struct {
	// ExpireIgnoresToken makes Expire delete whatever holds the key (unsafe).
	ExpireIgnoresToken bool
}

// Machine is the lock table plus the token counter. The zero value is not ready: use New.
type Machine struct {
	opts  Options
	locks Table
	next  uint64 // the token the next Granted issues
	hash  uint64 // XOR of lockHash over the table: order-free, updated in O(1)
}

// Table is where a Machine keeps its locks: a map by default. A caller that already keeps a
// record per key can hold the locks in those records instead (NewOn), so a held key costs one
// map entry, not two. A Lock's Token is never 0.
type Table interface {
	Get(key string) (Lock, bool)
	Put(key string, l Lock) // the key is not held
	Delete(key string)      // the key is held
	Len() int
	Keys() []string // the held keys, sorted
	Reset()         // forget every lock
}

// mapTable is the default Table.
type mapTable map[string]Lock

func (t mapTable) Get(key string) (Lock, bool) { l, ok := t[key]; return l, ok }
func (t mapTable) Put(key string, l Lock)      { t[key] = l }
func (t mapTable) Delete(key string)           { delete(t, key) }
func (t mapTable) Len() int                    { return len(t) }
func (t mapTable) Keys() []string              { return slices.Sorted(maps.Keys(t)) }
func (t mapTable) Reset()                      { clear(t) }

// New returns an empty machine whose first token is 1.
func New(opts Options) *Machine {
	return NewOn(opts, mapTable{})
}

// NewOn is New keeping the locks in t, which it empties first.
func NewOn(opts Options, t Table) *Machine {
	t.Reset()
	return &Machine{opts: opts, locks: t, next: 1}
}

// Apply decodes and applies one entry's data. Empty data (a new leader's entry) is a Noop; data
// that does not decode is a Noop too, and the error says why: it never panics.
func (m *Machine) Apply(data []byte) (Result, Command, error) {
	if len(data) == 0 {
		return Result{Kind: Noop}, Command{}, nil
	}
	c, err := Decode(data)
	if err != nil {
		return Result{Kind: Noop}, Command{}, err
	}
	return m.ApplyCommand(c), c, nil
}

// ApplyCommand applies a decoded command.
func (m *Machine) ApplyCommand(c Command) Result {
	cur, held := m.locks.Get(c.Key)
	switch c.Kind {
	case Grant:
		if held {
			return Result{Kind: GrantRejected}
		}
		t := m.next
		m.next++
		m.put(c.Key, Lock{Token: t, LeaseMS: c.LeaseMS})
		return Result{Kind: Granted, Token: t}
	case Release:
		if !held {
			return Result{Kind: NotFound}
		}
		m.Delete(c.Key)
		return Result{Kind: Released}
	case Expire:
		if !held || (cur.Token != c.Token && !m.opts.ExpireIgnoresToken) {
			return Result{Kind: Expired}
		}
		m.Delete(c.Key)
		return Result{Kind: Expired, Existed: true}
	case Checkpoint, Renew:
		kind := Checkpointed
		if c.Kind == Renew {
			kind = Renewed
		}
		// Tokened like Expire: a late one never touches a newer grant of the key.
		if !held || cur.Token != c.Token {
			return Result{Kind: kind}
		}
		l := cur
		l.RemainingMS = 0
		if c.Kind == Checkpoint {
			l.RemainingMS = c.RemainingMS
		}
		m.Delete(c.Key)
		m.put(c.Key, l)
		return Result{Kind: kind, Existed: true}
	}
	return Result{Kind: Noop}
}

// Delete removes key outside the log. Only the unsafe local-expiry mode calls it.
func (m *Machine) Delete(key string) bool {
	l, ok := m.locks.Get(key)
	if ok {
		m.hash ^= lockHash(key, l)
		m.locks.Delete(key)
	}
	return ok
}

func (m *Machine) put(key string, l Lock) {
	m.hash ^= lockHash(key, l)
	m.locks.Put(key, l)
}

// Get returns the lock on key, if held.
func (m *Machine) Get(key string) (Lock, bool) {
	return m.locks.Get(key)
}

// NextToken is the token the next Granted will issue.
func (m *Machine) NextToken() uint64 { return m.next }

// Len is the number of held keys.
func (m *Machine) Len() int { return m.locks.Len() }

// Keys returns the held keys, sorted.
func (m *Machine) Keys() []string {
	return m.locks.Keys()
}

// Hash is a stable digest of the whole state (table and counter): equal states, equal hashes,
// whatever order they were built in.
func (m *Machine) Hash() uint64 {
	return m.hash ^ mix(m.next)
}

func lockHash(key string, l Lock) uint64 {
	h := fnv.New64a()
	h.Write([]byte(key))
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], l.Token)
	binary.LittleEndian.PutUint64(b[8:], l.LeaseMS)
	h.Write(b[:])
	if l.RemainingMS != 0 { // only then: a machine without checkpoints hashes as it always did
		binary.LittleEndian.PutUint64(b[:8], l.RemainingMS)
		h.Write(b[:8])
	}
	return mix(h.Sum64())
}

// mix is splitmix64's finalizer: it spreads bits so XOR-combined hashes do not cancel easily.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// snapshotVersion 1 is the seed's format; 2 adds each lock's checkpointed remaining lease, and
// is written only when some lock has one, so a run without checkpoints writes what it always did.
const (
	snapshotVersion    = 1
	snapshotVersionRem = 2
)

// Snapshot encodes the table and the token counter, keys sorted, so equal states give equal bytes.
func (m *Machine) Snapshot() []byte {
	keys := m.Keys()
	version := byte(snapshotVersion)
	for _, k := range keys {
		if l, _ := m.locks.Get(k); l.RemainingMS != 0 {
			version = snapshotVersionRem
			break
		}
	}
	b := []byte{version}
	b = binary.AppendUvarint(b, m.next)
	b = binary.AppendUvarint(b, uint64(len(keys)))
	for _, k := range keys {
		l, _ := m.locks.Get(k)
		b = binary.AppendUvarint(b, uint64(len(k)))
		b = append(b, k...)
		b = binary.AppendUvarint(b, l.Token)
		b = binary.AppendUvarint(b, l.LeaseMS)
		if version == snapshotVersionRem {
			b = binary.AppendUvarint(b, l.RemainingMS)
		}
	}
	return b
}

// Restore replaces the state with a snapshot's. On error the machine is unchanged: the snapshot
// is read whole before the table is touched.
func (m *Machine) Restore(data []byte) error {
	if len(data) == 0 || (data[0] != snapshotVersion && data[0] != snapshotVersionRem) {
		return fmt.Errorf("fsm: bad snapshot header")
	}
	rest := data[1:]
	next := func() (uint64, bool) {
		v, n := binary.Uvarint(rest)
		if n <= 0 {
			return 0, false
		}
		rest = rest[n:]
		return v, true
	}
	tok, ok1 := next()
	count, ok2 := next()
	if !ok1 || !ok2 || tok == 0 || count > uint64(len(rest)) {
		return fmt.Errorf("fsm: bad snapshot counters")
	}
	type keyLock struct {
		key string
		l   Lock
	}
	locks := make([]keyLock, 0, count)
	seen := make(map[string]bool, count)
	for i := uint64(0); i < count; i++ {
		n, ok := next()
		if !ok || n == 0 || n > uint64(len(rest)) {
			return fmt.Errorf("fsm: bad snapshot key %d", i)
		}
		key := string(rest[:n])
		rest = rest[n:]
		if seen[key] {
			return fmt.Errorf("fsm: snapshot lists key %q twice", key)
		}
		t, ok1 := next()
		lease, ok2 := next()
		rem, ok3 := uint64(0), true
		if data[0] == snapshotVersionRem {
			rem, ok3 = next()
		}
		if !ok1 || !ok2 || !ok3 || t == 0 || t >= tok {
			return fmt.Errorf("fsm: bad snapshot lock %q", key)
		}
		seen[key] = true
		locks = append(locks, keyLock{key, Lock{Token: t, LeaseMS: lease, RemainingMS: rem}})
	}
	if len(rest) != 0 {
		return fmt.Errorf("fsm: %d trailing snapshot bytes", len(rest))
	}
	m.locks.Reset()
	m.next, m.hash = tok, 0
	for _, kl := range locks {
		m.put(kl.key, kl.l)
	}
	return nil
}
