package deepcopy

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// FuncRule says what a func-typed struct field becomes in the copy.
type FuncRule int

const (
	FuncRefuse FuncRule = iota // the default: the copy fails, naming the field
	FuncShare                  // the same func: it captures nothing the copy must own
	FuncRebind                 // a method value bound to the struct holding the field: bound to its copy
)

// Options tune a copy.
type Options struct {
	// Funcs says what each non-nil func-typed field becomes, keyed "pkgpath.Type.field" (for
	// example "go.etcd.io/raft/v3.raft.tick"). A func anywhere but in a struct field is refused.
	Funcs map[string]FuncRule
	// Shallow says which types are copied bit for bit, pointers and all, shared with the
	// original: state that is global per type, such as a protobuf message's internal state.
	Shallow func(reflect.Type) bool
}

// Plans is what copies with the same Options learn about types, kept from one copy to the
// next. It is safe for concurrent use.
type Plans struct {
	o     Options
	mu    sync.Mutex
	plans map[reflect.Type]*plan
	pool  sync.Pool // of *copier
}

// NewPlans prepares copies with the given options.
func NewPlans(o Options) *Plans { return &Plans{o: o, plans: map[reflect.Type]*plan{}} }

// Copy returns a copy of everything reachable from root, and roughly how many bytes it holds
// (its objects, and its maps' entries; not the strings it shares).
func Copy[T any](root *T, ps *Plans) (*T, int64, error) {
	if root == nil {
		return nil, 0, nil
	}
	c := ps.copier()
	defer ps.done(c)
	rp, err := c.planOf(reflect.TypeFor[T]())
	if err != nil {
		return nil, 0, err
	}
	if err := c.scanObject(unsafe.Pointer(root), rp, 1); err != nil {
		return nil, 0, err
	}
	if err := c.layout(); err != nil {
		return nil, 0, err
	}
	for i := range c.regions {
		if err := c.fill(&c.regions[i]); err != nil {
			return nil, 0, err
		}
		c.bytes += int64(c.regions[i].size)
	}
	return (*T)(c.translate(unsafe.Pointer(root))), c.bytes, nil
}

// copier gives a copy its bookkeeping, kept from the last copy: it is several times the size
// of what is copied, and allocating it afresh every time would cost more than the copy.
func (ps *Plans) copier() *copier {
	if c, ok := ps.pool.Get().(*copier); ok {
		return c
	}
	return &copier{ps: ps, seen: map[objKey]bool{}, scannedMaps: map[unsafe.Pointer]bool{},
		maps: map[unsafe.Pointer]reflect.Value{}}
}

// done forgets what a copy referred to (the original and the copy may go) and keeps the room.
func (ps *Plans) done(c *copier) {
	clear(c.seen)
	clear(c.scannedMaps)
	clear(c.maps)
	clear(c.objects)
	clear(c.regions)
	c.objects, c.regions, c.starts, c.bytes = c.objects[:0], c.regions[:0], c.starts[:0], 0
	ps.pool.Put(c)
}

// An object is what one pointer or slice refers to: n values of one type from start.
type object struct {
	start unsafe.Pointer
	size  uintptr
	elem  *plan
	n     int
}

func (o object) end() uintptr { return uintptr(o.start) + o.size }

type objKey struct {
	p    unsafe.Pointer
	elem *plan
	n    int
}

// A region is one allocation in the copy: an outermost object and everything inside it.
type region struct {
	object
	to unsafe.Pointer
}

type copier struct {
	ps          *Plans
	seen        map[objKey]bool
	scannedMaps map[unsafe.Pointer]bool
	objects     []object
	regions     []region
	starts      []uintptr                        // regions[i].start, for the search
	maps        map[unsafe.Pointer]reflect.Value // original map -> its copy
	bytes       int64
}

// sliceHeader is the layout of a slice value.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// methodValue is the layout of a method value bound to a pointer receiver: the code of the
// bound method, then the receiver.
type methodValue struct {
	fn   uintptr
	recv unsafe.Pointer
}

