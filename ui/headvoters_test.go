package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The header's voter list ("v n1-n6" at 80x24) is in the ? legend's header line: nc37-e had to
// guess it meant voters.
func TestLegendSaysTheHeadersVoters(t *testing.T) {
	m := playLesson(t, "add-node-mid-lease", 80, 24)
	for stop := 0; stop < 40 && !m.sim.ended; stop++ {
		runToStop(t, m)
		v := ansi.Strip(m.View())
		if head := strings.SplitN(v, "\n", 2)[0]; strings.Contains(head, "v n1-n6") {
			press(m, "?")
			// Read the page a line at a time (↓), each line where its "(N-M of K lines)"
			// puts it, then the wrapped lines as one text.
			span := regexp.MustCompile(`\((\d+)-\d+ of (\d+) lines\)`)
			lines := map[int]string{}
			total := 0
			for i := 0; i < 400; i++ {
				rows := strings.Split(ansi.Strip(m.View()), "\n")
				at := -1
				for j, r := range rows {
					if s := span.FindStringSubmatch(r); s != nil {
						at, _ = strconv.Atoi(s[1])
						total, _ = strconv.Atoi(s[2])
						for k, body := range rows[j+1:] {
							if strings.Contains(body, "❝") || at+k > total {
								break
							}
							lines[at+k] = body
						}
						break
					}
				}
				if at < 0 {
					t.Fatalf("no ? page:\n%s", strings.Join(rows, "\n"))
				}
				if len(lines) >= total {
					break
				}
				press(m, "down")
			}
			var all []string
			for i := 1; i <= total; i++ {
				all = append(all, lines[i])
			}
			flat := regexp.MustCompile(`\s+`).ReplaceAllString(strings.Join(all, " "), " ")
			if !strings.Contains(flat, "v n1-n6 = the voters") {
				t.Fatalf("the header reads %q; the ? page does not say what v n1-n6 is:\n%s", head, flat)
			}
			return
		}
		answerAsk(m)
		press(m, "enter")
	}
	t.Fatal("no stop's header says v n1-n6")
}
