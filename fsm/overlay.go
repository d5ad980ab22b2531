package fsm

import "slices"

// Overlay is a machine that starts as m is now and applies commands without touching m: the
// state a command will meet once entries not yet applied are (a leader's unapplied log tail),
// by the machine's own rules. It copies only the keys those commands touch.
func (m *Machine) Overlay() *Machine {
	return &Machine{opts: m.opts, locks: &overlayTable{base: m.locks, over: map[string]overlayLock{}}, next: m.next, hash: m.hash}
}

// OverlayReusing is Overlay, reusing o, an overlay an earlier call returned (nil: a new one):
// a caller that projects at every request keeps one overlay instead of allocating a machine,
// a table and a map each time.
func (m *Machine) OverlayReusing(o *Machine) *Machine {
	if o == nil {
		return m.Overlay()
	}
	t := o.locks.(*overlayTable)
	clear(t.over)
	t.base = m.locks
	o.opts, o.next, o.hash = m.opts, m.next, m.hash
	return o
}

// overlayTable reads through to base for a key it has not written.
type overlayTable struct {
	base Table
	over map[string]overlayLock
}

type overlayLock struct {
	lock Lock
	held bool
}

func (t *overlayTable) Get(key string) (Lock, bool) {
	if o, ok := t.over[key]; ok {
		return o.lock, o.held
	}
	return t.base.Get(key)
}

func (t *overlayTable) Put(key string, l Lock) { t.over[key] = overlayLock{l, true} }
func (t *overlayTable) Delete(key string)      { t.over[key] = overlayLock{} }

func (t *overlayTable) Len() int { return len(t.Keys()) }

func (t *overlayTable) Keys() []string {
	var keys []string
	for _, k := range t.base.Keys() {
		if _, ok := t.over[k]; !ok {
			keys = append(keys, k)
		}
	}
	for k, o := range t.over {
		if o.held {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// Reset forgets every lock, the base's included (in the overlay only).
func (t *overlayTable) Reset() {
	for _, k := range t.base.Keys() {
		t.over[k] = overlayLock{}
	}
	for k := range t.over {
		t.over[k] = overlayLock{}
	}
}
