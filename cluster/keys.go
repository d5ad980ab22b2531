package cluster

import "leaselab/fsm"

// keyRec is everything one node keeps about one key, in a single allocation: its applied
// history and its countdown (live while the key is held here). Memory per key matters: a node
// may hold 100,000 of them.
type keyRec struct {
	lease lease
	last  applied    // the latest result (Index 0: none yet)
	older *[]applied // the results before it, oldest first; nil for most keys (one result)
}

// applied is one entry of a node's per-key history, packed into two words.
type applied struct {
	Index uint64
	res   uint64 // kind | existed<<8 | token<<16
}

func packResult(r fsm.Result) uint64 {
	return uint64(r.Kind) | b2u(r.Existed)<<8 | r.Token<<16
}

func (a applied) Result() fsm.Result {
	return fsm.Result{Kind: fsm.ResultKind(a.res & 0xff), Existed: a.res>>8&1 == 1, Token: a.res >> 16}
}

// rec returns key's record, creating it on first use.
func (n *node) rec(key string) *keyRec {
	r := n.keys[key]
	if r == nil {
		r = &keyRec{lease: lease{key: key, idx: -1}}
		n.keys[key] = r
	}
	return r
}

// record appends a result to the key's history (a replay after a restart repeats none).
func (r *keyRec) record(idx uint64, res fsm.Result) {
	if r.last.Index >= idx {
		return
	}
	if r.last.Index != 0 {
		if r.older == nil {
			r.older = new([]applied)
		}
		*r.older = append(*r.older, r.last)
	}
	r.last = applied{idx, packResult(res)}
}

// known says whether the node applied any entry for the key.
func (r *keyRec) known() bool { return r.last.Index != 0 }

// history is every result, oldest first.
func (r *keyRec) history() []applied {
	if !r.known() {
		return nil
	}
	var out []applied
	if r.older != nil {
		out = append(out, *r.older...)
	}
	return append(out, r.last)
}

// leaseOf is key's running (or zero) countdown on this node, nil when it has none.
func (n *node) leaseOf(key string) *lease {
	if r := n.keys[key]; r != nil && r.lease.live {
		return &r.lease
	}
	return nil
}
