package fsm_test

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"leaselab/fsm"
)

func TestKindAndCommandString(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{fsm.Grant.String(), "Grant"},
		{fsm.Release.String(), "Release"},
		{fsm.Expire.String(), "Expire"},
		{fsm.Kind(0).String(), "Kind(0)"},
		{fsm.Kind(9).String(), "Kind(9)"},
		{fsm.Command{Kind: fsm.Grant, Key: "orders", LeaseMS: 3000}.String(), "Grant orders 3s"},
		{fsm.Command{Kind: fsm.Grant, Key: "orders", LeaseMS: 1500}.String(), "Grant orders 1.5s"},
		{fsm.Command{Kind: fsm.Release, Key: "orders"}.String(), "Release orders"},
		{fsm.Command{Kind: fsm.Expire, Key: "orders", Token: 1}.String(), "Expire orders #1"},
		{fsm.Command{Kind: fsm.Kind(7), Key: "orders"}.String(), "Kind(7)"},
		{fsm.Command{}.String(), "empty"},
	} {
		if c.got != c.want {
			t.Errorf("String() = %q, want %q", c.got, c.want)
		}
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	long := strings.Repeat("k", 300) // key length needs a two-byte varint
	cmds := []fsm.Command{
		{Kind: fsm.Grant, Key: "a", LeaseMS: 3000},
		{Kind: fsm.Grant, Key: "a", LeaseMS: 0},
		{Kind: fsm.Grant, Key: "orders", LeaseMS: math.MaxUint64, Origin: math.MaxUint64},
		{Kind: fsm.Grant, Key: long, LeaseMS: 1, Origin: 1},
		{Kind: fsm.Grant, Key: "\x00\xff é", LeaseMS: 127, Origin: 128},
		{Kind: fsm.Release, Key: "a"},
		{Kind: fsm.Release, Key: "orders", Origin: 42},
		{Kind: fsm.Release, Key: long, Origin: math.MaxUint64},
		{Kind: fsm.Expire, Key: "a", Token: 0},
		{Kind: fsm.Expire, Key: "a", Token: 1, Origin: 7},
		{Kind: fsm.Expire, Key: "orders", Token: math.MaxUint64, Origin: 1 << 40},
		{Kind: fsm.Expire, Key: long, Token: 300, Origin: 300},
	}
	for _, c := range cmds {
		b := c.Encode()
		got, err := fsm.Decode(b)
		if err != nil {
			t.Errorf("Decode(Encode(%+v)): %v", c, err)
			continue
		}
		if got != c {
			t.Errorf("Decode(Encode(%+v)) = %+v", c, got)
		}
		if again := got.Encode(); !bytes.Equal(again, b) {
			t.Errorf("re-encoding %+v: %x, want %x", c, again, b)
		}
	}
}

