package scenarios

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

// Every lesson's trace hash under seeds 1 to 12, kept in testdata/lesson-hashes.txt, and every
// lesson's expects holding under each of those seeds. A refactor
// or an option added beside the seed's model must leave every one of them as it was: the same
// scenario and seed give the same run, event for event. A change that means to alter a lesson's
// run rewrites the file with -update-hashes and says why in its commit.

var updateHashes = flag.Bool("update-hashes", false, "rewrite testdata/lesson-hashes.txt")

const hashesFile = "testdata/lesson-hashes.txt"

func lessonHashes(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("# lesson seed trace-hash: every bundled lesson under seeds 1 to 12\n")
	for _, l := range Lessons() {
		s := lessonParse(t, l)
		for seed := uint64(1); seed <= 12; seed++ {
			r := lessonRun(t, s, &seed)
			// The same runs prove every lesson holds under seeds 1 to 12, not only 1 to 3.
			if len(r.Failures) > 0 {
				t.Errorf("%s fails under seed %d:%s", l.Name, seed, lessonFailures(r))
			}
			fmt.Fprintf(&b, "%s %d %016x\n", l.Name, seed, r.Verdict().Hash)
		}
	}
	return b.String()
}

func TestLessonTraceHashesUnchanged(t *testing.T) {
	got := lessonHashes(t)
	if *updateHashes {
		if err := os.WriteFile(hashesFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(hashesFile)
	if err != nil {
		t.Fatalf("%v (run with -update-hashes to write it)", err)
	}
	wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
	var diff []string
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			diff = append(diff, fmt.Sprintf("  want %q\n   got %q", w, g))
		}
	}
	if len(diff) > 0 {
		if len(diff) > 20 {
			diff = append(diff[:20], fmt.Sprintf("  … and %d more", len(diff)-20))
		}
		t.Errorf("%d trace hashes changed (a run is no longer the same event for event; if that is meant, rerun with -update-hashes and say why):\n%s",
			len(diff), strings.Join(diff, "\n"))
	}
}
