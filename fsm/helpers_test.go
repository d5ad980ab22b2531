package fsm_test

import (
	"encoding/binary"
	"testing"

	"leaselab/fsm"
)

// entry is one lock of a state written out by the tests' own snapshot encoder.
type entry struct {
	key   string
	token uint64
	lease uint64
}

// encodeSnapshot writes the snapshot format independently of fsm: version 1, next token, count,
// then per lock key length, key, token, lease, in the order given (fsm writes keys sorted).
func encodeSnapshot(next uint64, locks ...entry) []byte {
	b := []byte{1}
	b = binary.AppendUvarint(b, next)
	b = binary.AppendUvarint(b, uint64(len(locks)))
	for _, l := range locks {
		b = binary.AppendUvarint(b, uint64(len(l.key)))
		b = append(b, l.key...)
		b = binary.AppendUvarint(b, l.token)
		b = binary.AppendUvarint(b, l.lease)
	}
	return b
}

// stateOf lists a machine's table in key order.
func stateOf(m *fsm.Machine) []entry {
	var es []entry
	for _, k := range m.Keys() {
		l, ok := m.Get(k)
		if !ok {
			panic("Keys lists " + k + " but Get does not find it")
		}
		es = append(es, entry{k, l.Token, l.LeaseMS})
	}
	return es
}

func grant(key string, lease uint64) fsm.Command {
	return fsm.Command{Kind: fsm.Grant, Key: key, LeaseMS: lease}
}
func release(key string) fsm.Command { return fsm.Command{Kind: fsm.Release, Key: key} }
func expire(key string, token uint64) fsm.Command {
	return fsm.Command{Kind: fsm.Expire, Key: key, Token: token}
}

var (
	rNoop          = fsm.Result{Kind: fsm.Noop}
	rGrantRejected = fsm.Result{Kind: fsm.GrantRejected}
	rReleased      = fsm.Result{Kind: fsm.Released}
	rNotFound      = fsm.Result{Kind: fsm.NotFound}
	rExpiredTrue   = fsm.Result{Kind: fsm.Expired, Existed: true}
	rExpiredFalse  = fsm.Result{Kind: fsm.Expired, Existed: false}
)

func rGranted(tok uint64) fsm.Result { return fsm.Result{Kind: fsm.Granted, Token: tok} }

// mustBuild applies cmds to a fresh machine through the encoded path and fails on any error.
func mustBuild(t testing.TB, opts fsm.Options, cmds ...fsm.Command) *fsm.Machine {
	t.Helper()
	m := fsm.New(opts)
	for _, c := range cmds {
		if _, _, err := m.Apply(c.Encode()); err != nil {
			t.Fatalf("Apply(%v): %v", c, err)
		}
	}
	return m
}

// sameState fails unless a and b agree on everything observable.
func sameState(t testing.TB, what string, a, b *fsm.Machine) {
	t.Helper()
	if a.Hash() != b.Hash() || string(a.Snapshot()) != string(b.Snapshot()) ||
		a.NextToken() != b.NextToken() || a.Len() != b.Len() {
		t.Fatalf("%s: states differ:\n a: next %d %v hash %x\n b: next %d %v hash %x",
			what, a.NextToken(), stateOf(a), a.Hash(), b.NextToken(), stateOf(b), b.Hash())
	}
}
