// Package termsafe shows text from a file, a prompt or the network on a terminal without letting
// it drive the terminal: every control byte (C0, DEL, C1) and every byte that is not UTF-8 is
// shown escaped, as \x1b, so an escape sequence in a shared scenario cannot clear a student's
// screen, leave the alternate screen or set the window title; and every bidirectional
// formatting character is shown as \u202e, so a line cannot be made to read backwards.
//
// The scenario parser already refuses such bytes in a file (FILE:LINE:COL); this is the second
// line of defence, applied where text reaches a terminal: the TUI, run's reports and --verbose,
// chaos's output, and the SSH server's sessions.
package termsafe

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Text escapes the control bytes of multi-line output (reports, logs): newline and tab stay.
func Text(s string) string { return escape(s, false) }

// Line escapes the control bytes of text drawn inside a screen layout (a title, a narration
// line), where a newline would break the layout: newline is shown escaped, tab becomes a space.
func Line(s string) string { return escape(s, true) }

// Safe says whether s needs no escaping as multi-line output.
func Safe(s string) bool { return clean(s, false) }

// IsControl says whether r is a C0 or C1 control character or DEL.
func IsControl(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 }

// IsBidi says whether r is a bidirectional formatting character (LRE, RLE, PDF, LRO, RLO, the
// isolates, LRM, RLM, ALM). They print nothing but reorder the text after them, so a line can
// read as something other than what it says (CVE-2021-42574, "Trojan Source").
func IsBidi(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c
}

func clean(s string, oneLine bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x20 && c < 0x7f:
		case c == '\n' || c == '\t':
			if oneLine {
				return false
			}
		case c < 0x80: // other C0, DEL
			return false
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n <= 1 || IsControl(r) || IsBidi(r) {
				return false
			}
			i += n - 1
		}
	}
	return true
}

func escape(s string, oneLine bool) string {
	if clean(s, oneLine) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\t' && oneLine:
			b.WriteByte(' ')
		case (r == '\n' || r == '\t') && !oneLine:
			b.WriteRune(r)
		case IsControl(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case IsBidi(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Writer escapes what is written through it as Text does. A UTF-8 sequence split between two
// writes is held back until its end arrives (or Flush).
type Writer struct {
	w    io.Writer
	tail []byte // the start of a UTF-8 sequence the last write ended in
}

// NewWriter returns a Writer that writes escaped text to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write escapes p and writes it; it reports len(p) on success.
func (w *Writer) Write(p []byte) (int, error) {
	buf := p
	if len(w.tail) > 0 {
		buf = append(w.tail, p...)
		w.tail = nil
	}
	// Hold back an incomplete UTF-8 sequence at the end (at most 3 bytes).
	keep := 0
	for k := 1; k <= 3 && k <= len(buf); k++ {
		c := buf[len(buf)-k]
		if c < 0x80 {
			break
		}
		if c >= 0xc0 { // a leading byte: is its sequence complete?
			if !utf8.FullRune(buf[len(buf)-k:]) {
				keep = k
			}
			break
		}
	}
	if keep > 0 {
		w.tail = append([]byte(nil), buf[len(buf)-keep:]...)
		buf = buf[:len(buf)-keep]
	}
	if _, err := io.WriteString(w.w, Text(string(buf))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes a held-back incomplete sequence, escaped.
func (w *Writer) Flush() error {
	if len(w.tail) == 0 {
		return nil
	}
	t := w.tail
	w.tail = nil
	_, err := io.WriteString(w.w, Text(string(t)))
	return err
}
