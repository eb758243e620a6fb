package web

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/grisonval/server/clients/internal/browsertest"
	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// withGovernance returns the late fixture's view with a governance: heavy
// taxes, 6 holidays, no promotion; a ruler and a treasurer named, the
// other seats vacant; a plague; a ruin found on the first zone the camp
// holds; an appoint in the menu.
func withGovernance(v *pb.CampView) (*pb.CampView, int32) {
	g := v.GetGrisonval()
	levels := map[string][]string{
		"taxation": {"none", "light", "normal", "heavy", "crushing"}, "holidays": {"none", "1", "6", "12", "24"},
		"promotion": {"none", "token", "standard", "aggressive", "expansive"},
	}
	gv := &pb.Governance{Stats: &pb.KingdomStats{Economy: 5, Loyalty: -1, Stability: 2, Unrest: 3, Consumption: 2},
		Ongoing: []*pb.OngoingEvent{{Kind: "plague", SinceDay: 140, Zone: 12}}}
	for i, e := range []struct {
		code  string
		level int32
	}{{"taxation", 3}, {"holidays", 2}, {"promotion", 0}} {
		gv.Edicts = append(gv.Edicts, &pb.Edict{Id: int32(i + 1), Edict: e.code, Level: e.level, LevelName: levels[e.code][e.level], Levels: levels[e.code]})
	}
	for i, code := range []string{"ruler", "councillor", "general", "diplomat", "high_priest", "marshal", "spymaster", "treasurer"} {
		gv.Council = append(gv.Council, &pb.CouncilSeat{Id: int32(i + 1), Seat: code, Vacant: true})
	}
	gv.Council[0] = &pb.CouncilSeat{Id: 1, Seat: "ruler", Citizen: 4, Name: "Jean Martin", Level: 3, Trait: "sociable", Job: "farmer", Age: 40, SinceDay: 2}
	gv.Council[7] = &pb.CouncilSeat{Id: 8, Seat: "treasurer", Citizen: 9, Name: "Anne Roux", Level: 1, Trait: "curious", Job: "merchant", Age: 30, SinceDay: 5}
	g.Governance = gv
	g.Notables = []*pb.Citizen{{Id: 4, Name: "Jean Martin", Level: 3, Trait: "sociable"}, {Id: 7, Name: "Paul Durand", Level: 2, Trait: "ambitious"}}
	var ruin int32
	for _, z := range g.GetZones() {
		if z.GetOwner() == v.GetCamp() && z.GetVisibility() == pb.Visibility_VISIBILITY_VISIBLE {
			z.Special, ruin = "ruin", z.GetId()
			break
		}
	}
	v.LegalActions = append(v.LegalActions, &pb.LegalAction{Action: "appoint", Args: []*pb.ArgSpec{
		{Name: "seat", Kind: pb.ArgKind_ARG_KIND_SEAT, Choices: []int32{2, 8}},
		{Name: "citizen", Kind: pb.ArgKind_ARG_KIND_CITIZEN, Choices: []int32{4, 7, 30}},
	}})
	return v, ruin
}

