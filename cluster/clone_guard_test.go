package cluster

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"go.etcd.io/raft/v3"
)

var updateRaftFields = flag.Bool("update-raft-fields", false, "rewrite testdata/raft-fields.txt from the raft in go.mod")

// raftFields lists every field of every raft struct reachable from a RawNode by type (through
// pointers, slices, arrays and maps), as "pkg.Type.field type": what World.Clone's graph copy
// walks in raft, private fields included.
func raftFields() []string {
	seen := map[reflect.Type]bool{}
	var out []string
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(t.Elem())
		case reflect.Map:
			walk(t.Key())
			walk(t.Elem())
		case reflect.Struct:
			if !strings.HasPrefix(t.PkgPath(), "go.etcd.io/raft/v3") {
				return
			}
			for i := range t.NumField() {
				f := t.Field(i)
				out = append(out, fmt.Sprintf("%s.%s.%s %s", t.PkgPath(), t.Name(), f.Name, f.Type))
				walk(f.Type)
			}
		}
	}
	walk(reflect.TypeOf(raft.RawNode{}))
	slices.Sort(out)
	return out
}

// The clone of a world copies raft's private structs field by field. A raft upgrade that adds,
// removes or retypes a field fails here, listing it, so that someone checks what the copy does
// with it before trusting rewinds again.
func TestRaftFieldsKnown(t *testing.T) {
	const file = "testdata/raft-fields.txt"
	got := raftFields()
	if *updateRaftFields {
		if err := os.WriteFile(file, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSpace(string(data)), "\n")
	var added, gone []string
	for _, f := range got {
		if !slices.Contains(want, f) {
			added = append(added, f)
		}
	}
	for _, f := range want {
		if !slices.Contains(got, f) {
			gone = append(gone, f)
		}
	}
	if len(added)+len(gone) > 0 {
		t.Fatalf("raft's structs changed (a raft upgrade?); World.Clone copies them field by field.\n"+
			"new or retyped: %s\ngone: %s\n"+
			"For each new field check what the copy does with it: a func needs a rule in clonePlans (FuncShare only for a "+
			"top-level func, FuncRebind for a method value bound to its own struct); a channel, a mutex or an unsafe.Pointer "+
			"cannot be copied (the clone fails); a pointer to process-global state must be Shallow. Then run "+
			"go test ./cluster -run 'Clone|Raft' and ./scenarios -run Checkpoint, and rewrite the list with "+
			"go test ./cluster -run TestRaftFieldsKnown -update-raft-fields.",
			strings.Join(added, ", "), strings.Join(gone, ", "))
	}
}

// Each func rule of clonePlans names a func field of raft's struct (a renamed field would leave
// the rule doing nothing, and the clone refusing the new name). The rule for raft.step shares
// it, which the clone allows only for a top-level function, never a closure (deepcopy checks).
func TestCloneFuncRulesNameRaftFields(t *testing.T) {
	rf, _ := reflect.TypeOf(raft.RawNode{}).FieldByName("raft")
	for name := range clonePlanFuncs {
		field, ok := strings.CutPrefix(name, "go.etcd.io/raft/v3.raft.")
		f, found := rf.Type.Elem().FieldByName(field)
		if !ok || !found || f.Type.Kind() != reflect.Func {
			t.Errorf("clonePlans has a rule for %s, which is no func field of raft's raft struct", name)
		}
	}
}
