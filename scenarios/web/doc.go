// Package web exports a run as one self-contained HTML page: the space-time diagram as SVG on a
// time axis that stretches busy instants until their labels fit and squeezes idle stretches
// into breaks (each row keeps its true time), state lanes (leader/term strip, each node's locks
// on its own clock, commits, overwritten entries, clock bands, each client's calls and beliefs,
// the fenced resource), the narration (say, pause, ask) at its instants beside the lanes, and
// the verdict with links to each failed expect and violation. Lanes and narration share a
// 1280 px window; in a narrower one the diagram scrolls in its own box and the narration
// reflows, so the page never scrolls sideways. The page loads nothing: no external URL, a
// little inline JS for details, search, hiding lanes, the overview strip and the glossary
// (scenarios.Glossary, which the narration's glossary pointers open at their word).
//
// It renders a finished (or paused) run from the world's events, a page recorder
// (diagram.NewPage, bounded for long runs) and the runner's verdict and narration (Observer);
// it never changes a world and never fetches anything at run time.
package web
