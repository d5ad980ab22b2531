package fsm_test

import (
	"fmt"
	"testing"

	"leaselab/fsm"
)

// BenchmarkApply runs Grant/Release cycles over 16 keys through the encoded path, as raft
// delivers them. One op is one applied entry.
func BenchmarkApply(b *testing.B) {
	const keys = 16
	grants := make([][]byte, keys)
	releases := make([][]byte, keys)
	for i := range keys {
		k := fmt.Sprintf("key-%02d", i)
		grants[i] = fsm.Command{Kind: fsm.Grant, Key: k, LeaseMS: 3000, Origin: uint64(i)}.Encode()
		releases[i] = fsm.Command{Kind: fsm.Release, Key: k, Origin: uint64(i)}.Encode()
	}
	m := fsm.New(fsm.Options{})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := (i / 2) % keys
		data := grants[k]
		want := fsm.Granted
		if i%2 == 1 {
			data, want = releases[k], fsm.Released
		}
		r, _, err := m.Apply(data)
		if err != nil || r.Kind != want {
			b.Fatalf("op %d: %v, %v", i, r, err)
		}
		i++
	}
}

// BenchmarkApplyCommand is the same cycle without decoding, to separate the two costs.
func BenchmarkApplyCommand(b *testing.B) {
	const keys = 16
	grants := make([]fsm.Command, keys)
	releases := make([]fsm.Command, keys)
	for i := range keys {
		k := fmt.Sprintf("key-%02d", i)
		grants[i] = fsm.Command{Kind: fsm.Grant, Key: k, LeaseMS: 3000}
		releases[i] = fsm.Command{Kind: fsm.Release, Key: k}
	}
	m := fsm.New(fsm.Options{})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := (i / 2) % keys
		if i%2 == 0 {
			m.ApplyCommand(grants[k])
		} else {
			m.ApplyCommand(releases[k])
		}
		i++
	}
}

func BenchmarkSnapshot(b *testing.B) {
	m := fsm.New(fsm.Options{})
	for i := range 1000 {
		m.ApplyCommand(fsm.Command{Kind: fsm.Grant, Key: fmt.Sprintf("key-%04d", i), LeaseMS: 3000})
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = m.Snapshot()
	}
}
