package fsm

import (
	"bytes"
	"maps"
	"slices"
	"testing"
)

// countingTable is a Table that is not a map, as a caller keeping locks in its own records.
type countingTable struct {
	m    map[string]Lock
	puts int
}

func (t *countingTable) Get(k string) (Lock, bool) { l, ok := t.m[k]; return l, ok }
func (t *countingTable) Put(k string, l Lock)      { t.m[k] = l; t.puts++ }
func (t *countingTable) Delete(k string)           { delete(t.m, k) }
func (t *countingTable) Len() int                  { return len(t.m) }
func (t *countingTable) Keys() []string            { return slices.Sorted(maps.Keys(t.m)) }
func (t *countingTable) Reset()                    { clear(t.m) }

// A machine on a caller's table behaves as one on the default map, a bad snapshot leaves the
// table untouched, and NewOn empties the table it is given.
func TestMachineOnTable(t *testing.T) {
	tab := &countingTable{m: map[string]Lock{"stale": {Token: 9}}}
	m, ref := NewOn(Options{}, tab), New(Options{})
	if m.Len() != 0 {
		t.Fatalf("NewOn kept %d stale locks", m.Len())
	}
	for _, c := range []Command{
		{Kind: Grant, Key: "a", LeaseMS: 10}, {Kind: Grant, Key: "b", LeaseMS: 20},
		{Kind: Release, Key: "a"}, {Kind: Grant, Key: "c", LeaseMS: 5}, {Kind: Expire, Key: "c", Token: 3},
	} {
		if got, want := m.ApplyCommand(c), ref.ApplyCommand(c); got != want {
			t.Fatalf("%+v: %+v on the table, %+v on the map", c, got, want)
		}
	}
	if m.Hash() != ref.Hash() || !bytes.Equal(m.Snapshot(), ref.Snapshot()) {
		t.Fatal("the table-backed machine's state differs from the map-backed one")
	}
	puts := tab.puts
	if err := m.Restore(append(ref.Snapshot(), 0)); err == nil {
		t.Fatal("a snapshot with a trailing byte restored")
	}
	if tab.puts != puts || m.Hash() != ref.Hash() || m.Len() != 1 {
		t.Fatalf("a failed restore touched the table: %d puts, %d locks", tab.puts-puts, m.Len())
	}
}