// scan records every object the value of plan p at ptr refers to, and scans those.
func (c *copier) scan(ptr unsafe.Pointer, p *plan) error {
	if !p.refs {
		return nil
	}
	switch p.kind {
	case reflect.Pointer:
		if q := *(*unsafe.Pointer)(ptr); q != nil {
			return c.scanObject(q, p.elem, 1)
		}
	case reflect.Slice:
		if h := (*sliceHeader)(ptr); h.data != nil && h.cap > 0 {
			return c.scanObject(h.data, p.elem, h.cap)
		}
	case reflect.Map:
		v := reflect.NewAt(p.t, ptr).Elem()
		if v.IsNil() || c.scannedMaps[v.UnsafePointer()] {
			return nil
		}
		c.scannedMaps[v.UnsafePointer()] = true
		// Keys and values are read into one reusable place each (it.Key would allocate).
		k, e := reflect.New(p.key.t).Elem(), reflect.New(p.elem.t).Elem()
		for it := v.MapRange(); it.Next(); {
			if p.key.refs {
				k.SetIterKey(it)
				if err := c.scan(k.Addr().UnsafePointer(), p.key); err != nil {
					return err
				}
			}
			if p.elem.refs {
				e.SetIterValue(it)
				if err := c.scan(e.Addr().UnsafePointer(), p.elem); err != nil {
					return err
				}
			}
		}
	case reflect.Interface:
		e, ep, err := c.dynamic(p, ptr)
		if err != nil || ep == nil {
			return err
		}
		return c.scanValue(e, ep)
	case reflect.Struct:
		for _, f := range p.fields {
			fp := unsafe.Add(ptr, f.off)
			if f.fn {
				if err := c.checkFunc(f, fp); err != nil {
					return err
				}
				continue
			}
			if err := c.scan(fp, f.p); err != nil {
				return err
			}
		}
	case reflect.Array:
		for i := range p.n {
			if err := c.scan(unsafe.Add(ptr, uintptr(i)*p.elem.size), p.elem); err != nil {
				return err
			}
		}
	case reflect.Func:
		if *(*unsafe.Pointer)(ptr) != nil {
			return fmt.Errorf("deepcopy: a func outside a struct field (%s)", p.t)
		}
	}
	return nil
}

// dynamic is the value in the interface at ptr and its plan; a nil plan for a nil interface.
func (c *copier) dynamic(p *plan, ptr unsafe.Pointer) (reflect.Value, *plan, error) {
	v := reflect.NewAt(p.t, ptr).Elem()
	if v.IsNil() {
		return reflect.Value{}, nil, nil
	}
	e := v.Elem()
	ep, err := c.planOf(e.Type())
	return e, ep, err
}

// scanValue scans a value that has no address of its own (a map's key or value, an
// interface's dynamic value) through a copy of it.
func (c *copier) scanValue(v reflect.Value, p *plan) error {
	switch {
	case !p.refs:
		return nil
	case p.kind == reflect.Pointer: // the common case, without a copy
		if v.IsNil() {
			return nil
		}
		return c.scanObject(v.UnsafePointer(), p.elem, 1)
	}
	return c.scan(temp(v).Addr().UnsafePointer(), p)
}

// temp is an addressable copy of v.
func temp(v reflect.Value) reflect.Value {
	t := reflect.New(v.Type()).Elem()
	t.Set(v)
	return t
}

func (c *copier) checkFunc(f *field, ptr unsafe.Pointer) error {
	fv := *(*unsafe.Pointer)(ptr)
	switch {
	case fv == nil:
	case f.rule == FuncRefuse:
		return fmt.Errorf("deepcopy: no rule for the func field %s", f.name)
	case f.rule == FuncShare:
		if name := funcName(fv); isClosure(name) {
			return fmt.Errorf("deepcopy: the func field %s holds %s, a closure: shared, the copy would use the original's captured state (give it a rule that copies it, or refuse)", f.name, name)
		}
	}
	return nil
}

// funcName is the name of the code a func value runs: a func value points at a funcval whose
// first word is the code's address (the gc compiler's layout, which the package doc says to
// re-check on a Go upgrade).
func funcName(fv unsafe.Pointer) string {
	if f := runtime.FuncForPC(*(*uintptr)(fv)); f != nil {
		return f.Name()
	}
	return "?"
}

// isClosure says whether a function name is the gc compiler's for a func literal or a bound
// method value ("pkg.outer.func1", "pkg.T.m-fm", "pkg.outer.gowrap1"), as opposed to a
// top-level function, which captures nothing.
func isClosure(name string) bool {
	if strings.HasSuffix(name, "-fm") {
		return true
	}
	last := name[strings.LastIndexByte(name, '.')+1:]
	for _, p := range []string{"func", "gowrap", "deferwrap"} {
		if rest, ok := strings.CutPrefix(last, p); ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return true
		}
	}
	return name == "?"
}

func (c *copier) scanObject(ptr unsafe.Pointer, elem *plan, n int) error {
	if elem.size == 0 {
		return nil
	}
	if !elem.refs {
		// Nothing to scan inside: a second sighting only adds a duplicate, which layout merges.
		c.objects = append(c.objects, object{start: ptr, size: elem.size * uintptr(n), elem: elem, n: n})
		return nil
	}
	k := objKey{ptr, elem, n}
	if c.seen[k] {
		return nil
	}
	c.seen[k] = true
	c.objects = append(c.objects, object{start: ptr, size: elem.size * uintptr(n), elem: elem, n: n})
	for i := range n {
		if err := c.scan(unsafe.Add(ptr, uintptr(i)*elem.size), elem); err != nil {
			return err
		}
	}
	return nil
}

// translate maps a pointer into the original to the same place in the copy.
func (c *copier) translate(p unsafe.Pointer) unsafe.Pointer {
	i, found := slices.BinarySearch(c.starts, uintptr(p))
	if !found {
		i--
	}
	r := &c.regions[i]
	return unsafe.Add(r.to, uintptr(p)-uintptr(r.start))
}

