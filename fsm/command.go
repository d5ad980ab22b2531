package fsm

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"
)

// Kind names a replicated command.
type Kind uint8

const (
	Grant   Kind = 1 // acquire Key for LeaseMS; the token is assigned at apply time
	Release Kind = 2 // release Key (carries no token: the leader checks it before proposing)
	Expire  Kind = 3 // leader-driven expiry: deletes Key only while it holds Token
	// Extensions beyond the seed's three commands (see the package doc):
	Checkpoint Kind = 4 // etcd's lease checkpoint: records RemainingMS on Key while it holds Token
	Renew      Kind = 5 // option keepalive replicated: restarts Key's lease while it holds Token
)

func (k Kind) String() string {
	switch k {
	case Grant:
		return "Grant"
	case Release:
		return "Release"
	case Expire:
		return "Expire"
	case Checkpoint:
		return "Checkpoint"
	case Renew:
		return "Renew"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Command is one lock command. Origin is an opaque id the simulator uses to know which client
// request or leader duty proposed an entry (as etcd's request header does); the state machine
// ignores it.
type Command struct {
	Kind    Kind
	Key     string
	LeaseMS uint64 // Grant only
	Token   uint64 // Expire, Checkpoint, Renew
	// RemainingMS is a Checkpoint's remaining lease, as the leader's countdown showed it.
	RemainingMS uint64
	Origin      uint64
}

// String is the compact form shown in logs and the TUI: "Grant orders 3s", "Expire orders #1",
// "Checkpoint orders #1 1.2s", "Renew orders #1", "empty" for raft's empty entry.
func (c Command) String() string {
	switch c.Kind {
	case Grant:
		return "Grant " + c.Key + " " + DurText(time.Duration(c.LeaseMS)*time.Millisecond)
	case Release:
		return "Release " + c.Key
	case Expire:
		return fmt.Sprintf("Expire %s #%d", c.Key, c.Token)
	case Checkpoint:
		return fmt.Sprintf("Checkpoint %s #%d %s", c.Key, c.Token, DurText(time.Duration(c.RemainingMS)*time.Millisecond))
	case Renew:
		return fmt.Sprintf("Renew %s #%d", c.Key, c.Token)
	case 0:
		return "empty" // raft's empty entry (a new leader's first), as every view and the language name it
	}
	return c.Kind.String()
}

// encodingVersion is the first byte of every encoded command, so the format can change later
// without old logs being misread.
const encodingVersion = 1

// ErrDecode is wrapped by every decoding error.
var ErrDecode = errors.New("fsm: cannot decode command")

// Encode returns the compact binary form: version, kind, origin, key, then lease or token.
func (c Command) Encode() []byte {
	b := make([]byte, 0, 4+len(c.Key)+2*binary.MaxVarintLen64)
	b = append(b, encodingVersion, byte(c.Kind))
	b = binary.AppendUvarint(b, c.Origin)
	b = binary.AppendUvarint(b, uint64(len(c.Key)))
	b = append(b, c.Key...)
	switch c.Kind {
	case Grant:
		b = binary.AppendUvarint(b, c.LeaseMS)
	case Expire, Renew:
		b = binary.AppendUvarint(b, c.Token)
	case Checkpoint:
		b = binary.AppendUvarint(b, c.Token)
		b = binary.AppendUvarint(b, c.RemainingMS)
	}
	return b
}

// Decode parses what Encode wrote. It never panics; any malformed input is an error.
func Decode(b []byte) (Command, error) {
	var c Command
	if len(b) < 2 {
		return c, fmt.Errorf("%w: %d bytes", ErrDecode, len(b))
	}
	if b[0] != encodingVersion {
		return c, fmt.Errorf("%w: version %d", ErrDecode, b[0])
	}
	c.Kind = Kind(b[1])
	if c.Kind < Grant || c.Kind > Renew {
		return c, fmt.Errorf("%w: kind %d", ErrDecode, b[1])
	}
	rest := b[2:]
	next := func(what string) (uint64, error) {
		v, n := binary.Uvarint(rest)
		if n <= 0 {
			return 0, fmt.Errorf("%w: bad %s", ErrDecode, what)
		}
		rest = rest[n:]
		return v, nil
	}
	var err error
	if c.Origin, err = next("origin"); err != nil {
		return Command{}, err
	}
	n, err := next("key length")
	if err != nil {
		return Command{}, err
	}
	if n == 0 || n > uint64(len(rest)) {
		return Command{}, fmt.Errorf("%w: key length %d", ErrDecode, n)
	}
	c.Key, rest = string(rest[:n]), rest[n:]
	switch c.Kind {
	case Grant:
		c.LeaseMS, err = next("lease")
	case Expire, Renew:
		c.Token, err = next("token")
	case Checkpoint:
		if c.Token, err = next("token"); err == nil {
			c.RemainingMS, err = next("remaining")
		}
	}
	if err != nil {
		return Command{}, err
	}
	if len(rest) != 0 {
		return Command{}, fmt.Errorf("%w: %d trailing bytes", ErrDecode, len(rest))
	}
	return c, nil
}
