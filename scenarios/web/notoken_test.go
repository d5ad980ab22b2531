package web

import (
	"bytes"
	"strings"
	"testing"
)

// nc34-2: late-expire's page wrote c3's tokenless write "✗ #0" and "with token 0"; the TUI says
// "no token", and so does the page.
func TestTokenlessWriteSaysNoTokenOnThePage(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, record(t, "late-expire")); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "✗ no token") || !strings.Contains(out, "c3 writes orders with no token") {
		t.Error("the page does not call c3's write 'no token'")
	}
	for _, bad := range []string{"✗ #0 ", "with token 0", "#none", "orders #0"} {
		if strings.Contains(out, bad) {
			t.Errorf("the page names c3's write %q", bad)
		}
	}
}
