package ui

import "fmt"

// The glossary is the `?` screen's second page: the words the lessons use, each in a sentence
// or two a newcomer can read on a projector. The lessons explain each term where they first
// use it; this is where to look it up again. An entry defines its word and never tells a
// lesson's outcome: a student may open it before answering an ask.
var glossary = []struct{ term, text string }{
	{"raft", "the consensus protocol the five nodes run: one elected leader appends every change to a log, and an entry counts (commits) once a majority has stored it, by the rule under commit, so the nodes agree on one order of changes even when some crash or are cut off."},
	{"campaign, election", "a node that wants to lead campaigns: it raises its term and asks the others for votes (◐ candidate); with votes from a majority it becomes leader (★) for that term. With pre-vote it first asks whether it could win (◔): the step campaign nX may leave nX there, and back to follower, while the others still hear from a live leader."},
	{"heartbeat", "the leader's regular \"still here\" message to each follower (MsgHeartbeat, every 100ms in the lessons). A follower that hears no leader for an election timeout campaigns. ReadIndex is a round of heartbeats a majority answers."},
	{"bootstrap (entry 1)", "every node starts from the same snapshot at index 1 naming the five members, so the log's own entries start at 2: the first leader's empty entry is 2 and a lesson's first lock entry is 3. Its row is ✓ (applied) from the start, as is every row a snapshot covers (in snapshot)."},
	{"… 1-3, none to 200 · (ends 3) · none", "every node's log column shows the same indices, those of the longest log, so rows line up across nodes. A node whose log is shorter (cut off, lagging) says what it holds above the rows shown (… 1-3, none to 200: it holds 1 to 3, nothing from 4 to 200), marks the first index past its log (ends 3: its log ends at entry 3) and each later one none."},
	{"empty (new leader's entry)", "a new leader appends one empty entry of its own term (index 2 after the first election), shown as empty; once it commits, every entry before it is known committed too. Applying it changes nothing (its result is Noop)."},
	{"lease manager", "the lock service these nodes are: it hands out a key with a time limit (a lease) and a token, and takes the key back with an Expire entry when the limit passes."},
	{"GC pause, stop-the-world", "a garbage-collector pause freezes a whole client process (stops the world): it runs no code, so nothing in it looks at the clock, which keeps running; it wakes up and carries on from where it stopped, as if no time had passed."},
	{"check-then-act", "deciding on something checked earlier (\"I hold the lock\") and acting on it later (the write)."},
	{"expect, check", "a lesson's checks: `expect` says what must be true at that instant, `wait-until` waits for it; the end screen counts how many of the story's checks held."},
	{"state machine", "the lock table every node keeps. It changes only by applying log entries, in log order, so two nodes that applied the same entries hold the same table, whatever their clocks say."},
	{"log entry", "a command (Grant, Release, Expire) the leader appends to its log and sends to the followers; ○ on a node until that node learns it is committed (◆) or has applied it (✓)."},
	{"commit", "a leader commits an entry of its own term once a majority of nodes have it in their logs (◆), and with it every entry before it: from then on none of them can be lost or replaced. An entry of an older term is not committed by being on a majority (see own-term rule)."},
	{"own-term rule (Figure 8)", "a leader counts copies only of entries of its own term: an entry it inherited from an older term commits only along with a later entry of the leader's term, once that one is on a majority. Hence every new leader's empty entry. The Raft paper's Figure 8 (lesson figure-8) shows why counting an older entry's copies is not enough."},
	{"apply, commit vs applied", "a node applies a committed entry to its state machine (✓), which gives the entry's result (Granted{token:2}). \"commit 7 · applied 5\" (compact: 7/5) means two committed entries are not applied there yet."},
	{"hard state", "what raft keeps on disk besides the log: the node's term, whom it voted for in that term, and its commit index. A crashed node reads them back when it restarts, so it never votes twice in one term."},
	{"idempotent", "doing it twice has the same effect as doing it once: \"set x to 5\" is idempotent, \"add 5 to x\" is not."},
	{"token", "the number a Grant hands out, from one counter in the replicated state machine shared by every key: it only ever goes up (#7 on screen is token 7), so a later holder always has a higher token."},
	{"fencing", "the protected resource checks the token each write carries (a fencing token) itself, rather than trusting that the writer still holds the lock."},
	{"lease, countdown", "a Grant's time limit (its lease_ms). Every node counts it down on its own clock from when it applied the Grant: the bars show what is left."},
	{"projected state", "the lock table as it will be once every entry already in the leader's log applies. The leader checks each acquire against it, not against the applied table."},
	{"term", "raft's election counter: each election starts a higher term; a node that sees a higher term follows it."},
	{"partition", "a network split: no message crosses between the sides, and each side runs on. heal (h) joins the sides again, and removes every delay and drop too."},
	{"check-quorum", "a leader that has not heard from a majority within an election timeout steps down: a leader cut off with a minority stops leading on its own."},
	{"pre-vote, pre-candidate", "before an election a node first asks whether it could win (◔ pre-candidate) without raising its term; a node cut off from the majority stays there and cannot disturb the cluster when it returns."},
	{"MsgApp / MsgAppResp", "raft's append message (leader → follower: entries to add, and the commit index) and its reply (follower → leader: how far its log now goes). MsgHeartbeat keeps followers from starting an election; MsgSnap carries a snapshot."},
	{"snapshot, compaction", "a snapshot is a copy of a node's state machine (the lock table and the token counter) as of one log index; the node then compacts its log, dropping the entries the snapshot covers (its log starts after \"snap 201\")."},
	{"ReadIndex", "raft's safe read: the leader answers only after a majority has confirmed, in a round of heartbeats, that it still leads."},
	{"lease-based read, own lease", "etcd raft's faster read (unsafe lease-read): the leader answers without asking anyone while its own lease runs (its check-quorum, timed on its own clock). With the switch on, a leader's column shows how long its own lease still runs (lease 1.3s), on its own clock (its ticks fire the check, so a slow clock stretches it in real time): the rest of the check period in progress, plus one more period if a majority answered since the last check, so up to two election timeouts."},
	{"results", "what applying an entry gives: Granted{token:N} (the key is now locked with token N), GrantRejected (the key was already held when this Grant applied: nothing changed), Released, NotFound (nothing to release), Expired{existed:true} (the Expire deleted the lock it names), Expired{existed:false} (that lock was not there: nothing deleted), and for the lease extensions Checkpointed and Renewed. An empty entry (a new leader's) applies as Noop, no key's result."},
	{"busy", "a client's answer: the key is held, so no Grant was proposed. The leader answers it only after confirming it still leads (a ReadIndex round), since it is read from the leader's state, not written to the log."},
	{"ghost release", "a Release the leader proposes by itself, not asked by any client: the client its Grant was for is gone (disconnected), so the lock is freed at once instead of waiting out the lease (the Replication panel's 'ghost release')."},
	{"lost-grant", "a violation: a lock ended by something other than its holder's Release or an Expire naming its token (a late Expire that ignored tokens deleted a newer holder's lock)."},
	{"stale-write", "a violation: the resource accepted a write whose token is below one it had already accepted for that key (it happens only with fencing off). A write with an old token that comes before any newer token's write is not one: the resource, and this check, know only the tokens written so far."},
	{"divergence", "in compare: the first instant at which the two runs did something different (a node applied another result, a client got another answer); the screen stops there. As a violation: two nodes hold different state at the same applied index."},
	{"porcupine, non-linearizable", "porcupine is the linearizability checker: it looks for one order of the clients' operations (acquires, releases, the leader's Expires), each taking effect at an instant between its call and its answer, that explains every answer. None exists: non-linearizable, some client was told something no single lock could have said. It judges operations once they have completed, so the verdict can come after the stale answer itself."},
	{"lease-extend-on-promote, lessor", "the lessor is etcd's part of a leader that keeps the leases. lease-extend-on-promote is the old name of option lease-on-promote extend (see keep, extend, reset)."},
	{"keep, extend, reset (lease-on-promote)", "what a new leader does with the leases it inherits (option lease-on-promote): keep, leaselab's default, counts each on from when it applied the Grant; extend makes every deadline at least one election timeout after it took over; reset, etcd's rule, restarts every lease when its first entry of its term applies, for one election timeout plus the whole lease (or the checkpointed time left)."},
	{"keepalive, renewed", "a client asks the leader to keep its lease (cX keepalive KEY, once or every D in the background) and is answered renewed: its lease counts again from then. With option keepalive leader (etcd's way) only the leader restarts its countdown and nothing goes into the log; with keepalive replicated a Renew entry does it on every node. A key that is not the client's: not-found."},
	{"checkpoint (lease-checkpoint)", "with option lease-checkpoint D the leader writes each lease's time left into the log every D (a Checkpoint entry), so a new leader that resets leases starts from that rather than from the whole lease (etcd's lease checkpoints)."},
	{"not-leader, asks nX", "a client sends each request to the node it guesses leads (its line says \"asks n4\"); a node that is not the leader answers not-leader, naming the leader if it knows one, and the client asks that node next."},
	{"seed", "the number every random choice of a run comes from (message delays, drops, raft's election timing): the same seed replays the same run, event for event. It is in the header."},
	{"election timeout", "how long a follower waits without hearing from a leader before it campaigns: 10 ticks of 100ms, 1s, by default (a lesson may set its own, election N ticks, and says so: 3s in frozen-leader, 10s in figure-8); raft draws each node's wait between one and two timeouts, so they seldom campaign at once."},
	{"freeze, FROZEN, FRZ", "freeze nX D stalls node nX's whole process for D (a long GC pause, a disk write that does not return): its clock runs on, but it runs nothing and sends nothing, and what reaches it waits in its buffer (a client sees a timeout, not a refusal). Its column says FROZEN (FRZ when narrow). On waking (the timeline: nX wakes after D frozen: N queued), its lease manager acts first on the view it froze with, then it reads its buffer, oldest first. Not a crash: it forgets nothing."},
	{"lock-delay, delayed", "option lock-delay D, Consul's: after a lock ends by expiry or by a ghost release, the leader grants its key to nobody for D, counted on its own clock (the lock tables: orders — delay 2.9s). An acquire in that time is answered delayed: no Grant was proposed. delayed is not busy: nobody holds the key. It gives a holder that stalled past its lease time to notice before anyone else holds the key. Every node records the delay when it applies the Expire, so a new leader that applied it keeps it, on its own clock; it is in memory only, lost in a crash."},
	{"acquire … wait, the queue", "cX acquire KEY LEASE wait is a blocking acquire (etcd's mutex Lock): while KEY is held the leader keeps the request in its queue (the timeline: c2 waits in n1's queue for orders) instead of answering busy, and grants it when the key comes free (after a lock-delay: at the leader's first tick once the delay is over), oldest waiter first. The client's timeout bounds the wait, and its lease counts from when it sent the acquire, so the wait eats into it. The queue is the leader's, in memory: a leader that steps down answers its waiters not-leader."},
	{"configuration, voter, learner", "the members raft counts: voters vote and make up every majority; a learner (◇) receives the log but neither votes nor counts. add-node, add-learner, promote, remove-node and reconfigure change it, one change at a time, each a log entry every node applies in order; the header shows the voters once they differ from the start."},
	{"joint configuration", "the middle step of reconfigure: old and new voters together, so every commit and every election needs a majority of the old set AND of the new one (the header says joint). No two disjoint majorities can decide, even while the nodes switch."},
	{"removed (⊘)", "a node that applied a configuration without itself, or that the leader's configuration no longer names. It may still run but refuses clients (unavailable); a removed name never joins again."},
}

