package chaos

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
)

// progress reports a search as it runs, on stderr: a redrawn bar on a terminal, a plain line
// every few seconds otherwise (CI logs). The wall clock here only paces the display; it never
// reaches a simulation or the result.
type progress struct {
	w       io.Writer
	tty     bool
	fd      uintptr
	total   int
	done    int
	bad     int
	start   time.Time
	last    time.Time
	every   time.Duration
	started bool
}

func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: total, start: time.Now(), every: 5 * time.Second}
	if f, ok := w.(*os.File); ok && term.IsTerminal(f.Fd()) {
		p.tty, p.fd, p.every = true, f.Fd(), 100*time.Millisecond
	}
	p.last = p.start
	return p
}

// update records one more seed done.
func (p *progress) update(failed bool) {
	p.done++
	if failed {
		p.bad++
	}
	if now := time.Now(); now.Sub(p.last) >= p.every {
		p.last = now
		p.draw(now)
	}
}

func (p *progress) rate(now time.Time) float64 {
	if el := now.Sub(p.start).Seconds(); el > 0 {
		return float64(p.done) / el
	}
	return 0
}

func (p *progress) draw(now time.Time) {
	rate := p.rate(now)
	stats := fmt.Sprintf("%d/%d seeds  %d with violations  %.1f seeds/s", p.done, p.total, p.bad, rate)
	if !p.tty {
		fmt.Fprintf(p.w, "chaos: %s\n", stats)
		return
	}
	if rate > 0 && p.done < p.total {
		stats += fmt.Sprintf("  eta %s", time.Duration(float64(p.total-p.done)/rate*float64(time.Second)).Round(time.Second))
	}
	width := 80
	if w, _, err := term.GetSize(p.fd); err == nil && w > 0 {
		width = w
	}
	bar := max(10, min(40, width-len(stats)-4))
	fill := 0
	if p.total > 0 {
		fill = bar * p.done / p.total
	}
	fmt.Fprintf(p.w, "\r\x1b[K[%s%s] %s", strings.Repeat("#", fill), strings.Repeat("-", bar-fill), stats)
	p.started = true
}

// finish draws the last state and ends the line.
func (p *progress) finish() time.Duration {
	now := time.Now()
	p.draw(now)
	if p.tty {
		fmt.Fprintln(p.w)
	}
	return now.Sub(p.start)
}
