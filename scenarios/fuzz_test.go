package scenarios

import (
	"errors"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// FuzzParse: Parse never panics, fails only with a *ParseError, and whatever it accepts
// formats back to text that parses to the same scenario.
func FuzzParse(f *testing.F) {
	for _, file := range corpusFiles(f) {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
		// Each line alone too, so the fuzzer starts from every form in isolation.
		for line := range strings.SplitSeq(string(src), "\n") {
			f.Add([]byte(line))
		}
	}
	for _, s := range []string{
		"", "nodes 3\ncrash n4", `say "a\"b\\c"`, "partition n1|n2||n3", "wait-until leader within 1ns",
		"latency 1ns", "drop all 100%", "skew n1 offset -2562047h47m16.854775808s", "c1 write k \"\"",
		"title x\r\nwait 1s\r\n", "expect not leader none",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := Parse("fuzz.scenario", src)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || len(pe.Diags) == 0 || s != nil {
				t.Fatalf("bad failure: %v (%T), scenario %v", err, err, s)
			}
			return
		}
		roundTrip(t, s)
	})
}

// TestParseWordSoup parses many random lines built from the language's own words (corpus lines
// with a word replaced, inserted or dropped, and lines of random words), which reach the
// parser's corners faster than byte mutation, and round-trips whatever parses.
func TestParseWordSoup(t *testing.T) {
	vocab := map[string]bool{}
	var lines [][]string
	for _, file := range corpusFiles(t) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.SplitSeq(string(src), "\n") {
			if ws := strings.Fields(line); len(ws) > 0 && !strings.HasPrefix(line, "#") {
				lines = append(lines, ws)
			}
		}
	}
	for _, ws := range lines {
		for _, w := range ws {
			vocab[w] = true
		}
	}
	for _, w := range []string{"|", "->", "within", "not", "token", "none", "all", "leader", "n1|n2", `""`, `"a b"`,
		"0s", "-1s", "+1s", "0", "1", "100%", "0.5", "expired", "=", "<", "free", "#", "n9", "n0", "c1", "k"} {
		vocab[w] = true
	}
	words := slices.Sorted(maps.Keys(vocab))
	rng := rand.New(rand.NewPCG(1, 2))
	ok := 0
	for range 200000 {
		var line []string
		if rng.IntN(4) == 0 {
			line = make([]string, 1+rng.IntN(6))
			for i := range line {
				line[i] = words[rng.IntN(len(words))]
			}
		} else {
			line = slices.Clone(lines[rng.IntN(len(lines))])
			i, w := rng.IntN(len(line)), words[rng.IntN(len(words))]
			switch rng.IntN(3) {
			case 0:
				line[i] = w
			case 1:
				line = slices.Insert(line, i, w)
			case 2:
				line = slices.Delete(line, i, i+1)
			}
		}
		s, err := Parse("soup.scenario", []byte(strings.Join(line, " ")))
		if err == nil {
			ok++
			roundTrip(t, s)
		}
	}
	t.Logf("%d of 200000 random lines parsed", ok)
	if ok < 1000 {
		t.Errorf("only %d of the random lines parsed; the soup is too thin to test much", ok)
	}
}
