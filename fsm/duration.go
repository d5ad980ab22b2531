package fsm

import (
	"strings"
	"time"
)

// DurText is how every screen writes a lease's length, the way a script writes it: Go's form
// without zero trailing units ("1m", "1m30s", "3s", "1.5s", "500ms"), never "1m0s" or "60s".
func DurText(d time.Duration) string {
	s := d.String()
	for _, z := range []string{"0s", "0m"} {
		if t, ok := strings.CutSuffix(s, z); ok && t != "" && !isDigit(t[len(t)-1]) {
			s = t
		}
	}
	return s
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }
