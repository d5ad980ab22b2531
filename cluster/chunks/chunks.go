// Package chunks is an append-only list kept in fixed-size chunks. A full chunk is never
// written again, so copies of a list share their full chunks and each owns only its last,
// partial one: copying a history of any length costs at most one chunk, and neither copy's
// appends ever reach the other. (A world's checkpoints share its histories this way.)
package chunks

import (
	"iter"
	"slices"
)

// Size is how many values a chunk holds.
const Size = 256

// Chunk is a full chunk: shared by every copy of the list, never written again.
type Chunk[T any] [Size]T

// List is an append-only list. The zero value is empty and ready.
type List[T any] struct {
	full []*Chunk[T]
	tail []T // the partial chunk, this copy's own
}

// Len is how many values the list holds.
func (l *List[T]) Len() int { return len(l.full)*Size + len(l.tail) }

// At is value i, for reading only: a full chunk is shared with every copy.
func (l *List[T]) At(i int) *T {
	if c := i / Size; c < len(l.full) {
		return &l.full[c][i%Size]
	}
	return &l.tail[i-len(l.full)*Size]
}

// Last is the last value, or nil when the list is empty.
func (l *List[T]) Last() *T {
	if n := l.Len(); n > 0 {
		return l.At(n - 1)
	}
	return nil
}

// Append adds v at the end. The partial chunk grows by doubling up to Size: most lists (a key's
// older results: one value, after its lease expired) stay short, and a list of one value
// must not cost a whole chunk, in the world nor in each of its copies.
func (l *List[T]) Append(v T) {
	if len(l.tail) == cap(l.tail) {
		t := make([]T, len(l.tail), min(Size, max(2, 2*cap(l.tail))))
		copy(t, l.tail)
		l.tail = t
	}
	l.tail = append(l.tail, v)
	if len(l.tail) == Size {
		l.full = append(l.full, (*Chunk[T])(l.tail))
		l.tail = nil
	}
}

// Clone is a copy of the list that shares its full chunks and copies its partial one.
func (l *List[T]) Clone() List[T] {
	c := List[T]{full: slices.Clip(l.full)}
	if l.tail != nil {
		c.tail = slices.Clone(l.tail) // its own: the next Append grows it
	}
	return c
}

// All is every value in order, with its index, for reading only.
func (l *List[T]) All() iter.Seq2[int, *T] {
	return func(yield func(int, *T) bool) {
		for i := range l.Len() {
			if !yield(i, l.At(i)) {
				return
			}
		}
	}
}

// Backward is every value from the last to the first, with its index, for reading only.
func (l *List[T]) Backward() iter.Seq2[int, *T] {
	return func(yield func(int, *T) bool) {
		for i := l.Len() - 1; i >= 0; i-- {
			if !yield(i, l.At(i)) {
				return
			}
		}
	}
}

// Slice copies the values from i on into a new slice.
func (l *List[T]) Slice(i int) []T {
	out := make([]T, 0, max(0, l.Len()-i))
	for ; i < l.Len(); i++ {
		out = append(out, *l.At(i))
	}
	return out
}
