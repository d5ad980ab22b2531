// Command leaselab is a terminal lab for lease-based locks on etcd raft: five simulated raft
// nodes replicating a lock state machine, each with its own clock, drawn live in the terminal.
//
//	leaselab                         the sandbox (interactive TUI)
//	leaselab play NAME|FILE          play a lesson or scenario file in the TUI
//	leaselab run FILE|NAME...        run scenarios headless and report PASS/FAIL
//	leaselab compare A B|A --unsafe SWITCH   two runs side by side in lockstep
//	leaselab run --html OUT FILE     ...and export the run as one self-contained web page
//	leaselab list                    list the bundled lessons
//	leaselab chaos                   search random fault schedules for violations
//
// main.go parses the command line; the packages below it do the work:
// fsm <- cluster <- scenarios (+ scenarios/chaos) <- ui <- main, no arrow pointing up.
package main