// fill copies a region: every byte at once (with the runtime's write barriers, as any typed
// copy), then each reference is rewritten to point into the copy.
func (c *copier) fill(r *region) error {
	st := reflect.SliceOf(r.elem.t)
	src := sliceHeader{r.start, r.n, r.n}
	dst := sliceHeader{r.to, r.n, r.n}
	reflect.Copy(reflect.NewAt(st, unsafe.Pointer(&dst)).Elem(), reflect.NewAt(st, unsafe.Pointer(&src)).Elem())
	if !r.elem.refs {
		return nil
	}
	for i := range r.n {
		off := uintptr(i) * r.elem.size
		if err := c.fix(unsafe.Add(r.to, off), unsafe.Add(r.start, off), r.elem); err != nil {
			return err
		}
	}
	return nil
}

// fix rewrites the references in dst, a copy of src, to point into the copy.
func (c *copier) fix(dst, src unsafe.Pointer, p *plan) error {
	if !p.refs {
		return nil
	}
	switch p.kind {
	case reflect.Pointer:
		if q := *(*unsafe.Pointer)(src); q != nil && p.elem.size > 0 {
			*(*unsafe.Pointer)(dst) = c.translate(q)
		}
	case reflect.Slice:
		if h := (*sliceHeader)(src); h.data != nil && h.cap > 0 && p.elem.size > 0 {
			(*sliceHeader)(dst).data = c.translate(h.data)
		}
	case reflect.Map:
		m, err := c.copyMap(reflect.NewAt(p.t, src).Elem(), p)
		if err != nil {
			return err
		}
		reflect.NewAt(p.t, dst).Elem().Set(m)
	case reflect.Interface:
		e, ep, err := c.dynamic(p, src)
		if err != nil || ep == nil {
			return err
		}
		n, err := c.copyValue(e, ep)
		if err != nil {
			return err
		}
		reflect.NewAt(p.t, dst).Elem().Set(n)
	case reflect.Struct:
		for _, f := range p.fields {
			if f.fn {
				if err := c.rebind(f, dst, src); err != nil {
					return err
				}
				continue
			}
			if err := c.fix(unsafe.Add(dst, f.off), unsafe.Add(src, f.off), f.p); err != nil {
				return err
			}
		}
	case reflect.Array:
		for i := range p.n {
			off := uintptr(i) * p.elem.size
			if err := c.fix(unsafe.Add(dst, off), unsafe.Add(src, off), p.elem); err != nil {
				return err
			}
		}
	}
	return nil
}

// copyValue copies a value that has no address of its own.
func (c *copier) copyValue(v reflect.Value, p *plan) (reflect.Value, error) {
	switch {
	case !p.refs:
		return v, nil
	case p.kind == reflect.Pointer && p.elem.size > 0: // the common case, without a copy
		if v.IsNil() {
			return v, nil
		}
		return reflect.NewAt(p.elem.t, c.translate(v.UnsafePointer())).Convert(p.t), nil
	}
	src := temp(v)
	dst := temp(v)
	err := c.fix(dst.Addr().UnsafePointer(), src.Addr().UnsafePointer(), p)
	return dst, err
}

func (c *copier) copyMap(v reflect.Value, p *plan) (reflect.Value, error) {
	if v.IsNil() {
		return v, nil
	}
	if m, ok := c.maps[v.UnsafePointer()]; ok {
		return m, nil
	}
	m := reflect.MakeMapWithSize(p.t, v.Len())
	c.maps[v.UnsafePointer()] = m
	c.bytes += int64(v.Len()) * int64(p.key.size+p.elem.size+8) // +8: control bytes, roughly
	sk, se := reflect.New(p.key.t).Elem(), reflect.New(p.elem.t).Elem()
	dk, de := reflect.New(p.key.t).Elem(), reflect.New(p.elem.t).Elem()
	for it := v.MapRange(); it.Next(); {
		sk.SetIterKey(it)
		se.SetIterValue(it)
		k, err := c.copyInto(dk, sk, p.key)
		if err != nil {
			return m, err
		}
		e, err := c.copyInto(de, se, p.elem)
		if err != nil {
			return m, err
		}
		m.SetMapIndex(k, e)
	}
	return m, nil
}

// copyInto copies addressable src into addressable dst and returns dst, or src itself when
// it refers to nothing.
func (c *copier) copyInto(dst, src reflect.Value, p *plan) (reflect.Value, error) {
	if !p.refs {
		return src, nil
	}
	dst.Set(src)
	return dst, c.fix(dst.Addr().UnsafePointer(), src.Addr().UnsafePointer(), p)
}

// rebind points a method value bound to the struct at src to the struct at dst instead.
func (c *copier) rebind(f *field, dst, src unsafe.Pointer) error {
	fp := (*unsafe.Pointer)(unsafe.Add(src, f.off))
	if *fp == nil || f.rule != FuncRebind {
		return nil // nil, or shared: already copied as it is
	}
	old := (*methodValue)(*fp)
	if old.recv != src {
		return fmt.Errorf("deepcopy: %s is not a method value bound to the struct holding it", f.name)
	}
	*(**methodValue)(unsafe.Add(dst, f.off)) = &methodValue{fn: old.fn, recv: dst}
	return nil
}
