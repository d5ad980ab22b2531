package scenarios

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"leaselab/cluster"
	"leaselab/fsm"
	"leaselab/scenarios/termsafe"
)

// word is one word of a line: bare text, or a quoted string with its escapes undone.
type word struct {
	text   string
	col    int // 1-based byte column of the word's first byte (its quote, if quoted)
	end    int // column just after the word: where a missing next word is reported
	quoted bool
}

// lexError is a lexical error on one line, at a column.
type lexError struct {
	col int
	msg string
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// lexLine splits one line (without its newline) into words and drops a trailing comment.
func lexLine(line string) ([]word, *lexError) {
	var ws []word
	i := 0
	for i < len(line) {
		c := line[i]
		switch {
		case isBlank(c):
			i++
		case c == '#' && (len(ws) == 0 || i+1 >= len(line) || !isDigit(line[i+1])):
			return ws, nil // a comment; `#N` after a word is a token (Expire orders #1)
		case c == '"':
			w, next, err := lexQuoted(line, i)
			if err != nil {
				return nil, err
			}
			ws = append(ws, w)
			i = next
		default:
			start := i
			for i < len(line) && !isBlank(line[i]) && (line[i] != '#' || i == start) {
				if line[i] == '"' {
					return nil, &lexError{i + 1, "quote inside a word (put a space before it)"}
				}
				n, err := textRune(line, i)
				if err != nil {
					return nil, err
				}
				i += n
			}
			ws = append(ws, word{text: line[start:i], col: start + 1, end: i + 1})
		}
	}
	return ws, nil
}

// lexQuoted reads the quoted string starting at line[start] and returns it with the index after it.
func lexQuoted(line string, start int) (word, int, *lexError) {
	var b strings.Builder
	i := start + 1
	for {
		if i >= len(line) {
			return word{}, 0, &lexError{start + 1, "unterminated quote"}
		}
		c := line[i]
		switch {
		case c == '"':
			i++
			if i < len(line) && !isBlank(line[i]) && line[i] != '#' {
				return word{}, 0, &lexError{i + 1, "missing space after closing quote"}
			}
			return word{text: b.String(), col: start + 1, end: i + 1, quoted: true}, i, nil
		case c == '\\':
			if i+1 >= len(line) {
				return word{}, 0, &lexError{start + 1, "unterminated quote"}
			}
			if e := line[i+1]; e != '"' && e != '\\' {
				return word{}, 0, &lexError{i + 1, fmt.Sprintf(`unknown escape %q in quoted string (only \" and \\)`, line[i:i+2])}
			}
			b.WriteByte(line[i+1])
			i += 2
		default:
			n, err := textRune(line, i)
			if err != nil {
				return word{}, 0, err
			}
			b.WriteString(line[i : i+n])
			i += n
		}
	}
}

// textRune measures the character at line[i] (a word's or a quoted string's), refusing control
// characters and bytes that are not UTF-8: a shared scenario's text is shown on other people's
// terminals (leaselab serve), where ESC [2J would clear the screen. Tab, a blank, is allowed.
func textRune(line string, i int) (int, *lexError) {
	c := line[i]
	if c < utf8.RuneSelf {
		if c < 0x20 && c != '\t' || c == 0x7f {
			return 0, &lexError{i + 1, fmt.Sprintf(`control character \x%02x (escape sequences and other control bytes are not allowed in a scenario)`, c)}
		}
		return 1, nil
	}
	r, n := utf8.DecodeRuneInString(line[i:])
	switch {
	case r == utf8.RuneError && n <= 1:
		return 0, &lexError{i + 1, fmt.Sprintf(`byte \x%02x is not UTF-8 (a scenario file is UTF-8 text)`, c)}
	case termsafe.IsControl(r):
		return 0, &lexError{i + 1, fmt.Sprintf(`control character \x%02x (escape sequences and other control bytes are not allowed in a scenario)`, r)}
	case termsafe.IsBidi(r):
		return 0, &lexError{i + 1, fmt.Sprintf(`bidirectional control character U+%04X (it reorders the text shown after it, so a line would not read as what it does)`, r)}
	}
	return n, nil
}

// quote writes s as one quoted word. Newlines cannot be written in a one-line step; they become spaces.
func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ")
	return `"` + r.Replace(s) + `"`
}

// bareSafe says whether s reads back as the same single bare word.
func bareSafe(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '#' || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// reserved are the words of the language, which cannot name a client.
var reserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`all leader majority resource not none converged term violations
		title seed nodes tick election heartbeat latency option unsafe
		within holds reply token free expired`) {
		reserved[w] = true // the step words come from Steps (indexSteps)
	}
}

// isNodeWord says whether s is spelled as a node (n followed by digits), valid or not.
func isNodeWord(s string) bool {
	if len(s) < 2 || s[0] != 'n' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// isIdent matches [A-Za-z][A-Za-z0-9_-]*.
func isIdent(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !isDigit(c) && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// isClientName says whether s can name a client: an identifier that is not a node or a word of the language.
func isClientName(s string) bool { return isIdent(s) && !isNodeWord(s) && !reserved[s] }

// isKey matches [A-Za-z0-9_./-]+.
func isKey(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !isDigit(c) && !strings.ContainsRune("_./-", rune(c)) {
			return false
		}
	}
	return true
}

// parseDecimal reads a number as Go's strconv.ParseFloat does (2, 0.5, .5, 1e2, 0x1p-2, +3),
// finite and not negative; the callers check their ranges. It is written back as a plain
// decimal (formatDecimal): 1e2 reads back as 100, the same value.
func parseDecimal(s string) (float64, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return 0, false
	}
	return f + 0, true // -0 becomes 0
}

