package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// rgb is a #rrggbb colour as the browser computes it: "rgb(r, g, b)".
func rgb(hex string) string {
	v, _ := strconv.ParseUint(hex[1:], 16, 32)
	return fmt.Sprintf("rgb(%d, %d, %d)", v>>16, v>>8&0xff, v&0xff)
}

// drawnZone is what the browser reads of a drawn zone.
type drawnZone struct {
	Zone  int32  `json:"zone"`
	Owner *int32 `json:"owner"`
	Tint  string `json:"tint"`
	Ring  string `json:"ring"`
	Count string `json:"count"`
	// Tile is the terrain tile drawn ("#t-forest"), Pips the buildings and
	// free slots drawn along its bottom.
	Tile string `json:"tile"`
	Pips int    `json:"pips"`
}

// readZones is the script that reads every drawn zone of the map.
const readZones = `Array.from(document.querySelectorAll('#map g.z')).map(g => {
  const tint = g.querySelector('.tint'), ring = g.querySelector('.ring'), cd = g.querySelector('.cd');
  return {zone: +g.dataset.zone, owner: g.dataset.owner === undefined ? null : +g.dataset.owner,
    tint: tint ? getComputedStyle(tint).fill : '', ring: ring ? getComputedStyle(ring).stroke : '', count: cd ? cd.textContent : '',
    tile: (g.querySelector('use.tile') || {getAttribute: () => ''}).getAttribute('href'), pips: g.querySelectorAll('.pip, .slot').length};
})`

// siegeWorld plays seed 2 with the bots until a siege is laid.
func siegeWorld(t *testing.T, poll time.Duration) (*site, *pb.Frame) {
	t.Helper()
	s := newSite(t, testserver.Game{Seed: 2, SeasonLength: 200}, poll)
	var f *pb.Frame
	if !s.playUntil(t, 150, func() bool { f = s.frame(t); return len(f.GetGrisonval().GetSieges()) > 0 }) {
		t.Fatal("no siege in 150 days of seed 2")
	}
	return s, f
}

// TestObserverPage checks the observer's map in the browser: 91 tiles,
// each of its terrain with a pip per building and free slot, tinted in
// its holder's colour, and the siege ring in the besieger's colour with
// its countdown.
func TestObserverPage(t *testing.T) {
	t.Parallel()
	s, f := siegeWorld(t, DefaultPoll)
	// The page's time through the real server, as the admin's browser
	// waits for it: the first load fetches the season's timeline, the
	// next ones only the frame.
	admin := s.client(t, s.srv.AdminToken)
	for i := range 3 {
		start := time.Now()
		body, code := s.get(t, admin, fmt.Sprintf("/world/%d", s.world.ID))
		t.Logf("observer page of day %d, load %d: status %d, %d bytes in %s", f.GetDay(), i+1, code, len(body), time.Since(start).Round(time.Microsecond))
	}
	ctx := browsertest.Start(t, true)
	browsertest.SignIn(t, ctx, s.http.URL, s.srv.AdminToken)
	browsertest.Do(t, ctx,
		chromedp.Navigate(fmt.Sprintf("%s/world/%d", s.http.URL, s.world.ID)),
		chromedp.WaitVisible(browsertest.CSS(`#map`)),
	)
	zones := browsertest.Eval[[]drawnZone](t, ctx, readZones)
	if len(zones) != 91 {
		t.Fatalf("got %d drawn zones; want 91", len(zones))
	}
	g := f.GetGrisonval()
	owners := map[int32]int32{}
	frames := map[int32]*pb.ZoneFrame{}
	terrains := map[string]int{}
	for _, z := range g.GetZones() {
		owners[z.GetZone()] = z.GetOwner()
		frames[z.GetZone()] = z
	}
	for _, z := range zones {
		zf := frames[z.Zone]
		if want := "#t-" + terrainName(zf.GetTerrain()); z.Tile != want {
			t.Errorf("zone %d drawn as %q; want %q", z.Zone, z.Tile, want)
		}
		terrains[z.Tile]++
		if want := max(int(zf.GetSlots()), len(zf.GetBuildings())); z.Pips != want {
			t.Errorf("zone %d has %d pips; want %d (%d slots, buildings %v)", z.Zone, z.Pips, want, zf.GetSlots(), zf.GetBuildings())
		}
		want := owners[z.Zone]
		if z.Owner == nil || *z.Owner != want {
			t.Errorf("zone %d drawn for owner %v; want %d", z.Zone, z.Owner, want)
			continue
		}
		switch {
		case want < 0 && z.Tint != "":
			t.Errorf("free zone %d tinted %s", z.Zone, z.Tint)
		case want >= 0 && z.Tint != rgb(campColours[want]):
			t.Errorf("zone %d of camp %d tinted %q; want %q", z.Zone, want, z.Tint, rgb(campColours[want]))
		}
	}
	for _, sg := range g.GetSieges() {
		for _, z := range zones {
			if z.Zone != sg.GetZone() {
				continue
			}
			if want := rgb(campColours[sg.GetBesieger()]); z.Ring != want {
				t.Errorf("siege ring of zone %d is %q; want the besieger's %q", z.Zone, z.Ring, want)
			}
			if want := fmt.Sprintf("J-%d", sg.GetAssaultDay()-f.GetDay()); z.Count != want {
				t.Errorf("siege countdown of zone %d is %q; want %q", z.Zone, z.Count, want)
			}
		}
	}
	if len(terrains) != 4 {
		t.Errorf("terrains drawn: %v; want the four of the map", terrains)
	}
	cards := browsertest.Eval[int](t, ctx, `document.querySelectorAll('.siege').length`)
	if cards != len(g.GetSieges()) {
		t.Errorf("got %d siege cards; want %d", cards, len(g.GetSieges()))
	}
}

