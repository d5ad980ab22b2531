package cluster

import (
	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/fsm"
)

// decodedTail is a node's log past its applied index, each entry decoded once, when it is
// appended: the apply and the session's projection (session.go) read the command here instead
// of decoding the entry again. An entry is known by its index and term (raft never puts two
// different entries at the same index in the same term), so a lookup can never read another
// entry's command; anything the tail does not hold (an entry a restarted node applies again
// from its storage, an applied entry a view shows) is decoded on demand. It holds unapplied
// entries only, so it costs no memory per lease.
type decodedTail struct {
	base uint64         // the index of buf[head]
	buf  []decodedEntry // buf[head:] is the tail; the front is reused, so steady work allocates nothing
	head int
}

type decodedEntry struct {
	term uint64
	cmd  fsm.Command
	err  error // what decoding said (the apply reports it as an error event)
}

// len is how many entries the tail holds.
func (t *decodedTail) len() int { return len(t.buf) - t.head }

// at is the entry at idx, if the tail holds it.
func (t *decodedTail) at(idx uint64) (*decodedEntry, bool) {
	if idx < t.base || idx-t.base >= uint64(t.len()) {
		return nil, false
	}
	return &t.buf[t.head+int(idx-t.base)], true
}

// appended records the entry at idx, decoded; a suffix it replaces (a conflicting entry raft
// truncates) goes first.
func (t *decodedTail) appended(idx, term uint64, cmd fsm.Command, err error) {
	switch end := t.base + uint64(t.len()); {
	case t.len() == 0 || idx < t.base || idx > end:
		t.truncate(0)
		t.base = idx
	case idx < end:
		t.truncate(int(idx - t.base))
	}
	if len(t.buf) == cap(t.buf) && t.head > 0 { // room at the front: move the tail there
		n := copy(t.buf, t.buf[t.head:])
		clear(t.buf[n:])
		t.buf, t.head = t.buf[:n], 0
	}
	t.buf = append(t.buf, decodedEntry{term: term, cmd: cmd, err: err})
}

// truncate keeps the first n entries of the tail.
func (t *decodedTail) truncate(n int) {
	clear(t.buf[t.head+n:])
	t.buf = t.buf[:t.head+n]
	if n == 0 {
		t.buf, t.head = t.buf[:0], 0
	}
}

// applied forgets every entry up to idx.
func (t *decodedTail) applied(idx uint64) {
	if idx < t.base {
		return
	}
	k := int(min(idx-t.base+1, uint64(t.len())))
	clear(t.buf[t.head : t.head+k])
	t.head += k
	t.base = idx + 1
	if t.head == len(t.buf) {
		t.buf, t.head = t.buf[:0], 0
	}
}

// command is a normal entry's command: from the tail when it holds the entry, else decoded.
func (n *node) command(e *pb.Entry) (fsm.Command, error) {
	if d, ok := n.tail.at(e.GetIndex()); ok && d.term == e.GetTerm() {
		return d.cmd, d.err
	}
	return fsm.Decode(e.GetData())
}
