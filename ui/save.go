package ui

import (
	"fmt"
	"os"
	"path/filepath"

	"leaselab/scenarios"
)

// save writes the whole session (header, every step with its instant) as a scenario file:
// `leaselab play FILE` reproduces it event for event.
func (m *Model) save() {
	// Less than a millisecond on, so the file's last wait is whole milliseconds too.
	s := m.sim
	s.align()
	m.refresh()
	name := fmt.Sprintf("leaselab-session-%d-%s.scenario", s.seed(), simTime(s.now()))
	path := filepath.Join(m.saveDir, name)
	src := scenarios.Format(s.session(path))
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		m.fail("save: %v", err)
		return
	}
	m.sayFit(fmt.Sprintf("saved %s · replay: leaselab play %s", path, path), "saved → leaselab play "+path)
}
