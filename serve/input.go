package serve

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A session's keyboard goes through an input: one goroutine reads the client and hands the
// program what it typed, less the terminal's answers to the background-colour query (OSC 11)
// and the device-attributes query sent after it (DA1), whenever they come. wish's
// bubbletea.MakeRenderer asks the same but reads the session itself before the program
// starts: on a client that never answers (x/crypto/ssh, a script) its read never returns,
// since a session cannot be read with a deadline, and a key typed meanwhile is lost. Here the
// session waits for the answer at most bgWait, and nothing typed is lost.

// bgWait is how long a session waits for the terminal's background colour before taking it
// as dark. A terminal answers within a round trip; one that does not support the query
// answers the DA1 query at once, which ends the wait.
var bgWait = time.Second

const (
	bgQuery  = "\x1b]11;?\x07" + "\x1b[c" // OSC 11 (background colour), then DA1
	maxReply = 256                        // a longer escape sequence is not an answer: passed on
)

// A client's keyboard is rate-limited: every byte is a message the session handles (a key,
// a mouse move, part of a paste), and a client sending as fast as its link allows kept a core
// busy with one session (a 4 MB paste took it over a minute and a half). Typing, a paste into
// the prompt (at most 200 characters) and dragging the mouse stay far under the limit; past
// it, what the client sends is read and dropped. (Waiting instead left a flood queued in the
// SSH window, 2 MB, in front of the client's end: a client that sent 2 MB and left kept its
// session, and its slot, for a quarter of an hour.)
const (
	inputRate     = 2 << 10  // bytes a second, sustained
	inputBurst    = 16 << 10 // bytes at once
	maxKeysQueued = 64 << 10 // bytes let through that the program has not taken yet
)

// budget is a token bucket of input bytes.
type budget struct {
	tokens float64
	last   time.Time
}

// take spends up to n bytes at now and says how many the budget allows.
func (b *budget) take(n int, now time.Time) int {
	if b.last.IsZero() {
		b.tokens = inputBurst
	} else {
		b.tokens = min(inputBurst, b.tokens+now.Sub(b.last).Seconds()*inputRate)
	}
	b.last = now
	k := min(n, int(b.tokens))
	b.tokens -= float64(k)
	return k
}

// input is the program's input (Read) and the terminal's answers.
type input struct {
	pr    *io.PipeReader
	pw    *io.PipeWriter
	reply chan struct{} // closed at the first answer (DA1, or the colour)

	mu      sync.Mutex
	dark    bool
	hasBg   bool // the terminal told its background
	replied bool

	pend []byte // an unfinished escape sequence that may be an answer

	budget budget
	now    func() time.Time // time.Now (tests replace it)

	// What the budget let through waits here for the program, so the client is read (and its
	// end seen) however slowly the program takes its keys: writing to the pipe from the reading
	// loop left a client that sent a burst and left waiting, its session open, until the
	// program had handled every key of it (seconds under load).
	qmu   sync.Mutex
	q     []byte
	qEnd  bool          // the client's input ended: the program's reads end after q
	qWake chan struct{} // a send (never blocking) wakes the writer
}

// newInput starts reading r; at its end (the client closed its input) eof is called.
func newInput(r io.Reader, eof func()) *input {
	in := &input{reply: make(chan struct{}), now: time.Now}
	in.pr, in.pw = io.Pipe()
	go in.loop(r, eof)
	return in
}

func (in *input) Read(p []byte) (int, error) { return in.pr.Read(p) }

// Close ends the program's reads.
func (in *input) Close() error { return in.pr.Close() }

func (in *input) loop(r io.Reader, eof func()) {
	in.qWake = make(chan struct{}, 1)
	go in.write()
	buf := make([]byte, 4096)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			out := in.filter(buf[:n])
			if len(out) > 0 {
				out = out[:in.budget.take(len(out), in.now())]
			}
			in.queue(out, false)
		}
		if err != nil {
			in.queue(nil, true)
			eof()
			return
		}
	}
}

// queue hands b to the writer; the queue holds at most maxKeysQueued bytes (a program that fell
// that far behind loses the newest keys, as the budget drops a flood).
func (in *input) queue(b []byte, end bool) {
	in.qmu.Lock()
	b = b[:min(len(b), max(0, maxKeysQueued-len(in.q)))]
	in.q = append(in.q, b...)
	in.qEnd = in.qEnd || end
	in.qmu.Unlock()
	select {
	case in.qWake <- struct{}{}:
	default:
	}
}

