package fsm

import (
	"testing"
	"time"
)

func TestDurText(t *testing.T) {
	for d, want := range map[time.Duration]string{
		time.Minute: "1m", 90 * time.Second: "1m30s", 3 * time.Second: "3s", 1500 * time.Millisecond: "1.5s",
		500 * time.Millisecond: "500ms", 1000 * time.Hour: "1000h", time.Hour + time.Second: "1h0m1s", 10 * time.Second: "10s",
	} {
		if got := DurText(d); got != want {
			t.Errorf("%v: %q, want %q", d, got, want)
		}
	}
	if got := (Command{Kind: Grant, Key: "invoices", LeaseMS: 60000}).String(); got != "Grant invoices 1m" {
		t.Errorf("a one-minute Grant reads %q", got)
	}
}