// TestLiveReload checks the live update: the banner follows the polled
// state, and a new day swaps the content in place (no navigation) keeping
// the scroll position and the open tab.
func TestLiveReload(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 3, SeasonLength: 200}, 250*time.Millisecond)
	for range 5 {
		s.playDay(t, s.allCamps()...)
	}
	ctx := browsertest.Start(t, true)
	browsertest.SignIn(t, ctx, s.http.URL, s.srv.AdminToken)
	type probed struct {
		Day    string  `json:"day"`
		Mark   bool    `json:"mark"`
		Y      float64 `json:"y"`
		Tab    string  `json:"tab"`
		Live   bool    `json:"live"`
		Height float64 `json:"height"`
	}
	const probe = `({day: document.querySelector('#map').dataset.day, mark: window.__mark === 1, y: window.scrollY,
	  tab: (document.querySelector('.tabs > input:checked') || {}).id, live: document.querySelector('#live').classList.contains('on'),
	  height: document.documentElement.scrollHeight})`
	browsertest.Do(t, ctx,
		chromedp.Navigate(fmt.Sprintf("%s/world/%d", s.http.URL, s.world.ID)),
		chromedp.WaitVisible(browsertest.CSS(`#map`)),
		chromedp.Click(browsertest.CSS(`label[for=tab-people]`)),
		chromedp.Evaluate[chromedp.Void](`window.__mark = 1; window.scrollTo(0, 400)`),
		chromedp.Sleep(300*time.Millisecond),
	)
	before := browsertest.Eval[probed](t, ctx, probe)
	if before.Y != 400 || before.Tab != "tab-people" {
		t.Fatalf("before the day: %+v; want scrolled to 400 on the people tab", before)
	}
	day := s.playDay(t, s.allCamps()...)
	browsertest.WaitFor(t, ctx, fmt.Sprintf(`document.querySelector('#map').dataset.day === '%d'`, day), 10*time.Second)
	after := browsertest.Eval[probed](t, ctx, probe)
	if !after.Mark {
		t.Error("the page navigated: the script's mark is gone")
	}
	if after.Y != before.Y {
		t.Errorf("scroll position %v after the swap; want %v", after.Y, before.Y)
	}
	if after.Tab != "tab-people" {
		t.Errorf("open tab %q after the swap; want tab-people", after.Tab)
	}
	if !after.Live {
		t.Error("the live dot is off")
	}
}

// TestObserverRefused checks that the omniscient page and its state are
// refused to anonymous visitors and to camps while the season runs.
func TestObserverRefused(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 4, SeasonLength: 30}, DefaultPoll)
	s.playDay(t, s.allCamps()...)
	for _, c := range []struct {
		who   string
		token string
		want  int
	}{
		{"an anonymous visitor", "", http.StatusUnauthorized},
		{"camp 0", s.world.Tokens[0], http.StatusForbidden},
		{"camp 1", s.world.Tokens[1], http.StatusForbidden},
	} {
		cl := s.client(t, c.token)
		for _, path := range []string{fmt.Sprintf("/world/%d", s.world.ID), fmt.Sprintf("/world/%d/state.json", s.world.ID), fmt.Sprintf("/chronicle/%d/1", s.world.ID)} {
			body, code := s.get(t, cl, path)
			if code != c.want {
				t.Errorf("%s GET %s: status %d; want %d", c.who, path, code, c.want)
			}
			if strings.Contains(body, `id="map"`) || strings.Contains(body, `"k":`) {
				t.Errorf("%s GET %s: the omniscient map or state was served", c.who, path)
			}
		}
	}
	admin := s.client(t, s.srv.AdminToken)
	if _, code := s.get(t, admin, fmt.Sprintf("/world/%d", s.world.ID)); code != http.StatusOK {
		t.Errorf("admin GET the observer: status %d; want 200", code)
	}
}
