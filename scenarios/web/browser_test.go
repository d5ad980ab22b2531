package web

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"leaselab/scenarios"
)

// The exported pages in a real browser: headless Chromium driven by chromedp. Without Chromium
// the tests skip (with how to install it); under CI=true they must run (.ci/run installs it).

func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("LEASELAB_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("CI=true but Chromium is missing: .ci/run should install it (apt-get install -y chromium)")
	}
	t.Skip("no Chromium found (apt-get install -y chromium, or set LEASELAB_CHROMIUM): the exported page is not tested in a browser")
	return ""
}

// browser starts headless Chromium with a fresh profile and nothing that talks to the network.
func browser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: skipping the browser test")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatalf("start Chromium: %v", err)
	}
	return ctx
}

// watch records, for one tab, every request that leaves the page and every console error,
// uncaught exception or error the browser logs (a resource that failed to load).
type watch struct {
	mu       sync.Mutex
	requests []string
	errors   []string
}

func (w *watch) event(ev any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		if u := e.Request.URL; !strings.HasPrefix(u, "file://") {
			w.requests = append(w.requests, u)
		}
	case *runtime.EventConsoleAPICalled:
		if e.Type == "error" || e.Type == "assert" {
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, a.Description+string(a.Value))
			}
			w.errors = append(w.errors, "console: "+strings.Join(parts, " "))
		}
	case *runtime.EventExceptionThrown:
		w.errors = append(w.errors, fmt.Sprintf("exception: %s %+v", e.ExceptionDetails.Text, e.ExceptionDetails.Exception))
	case *cdplog.EventEntryAdded:
		if e.Entry != nil && e.Entry.Level == cdplog.EntryLevelError {
			w.errors = append(w.errors, "log: "+e.Entry.Text+" "+e.Entry.URL)
		}
	}
}

func (w *watch) check(t *testing.T) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.requests) > 0 {
		t.Errorf("the page made requests: %v", w.requests)
	}
	if len(w.errors) > 0 {
		t.Errorf("console errors: %v", w.errors)
	}
}

// export writes a lesson's page to a temporary file and returns its file:// URL.
func export(t *testing.T, name string) string {
	t.Helper()
	p := record(t, name)
	path := filepath.Join(t.TempDir(), name+".html")
	if err := WriteFile(path, p); err != nil {
		t.Fatal(err)
	}
	return "file://" + path
}

// open loads url in a new tab and waits for the diagram.
func open(t *testing.T, bctx context.Context, url string) (context.Context, *watch) {
	t.Helper()
	w := &watch{}
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithListener(w.event))
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	tctx, cancel2 := context.WithTimeout(ctx, time.Minute)
	t.Cleanup(cancel2)
	if err := chromedp.Do(tctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("sd"))); err != nil {
		t.Fatalf("load %s: %v", url, err)
	}
	return tctx, w
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

type box struct{ W, H float64 }

// On late-expire: the lanes and an Expire arrow are drawn with a real size, a click on the
// arrow shows its details, and nothing is fetched.
func TestBrowserLateExpire(t *testing.T) {
	bctx := browser(t)
	ctx, w := open(t, bctx, export(t, "late-expire"))

	lanes := eval[[]box](t, ctx, `[...document.querySelectorAll('#sd [data-lane]')].map(g=>{const r=g.getBoundingClientRect();return {W:r.width,H:r.height};})`)
	if len(lanes) != 7 { // n1..n5, c1, c2
		t.Fatalf("%d lanes in the DOM, want 7", len(lanes))
	}
	for i, b := range lanes {
		if b.H <= 100 || b.W <= 0 {
			t.Errorf("lane %d is %vx%v", i, b.W, b.H)
		}
	}
	arrow := eval[box](t, ctx, `(()=>{const p=document.querySelector('#sd g.e>path');if(!p)return {W:0,H:0};const r=p.getBoundingClientRect();return {W:r.width,H:r.height};})()`)
	if arrow.W <= 0 || arrow.H <= 0 {
		t.Fatalf("the Expire arrow is %vx%v", arrow.W, arrow.H)
	}

	// A real mouse click: find a point on an Expire arrow that no other element covers,
	// scroll it into view, click there.
	const find = `(()=>{
	for (const p of document.querySelectorAll('#sd g.e>path')) {
		const n = p.getTotalLength();
		for (let f = 0.3; f <= 0.9; f += 0.05) {
			const q = p.getPointAtLength(n*f);
			let m = p.getScreenCTM();
			window.scrollBy(0, m.b*q.x + m.d*q.y + m.f - 300);
			m = p.getScreenCTM();
			const X = m.a*q.x + m.c*q.y + m.e, Y = m.b*q.x + m.d*q.y + m.f;
			if (document.elementFromPoint(X, Y) === p) return {X, Y};
		}
	}
	return {X: -1, Y: -1};
	})()`
	pt := eval[struct{ X, Y float64 }](t, ctx, find)
	if pt.X < 0 {
		t.Fatal("no uncovered point on any Expire arrow to click")
	}
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(pt.X, pt.Y)); err != nil {
		t.Fatal(err)
	}
	shown := eval[bool](t, ctx, `document.getElementById('d').classList.contains('on')`)
	text := eval[string](t, ctx, `document.getElementById('d').textContent`)
	if !shown || !strings.Contains(text, "MsgApp [Expire orders #1]") || !strings.Contains(text, "delivered") || !strings.Contains(text, "held 600ms") {
		t.Fatalf("clicking the Expire arrow at (%v,%v) shows %v: %q", pt.X, pt.Y, shown, text)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#sd g.e>path.sel').length`); n != 1 {
		t.Errorf("%d Expire arrows marked selected after the click, want 1", n)
	}
	w.check(t)
}

// Every bundled lesson's page opens without a console error or a request, and draws lanes.
func TestBrowserEveryLesson(t *testing.T) {
	bctx := browser(t)
	for _, l := range scenarios.Lessons() {
		t.Run(l.Name, func(t *testing.T) {
			ctx, w := open(t, bctx, export(t, l.Name))
			if n := eval[int](t, ctx, `document.querySelectorAll('#sd [data-lane]').length`); n < 3 {
				t.Errorf("%d lanes drawn", n)
			}
			w.check(t)
		})
	}
}

// The watcher itself: a page that fetches and throws is caught (so the checks above can fail).
func TestBrowserWatchCatchesRequestsAndErrors(t *testing.T) {
	bctx := browser(t)
	path := filepath.Join(t.TempDir(), "bad.html")
	bad := `<!DOCTYPE html><html><body><svg id="sd" width="10" height="10"></svg>` +
		`<img src="http://192.0.2.1/x.png"><script>console.error("boom");throw new Error("thrown")</script></body></html>`
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, w := open(t, bctx, "file://"+path)
	time.Sleep(200 * time.Millisecond) // let the events arrive
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.requests) == 0 {
		t.Error("the request to 192.0.2.1 was not seen")
	}
	var console, thrown bool
	for _, e := range w.errors {
		console = console || strings.Contains(e, "boom")
		thrown = thrown || strings.Contains(e, "thrown") || strings.Contains(e, "Uncaught")
	}
	if !console || !thrown {
		t.Errorf("errors seen: %v", w.errors)
	}
}
