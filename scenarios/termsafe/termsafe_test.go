package termsafe

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostile are the reproducers of issue 22.2 and every C0 and C1 control character.
func hostile() []string {
	out := []string{"T\x1b]0;pwned\x07", "\x1b[2J\x1b[?1049l x", "\x1b[?1049l", "a\x9bb", "\xc2\x9b2J", "\xff\xfe"}
	for c := rune(0); c < 0xa0; c++ {
		if c >= 0x20 && c < 0x7f {
			continue
		}
		out = append(out, "x"+string(rune(c))+"y")
		if c >= 0x80 {
			out = append(out, "x"+string([]byte{byte(c)})+"y") // the bare byte, not UTF-8
		}
	}
	return out
}

// noControl fails if s holds a control byte other than those allowed, or is not UTF-8.
func noControl(t *testing.T, in, s string, allowed string) {
	t.Helper()
	if !utf8.ValidString(s) {
		t.Errorf("%q -> %q: not UTF-8", in, s)
	}
	for _, r := range s {
		if IsControl(r) && !strings.ContainsRune(allowed, r) {
			t.Errorf("%q -> %q: raw control %U", in, s, r)
		}
	}
}

func TestEscapesEveryControl(t *testing.T) {
	for _, in := range hostile() {
		noControl(t, in, Text(in), "\n\t")
		noControl(t, in, Line(in), "")
	}
	if got := Line("T\x1b]0;pwned\x07"); got != `T\x1b]0;pwned\x07` {
		t.Errorf("Line = %q", got)
	}
	if got := Text("\x1b[2J\x1b[?1049l x"); got != `\x1b[2J\x1b[?1049l x` {
		t.Errorf("Text = %q", got)
	}
	if got := Text("a\u009bb\xffc"); got != `a\x9bb\xffc` {
		t.Errorf("C1 and a stray byte: %q", got)
	}
}

func TestKeepsText(t *testing.T) {
	for _, s := range []string{"", "plain", "é ❝ ✔ 日本 🙂", `back\slash`} {
		if Text(s) != s || Line(s) != s || !Safe(s) {
			t.Errorf("%q changed", s)
		}
	}
	if Text("a\n\tb") != "a\n\tb" || Line("a\n\tb") != `a\x0a b` {
		t.Errorf("newline and tab: %q %q", Text("a\n\tb"), Line("a\n\tb"))
	}
}

func TestWriterSplitsUTF8(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	in := "é\x1b[2J✔\u009b"
	for i := 0; i < len(in); i++ { // one byte a write: every sequence is split
		if n, err := w.Write([]byte{in[i]}); n != 1 || err != nil {
			t.Fatal(n, err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), `é\x1b[2J✔\x9b`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	b.Reset()
	w.Write([]byte("ok\xe2\x9c")) // a cut sequence at the end is escaped on Flush
	w.Flush()
	if got := b.String(); got != `ok\xe2\x9c` {
		t.Errorf("got %q", got)
	}
}

// A right-to-left override makes "say \"‮txt.exe\"" read as "exe.txt": every bidirectional
// formatting character is shown escaped, and nothing else of a right-to-left script is.
func TestEscapesBidiControls(t *testing.T) {
	for _, r := range []rune{0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069} {
		in := "a" + string(r) + "b"
		want := fmt.Sprintf(`a\u%04xb`, r)
		if got := Line(in); got != want || Text(in) != want || Safe(in) {
			t.Errorf("U+%04X: Line %q, Text %q, Safe %v; want %q", r, got, Text(in), Safe(in), want)
		}
	}
	for _, s := range []string{"שלום", "مرحبا", "a\u200db"} { // Hebrew, Arabic, a zero-width joiner
		if Text(s) != s || !Safe(s) {
			t.Errorf("%q was escaped", s)
		}
	}
}
