package scenarios

import (
	"fmt"
	"strings"
	"testing"
)

// Issue 22.2: a scenario's strings reach other people's terminals; escape sequences and every
// other control byte are refused where they stand, FILE:LINE:COL.
func TestParseRefusesControlBytes(t *testing.T) {
	type tc struct{ src, want string }
	cases := []tc{
		{"title \"T\x1b]0;pwned\x07\"\n", `s.scenario:1:9: control character \x1b`},
		{"say \"\x1b[2J\x1b[?1049l x\"\n", `s.scenario:1:6: control character \x1b`},
		{"say \"ok\"\nask \"q\x1b[2J\" a right b\n", `s.scenario:2:7: control character \x1b`},
		{"say \"a\x9bb\"\n", `s.scenario:1:7: byte \x9b is not UTF-8`},
		{"say \"a\xc2\x9bb\"\n", `s.scenario:1:7: control character \x9b`},
		{"c1 write k v\x1b[2J\n", `s.scenario:1:13: control character \x1b`},
		{"say \"a\rb\"\n", `s.scenario:1:7: control character \x0d`},
		{"say \"a\u202etxt.exe\"\n", `s.scenario:1:7: bidirectional control character U+202E`},
		{"c1 acquire or\u2066ders 3s\n", `s.scenario:1:14: bidirectional control character U+2066`},
		{"title \u200fT\n", `s.scenario:1:7: bidirectional control character U+200F`},
	}
	for c := 0; c < 0xa0; c++ {
		if c == '\t' || c == '\n' || c >= 0x20 && c < 0x7f {
			continue
		}
		ch := string(rune(c))
		cases = append(cases, tc{"say \"x" + ch + "y\"\n", fmt.Sprintf(`s.scenario:1:7: control character \x%02x`, c)})
		cases = append(cases, tc{"title x" + ch + "y\n", fmt.Sprintf(`s.scenario:1:8: control character \x%02x`, c)})
		if c >= 0x80 {
			cases = append(cases, tc{"say \"x" + string([]byte{byte(c)}) + "y\"\n", fmt.Sprintf(`s.scenario:1:7: byte \x%02x is not UTF-8`, c)})
		}
	}
	for _, c := range cases {
		_, err := Parse("s.scenario", []byte(c.src))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s…", c.src, err, c.want)
		}
		if err != nil && strings.ContainsAny(err.Error(), "\x1b\x07\x9b\r") {
			t.Errorf("%q: the error itself carries a raw control byte: %q", c.src, err.Error())
		}
	}
	// Tab (a blank), UTF-8 text and a comment with anything in it stay legal.
	ok := "title \"tab\there é ❝✔❞\"\nsay \"日本 🙂\" # \x1b[2J in a comment is never shown\n"
	s, err := Parse("s.scenario", []byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	if s.Header.Title != "tab\there é ❝✔❞" || s.Steps[0].Text != "日本 🙂" {
		t.Errorf("got %q %q", s.Header.Title, s.Steps[0].Text)
	}
}
