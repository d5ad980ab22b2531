package check

// SetSegmentMin changes how many operations a history segment gathers before it is checked,
// for the tests in cluster_test; it returns the old value.
func SetSegmentMin(n int) int {
	old := segmentMin
	segmentMin = n
	return old
}
