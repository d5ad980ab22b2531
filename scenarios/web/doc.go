// Package web exports a run as one self-contained HTML page: the space-time diagram as SVG with
// true time down the page, each node's locks as bars beside its lane, the narration at its
// instants, and the verdict. The page loads nothing: no external URL, a little inline JS for
// the details of whatever is hovered or clicked.
//
// It renders a finished (or paused) run from the world's events, the diagram recorder and the
// runner's verdict; it never changes a world and never fetches anything at run time.
package web
