// Package deepcopy copies a graph of Go values reachable from one pointer, the way a moving
// garbage collector would: every heap object reached (through pointers, slices, maps and
// interfaces, unexported fields included) is copied once, and every pointer in the copy is
// translated to the copied object, interior pointers included. Two fields that shared an
// object share its copy; a pointer into the middle of an array or a struct points into the
// middle of the copy.
//
// It exists so that a simulated world, raft nodes and all, can be checkpointed: etcd raft's
// RawNode has no clone, and replaying hours of simulation from the seed is too slow for a
// rewind.
//
// The copy works in two passes. The first walks the graph and records the extent of every
// object a pointer or slice refers to; overlapping extents merge into one region, which must
// have one outermost object (an array or struct that contains the others). The second
// allocates each region once, with its outermost type, and copies the contents.
//
// What cannot be copied is refused with an error, never copied wrongly: channels, unsafe
// pointers, and func values, unless Options says what a func is (shared as it is, because it
// captures nothing; or a method value bound to the struct that holds it, which is rebound to the
// copy of that struct). Strings are immutable and shared.
//
// # What an upgrade must re-check
//
// The copy relies on things no API promises:
//   - Go (the gc compiler and runtime): a func value points at a funcval whose first word is
//     the code's address, a method value is that address plus its receiver (methodValue), a
//     func literal's name ends in .funcN and a method value's in -fm (how a shared func is
//     told from a closure), and slices, strings and maps have the layouts reflect shows. After
//     a Go upgrade run go test ./cluster/... (TestCopyFuncs, the world clone tests).
//   - raft: its private structs, walked field by field. cluster's TestRaftFieldsKnown lists
//     every field reachable from a RawNode and fails on any change, saying what to check: a
//     new func field needs a rule (FuncShare only for a top-level func, FuncRebind for a
//     method value bound to its struct), a channel, mutex or unsafe.Pointer cannot be copied,
//     a pointer to process-global state must be Shallow.
package deepcopy
