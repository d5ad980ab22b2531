package deepcopy

import (
	"strings"
	"testing"
	"unsafe"
)

type rec struct {
	name string
	n    int
	next *rec
}

type chunked struct {
	recs  []rec           // a chunk records are carved from
	byKey map[string]*rec // pointers into the chunk
	first *int            // a pointer to a field inside the chunk
	again map[string]*rec // the same map as byKey
	box   any
	boxed any
}

type ticker struct {
	count int
	tick  func()
	plain func(int) int
}

func (t *ticker) up() { t.count++ }

func (t *ticker) times(n int) int { return n * t.count }

func double(n int) int { return 2 * n }

func TestCopyKeepsSharingAndInteriorPointers(t *testing.T) {
	c := &chunked{recs: make([]rec, 0, 8), byKey: map[string]*rec{}}
	for _, k := range []string{"a", "b", "c"} {
		c.recs = append(c.recs, rec{name: k, n: len(c.recs)})
		c.byKey[k] = &c.recs[len(c.recs)-1]
	}
	c.recs[0].next = &c.recs[2]
	c.recs[2].next = &c.recs[0] // a cycle
	c.first = &c.recs[1].n
	c.again = c.byKey
	c.box = c.byKey["b"]
	c.boxed = struct{ s []int }{[]int{1, 2, 3}}

	d, n, err := Copy(c, NewPlans(Options{}))
	if err != nil {
		t.Fatal(err)
	}
	if n < int64(8*unsafe.Sizeof(rec{})) {
		t.Fatalf("the copy says it holds %d bytes, less than its chunk of 8 records", n)
	}
	if &d.recs[0] == &c.recs[0] {
		t.Fatal("the chunk was not copied")
	}
	if d.byKey["a"] != &d.recs[0] || d.byKey["c"] != &d.recs[2] {
		t.Fatal("pointers into the chunk do not point into the copied chunk")
	}
	if d.recs[0].next != &d.recs[2] || d.recs[2].next != &d.recs[0] {
		t.Fatal("the cycle is not kept")
	}
	if d.first != &d.recs[1].n {
		t.Fatal("a pointer to a field inside the chunk does not point into the copy")
	}
	if d.box.(*rec) != &d.recs[1] {
		t.Fatal("an interface holding a pointer into the chunk is not translated")
	}
	d.again["z"] = &d.recs[0]
	if d.byKey["z"] == nil || c.byKey["z"] != nil {
		t.Fatal("one map referred to twice must be one map in the copy, and not the original")
	}
	if len(d.recs) != 3 || cap(d.recs) != 8 {
		t.Fatalf("len %d cap %d, want 3 8", len(d.recs), cap(d.recs))
	}
	*d.first = 99
	d.recs = append(d.recs, rec{name: "d"})
	d.boxed.(struct{ s []int }).s[0] = 7
	if c.recs[1].n != 1 || c.recs[:4][3].name != "" || c.boxed.(struct{ s []int }).s[0] != 1 {
		t.Fatal("changing the copy changed the original")
	}
}

func TestCopyOverlappingSlices(t *testing.T) {
	type two struct{ a, b []int }
	arr := []int{1, 2, 3, 4, 5}
	v := &two{a: arr[0:2:2], b: arr[1:5]}
	d, _, err := Copy(v, NewPlans(Options{}))
	if err != nil {
		t.Fatal(err)
	}
	d.b[0] = 20
	if d.a[1] != 20 || arr[1] != 2 {
		t.Fatalf("slices of one array must share one copied array: a=%v b=%v orig=%v", d.a, d.b, arr)
	}
}

func TestCopyFuncs(t *testing.T) {
	tk := &ticker{plain: double}
	tk.tick = tk.up
	if _, _, err := Copy(tk, NewPlans(Options{})); err == nil || !strings.Contains(err.Error(), "ticker.tick") {
		t.Fatalf("a func without a rule must be refused, naming it: %v", err)
	}
	rules := map[string]FuncRule{
		"leaselab/cluster/internal/deepcopy.ticker.tick":  FuncRebind,
		"leaselab/cluster/internal/deepcopy.ticker.plain": FuncShare,
	}
	d, _, err := Copy(tk, NewPlans(Options{Funcs: rules}))
	if err != nil {
		t.Fatal(err)
	}
	d.tick()
	d.tick()
	tk.tick()
	if d.count != 2 || tk.count != 1 || d.plain(4) != 8 {
		t.Fatalf("copy ticked %d (want 2), original %d (want 1)", d.count, tk.count)
	}
	// A method value bound to something else cannot be rebound.
	other := &ticker{}
	tk.tick = other.up
	if _, _, err := Copy(tk, NewPlans(Options{Funcs: rules})); err == nil {
		t.Fatal("a method value bound to another struct must be refused")
	}
	// A shared func must capture nothing: a closure (or a method value) is refused, naming it.
	n := 3
	for name, f := range map[string]func(int) int{"closure": func(x int) int { return x * n }, "method value": other.times} {
		tk := &ticker{plain: f}
		tk.tick = tk.up
		if _, _, err := Copy(tk, NewPlans(Options{Funcs: rules})); err == nil || !strings.Contains(err.Error(), "closure") {
			t.Fatalf("a shared %s must be refused: %v", name, err)
		}
	}
}

func TestCopyRefusesChannels(t *testing.T) {
	type withChan struct{ c chan int }
	if _, _, err := Copy(&withChan{c: make(chan int)}, NewPlans(Options{})); err == nil {
		t.Fatal("a channel must be refused")
	}
}