// Fields a kind does not carry are not encoded: they come back as zero.
func TestEncodeDropsForeignFields(t *testing.T) {
	for _, c := range []struct{ in, want fsm.Command }{
		{fsm.Command{Kind: fsm.Grant, Key: "a", LeaseMS: 5, Token: 9, Origin: 1}, fsm.Command{Kind: fsm.Grant, Key: "a", LeaseMS: 5, Origin: 1}},
		{fsm.Command{Kind: fsm.Release, Key: "a", LeaseMS: 5, Token: 9, Origin: 1}, fsm.Command{Kind: fsm.Release, Key: "a", Origin: 1}},
		{fsm.Command{Kind: fsm.Expire, Key: "a", LeaseMS: 5, Token: 9, Origin: 1}, fsm.Command{Kind: fsm.Expire, Key: "a", Token: 9, Origin: 1}},
	} {
		got, err := fsm.Decode(c.in.Encode())
		if err != nil || got != c.want {
			t.Errorf("Decode(Encode(%+v)) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
}

// The wire format is pinned: logs and snapshots outlive a build.
func TestEncodeGolden(t *testing.T) {
	for _, c := range []struct {
		c    fsm.Command
		want []byte
	}{
		{fsm.Command{Kind: fsm.Grant, Key: "k", LeaseMS: 3000, Origin: 7}, []byte{1, 1, 7, 1, 'k', 0xb8, 0x17}},
		{fsm.Command{Kind: fsm.Release, Key: "ab", Origin: 0}, []byte{1, 2, 0, 2, 'a', 'b'}},
		{fsm.Command{Kind: fsm.Expire, Key: "k", Token: 5, Origin: 128}, []byte{1, 3, 0x80, 0x01, 1, 'k', 5}},
	} {
		if got := c.c.Encode(); !bytes.Equal(got, c.want) {
			t.Errorf("Encode(%+v) = %x, want %x", c.c, got, c.want)
		}
	}
}

func TestDecodeRejects(t *testing.T) {
	overflow := bytes.Repeat([]byte{0xff}, 10) // 10 continuation-ish bytes: > 64 bits
	overflow = append(overflow, 0x01)
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	cases := map[string][]byte{
		"nil":                       nil,
		"empty":                     {},
		"one byte":                  {1},
		"one byte kind":             {2},
		"version 0":                 {0, 1, 0, 1, 'a', 1},
		"version 2":                 {2, 1, 0, 1, 'a', 1},
		"version 255":               {255, 2, 0, 1, 'a'},
		"kind 0":                    {1, 0, 0, 1, 'a'},
		"kind 6":                    {1, 6, 0, 1, 'a'},
		"kind 255":                  {1, 255, 0, 1, 'a'},
		"no origin":                 {1, 2},
		"truncated origin":          {1, 2, 0x80},
		"truncated origin 2":        {1, 2, 0xff, 0xff},
		"overflowing origin":        cat([]byte{1, 2}, overflow, []byte{1, 'a'}),
		"no key length":             {1, 2, 0},
		"truncated key length":      {1, 2, 0, 0x81},
		"overflowing key length":    cat([]byte{1, 2, 0}, overflow, []byte{'a'}),
		"zero key length":           {1, 2, 0, 0},
		"zero key length grant":     {1, 1, 0, 0, 5},
		"zero key length expire":    {1, 3, 0, 0, 1},
		"key length past end":       {1, 2, 0, 2, 'a'},
		"key length past end by 1":  {1, 1, 0, 3, 'a', 'b'},
		"huge key length":           {1, 2, 0, 0xff, 0xff, 0xff, 0xff, 0x0f, 'a'},
		"max key length":            cat([]byte{1, 2, 0}, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, []byte{'a'}),
		"grant without lease":       {1, 1, 0, 1, 'a'},
		"grant truncated lease":     {1, 1, 0, 1, 'a', 0x80},
		"grant overflowing lease":   cat([]byte{1, 1, 0, 1, 'a'}, overflow),
		"expire without token":      {1, 3, 0, 1, 'a'},
		"expire truncated token":    {1, 3, 0, 1, 'a', 0xff, 0xff},
		"expire overflowing token":  cat([]byte{1, 3, 0, 1, 'a'}, overflow),
		"release trailing byte":     {1, 2, 0, 1, 'a', 0},
		"release trailing bytes":    {1, 2, 0, 1, 'a', 1, 2, 3},
		"grant trailing byte":       {1, 1, 0, 1, 'a', 5, 0},
		"expire trailing byte":      {1, 3, 0, 1, 'a', 5, 5},
		"grant with lease and more": cat(fsm.Command{Kind: fsm.Grant, Key: "a", LeaseMS: 300}.Encode(), []byte{0x80}),
	}
	for name, b := range cases {
		c, err := decodeNoPanic(t, b)
		if err == nil {
			t.Errorf("%s: Decode(%x) = %+v, want an error", name, b, c)
			continue
		}
		if !errors.Is(err, fsm.ErrDecode) {
			t.Errorf("%s: Decode(%x) error %v does not wrap ErrDecode", name, b, err)
		}
	}
}

func decodeNoPanic(t *testing.T, b []byte) (c fsm.Command, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Decode(%x) panicked: %v", b, r)
		}
	}()
	return fsm.Decode(b)
}

// Every strict prefix of a valid encoding is rejected, and no mutation of one panics.
func TestDecodePrefixesAndMutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cmds := []fsm.Command{
		{Kind: fsm.Grant, Key: "orders", LeaseMS: 3000, Origin: 1 << 20},
		{Kind: fsm.Release, Key: "x", Origin: 300},
		{Kind: fsm.Expire, Key: "stock", Token: 1 << 33, Origin: 0},
	}
	for _, c := range cmds {
		b := c.Encode()
		for i := 0; i < len(b); i++ {
			if got, err := decodeNoPanic(t, b[:i]); err == nil {
				t.Errorf("Decode of prefix %x of %+v = %+v, want an error", b[:i], c, got)
			}
		}
		for i := 0; i < 2000; i++ {
			m := bytes.Clone(b)
			for n := 1 + rng.IntN(3); n > 0; n-- {
				m[rng.IntN(len(m))] = byte(rng.Uint32())
			}
			if got, err := decodeNoPanic(t, m); err == nil {
				// Decode may accept non-minimal varints (binary.Uvarint does), so the bytes
				// need not come back identical, but the command must.
				if again, err := fsm.Decode(got.Encode()); err != nil || again != got {
					t.Errorf("Decode(%x) = %+v, but Decode(Encode) = %+v, %v", m, got, again, err)
				}
			}
		}
	}
}

func TestDecodeRandomBytesNeverPanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		b := make([]byte, rng.IntN(24))
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		if rng.IntN(2) == 0 && len(b) > 1 {
			b[0] = 1
			b[1] = byte(1 + rng.IntN(3))
		}
		c, err := decodeNoPanic(t, b)
		if err != nil {
			if !errors.Is(err, fsm.ErrDecode) {
				t.Fatalf("Decode(%x): error %v does not wrap ErrDecode", b, err)
			}
			continue
		}
		if c.Kind < fsm.Grant || c.Kind > fsm.Expire || c.Key == "" {
			t.Fatalf("Decode(%x) = %+v: accepted an invalid command", b, c)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 1, 7, 1, 'k', 0xb8, 0x17})
	f.Add([]byte{1, 2, 0, 2, 'a', 'b'})
	f.Add([]byte{1, 3, 0x80, 0x01, 1, 'k', 5})
	f.Add([]byte{1, 3, 0, 1, 'a'})
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := fsm.Decode(b)
		if err != nil {
			if !errors.Is(err, fsm.ErrDecode) {
				t.Fatalf("error %v does not wrap ErrDecode", err)
			}
			return
		}
		again, err := fsm.Decode(c.Encode())
		if err != nil || again != c {
			t.Fatalf("Decode(Encode(%+v)) = %+v, %v", c, again, err)
		}
		// Whatever decodes applies without panicking.
		m := fsm.New(fsm.Options{})
		if _, _, err := m.Apply(b); err != nil {
			t.Fatalf("Apply of decodable data: %v", err)
		}
	})
}
