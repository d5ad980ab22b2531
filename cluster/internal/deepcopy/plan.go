package deepcopy

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"unsafe"
)

// A plan is what the copy needs to know of a type, worked out once per type.
type plan struct {
	t      reflect.Type
	kind   reflect.Kind
	size   uintptr
	refs   bool     // holds references the copy must translate (strings are shared: they do not count)
	elem   *plan    // pointer, slice, array: the element; map: the value
	key    *plan    // map
	n      int      // array length
	fields []*field // struct: the fields that hold references, funcs included
}

type field struct {
	off  uintptr
	p    *plan
	fn   bool
	rule FuncRule
	name string // "pkgpath.Type.field", for func rules and errors
}

func (c *copier) planOf(t reflect.Type) (*plan, error) {
	c.ps.mu.Lock()
	defer c.ps.mu.Unlock()
	return c.ps.planOf(t)
}

func (ps *Plans) planOf(t reflect.Type) (*plan, error) {
	if p, ok := ps.plans[t]; ok {
		return p, nil
	}
	p := &plan{t: t, kind: t.Kind(), size: t.Size()}
	ps.plans[t] = p // before the parts: a type may refer to itself
	if ps.o.Shallow != nil && ps.o.Shallow(t) {
		return p, nil
	}
	var err error
	switch p.kind {
	case reflect.Pointer, reflect.Slice:
		p.refs = true
		p.elem, err = ps.planOf(t.Elem())
	case reflect.Map:
		p.refs = true
		if p.key, err = ps.planOf(t.Key()); err == nil {
			p.elem, err = ps.planOf(t.Elem())
		}
	case reflect.Interface, reflect.Func:
		p.refs = true
	case reflect.Array:
		p.n = t.Len()
		p.elem, err = ps.planOf(t.Elem())
		p.refs = err == nil && p.n > 0 && mayRefer(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			sf := t.Field(i)
			if !mayRefer(sf.Type) {
				continue
			}
			f := &field{off: sf.Offset, name: t.PkgPath() + "." + t.Name() + "." + sf.Name}
			if sf.Type.Kind() == reflect.Func {
				f.fn, f.rule = true, ps.o.Funcs[f.name]
			} else if f.p, err = ps.planOf(sf.Type); err != nil {
				return nil, err
			}
			if f.fn || !ps.shallowType(sf.Type) {
				p.fields = append(p.fields, f)
			}
		}
		p.refs = len(p.fields) > 0
	case reflect.Chan, reflect.UnsafePointer:
		return nil, fmt.Errorf("deepcopy: cannot copy a %s", t)
	}
	return p, err
}

func (ps *Plans) shallowType(t reflect.Type) bool { return ps.o.Shallow != nil && ps.o.Shallow(t) }

// mayRefer says whether values of t can hold references at all (strings aside).
func mayRefer(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface, reflect.Func,
		reflect.Chan, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() > 0 && mayRefer(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if mayRefer(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// layout merges the objects into regions and allocates each region's copy. Objects that overlap
// are one region: it takes the type of the outermost object when one contains all the others
// (a struct and a pointer to its field, an array and pointers to its elements), else, for
// slices of one array that overlap in part, an array of their element type covering them all.
func (c *copier) layout() error {
	slices.SortFunc(c.objects, func(a, b object) int {
		if a.start != b.start {
			return cmp.Compare(uintptr(a.start), uintptr(b.start))
		}
		return cmp.Compare(b.size, a.size) // the largest first
	})
	var g group
	for _, o := range c.objects {
		if g.open && uintptr(o.start) < g.end {
			g.add(o)
			continue
		}
		if err := c.close(&g); err != nil {
			return err
		}
		g = group{open: true, outer: o, end: o.end(), uniform: true}
	}
	if err := c.close(&g); err != nil {
		return err
	}
	c.allocate()
	return nil
}

// group is a region being gathered: its first (and largest) object, and how far it reaches.
type group struct {
	open    bool
	outer   object
	end     uintptr
	uniform bool // every object has outer's element type, on its element boundaries
}

func (g *group) add(o object) {
	if o.elem != g.outer.elem || (uintptr(o.start)-uintptr(g.outer.start))%g.outer.elem.size != 0 {
		g.uniform = false
	}
	g.end = max(g.end, o.end())
}

func (c *copier) close(g *group) error {
	if !g.open {
		return nil
	}
	o := g.outer
	if g.end > o.end() {
		if !g.uniform {
			return fmt.Errorf("deepcopy: a %s overlaps other objects without containing them", o.elem.t)
		}
		o.size = g.end - uintptr(o.start)
		o.n = int(o.size / o.elem.size)
	}
	c.regions = append(c.regions, region{object: o})
	c.starts = append(c.starts, uintptr(o.start))
	g.open = false
	return nil
}

// slabMax is the largest object allocated in a slab with others of its type.
const slabMax = 512

// allocate gives every region its memory in the copy: arrays and large objects alone, small
// single objects from one slab per type (thousands of *uint64 in raft's messages, records,
// entries), which is one allocation instead of thousands. A slab lives as long as any object
// in it, so a copy may hold a little more memory than it uses.
func (c *copier) allocate() {
	count := map[*plan]int{}
	for i := range c.regions {
		if r := &c.regions[i]; r.n == 1 && r.size <= slabMax {
			count[r.elem]++
		}
	}
	type slab struct {
		base unsafe.Pointer
		used int
	}
	slabs := make(map[*plan]*slab, len(count))
	for i := range c.regions {
		r := &c.regions[i]
		switch {
		case r.n == 1 && r.size <= slabMax:
			s := slabs[r.elem]
			if s == nil {
				n := count[r.elem]
				s = &slab{base: reflect.MakeSlice(reflect.SliceOf(r.elem.t), n, n).UnsafePointer()}
				slabs[r.elem] = s
			}
			// Never a pointer past the slab's end: it would point into the next object.
			r.to = unsafe.Add(s.base, uintptr(s.used)*r.size)
			s.used++
		case r.n == 1:
			r.to = reflect.New(r.elem.t).UnsafePointer()
		default:
			r.to = reflect.MakeSlice(reflect.SliceOf(r.elem.t), r.n, r.n).UnsafePointer()
		}
	}
}
