package ui

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"leaselab/scenarios"
)

// busySandbox is a 200x60 sandbox with every panel full: clients holding and contending,
// writes, a partition with a lagging side, skewed clocks, a long log and many events.
func busySandbox(b testing.TB) *Model {
	m := newSandbox(b, 7, 5, 200, 60)
	m.sim.speed = 10
	playFor(m, 2*time.Second)
	press(m, "a", "tab", "k", "a", "tab", "k", "k", "a")
	playFor(m, time.Second)
	press(m, "2", "+", "+", "]", "3", "-", "S")
	press(m, "tab", "f", "tab", "a", "tab", "f")
	playFor(m, 2*time.Second)
	for i := 0; i < 6; i++ {
		press(m, "tab", "k", "a")
		playFor(m, 400*time.Millisecond)
		press(m, "f", "r")
	}
	press(m, "4", "i", "v", "v")
	playFor(m, 3*time.Second)
	press(m, "1", "c", "a")
	playFor(m, 100*time.Millisecond)
	return m
}

// colour gives the model true-colour styles, as on a real terminal.
func colour(m *Model) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	r.SetHasDarkBackground(true)
	m.st = newStyles(r, false)
	m.tl.set = false
	m.refresh()
}

func BenchmarkView200x60(b *testing.B) {
	m := busySandbox(b)
	colour(m)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}

func BenchmarkViewCompact80x24(b *testing.B) {
	m := busySandbox(b)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}

// tenMinutes is a sandbox played for ten simulated minutes with a client acting every few
// seconds (acquire, write, release), a partition and a heal along the way.
func tenMinutes(b testing.TB) *Model { return session(b, 10*time.Minute) }

// session is a sandbox played for d with a client acting every five seconds, as tenMinutes.
func session(b testing.TB, d time.Duration) *Model {
	m := newSandbox(b, 7, 5, 160, 48)
	s := m.sim
	for t := time.Duration(0); t < d; t += 5 * time.Second {
		if err := s.seek(t); err != nil {
			b.Fatal(err)
		}
		m.refresh()
		switch (t / (5 * time.Second)) % 12 {
		case 0, 4, 8:
			press(m, "tab", "a")
		case 1, 5, 9:
			press(m, "f")
		case 2:
			press(m, "p")
		case 3:
			press(m, "h")
		}
	}
	_ = s.seek(d)
	m.refresh()
	return m
}

// BenchmarkRewind rewinds sessions of one and twelve simulated hours to random instants, as
// the TUI does (the seek, then the screen's refresh), and goes back to the end between rewinds
// (untimed). worst-ms is the slowest rewind seen: the targets are 250 ms for an hour and 2 s for
// twelve. cp-MB is the memory the checkpoints take.
func BenchmarkRewind(b *testing.B) {
	for _, d := range []time.Duration{time.Hour, 12 * time.Hour} {
		b.Run(d.String(), func(b *testing.B) {
			rewinds(b, session(b, d), d)
		})
	}
}

// BenchmarkRewindSteady is BenchmarkRewind on a busier session: a script of three clients
// taking turns on five keys (about 7 operations per simulated second, a snapshot every 100
// entries) played for one or twelve hours.
func BenchmarkRewindSteady(b *testing.B) {
	for _, d := range []time.Duration{time.Hour, 12 * time.Hour} {
		b.Run(d.String(), func(b *testing.B) {
			var src strings.Builder
			src.WriteString("title \"steady\"\noption snapshot-every 100\n")
			for i := 0; time.Duration(i)*430*time.Millisecond < d; i++ {
				c, k := i%3+1, i%5
				fmt.Fprintf(&src, "c%d acquire k%d 1s\nc%d write k%d\nc%d release k%d\nwait 430ms\n", c, k, c, k, c, k)
			}
			s, err := scenarios.Parse("steady", []byte(src.String()))
			if err != nil {
				b.Fatal(err)
			}
			m := newPlay(b, s, 160, 48)
			if err := m.sim.seek(d); err != nil {
				b.Fatal(err)
			}
			rewinds(b, m, d)
		})
	}
}

