package scenarios

import "testing"

// TestWriteWithKeptToken: `cX write KEY token N` sends N whatever the client holds (first-lock
// shows a write with a stale token refused: c1 holds nothing after its release, so a plain write
// would carry #0). A paused client's write keeps the token it was given, not the one it holds.
func TestWriteWithKeptToken(t *testing.T) {
	src := `seed 1
campaign n1
wait-until leader n1
c1 acquire k 5s
wait-until c1 holds k token 1
c1 release k
wait-until c1 reply released
c2 acquire k 5s
wait-until c2 holds k token 2
c2 write k
wait-until c2 write accepted
c1 write k "late" token 1
wait-until c1 write rejected
expect resource k token 2
c2 pause 1s
c2 write k token 1
wait-until c2 write rejected within 3s
c3 write k token 2
wait-until c3 write accepted
expect resource k token 2
expect violations none
`
	s, err := Parse("t.scenario", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRunner(s, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	if len(r.Failures) != 0 {
		t.Errorf("failures: %v", r.Failures)
	}
}
