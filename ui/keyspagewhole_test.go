package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The keys page's first screen at racing-acquires' first stop, 120x40, ended mid-item ("… or
// ×1 0.8s ✓ under the title") with four blank rows between the narration and the status line
// (nc31-i). Each page, turned with pgdn, ends on a whole item (unless one item is longer than
// the page) and the next starts right after it; the narration's unused rows go to the page.
func TestKeysPageEndsOnWholeItems(t *testing.T) {
	span := regexp.MustCompile(`\((\d+)-(\d+) of (\d+) lines\)`)
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		m := playLesson(t, "racing-acquires", sz[0], sz[1])
		runToStop(t, m)
		press(m, "?")
		_, cont := m.helpItems(m.width, m.helpRoom())
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		if above := lines[len(lines)-3]; strings.TrimSpace(above) == "" {
			t.Errorf("%dx%d: a blank row between the narration and the status line:\n%s", sz[0], sz[1], strings.Join(lines, "\n"))
		}
		next := 1
		for pages := 0; ; pages++ {
			v := ansi.Strip(m.View())
			r := span.FindStringSubmatch(v)
			if r == nil || pages > 40 {
				t.Fatalf("%dx%d: no page range in the title:\n%s", sz[0], sz[1], v)
			}
			from, to, all := atoi(r[1]), atoi(r[2]), atoi(r[3])
			if from != next && !(to == all && from < next) { // the last page may start earlier, full
				t.Errorf("%dx%d: a page starts at line %d, the one before ended at %d", sz[0], sz[1], from, next-1)
			}
			if to < all && cont[to] && itemStart(cont, to) > from-1 {
				t.Errorf("%dx%d: the page %d-%d ends inside an item:\n%s", sz[0], sz[1], from, to, v)
			}
			if to == all {
				break
			}
			next = to + 1
			press(m, "pgdown")
		}
	}
}

// itemStart is the index of the first line of the item line i is on.
func itemStart(cont []bool, i int) int {
	for i > 0 && cont[i] {
		i--
	}
	return i
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }
