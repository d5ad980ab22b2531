package scenarios

import (
	"strings"
	"testing"
)

// ghost-lock's narration told its asks' answers before them (nc32-f): the first stop said of
// the connection check "nothing watches it after, or renews the lease", and c2's return "the
// leader does not look again", so its last ask (c1 gone for good) was recall, not a
// prediction. The says before each ask may show what happened, not the rule the ask tests.
func TestGhostLockSaysNoAnswerBeforeItsAsk(t *testing.T) {
	var l Lesson
	for _, x := range Lessons() {
		if x.Name == "ghost-lock" {
			l = x
		}
	}
	s := lessonParse(t, l)
	// The phrases, each with the number of asks it answers the last of: said before that ask,
	// it gives the answer.
	spoilers := []struct {
		phrase string
		ask    int
	}{
		{"nothing watches", 3}, {"does not look again", 3}, {"renews the lease", 3},
		{"connection once", 3}, {"never looks again", 3}, {"only once", 3},
		{"released at once", 1}, {"releases it at once", 1},
	}
	asks := 0
	for _, st := range s.Steps {
		switch st.Kind {
		case StepAsk:
			asks++
		case StepSay:
			for _, sp := range spoilers {
				if asks < sp.ask && strings.Contains(st.Text, sp.phrase) {
					t.Errorf("ghost-lock says %q before ask %d, whose answer it gives: %s", sp.phrase, sp.ask, st.Text)
				}
			}
		}
	}
	if asks != 3 {
		t.Fatalf("ghost-lock has %d asks, this test knows 3: recheck its phrases", asks)
	}
}

// The reject row was only called "harmless: a later message overtook entry 7" (nc32-f: "I
// could not check it on the screen"): the say names why n2 said no and where its 7 shows now.
func TestGhostLockRejectSaysWhatTheScreenShows(t *testing.T) {
	for _, x := range Lessons() {
		if x.Name != "ghost-lock" {
			continue
		}
		found := false
		for _, st := range lessonParse(t, x).Steps {
			if st.Kind == StepSay && strings.Contains(st.Text, "reject after 7") {
				found = true
				for _, want := range []string{"its log ending at 6", "its ✓ in Replication row 7"} {
					if !strings.Contains(st.Text, want) {
						t.Errorf("ghost-lock's reject say does not say %q: %s", want, st.Text)
					}
				}
			}
		}
		if !found {
			t.Error("ghost-lock no longer names the reject row: recheck this test")
		}
	}
}

// ghost-lock's end spoke of fencing and keepalives as if the run had shown them (nc34-x): its
// script has no write and no keepalive. A say that names one marks it as not in this run.
func TestGhostLockMarksWhatItNeverShows(t *testing.T) {
	var l Lesson
	for _, x := range Lessons() {
		if x.Name == "ghost-lock" {
			l = x
		}
	}
	s := lessonParse(t, l)
	named := 0
	for _, st := range s.Steps {
		if st.Kind == StepWrite || st.Kind == StepKeepalive {
			t.Fatalf("ghost-lock now has a %v step: this test assumes it shows no write or keepalive", st.Kind)
		}
		low := strings.ToLower(st.Text)
		if st.Kind != StepSay || !strings.Contains(low, "keepalive") && !strings.Contains(low, "fencing") {
			continue
		}
		named++
		if !strings.Contains(low, "not in this run") {
			t.Errorf("ghost-lock names keepalives or fencing, which its run never shows, without saying so: %s", st.Text)
		}
	}
	if named == 0 {
		t.Skip("ghost-lock names neither keepalives nor fencing now")
	}
}
