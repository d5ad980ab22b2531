package scenarios

import (
	"path/filepath"
	"testing"
)

// Every testdata/regression-*.scenario is a bug found once (often by chaos) that must stay fixed.
func TestRegressionScenarios(t *testing.T) {
	files, _ := filepath.Glob("testdata/regression-*.scenario")
	if len(files) == 0 {
		t.Fatal("no regression scenarios found")
	}
	for _, f := range files {
		s, err := Load(f)
		if err != nil {
			t.Fatal(err)
		}
		res, err := RunScenario(s, RunOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Runner.Passed() {
			t.Errorf("%s: %v", f, res.Runner.Failures)
		}
	}
}