// write passes the queue to the program's pipe, then the end; it stops when the program is
// gone (its reads closed).
func (in *input) write() {
	for range in.qWake {
		in.qmu.Lock()
		b, end := in.q, in.qEnd
		in.q = nil
		in.qmu.Unlock()
		if len(b) > 0 {
			if _, err := in.pw.Write(b); err != nil {
				return
			}
		}
		if end {
			in.pw.CloseWithError(io.EOF)
			return
		}
	}
}

// filter takes the terminal's answers out of b (keeping an answer cut by a read until its
// end) and returns the rest.
func (in *input) filter(b []byte) []byte {
	if len(in.pend) > 0 {
		b = append(in.pend, b...)
		in.pend = nil
	}
	var out []byte
	for len(b) > 0 {
		i := bytes.IndexByte(b, 0x1b)
		if i < 0 {
			out = append(out, b...)
			break
		}
		out = append(out, b[:i]...)
		b = b[i:]
		n, complete, answer := reply(b)
		switch {
		case n == 0: // not an answer: the escape goes on to the program
			out = append(out, b[0])
			b = b[1:]
		case !complete && len(b) < maxReply:
			in.pend = append([]byte(nil), b...)
			return out
		case !complete:
			out = append(out, b...)
			return out
		default:
			in.answer(answer)
			b = b[n:]
		}
	}
	return out
}

// reply reads an answer at the start of b (which starts with ESC): its length (0: b does not
// start like an answer), whether it is whole, and its text.
func reply(b []byte) (n int, complete bool, text string) {
	switch {
	case len(b) == 1:
		return 0, false, "" // a lone escape is the esc key: never held back
	case b[1] == ']':
		if !prefixOf(b, "\x1b]11;") {
			return 0, false, ""
		}
		for i := 2; i < len(b); i++ {
			if b[i] == 0x07 {
				return i + 1, true, string(b[:i])
			}
			if b[i] == 0x1b {
				if i+1 < len(b) && b[i+1] == '\\' {
					return i + 2, true, string(b[:i])
				}
				if i+1 < len(b) {
					return 0, false, ""
				}
			}
		}
		return len(b), false, ""
	case b[1] == '[':
		if !prefixOf(b, "\x1b[?") {
			return 0, false, ""
		}
		for i := 2; i < len(b); i++ {
			switch c := b[i]; {
			case c == 'c':
				return i + 1, true, string(b[:i+1])
			case c >= '0' && c <= '9', c == ';', c == '?':
			default:
				return 0, false, ""
			}
		}
		return len(b), false, ""
	}
	return 0, false, ""
}

// prefixOf says b starts with p, or is a beginning of p.
func prefixOf(b []byte, p string) bool {
	if len(b) >= len(p) {
		return string(b[:len(p)]) == p
	}
	return strings.HasPrefix(p, string(b))
}

// answer records a terminal's answer: its background colour, or DA1 (it answered all it will).
func (in *input) answer(text string) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if c, ok := strings.CutPrefix(text, "\x1b]11;"); ok {
		if dark, ok := darkColor(c); ok {
			in.dark, in.hasBg = dark, true
		}
	}
	if !in.replied {
		in.replied = true
		close(in.reply)
	}
}

// background waits (at most bgWait) for the terminal's background: dark, and whether it said.
func (in *input) background() (dark, told bool) {
	select {
	case <-in.reply:
	case <-time.After(bgWait):
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.dark || !in.hasBg, in.hasBg
}

// darkColor reads an X11 colour, rgb:RRRR/GGGG/BBBB (1 to 4 hex digits each; rgba: too), and
// says whether it is dark (HSL lightness under one half, as wish decides).
func darkColor(s string) (dark, ok bool) {
	s, ok = strings.CutPrefix(s, "rgb:")
	if !ok {
		if s, ok = strings.CutPrefix(s, "rgba:"); !ok {
			return false, false
		}
	}
	parts := strings.Split(s, "/")
	if len(parts) < 3 {
		return false, false
	}
	lo, hi := 1.0, 0.0
	for _, p := range parts[:3] {
		if len(p) < 1 || len(p) > 4 {
			return false, false
		}
		v, err := strconv.ParseUint(p, 16, 16)
		if err != nil {
			return false, false
		}
		f := float64(v) / float64(uint64(1)<<(4*len(p))-1)
		lo, hi = min(lo, f), max(hi, f)
	}
	return (lo+hi)/2 < 0.5, true
}
