package fsm

import (
	"fmt"
	"strconv"
	"strings"
)

// ResultKind names what applying one entry did.
type ResultKind uint8

const (
	Noop          ResultKind = iota // nothing happened (empty entry, undecodable entry)
	Granted                         // acquired; Token is the fencing token issued
	GrantRejected                   // a Grant for a key already held
	Released                        // released
	NotFound                        // the key to release did not exist
	Expired                         // expiry processed; Existed says whether it deleted
	Checkpointed                    // a Checkpoint processed; Existed says whether it recorded
	Renewed                         // a Renew processed; Existed says whether it restarted the lease
)

// Result is the applied result of one entry.
type Result struct {
	Kind    ResultKind
	Token   uint64 // Granted
	Existed bool   // Expired
}

// String spells a result as the scenario language does: Granted{token:3}, Expired{existed:false}.
func (r Result) String() string {
	switch r.Kind {
	case Granted:
		return "Granted{token:" + strconv.FormatUint(r.Token, 10) + "}"
	case GrantRejected:
		return "GrantRejected"
	case Released:
		return "Released"
	case NotFound:
		return "NotFound"
	case Expired:
		return "Expired{existed:" + strconv.FormatBool(r.Existed) + "}"
	case Checkpointed:
		return "Checkpointed{existed:" + strconv.FormatBool(r.Existed) + "}"
	case Renewed:
		return "Renewed{existed:" + strconv.FormatBool(r.Existed) + "}"
	}
	return "Noop"
}

// ParseResult reads the spelling String writes.
func ParseResult(s string) (Result, error) {
	switch s {
	case "GrantRejected":
		return Result{Kind: GrantRejected}, nil
	case "Released":
		return Result{Kind: Released}, nil
	case "NotFound":
		return Result{Kind: NotFound}, nil
	case "Noop":
		return Result{Kind: Noop}, nil
	case "Expired{existed:true}":
		return Result{Kind: Expired, Existed: true}, nil
	case "Expired{existed:false}":
		return Result{Kind: Expired}, nil
	}
	for _, k := range []ResultKind{Checkpointed, Renewed} {
		for _, ex := range []bool{true, false} {
			if r := (Result{Kind: k, Existed: ex}); s == r.String() {
				return r, nil
			}
		}
	}
	if rest, ok := strings.CutPrefix(s, "Granted{token:"); ok {
		if num, ok := strings.CutSuffix(rest, "}"); ok {
			// Only the spelling String writes: no sign, no leading zero.
			if t, err := strconv.ParseUint(num, 10, 64); err == nil && t > 0 && strconv.FormatUint(t, 10) == num {
				return Result{Kind: Granted, Token: t}, nil
			}
		}
	}
	return Result{}, fmt.Errorf("unknown result %q (want Granted{token:N}, GrantRejected, Released, NotFound, Expired{existed:true|false}, Checkpointed{existed:true|false}, Renewed{existed:true|false} or Noop)", s)
}
