package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestTmuxCompare drives `leaselab compare` in real tmux panes at 200x50, 160x48 and 120x40:
// enter through the script pauses until the first divergence, check both halves and their
// arrangement, then q exits 0 and leaves the alternate screen.
func TestTmuxCompare(t *testing.T) {
	bin, _ := realBinary(t)
	for _, sz := range compareSizes {
		t.Run(sizeName(sz), func(t *testing.T) {
			cmd := fmt.Sprintf("%s compare late-expire --unsafe expire-ignores-token --speed 20; echo \"leaselab exited $?\"; sleep 60", bin)
			p := newPane(t, sz[0], sz[1], cmd)
			var s string
			for deadline := time.Now().Add(30 * time.Second); ; {
				s = p.screen()
				if strings.Contains(s, "≠ diverged at") {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("no divergence on screen:\n%s", s)
				}
				if strings.Contains(s, "? PREDICT") {
					p.key("2") // the ask: a prediction first, then the header says SCRIPT PAUSE
				} else if strings.Contains(s, "SCRIPT PAUSE") {
					p.key("Enter")
				}
				time.Sleep(100 * time.Millisecond)
			}
			lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
			for _, want := range []string{"≠ diverged at 5.253s", "→ Expired{existed:false}", "→ Expired{existed:true} (deletes c2's"} {
				if !strings.Contains(s, want) {
					t.Fatalf("missing %q:\n%s", want, s)
				}
			}
			both := strings.Contains(lines[1], "safe · late-expire") && strings.Contains(lines[1], "unsafe: expire-ignores-token")
			if both != (sz[0] >= sideBySideW) || len(lines) > sz[1] {
				t.Fatalf("%d lines; halves side by side %v:\n%s", len(lines), both, s)
			}
			p.quit()
		})
	}
}
