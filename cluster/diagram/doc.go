// Package diagram turns a world's event stream into a space-time diagram: one lane per node and
// per client, one row per message (at the instant it was delivered or lost), and marks where a
// lane changes (role, crash, restart, isolation, an applied command, a resource write's verdict on
// the writer's lane). The terminal view and the
// HTML export both draw from it. The TUI's recorder keeps a bounded ring of rows, so it can
// follow a long run; the page's (NewPage) keeps what the page draws, routine messages sampled
// and old detail summarised (bound.go), and a few page-only marks (commits, entries overwritten). A mark's text is its event's Label (cluster/describe.go, where every event is
// worded); a message's label is worded in label.go.
//
// It only reads events (a caller hands it every event, World.Subscribe(r.Add)); it never changes a
// world and never draws: the TUI and scenarios/web render its rows.
package diagram