// glossaryLines is the glossary wrapped to w cells.
func (m *Model) glossaryLines(w int) []string { return glossaryBody(m.st, w) }

// glossaryView is the glossary page in h rows from its scroll position, with a title line.
func (m *Model) glossaryView(w, h int) []string { return glossaryPage(m.st, w, h, m.page.glossTop) }

// glossaryBody is the glossary wrapped to w cells: one text for leaselab play's page and
// compare's.
func glossaryBody(st *styles, w int) []string {
	var out []string
	for _, g := range glossary {
		for i, l := range wrap(g.term+": "+g.text, w-2, "    ") {
			if i == 0 {
				out = append(out, st.hkey.r(" "+g.term)+st.plain.r(fit(l[len(g.term):], w-1-width(g.term))))
				continue
			}
			out = append(out, st.plain.r(fit(" "+l, w)))
		}
	}
	return out
}

// glossaryPage is the glossary in h rows from line top, with a title line.
func glossaryPage(st *styles, w, h, top int) []string {
	body := glossaryBody(st, w)
	room := max(1, h-1)
	top = min(max(top, 0), max(0, len(body)-room))
	more := ""
	if len(body) > room {
		more = fmt.Sprintf(" · ↑↓ scroll (%d-%d of %d lines)", top+1, min(len(body), top+room), len(body))
	}
	out := []string{fitStyled(st.title.r(" Glossary")+st.faint.r("  (? or esc closes"+more+")"), w)}
	out = append(out, body[top:min(len(body), top+room)]...)
	for len(out) < h {
		out = append(out, blank(w))
	}
	return out[:h]
}

// scrollGlossary moves the glossary page by d lines, within its length.
func (m *Model) scrollGlossary(d int) {
	room := max(1, m.lay.narration.y-2)
	m.page.glossTop = min(max(m.page.glossTop+d, 0), max(0, len(m.glossaryLines(m.width))-room))
}
