package chunks

import "testing"

// A list and its clones, each appended to differently, keep their own values: the full chunks
// they share are never written again.
func TestClonesAreIndependent(t *testing.T) {
	var a List[int]
	for i := range 3*Size + 10 {
		a.Append(i)
	}
	b := a.Clone()
	c := b.Clone()
	for range Size {
		a.Append(-1)
		b.Append(-2)
	}
	for i, l := range []*List[int]{&a, &b, &c} {
		want := 3*Size + 10
		if i < 2 {
			want += Size
		}
		if l.Len() != want {
			t.Fatalf("list %d holds %d, want %d", i, l.Len(), want)
		}
		for j := range 3*Size + 10 {
			if *l.At(j) != j {
				t.Fatalf("list %d: value %d is %d", i, j, *l.At(j))
			}
		}
	}
	if *a.Last() != -1 || *b.Last() != -2 || *c.Last() != 3*Size+9 {
		t.Fatalf("last values %d %d %d", *a.Last(), *b.Last(), *c.Last())
	}
	if a.full[0] != c.full[0] {
		t.Fatal("clones should share full chunks")
	}
	var e List[int]
	if e.Len() != 0 || e.Last() != nil || len(e.Slice(0)) != 0 {
		t.Fatal("the zero list is not empty")
	}
	if s := a.Slice(3*Size + 8); len(s) != 2+Size || s[0] != 3*Size+8 {
		t.Fatalf("Slice: %v", s[:3])
	}
}

// Issue 22.4: a list of one value (a key's result before its latest, after an expiry) costs
// that value, not a chunk of Size; a list that grows still fills whole chunks of exactly Size.
func TestShortListIsSmall(t *testing.T) {
	var l List[[2]uint64]
	l.Append([2]uint64{1, 2})
	if c := cap(l.tail); c > 2 {
		t.Errorf("one value takes room for %d", c)
	}
	if c := l.Clone(); cap(c.tail) > 2 || c.At(0)[1] != 2 {
		t.Errorf("its clone takes room for %d", cap(c.tail))
	}
	for i := range 3 * Size {
		l.Append([2]uint64{uint64(i), 0})
	}
	if len(l.full) != 3 || l.Len() != 3*Size+1 || *l.At(0) != [2]uint64{1, 2} {
		t.Fatalf("%d chunks, len %d", len(l.full), l.Len())
	}
	for i := 1; i < l.Len(); i++ {
		if l.At(i)[0] != uint64(i-1) {
			t.Fatalf("value %d is %v", i, *l.At(i))
		}
	}
}
