// Package browsertest drives Debian's chromium, headless, for the tests of
// the pages the clients serve (clients/web) and of the faces a ruleset is
// played through (clients/internal/faces): a fresh browser per test, steps
// with a time limit, scripts evaluated in the page, the web face's sign-in
// and screenshots.
package browsertest

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Chromium returns the path of Debian's chromium; the tests need it
// (make test installs it) and never skip without it.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("chromium is not installed: apt-get install -y chromium (make test-deps does)")
	return ""
}

// Start starts a headless chromium with a fresh profile for the test,
// with JavaScript on or off, and returns a tab's context.
func Start(t testing.TB, js bool) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Chromium(t)),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	// The first call starts the browser, which lives as long as the
	// context of that call: ctx itself, not a context with a time limit.
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !js}); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// Do runs browser steps with a time limit, failing the test on error.
func Do(t testing.TB, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("browser: %v", err)
	}
}

// Eval evaluates a script in the page and returns its value.
func Eval[T any](t testing.TB, ctx context.Context, script string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](script))
	if err != nil {
		t.Fatalf("browser: evaluate %.60q: %v", script, err)
	}
	return v
}

// WaitFor evaluates a script in the page until it is true, across the
// page's navigations.
func WaitFor(t testing.TB, ctx context.Context, script string, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	var last error
	for time.Now().Before(deadline) {
		cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		ok, err := chromedp.Run(cctx, chromedp.Evaluate[bool](script))
		cancel()
		if err == nil && ok {
			return
		}
		last = err
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("browser: %q not true after %s (last error: %v)", script, limit, last)
}

// CSS is a CSS selector.
type CSS = chromedp.CSS

// SignIn signs in with token through the front page's form.
func SignIn(t testing.TB, ctx context.Context, base, token string) {
	t.Helper()
	Do(t, ctx,
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(CSS(`form.signin input[name=token]`)),
		chromedp.SendKeys(CSS(`form.signin input[name=token]`), token),
		chromedp.Submit(CSS(`form.signin input[name=token]`)),
	)
	// Signed in, every page's header has the sign-out form.
	WaitFor(t, ctx, `document.readyState === 'complete' && !!document.querySelector('header form[action="/signout"]')`, 20*time.Second)
}

// SignOut signs out through the header's form and waits for the front
// page, signed out.
func SignOut(t testing.TB, ctx context.Context) {
	t.Helper()
	Do(t, ctx, chromedp.Click(CSS(`header form[action="/signout"] button`)))
	WaitFor(t, ctx, `document.readyState === 'complete' && !document.querySelector('header form[action="/signout"]')`, 20*time.Second)
}

// Screenshot writes a PNG of the whole page to path, when path is set;
// with height > 0, of its first height pixels only.
func Screenshot(t testing.TB, ctx context.Context, path string, height int64) {
	t.Helper()
	if path == "" {
		return
	}
	shoot := chromedp.FullScreenshot(100)
	if height > 0 {
		Do(t, ctx, chromedp.EmulateViewport(1280, height))
		defer Do(t, ctx, chromedp.ResetViewport())
		shoot = chromedp.CaptureScreenshot()
	}
	png, err := chromedp.Run(ctx, shoot)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
