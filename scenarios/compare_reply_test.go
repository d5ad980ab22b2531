package scenarios

import (
	"bytes"
	"strings"
	"testing"
)

// A failed `cX reply` check says what the client heard since its last request's answer: under
// keep, c1's acquire was answered granted, then a background keepalive not-found, and the
// screen's row says "got not-found". "found c1 reply granted token 1" alone contradicted it.
func TestReplyCheckSaysWhatTheClientHeardSince(t *testing.T) {
	s := mustLoad(t, "etcd-failover-reset")
	k, err := WithoutOption(s, "lease-on-promote")
	if err != nil {
		t.Fatal(err)
	}
	c := compareRun(t, s, k)
	var out bytes.Buffer
	c.Report(&out)
	var line string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.Contains(l, "expected c1 reply renewed") {
			line = l
		}
	}
	if !strings.Contains(line, "found c1 reply granted token 1 (its answer to an earlier request: its keepalive orders still waits for its own, and a background keepalive was answered not-found since)") {
		t.Errorf("c1's reply check: %q\n%s", line, out.String())
	}
	if strings.Contains(out.String(), "(none yet) (its last request's") {
		t.Errorf("a client with no answer yet has no last request's answer:\n%s", out.String())
	}
}
