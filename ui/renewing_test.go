package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"leaselab/scenarios"
)

// While a background renewal is in flight, a client's row says so, and once nodes refuse it,
// that it retries: from the crash's first refused renewal (about 3.05s) to the new leader's
// answer (about 4.1s) c2's row read "got renewed invoices", the answer before the crash, while
// the timeline showed ~100 rows of "c2 gets not-leader from … (try n1)" (newcomer nc16-b,
// leader-crash-mid-lease-extend at 4.057s).
func TestClientRowSaysRenewalRefused(t *testing.T) {
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "leader-crash-mid-lease-extend", size[0], size[1])
		want := "⋯ renewing invoices, refused "
		if size[0] < 120 {
			want = "refused "
		}
		seen := 0
		playThrough(t, m, func(stop int, screen string) {
			if m.v.Now < 3100*time.Millisecond || m.v.Now > 4100*time.Millisecond {
				return
			}
			seen++
			if !strings.Contains(screen, want) {
				t.Errorf("%dx%d stop %d (%v): no %q on screen:\n%s", size[0], size[1], stop, m.v.Now, want, screen)
			}
			if row := ansi.Strip(strings.Join(m.clientRows("c2", 53, 3), "\n")); strings.Contains(row, "got renewed") {
				t.Errorf("%dx%d stop %d: c2's row says it got renewed while its renewal is refused: %q", size[0], size[1], stop, row)
			}
		})
		if seen == 0 {
			t.Errorf("%dx%d: no stop while c2's renewal was refused", size[0], size[1])
		}
	}
}

// A renewal in flight that no node has refused yet is said at 80x24 too: the compact row read
// "keepalive 1s" while the full row read "⋯ renewing invoices".
func TestCompactRowSaysRenewalInFlight(t *testing.T) {
	src := `campaign n1
wait-until leader n1
c1 connect n1
c1 acquire invoices 10s
wait-until c1 reply granted within 2s
delay c1 n1 500ms
c1 keepalive invoices every 1s
wait 1.2s
say "c1's renewal is on its way."
expect c1 holds invoices
`
	s, err := scenarios.Parse("renew.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m := newPlay(t, s, 120, 40)
	runToStop(t, m)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "got renewed invoices, ⋯ renewing again") {
		t.Errorf("the client row lacks 'got renewed invoices, ⋯ renewing again':\n%s", v)
	}
	// The compact row, as an 80x24 screen with several clients in use draws it.
	// Its first renewal was answered, so the row says so and that the next is out (nc23-c).
	if row := ansi.Strip(m.clientsShort([]string{"c1", "c2"}, 60)); !strings.Contains(row, "renewed, ⋯ again") || strings.Contains(row, "keepalive") {
		t.Errorf("the compact row reads %q, not 'renewed, ⋯ again'", row)
	}
}
