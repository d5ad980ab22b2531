package scenarios

import (
	"leaselab/cluster"
	"leaselab/cluster/check"
)

// NewWorld builds a world with its checkers attached: the one way every world of leaselab is
// made (the runner, and through it playback, compare, chaos and the server). cluster.New
// refuses to build a world without an Attach, and cluster cannot import its checkers'
// package, so this is where the two meet.
func NewWorld(cfg cluster.Config) (*cluster.World, error) { return cluster.New(cfg, check.Attach) }
