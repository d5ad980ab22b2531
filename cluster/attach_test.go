package cluster_test

import (
	"leaselab/cluster"
	"leaselab/cluster/check"
)

func init() {
	cluster.TestAttach = check.Attach
	cluster.TestCheckHistory = check.CheckHistory
}
