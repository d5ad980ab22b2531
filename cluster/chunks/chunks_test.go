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