func formatDecimal(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// Readers of one typed word; each fails the line with a message naming what it wanted.

func (l *line) node(what string) int { return l.nodeOf(l.next(what)) }

func (l *line) nodeOf(w word) int {
	n := max(l.p.s.Header.Nodes, l.p.grown)
	if isNodeWord(w.text) {
		if id, err := strconv.Atoi(w.text[1:]); err == nil && id >= 1 && id <= n && w.text == "n"+strconv.Itoa(id) {
			return id
		}
		l.fail(w.col, "unknown node %s (this cluster has n1..n%d)", w.text, n)
	}
	l.fail(w.col, "expected a node n1..n%d, found %q", n, w.text)
	return 0
}

func (l *line) key() string {
	w := l.next("key")
	if !isKey(w.text) {
		l.fail(w.col, "bad key %q (want letters, digits and _ . / -)", w.text)
	}
	return w.text
}

func (l *line) client(w word) string {
	if !isClientName(w.text) {
		l.fail(w.col, "%q cannot name a client (want a name like c1 or alice that is not a word of the language or a node)", w.text)
	}
	l.p.clients[w.text] = true
	return w.text
}

// duration reads a duration up to cluster.MaxDuration; positive demands > 0, otherwise >= 0.
func (l *line) duration(what string, positive bool) time.Duration {
	w := l.next(what)
	d := l.durationOf(w)
	if d < 0 || positive && d == 0 {
		want := "zero or more"
		if positive {
			want = "positive"
		}
		l.fail(w.col, "%s must be %s, found %s", what, want, w.text)
	}
	return d
}

// durationOf reads a signed Go duration of at most cluster.MaxDuration either way.
func (l *line) durationOf(w word) time.Duration {
	d, err := time.ParseDuration(w.text)
	if err != nil {
		detail := strings.TrimPrefix(err.Error(), "time: ")
		if len(detail) > 80 { // it quotes the word again
			detail = "not a duration"
		}
		l.fail(w.col, "bad duration %q: %s (want Go syntax like 250ms, 3s or 1m30s)", w.text, detail)
	}
	if d > cluster.MaxDuration || d < -cluster.MaxDuration {
		l.fail(w.col, "duration %s is out of range (at most %s either way)", w.text, shortDur(cluster.MaxDuration))
	}
	return d
}

// shorten cuts a word for quoting in an error: a megabyte of garbage is not echoed whole.
func shorten(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 { // do not split a UTF-8 sequence
		cut--
	}
	return s[:cut] + fmt.Sprintf("… (%d bytes)", len(s))
}

// shortDur writes a duration as a script does: 1000h, not 1000h0m0s (the screens' form too).
func shortDur(d time.Duration) string { return fsm.DurText(d) }

func (l *line) uint(what string) uint64 {
	w := l.next(what)
	n, err := strconv.ParseUint(w.text, 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		l.fail(w.col, "%s must be 0..%d, found %s", what, uint64(math.MaxUint64), shorten(w.text))
	}
	if err != nil {
		l.fail(w.col, "bad %s %q (want a whole number)", what, w.text)
	}
	return n
}

// intIn reads an int in lo..hi.
func (l *line) intIn(what string, lo, hi int) int {
	w := l.next(what)
	n, err := strconv.Atoi(w.text)
	if errors.Is(err, strconv.ErrRange) { // past what an int holds: say where the range ends
		l.fail(w.col, "%s must be %d..%d, found %s", what, lo, hi, shorten(w.text))
	}
	if err != nil {
		l.fail(w.col, "bad %s %q (want a whole number)", what, w.text)
	}
	if n < lo || n > hi {
		l.fail(w.col, "%s must be %s, found %d", what, rangeText(lo, hi), n)
	}
	return n
}

func rangeText(lo, hi int) string {
	if hi == maxInt {
		return fmt.Sprintf("at least %d", lo)
	}
	return fmt.Sprintf("%d..%d", lo, hi)
}

const maxInt = int(^uint(0) >> 1)

// rate reads a positive decimal clock rate.
func (l *line) rate() float64 {
	w := l.next("rate")
	r, ok := parseDecimal(w.text)
	if !ok {
		l.fail(w.col, "bad rate %q (want a number like 1.5)", w.text)
	}
	if r < cluster.MinRate || r > cluster.MaxRate {
		l.fail(w.col, "rate must be %s to %s, found %s", formatDecimal(cluster.MinRate), formatDecimal(cluster.MaxRate), w.text)
	}
	return r
}

func (l *line) percent() float64 {
	w := l.next("drop percentage")
	num, ok := strings.CutSuffix(w.text, "%")
	if !ok {
		l.fail(w.col, "missing %% in %q (want a share like 50%% or 12.5%%)", w.text)
	}
	p, ok := parseDecimal(num)
	if !ok {
		l.fail(w.col, "bad percentage %q (want a share like 50%% or 12.5%%)", w.text)
	}
	if p > 100 {
		l.fail(w.col, "percentage must be 0..100%%, found %s", w.text)
	}
	return p
}

// oneOf reads a word from a list, naming the list when it is not in it.
func (l *line) oneOf(what string, list ...string) string {
	w := l.next(what)
	for _, s := range list {
		if w.text == s {
			return s
		}
	}
	l.fail(w.col, "unknown %s %q (want %s)", what, w.text, orList(list))
	return ""
}

// orList writes "a, b or c".
func orList(list []string) string {
	if len(list) < 2 {
		return strings.Join(list, "")
	}
	return strings.Join(list[:len(list)-1], ", ") + " or " + list[len(list)-1]
}
