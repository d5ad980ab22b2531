package cluster

import (
	"slices"

	"leaselab/cluster/chunks"
	"leaselab/fsm"
)

// keyRec is what one node keeps about every key: its state machine's lock on it (the node's
// fsm.Table, so a held key costs one map entry, not two), its latest result and its countdown
// (live while the key is held here). Memory per key matters: a node may hold 100,000 of them, so
// a record is 72 bytes, carved from chunks (a lone allocation would round up to 80), and the
// results before the latest, which most keys never have, live in node.older.
type keyRec struct {
	lease lease
	lock  fsm.Lock // Token 0: not held
	last  applied  // the latest result (Index 0: none yet)
}

// recChunkMax bounds a chunk of records: small worlds allocate small chunks, large ones waste
// at most one chunk's unused tail. 1,024 records are exactly nine 8 KB pages: a chunk that
// size is a large object with no per-object header, where a smaller one containing pointers
// carries an 8-byte header that can push it into the next size class.
const recChunkMax = 1024

// lockTable is a node's fsm.Table: the locks live in the node's records.
type lockTable struct{ n *node }

func (t lockTable) Get(key string) (fsm.Lock, bool) {
	if r := t.n.find(key); r != nil && r.lock.Token != 0 {
		return r.lock, true
	}
	return fsm.Lock{}, false
}

func (t lockTable) Put(key string, l fsm.Lock) {
	t.n.rec(key).lock = l
	t.n.held++
}

func (t lockTable) Delete(key string) {
	if r := t.n.find(key); r != nil && r.lock.Token != 0 {
		r.lock = fsm.Lock{}
		t.n.held--
	}
}

func (t lockTable) Len() int { return t.n.held }

// Keys visits every record (snapshots and restores only).
func (t lockTable) Keys() []string {
	out := make([]string, 0, t.n.held)
	for k, r := range t.n.keys {
		if r.lock.Token != 0 {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// Reset visits every record, on a (re)start or a restore only.
func (t lockTable) Reset() {
	if t.n.held == 0 {
		return
	}
	for _, r := range t.n.keys {
		r.lock = fsm.Lock{}
	}
	t.n.held = 0
}

// applied is one entry of a node's per-key history, packed into two words.
type applied struct {
	Index uint64
	res   uint64 // kind | existed<<8 | token<<16
}

// packResult packs a result. An Expired carries no token of its own, so its token bits keep by:
// the token the Expire named when it deleted a lock another token held (unsafe
// expire-ignores-token), 0 otherwise.
func packResult(r fsm.Result, by uint64) uint64 {
	if r.Kind == fsm.Expired {
		return uint64(r.Kind) | b2u(r.Existed)<<8 | by<<16
	}
	return uint64(r.Kind) | b2u(r.Existed)<<8 | r.Token<<16
}

func (a applied) Result() fsm.Result {
	k := fsm.ResultKind(a.res & 0xff)
	if k == fsm.Expired {
		return fsm.Result{Kind: k, Existed: a.res>>8&1 == 1}
	}
	return fsm.Result{Kind: k, Existed: a.res>>8&1 == 1, Token: a.res >> 16}
}

// deletedBy is the token an Expire named when it deleted a lock another token held, 0 for any
// other result.
func (a applied) deletedBy() uint64 {
	if fsm.ResultKind(a.res&0xff) != fsm.Expired {
		return 0
	}
	return a.res >> 16
}

// find is key's record, nil if the node never saw the key. The last record found is kept: an
// entry's apply looks its key up half a dozen times (the state machine's Get and Put, the
// record, the countdown), and records never move or go away.
func (n *node) find(key string) *keyRec {
	if r := n.lastRec; r != nil && r.lease.key == key {
		return r
	}
	r := n.keys[key]
	if r != nil {
		n.lastRec = r
	}
	return r
}

// rec returns key's record, creating it on first use.
func (n *node) rec(key string) *keyRec {
	r := n.find(key)
	if r == nil {
		if len(n.recs) == cap(n.recs) {
			// A new chunk: records never move, since the old chunk is never appended past its
			// capacity (and records are never freed: a node keeps every key it applied).
			n.recs = make([]keyRec, 0, min(recChunkMax, max(8, 2*cap(n.recs))))
		}
		n.recs = append(n.recs, keyRec{lease: lease{key: key, idx: -1}})
		r = &n.recs[len(n.recs)-1]
		n.keys[key] = r
	}
	return r
}

// record appends a result to the key's history (a replay after a restart repeats none); by is
// packResult's.
func (n *node) record(r *keyRec, idx uint64, res fsm.Result, by uint64) {
	if r.last.Index >= idx {
		return
	}
	if r.last.Index != 0 {
		h := n.older[r.lease.key]
		if h == nil {
			h = &chunks.List[applied]{}
			n.older[r.lease.key] = h
		}
		h.Append(r.last)
	}
	r.last = applied{idx, packResult(res, by)}
}

// known says whether the node applied any entry for the key.
func (r *keyRec) known() bool { return r.last.Index != 0 }

// history is every result for r's key, oldest first.
func (n *node) history(r *keyRec) []applied {
	if !r.known() {
		return nil
	}
	var older []applied
	if h := n.older[r.lease.key]; h != nil {
		older = h.Slice(0)
	}
	return append(older, r.last)
}

// leaseOf is key's running (or zero) countdown on this node, nil when it has none.
func (n *node) leaseOf(key string) *lease {
	if r := n.find(key); r != nil && r.lease.live {
		return &r.lease
	}
	return nil
}
