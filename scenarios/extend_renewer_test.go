package scenarios

import (
	"strings"
	"testing"
)

// leader-crash-mid-lease-extend says what the extension gains a holder that renews: had c1
// renewed every second (keepalive leader), its renewal that reaches the new leader is answered
// not-found under keep and renewed under extend, and c1 keeps its lock. The lesson's own seed
// and crash, with the renewals added: the claim holds under both rules as the lesson says it.
func TestExtendKeepsARenewingHolder(t *testing.T) {
	for _, rule := range []string{"keep", "extend"} {
		src := strings.Join([]string{
			"seed 11", "option lease-on-promote " + rule, "option keepalive leader",
			"campaign n1", "wait-until leader n1", "c1 acquire orders 3s",
			"wait-until all lock orders token 1", "wait-until c1 holds orders token 1",
			"c1 keepalive orders every 1s", "wait 1500ms", "crash n1",
			"wait-until leader within 5s", "wait 3s", "expect c1 holds orders token 1",
			"expect all history orders Granted{token:1}",
		}, "\n") + "\n"
		s, err := Parse(rule+".scenario", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		res, err := RunScenario(s, RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if kept := res.Runner.Passed(); kept != (rule == "extend") {
			t.Errorf("lease-on-promote %s: the renewing c1 keeps its lock = %v (failures %v)", rule, kept, res.Runner.Failures)
		}
	}
}
