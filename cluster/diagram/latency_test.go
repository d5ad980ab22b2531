package diagram

import (
	"strings"
	"testing"
	"time"
)

// nc32-j: gc-pause's c1 sent its acquire at 0.0174s (its clock counts its lease from there:
// "ran out 3.017s") and the diagram read "0.021s … +3ms", 0.018s. A delivered message's
// latency is the difference of its two times as shown, in its label and its details alike.
func TestLatencyAddsUpToShownTimes(t *testing.T) {
	m := &Msg{Kind: Request, Client: "c1", To: 4, State: Delivered, Sent: 17400 * time.Microsecond, At: 20600 * time.Microsecond}
	if got := m.Outcome(); got != "+4ms" {
		t.Errorf("sent 0.017s, delivered 0.021s: the label says %q, not +4ms", got)
	}
	if d := strings.Join(m.Details(), "\n"); !strings.Contains(d, "sent 0.017s") || !strings.Contains(d, "delivered 0.021s (latency 4ms)") {
		t.Errorf("the details do not add up:\n%s", d)
	}
	m.Sent, m.At = 1000*time.Microsecond, 1400*time.Microsecond // under a millisecond, one shown time
	if got := m.Outcome(); got != "+400µs" {
		t.Errorf("a latency under a millisecond within one shown time reads %q", got)
	}
}