// TestCampCouncil renders a camp's page with a governance (VIEW-GOV) in
// both languages: the council tab has the kingdom's statistics, each
// edict and its level, each seat with its holder or vacant, the notables
// without a seat and the continuing events; the map marks the special
// terrain found; appoint's choices (SEAT and CITIZEN arguments) are
// labelled with the seats' and the citizens' names.
func TestCampCouncil(t *testing.T) {
	s := offline(t)
	for _, tt := range []struct {
		l    lang.Lang
		want []string
	}{
		{lang.EN, []string{
			`<p class="stats">Kingdom: economy 5, loyalty -1, stability 2, unrest 3, consumption 2.</p>`,
			`<tr data-edict="1"><td>1 · taxation</td><td>heavy <small>(3)</small></td></tr>`,
			`<tr data-edict="2"><td>2 · holidays</td><td>6 a year <small>(2)</small></td></tr>`,
			`<tr data-seat="1"><td>1 · ruler</td><td data-citizen="4">#4 Jean Martin</td><td class="lv">III</td><td>sociable</td><td>farmer</td><td>40</td><td>day 2</td></tr>`,
			`<tr data-seat="4" class="vacant"><td>4 · grand diplomat</td><td colspan="6">vacant</td></tr>`,
			`<span data-citizen="7">#7 Paul Durand (II, ambitious)</span>`,
			`<li>plague since day 140 (zone 12)</li>`,
			`<option value="8">8 · treasurer</option>`,
			`<option value="4" selected>4 · Jean Martin (III, sociable; ruler)</option>`,
			`<option value="30">30</option>`,
			"special terrain found: ruin",
		}},
		{lang.FR, []string{
			`<p class="stats">Royaume : économie 5, loyauté -1, stabilité 2, insatisfaction 3, consommation 2.</p>`,
			`<tr data-edict="2"><td>2 · jours fériés</td><td>6 par an <small>(2)</small></td></tr>`,
			`<td>1 · dirigeant</td><td data-citizen="4">#4 Jean Martin</td><td class="lv">III</td><td>sociable</td><td>fermier</td><td>40</td><td>jour 2</td>`,
			`<td>7 · chef des services secrets</td><td colspan="6">vacant</td>`,
			`<li>peste depuis le jour 140 (zone 12)</li>`,
			`<option value="8">8 · trésorier</option>`,
			"terrain spécial trouvé : ruine",
		}},
	} {
		t.Run("VIEW-GOV "+tt.l.String(), func(t *testing.T) {
			v, ruin := withGovernance(loadFixture(t).view)
			var b strings.Builder
			body := s.campBodyOf(tt.l, v, nil, v.GetDay())
			if err := s.pages[tt.l].ExecuteTemplate(&b, "camp", page{Title: "camp", CSRF: "x", Kind: "camp", Day: v.GetDay(), Body: body}); err != nil {
				t.Fatal(err)
			}
			page := b.String()
			for _, w := range append(tt.want, `<label for="tab-council">`, `data-zone="`+itoa(ruin)+`" data-owner="0"`) {
				if !strings.Contains(page, w) {
					t.Errorf("the page has no %q", w)
				}
			}
			if m := regexp.MustCompile(`<g class="z[^"]*" id="z(\d+)" data-zone="\d+"[^>]* data-special="ruin"`).FindAllStringSubmatch(page, -1); len(m) != 1 || m[0][1] != itoa(ruin) {
				t.Errorf("zones marked with a ruin: %v; want zone %d alone", m, ruin)
			}
		})
	}
}

func itoa(n int32) string { return strconv.Itoa(int(n)) }

// TestCampCouncilServed checks that the real server's camp page has the
// council tab from the camp's own view, seat by seat, and that it opens
// in the browser.
func TestCampCouncilServed(t *testing.T) {
	t.Parallel()
	s := newSite(t, testserver.Game{Seed: 3, SeasonLength: 100}, DefaultPoll)
	s.playDay(t, s.allCamps()...)
	for camp := range 3 {
		page, code := s.get(t, s.client(t, s.world.Tokens[camp]), "/camp")
		if code != http.StatusOK {
			t.Fatalf("camp %d: status %d", camp, code)
		}
		gv := s.view(t, camp).GetGrisonval().GetGovernance()
		if len(gv.GetCouncil()) == 0 {
			t.Fatalf("camp %d: the view has no council", camp)
		}
		seats := regexp.MustCompile(`<tr data-seat="(\d+)"(?: class="vacant")?><td>[^<]*</td>(?:<td data-citizen="(\d+)">)?`).FindAllStringSubmatch(page, -1)
		if len(seats) != len(gv.GetCouncil()) {
			t.Fatalf("camp %d: %d seats on the page; the view has %d", camp, len(seats), len(gv.GetCouncil()))
		}
		for i, m := range seats {
			want := ""
			if s := gv.GetCouncil()[i]; !s.GetVacant() {
				want = itoa(s.GetCitizen())
			}
			if m[1] != itoa(gv.GetCouncil()[i].GetId()) || m[2] != want {
				t.Errorf("camp %d: seat row %v; want seat %d held by %q", camp, m[1:], gv.GetCouncil()[i].GetId(), want)
			}
		}
	}
	ctx := browsertest.Start(t, true)
	browsertest.SignIn(t, ctx, s.http.URL, s.world.Tokens[0])
	browsertest.Do(t, ctx, chromedp.Click(browsertest.CSS(`label[for=tab-council]`)))
	if !browsertest.Eval[bool](t, ctx, `getComputedStyle(document.querySelector('.p-council')).display === 'block'`) {
		t.Error("the council tab does not open")
	}
}
