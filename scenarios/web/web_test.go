package web

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	pb "go.etcd.io/raft/v3/raftpb"

	"leaselab/cluster"
	"leaselab/cluster/diagram"
	"leaselab/fsm"
	"leaselab/scenarios"
)

func record(t *testing.T, name string) *Page {
	t.Helper()
	s, err := scenarios.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Record(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// carries says whether a row is a MsgApp carrying log index idx.
func carries(r *diagram.Row, idx uint64) bool {
	if r.Mark || r.Msg.Info.Type != pb.MessageType_MsgApp {
		return false
	}
	for _, e := range r.Msg.Entries {
		if e.Index == idx {
			return true
		}
	}
	return false
}

// The lesson's story, told by the diagram alone: the retried Expire's MsgApp rows come after
// the Grant's (in row order, and each one also left n1 after every Grant copy did).
func TestLateExpireRetryRowsAfterGrant(t *testing.T) {
	p := record(t, "late-expire")
	rows := p.Rec.Rows()
	var grant, late uint64
	for i := range rows {
		mk := &rows[i].M
		if !rows[i].Mark || mk.Kind != diagram.MarkApply || mk.Node != 1 || mk.Key != "orders" {
			continue
		}
		switch {
		case mk.Result.Kind == fsm.Granted && mk.Result.Token == 2:
			grant = mk.Index
		case mk.Late:
			late = mk.Index
		}
	}
	if grant == 0 || late == 0 || late <= grant {
		t.Fatalf("want n1 to apply Granted{token:2} and then a late Expire; got grant index %d, late index %d", grant, late)
	}
	lastGrant, firstLate := -1, -1
	var grantSent, lateSent time.Duration
	for i := range rows {
		switch {
		case carries(&rows[i], grant):
			lastGrant = i
			grantSent = max(grantSent, rows[i].Msg.Sent)
		case carries(&rows[i], late) && firstLate < 0:
			firstLate, lateSent = i, rows[i].Msg.Sent
		}
	}
	if lastGrant < 0 || firstLate < 0 {
		t.Fatalf("no MsgApp rows for the Grant (%d) or the retried Expire (%d)", lastGrant, firstLate)
	}
	if firstLate < lastGrant || lateSent <= grantSent {
		t.Fatalf("retried Expire's first MsgApp row %d (sent %v) is not after the Grant's last row %d (sent %v)",
			firstLate, lateSent, lastGrant, grantSent)
	}
	m := &rows[firstLate].Msg
	if got := m.Label(); got != "MsgApp [Expire orders #1]" {
		t.Errorf("retried Expire's label = %q", got)
	}
	if m.Info.Held != 600*time.Millisecond || !strings.Contains(m.Outcome(), "held 600ms") {
		t.Errorf("the slow link's hold is not shown: held %v, outcome %q", m.Info.Held, m.Outcome())
	}
}

// Every bundled lesson exports a page that fetches nothing and names the verdict.
func TestEveryLessonExportsSelfContained(t *testing.T) {
	for _, l := range scenarios.Lessons() {
		t.Run(l.Name, func(t *testing.T) {
			p := record(t, l.Name)
			var b bytes.Buffer
			if err := Write(&b, p); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			for _, bad := range []string{"http://", "https://", " src=", " href=", "@import", "//cdn"} {
				if strings.Contains(out, bad) {
					t.Errorf("page contains %q: it must not fetch anything", bad)
				}
			}
			if strings.Contains(strings.ReplaceAll(out, "url(#", ""), "url(") {
				t.Error("page refers to a url() other than its own markers")
			}
			if !strings.Contains(out, `<span class="pass">PASS</span>`) {
				t.Error("a passing lesson's page does not say PASS")
			}
			if !strings.Contains(out, `data-lane="n1"`) {
				t.Error("no lane for n1")
			}
		})
	}
}

// The page says what failed, and lists violations.
func TestPageShowsFailuresAndViolations(t *testing.T) {
	p := record(t, "late-expire-unsafe")
	p.Passed, p.Failures = false, []Mark{{At: time.Second, Text: "x.scenario:3:1: expected something"}}
	var b bytes.Buffer
	if err := Write(&b, p); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, `<span class="fail">FAIL</span>`) || !strings.Contains(out, "expected something") {
		t.Error("failure not shown")
	}
	if len(p.Violations) == 0 {
		t.Fatal("late-expire-unsafe should record a violation")
	}
	if !strings.Contains(out, p.Violations[0].Kind.String()) {
		t.Errorf("violation %q not on the page", p.Violations[0].Kind)
	}
}

type counter struct{ n int }

func (c *counter) Write(b []byte) (int, error) { c.n += len(b); return len(b), nil }

var _ io.Writer = (*counter)(nil)

// A 10-minute busy run (a command every 100ms from three clients, faults every minute) exports under 5 MB: heartbeats thinned.
func TestBusyTenMinutesUnder5MB(t *testing.T) {
	if testing.Short() {
		t.Skip("a 10-minute simulated run")
	}
	p := busyPage(t, 10*time.Minute)
	rec := p.Rec
	var c counter
	if err := Write(&c, p); err != nil {
		t.Fatal(err)
	}
	lock := 0
	for _, r := range rec.Rows() {
		if !r.Mark && r.Msg.Lock {
			lock++
		}
	}
	t.Logf("10-minute busy run: %d rows (%d lock messages), page %.2f MB", len(rec.Rows()), lock, float64(c.n)/1e6)
	if lock < 20000 {
		t.Fatalf("the run is not busy: only %d lock messages", lock)
	}
	if c.n >= 5<<20 {
		t.Fatalf("page is %d bytes, want under 5 MB", c.n)
	}
}

// A long run's page says which stretch it summarised, with its counts, as a break on the axis.
func TestLongRunPageShowsSummarisedStretch(t *testing.T) {
	w, err := scenarios.NewWorld(cluster.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	rec := diagram.NewPageWith(w.Config().Nodes, 200, 1500)
	w.Subscribe(rec.Add)
	if err := w.Campaign(1); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		_ = w.Acquire("c1", "k", time.Second)
		w.Advance(100 * time.Millisecond)
		w.Release("c1", "k")
		w.Advance(100 * time.Millisecond)
	}
	if len(rec.Gaps()) != 1 {
		t.Fatalf("gaps %+v", rec.Gaps())
	}
	var b bytes.Buffer
	if err := Write(&b, &Page{Title: "long", Name: "long", Rec: rec, Passed: true, End: w.Now()}); err != nil {
		t.Fatal(err)
	}
	g := rec.Gaps()[0]
	want := fmt.Sprintf("summarised: %d lock messages", g.Lock)
	if !strings.Contains(b.String(), want) || !strings.Contains(b.String(), "This run is long") {
		t.Errorf("the page does not say %q", want)
	}
}

// A MsgSnap's label names its snapshot's index (raft's message Index is 0 on a MsgSnap).
func TestMsgSnapLabelNamesSnapshotIndex(t *testing.T) {
	p := record(t, "snapshot-catch-up")
	for _, r := range p.Rec.Rows() {
		if !r.Mark && r.Msg.Info.Type == pb.MessageType_MsgSnap {
			if r.Msg.Info.Index < 50 || !strings.HasPrefix(r.Msg.Label(), "MsgSnap idx ") {
				t.Errorf("MsgSnap row: index %d, label %q", r.Msg.Info.Index, r.Msg.Label())
			}
			return
		}
	}
	t.Fatal("no MsgSnap row in snapshot-catch-up")
}

// The same run gives the same page, byte for byte: nothing the page writes may depend on map
// order (the details' word table once did, so two exports of one lesson differed).
func TestSamePageEveryTime(t *testing.T) {
	for _, name := range []string{"late-expire", "minority-leader", "snapshot-catch-up"} {
		var first []byte
		for i := range 4 {
			var b bytes.Buffer
			if err := Write(&b, record(t, name)); err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = b.Bytes()
			} else if !bytes.Equal(first, b.Bytes()) {
				t.Fatalf("%s: export %d differs from the first", name, i+1)
			}
		}
	}
}
