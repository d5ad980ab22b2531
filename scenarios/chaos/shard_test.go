package chaos

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Four shards, each written as JSON and read back, merge into the whole run: the same results,
// the same findings (the same reproducers, chosen among the same candidates, written and
// verified again), the same report.
func TestMergedShardsEqualWholeRun(t *testing.T) {
	base := opts(t, 24, "no-fencing", "expire-ignores-token")
	base.ShrinkSeeds, base.ShrinkRuns = 2, 50
	whole, err := Run(base, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Findings) < 2 {
		t.Fatalf("the whole run found %d kinds; the test needs several", len(whole.Findings))
	}
	var reports []*Report
	for k := range 4 {
		o := base
		o.Shard, o.Out = Shard{K: k, N: 4}, t.TempDir()
		r, err := Run(o, nil)
		if err != nil {
			t.Fatal(err)
		}
		if from, n := o.span(); len(r.Results) != n || r.Results[0].Seed != from || n != 6 {
			t.Fatalf("shard %d ran %d seeds from %d", k, len(r.Results), r.Results[0].Seed)
		}
		path := filepath.Join(t.TempDir(), "shard.json")
		if err := r.WriteJSON(path); err != nil {
			t.Fatal(err)
		}
		back, err := ReadReport(path)
		if err != nil {
			t.Fatal(err)
		}
		reports = append(reports, back)
	}
	reports = append(reports, reports[2]) // a report given twice counts once
	out := t.TempDir()
	merged, err := Merge(reports, out)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(whole.Results, merged.Results) {
		t.Error("merged results differ from the whole run's")
	}
	if len(merged.Findings) != len(whole.Findings) {
		t.Fatalf("%d findings merged, %d in the whole run", len(merged.Findings), len(whole.Findings))
	}
	for i, f := range whole.Findings {
		m := merged.Findings[i]
		if !reflect.DeepEqual(f.Repro, m.Repro) || !m.Verified || filepath.Dir(m.File) != out {
			t.Errorf("finding %d: whole %s seed %d (%d steps), merged %s seed %d (%d steps, verified %v, %s)",
				i, f.Name(), f.Seed, f.Steps, m.Name(), m.Seed, m.Steps, m.Verified, m.File)
		}
	}
	print := func(r *Report) string {
		var b strings.Builder
		r.Print(&b)
		return strings.ReplaceAll(b.String(), r.Options.Out, "OUT")
	}
	if a, b := print(whole), print(merged); a != b {
		t.Errorf("reports differ:\n%s\n---\n%s", a, b)
	}
	if _, err := Merge(reports[:3], out); err == nil || !strings.Contains(err.Error(), "shard 3/4 is missing") {
		t.Errorf("a merge without shard 3: %v", err)
	}
	other := *reports[1]
	other.Options.Duration *= 2
	if _, err := Merge([]*Report{reports[0], &other, reports[2], reports[3]}, out); err == nil || !strings.Contains(err.Error(), "another search") {
		t.Errorf("a merge of two searches: %v", err)
	}
}

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("3/8"); err != nil || s != (Shard{K: 3, N: 8}) {
		t.Errorf("3/8: %v %v", s, err)
	}
	for _, bad := range []string{"8/8", "-1/4", "1", "a/b", "1/0", ""} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// The slices cover the range exactly, in order.
	o := Options{From: 10, Seeds: 7, Shard: Shard{N: 3}}
	next := uint64(10)
	for k := range 3 {
		o.Shard.K = k
		from, n := o.span()
		if from != next {
			t.Errorf("slice %d starts at %d, want %d", k, from, next)
		}
		next = from + uint64(n)
	}
	if next != 17 {
		t.Errorf("slices end at %d, want 17", next)
	}
}
