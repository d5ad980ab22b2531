package cluster

import (
	"fmt"
	"reflect"
	"strings"
	"unsafe"

	"leaselab/cluster/chunks"
	"leaselab/cluster/internal/deepcopy"
)

// Clone returns an independent copy of the world as it is now, raft nodes and all: played on
// with the same steps, the two produce the same events (the same trace hash), and neither
// changes the other. Subscribers are not copied: whoever keeps the copy subscribes to it.
// Rewinding a long session starts from such a checkpoint instead of replaying from the seed.
// bytes is roughly the memory the copy holds.
func (w *World) Clone() (c *World, bytes int64, err error) {
	for _, n := range w.nodes {
		if len(n.after) > 0 {
			return nil, 0, fmt.Errorf("clone: node %d is inside a Ready", n.id)
		}
	}
	subs, kinds := w.subs, w.subKind
	w.subs, w.subKind = nil, 0
	defer func() { w.subs, w.subKind = subs, kinds }()
	c, bytes, err = deepcopy.Copy(w, clonePlans)
	if c != nil {
		c.id = worldIDs.Add(1)
	}
	return c, bytes, err
}

// clonePlanFuncs says what each func field of raft's becomes in a clone: raft keeps its tick
// as a method value bound to itself, and its step as a top-level func (the clone refuses a
// shared closure).
var clonePlanFuncs = map[string]deepcopy.FuncRule{
	"go.etcd.io/raft/v3.raft.tick": deepcopy.FuncRebind,
	"go.etcd.io/raft/v3.raft.step": deepcopy.FuncShare,
}

var clonePlans = deepcopy.NewPlans(deepcopy.Options{
	Funcs: clonePlanFuncs,
	Shallow: func(t reflect.Type) bool {
		switch {
		case t.Name() == "MessageState" && t.PkgPath() == "google.golang.org/protobuf/internal/impl":
			return true // a protobuf message's internal state points at its type's global descriptor
		case t.Kind() == reflect.Pointer && t.Elem().PkgPath() == "leaselab/cluster/chunks" &&
			strings.HasPrefix(t.Elem().Name(), "Chunk["):
			return true // a full chunk of a history is never written again: copies share it
		}
		return false
	},
})

// CloneSize is roughly what Clone would copy, in bytes, worked out without copying: what every
// node keeps per key, per applied result and per log entry, and the world's record of every
// request, the bulk of a world that has grown large (a hundred thousand leases, a long run, a
// log never compacted). A caller can decide from it that a copy would cost too much.
func (w *World) CloneSize() int64 {
	const (
		base     = 256 << 10 // a fresh world: five raft nodes, the event ring, the queue
		perKey   = 350       // a key's record, countdown and linearizability history
		perEntry = 200       // a log entry with its protobuf fields
	)
	n := int64(base) + int64(min(w.origins.Len(), chunks.Size))*int64(unsafe.Sizeof(originRec{}))
	for _, nd := range w.nodes {
		n += int64(len(nd.keys)) * perKey
		for _, h := range nd.older { // a sum: the map's order does not matter
			n += int64(min(h.Len(), chunks.Size)) * int64(unsafe.Sizeof(applied{}))
		}
		first, _ := nd.st.FirstIndex()
		last, _ := nd.st.LastIndex()
		if last >= first {
			n += int64(last-first+1) * perEntry
		}
	}
	return n
}
