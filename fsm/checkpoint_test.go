package fsm

import (
	"testing"
)

// Checkpoint and Renew are tokened like Expire: they touch only the grant they name, and a
// checkpointed remaining lease survives a snapshot while the seed's format stays the seed's.
func TestCheckpointAndRenew(t *testing.T) {
	m := New(Options{})
	m.ApplyCommand(Command{Kind: Grant, Key: "orders", LeaseMS: 3000})
	plain := m.Snapshot()
	if plain[0] != snapshotVersion {
		t.Fatalf("no checkpoint yet: snapshot version %d, want %d", plain[0], snapshotVersion)
	}
	before := m.Hash()
	if r := m.ApplyCommand(Command{Kind: Checkpoint, Key: "orders", Token: 2, RemainingMS: 1200}); r != (Result{Kind: Checkpointed}) {
		t.Fatalf("checkpoint with a wrong token = %v", r)
	}
	if m.Hash() != before {
		t.Fatal("a checkpoint with a wrong token changed the state")
	}
	if r := m.ApplyCommand(Command{Kind: Checkpoint, Key: "orders", Token: 1, RemainingMS: 1200}); r != (Result{Kind: Checkpointed, Existed: true}) {
		t.Fatalf("checkpoint = %v", r)
	}
	if l, _ := m.Get("orders"); l.RemainingMS != 1200 || l.Token != 1 || l.LeaseMS != 3000 {
		t.Fatalf("after checkpoint: %+v", l)
	}
	if m.Hash() == before {
		t.Fatal("the checkpoint left the hash unchanged")
	}
	snap := m.Snapshot()
	m2 := New(Options{})
	if err := m2.Restore(snap); err != nil {
		t.Fatal(err)
	}
	if l, _ := m2.Get("orders"); l.RemainingMS != 1200 || m2.Hash() != m.Hash() {
		t.Fatalf("restored %+v hash %x, want remaining 1200 hash %x", l, m2.Hash(), m.Hash())
	}
	if r := m.ApplyCommand(Command{Kind: Renew, Key: "orders", Token: 1}); r != (Result{Kind: Renewed, Existed: true}) {
		t.Fatalf("renew = %v", r)
	}
	if l, _ := m.Get("orders"); l.RemainingMS != 0 || m.Hash() != before {
		t.Fatalf("renew should clear the checkpoint and give back the first state: %+v", l)
	}
	if r := m.ApplyCommand(Command{Kind: Renew, Key: "none", Token: 1}); r != (Result{Kind: Renewed}) {
		t.Fatalf("renew of a free key = %v", r)
	}
	for _, c := range []Command{{Kind: Checkpoint, Key: "k", Token: 7, RemainingMS: 99, Origin: 3}, {Kind: Renew, Key: "k", Token: 7, Origin: 4}} {
		got, err := Decode(c.Encode())
		if err != nil || got != c {
			t.Fatalf("round trip %v: %v, %v", c, got, err)
		}
	}
	for _, s := range []string{"Checkpointed{existed:true}", "Renewed{existed:false}"} {
		if r, err := ParseResult(s); err != nil || r.String() != s {
			t.Fatalf("ParseResult(%s) = %v, %v", s, r, err)
		}
	}
}
