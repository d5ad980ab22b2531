// Package fsm is the lock state machine every node applies in log order.
//
// Every change of lock state is one replicated command, carried as a raft log entry and applied
// by every node in log order after majority commit:
//
//   - Grant{key, lease}: acquire a key. The fencing token is not in the command: the machine
//     assigns it at apply time from a counter that starts at 1 and rises by one per Granted, so
//     every node computes the same token. The counter is part of the state (snapshots carry
//     it), so tokens are global and strictly increasing.
//   - Release{key}: release a key (NotFound when it is not held).
//   - Expire{key, token}: lease expiry, proposed by the leader. It deletes only if the token
//     still matches, so a late or duplicated Expire cannot delete a lock granted again in the
//     meantime: Expired{existed} says whether it really deleted.
//
// Two commands are extensions beyond the seed, from etcd's lessor, tokened like Expire (they act
// only while the key holds that token):
//
//   - Checkpoint{key, token, remaining}: etcd's lease checkpoint (LeaseCheckpoint in etcd's
//     lessor.go): the leader records a lease's remaining time, which a new leader restarts the
//     lease from. It changes no lock's owner.
//   - Renew{key, token}: a replicated keepalive (option keepalive replicated in the scenario
//     language): every node restarts its countdown; it clears the checkpoint. etcd does not
//     replicate keepalives; this is the seed-style alternative to compare with.
//
// GrantRejected answers a Grant for a key already held; the leader's session layer never
// proposes one (it is defensive, and an unsafe switch shows when it would happen). The empty
// entry a new leader appends applies as Noop.
//
// The machine is pure: no clock, no randomness, no I/O, no goroutines. Countdowns, leadership,
// clients and time live in package cluster, beside it; this package must never import them.
// Apply is deterministic in its input alone, which is what lets every node (and a snapshot
// restored later) agree on every token.
package fsm