// rewinds times rewinds of m, at d, to random instants, going back to d between them.
func rewinds(b *testing.B, m *Model, d time.Duration) {
	rng := rand.New(rand.NewPCG(1, 2))
	worst := time.Duration(0)
	b.ResetTimer()
	for range b.N {
		at := time.Duration(rng.Int64N(int64(d)))
		start := time.Now()
		if err := m.sim.seek(at); err != nil {
			b.Fatal(err)
		}
		m.refresh()
		worst = max(worst, time.Since(start))
		b.StopTimer()
		if m.sim.p.Now() != at {
			b.Fatalf("rewound to %v, asked %v", m.sim.p.Now(), at)
		}
		_ = m.sim.seek(d)
		b.StartTimer()
	}
	b.StopTimer()
	n, every := m.sim.p.Checkpoints()
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	b.ReportMetric(float64(n), "checkpoints")
	b.ReportMetric(every.Minutes(), "every-min")
	before := liveHeap()
	b.ReportMetric(float64(before-without(m))/(1<<20), "cp-MB")
	runtime.KeepAlive(m) // or the model itself counts as the checkpoints' memory
}

func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// without drops the model's checkpoints and says the live heap then.
func without(m *Model) uint64 {
	m.sim.p.KeepCheckpoints(false)
	return liveHeap()
}

// BenchmarkSeekBack10Min rewinds to 10 seconds before the end of a ten-minute run (replayed
// from the checkpoint at 9 minutes; it replayed 590 s from the seed before checkpoints).
func BenchmarkSeekBack10Min(b *testing.B) {
	m := tenMinutes(b)
	end := m.sim.p.Now()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := m.sim.seek(end - 10*time.Second); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		_ = m.sim.seek(end)
		b.StartTimer()
	}
}

// busyScript keeps three clients acquiring, writing and releasing over lossy links, with
// wait-until steps (the TUI then advances event by event, its slowest path).
func busyScript(b testing.TB, rounds int) *scenarios.Scenario {
	var src strings.Builder
	src.WriteString("title \"busy\"\nseed 5\ndrop all 5%\n")
	for i := 0; i < rounds; i++ {
		for _, c := range []string{"c1", "c2", "c3"} {
			key := []string{"orders", "billing", "cache"}[i%3]
			fmt.Fprintf(&src, "%s acquire %s 2s\n", c, key)
		}
		src.WriteString("wait-until c1 reply granted within 3s\nc1 write orders\nc2 write billing\nwait 300ms\n")
		src.WriteString("c1 release orders\nc2 release billing\nc3 release cache\nwait-until not c1 holds orders within 3s\n")
	}
	s, err := scenarios.Parse("busy", []byte(src.String()))
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkFrame100x plays a busy script at 100x through frames that each account for the
// most wall time a frame may (maxFrameWall): worst-ms is the slowest frame seen.
func BenchmarkFrame100x(b *testing.B) {
	worst := time.Duration(0)
	frames := 0
	for i := 0; i < b.N; i++ {
		m := newPlay(b, busyScript(b, 300), 200, 60)
		m.sim.speed = 100
		at := wall0
		m.wall = func() time.Time { return at }
		m.Update(keyMsg("space"))
		for !m.sim.ended && frames < 100000 {
			if m.sim.atPause() {
				m.Update(keyMsg("enter"))
			}
			at = at.Add(maxFrameWall)
			start := time.Now()
			m.Update(frameMsg{gen: m.gen, at: at})
			worst = max(worst, time.Since(start))
			frames++
		}
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms/frame")
	b.ReportMetric(float64(frames)/float64(b.N), "frames/run")
}

// BenchmarkRefresh is the per-frame snapshot: the world's View, the timeline into the viewport.
func BenchmarkRefresh(b *testing.B) {
	m := busySandbox(b)
	colour(m)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.tl.set = false
		m.refresh()
	}
}

// BenchmarkView200x60Leases100k: a frame of the full layout while 100,000 leases are live (the
// sandbox with --keys 100000): the view carries only the keys the lock table shows.
func BenchmarkView200x60Leases100k(b *testing.B) {
	m := heldSandbox(b, 100000, 200, 60)
	colour(m)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.refresh()
		_ = m.View()
	}
}

// BenchmarkViewAtFoldedStop is a frame at a stop whose story the timeline folds
// (racing-acquires at 0.070s, 120x40): the fold is worked out once per stop, not per frame.
func BenchmarkViewAtFoldedStop(b *testing.B) {
	m := playLesson(b, "racing-acquires", 120, 40)
	playUntilOnScreen(b, m, "(ReadIndex: a majority")
	if !strings.Contains(ansi.Strip(m.View()), "folded") {
		b.Fatal("the stop's story is not folded")
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}
