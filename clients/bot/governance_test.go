package bot

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/grpc/metadata"
)

// seatCodes are the council's seats in the order of their ids (1 to 8), as
// a real view lists them.
var seatCodes = []string{seatRuler, seatCouncillor, seatGeneral, seatDiplomat, seatHighPriest, seatMarshal, seatSpymaster, seatTreasurer}

// govView returns econView's balanced growth camp (day 10, 30 inhabitants
// of 40) as builders governing it: legitimacy 80, 200 gold gaining 10 a
// day (the forecast), every seat held by citizens 101 to 108, the taxes
// and the promotion at the builders' levels (light, token), no holidays.
// Set_edict and appoint are on the menu, appoint with citizens 1 to 4
// without a seat (notables 1 to 3; 4 is no notable) and the holders. With
// nothing to govern it does econView's chores: it chops wood.
func govView() *pb.CampView {
	v := econView()
	g := gv(v)
	g.Archetype = archBuilders
	g.Politics = &pb.Politics{Government: "autocracy", Legitimacy: 80}
	g.Resources.Gold = 120
	g.Forecast = &pb.Forecast{Day: v.Day + 1, Flows: []*pb.ResourceFlow{
		{Resource: "food", Stock: 3000, Net: 40}, {Resource: "gold", Stock: 120, Net: 10}}}
	gov := &pb.Governance{Stats: &pb.KingdomStats{Economy: 7, Loyalty: 3, Stability: 7, Consumption: 1}}
	for i, e := range []string{edictTaxation, edictHolidays, edictPromotion} {
		levels := map[string][]string{edictTaxation: {"none", "light", "normal", "heavy", "crushing"},
			edictHolidays: {"none", "1", "6", "12", "24"}, edictPromotion: {"none", "token", "standard", "aggressive", "expansive"}}[e]
		gov.Edicts = append(gov.Edicts, &pb.Edict{Id: int32(i + 1), Edict: e, Levels: levels, LevelName: levels[0]})
	}
	gov.Edicts[0].Level, gov.Edicts[2].Level = 1, 1
	holders := []int32{1, 2, 3, 4}
	for i, s := range seatCodes {
		id := int32(101 + i)
		gov.Council = append(gov.Council, &pb.CouncilSeat{Id: int32(i + 1), Seat: s, Citizen: id, Level: 1, Trait: testFits[s], Fits: testFits[s], SinceDay: 1})
		holders = append(holders, id)
	}
	g.Governance = gov
	g.Notables = []*pb.Citizen{
		{Id: 1, Name: "Alix", Level: 3, Trait: "loner", Age: 30},
		{Id: 2, Name: "Blanche", Level: 3, Trait: "curious", Age: 44},
		{Id: 3, Name: "Côme", Level: 5, Trait: "sociable", Age: 58},
		{Id: 101, Name: "Denis", Level: 1, Trait: "sociable", Age: 40},
		{Id: 108, Name: "Ernest", Level: 4, Trait: "sociable", Age: 25},
	}
	seats := make([]int32, len(seatCodes))
	for i := range seats {
		seats[i] = int32(i + 1)
	}
	v.LegalActions = append(v.LegalActions,
		act(actSetEdict, countArg("edict", 1, 3), countArg("level", 0, 4)),
		act(actAppoint, &pb.ArgSpec{Name: "seat", Kind: pb.ArgKind_ARG_KIND_SEAT, Choices: seats},
			&pb.ArgSpec{Name: "citizen", Kind: pb.ArgKind_ARG_KIND_CITIZEN, Choices: holders}))
	return v
}

// vacant empties seat s (its id, 1 to 8).
func vacant(ids ...int32) func(v *pb.CampView) {
	return func(v *pb.CampView) {
		for _, id := range ids {
			gv(v).Governance.Council[id-1] = &pb.CouncilSeat{Id: id, Seat: seatCodes[id-1], Vacant: true, Fits: testFits[seatCodes[id-1]]}
		}
	}
}

// level sets edict id (1 to 3) to level l.
func level(id, l int32) func(v *pb.CampView) {
	return func(v *pb.CampView) { gv(v).Governance.Edicts[id-1].Level = l }
}

// gold sets the gold stock and its forecast net.
func gold(stock, net int64) func(v *pb.CampView) {
	return func(v *pb.CampView) {
		gv(v).Resources.Gold = stock
		for _, f := range gv(v).Forecast.Flows {
			if f.Resource == "gold" {
				f.Stock, f.Net, f.DaysLeft = stock, net, 0
				if net < 0 {
					f.DaysLeft = max(1, stock/-net)
				}
			}
		}
	}
}

func legitimacy(l int32) func(v *pb.CampView) {
	return func(v *pb.CampView) { gv(v).Politics.Legitimacy = l }
}

// only keeps the named legal actions.
func only(names ...string) func(v *pb.CampView) {
	return func(v *pb.CampView) {
		v.LegalActions = slices.DeleteFunc(v.LegalActions, func(la *pb.LegalAction) bool { return !slices.Contains(names, la.GetAction()) })
	}
}

// explorable offers explore on zones zs.
func explorable(zs ...int32) func(v *pb.CampView) {
	return func(v *pb.CampView) { legal(v, actExplore).Args[0].Choices = zs }
}

// famine gives the camp 5 days of food, falling, and the market's trade.
func famine(v *pb.CampView) {
	gv(v).Population, gv(v).Housing = 200, 260
	gv(v).Resources.Food = 1000
	v.LegalActions = append(v.LegalActions, act(actTrade, countArg("lots", 1, 4)))
}

// TestGovernance covers the AI's governance, one case or more per rule:
// AI-GOV-SEAT (the council), AI-GOV-EDICT (when and how an edict changes),
// AI-GOV-TAX, AI-GOV-HOLIDAY, AI-GOV-PROMO (the three edicts) and
// AI-GOV-SPECIAL (surveys and expansion toward special terrain).
func TestGovernance(t *testing.T) {
	base := govView()
	day := base.Day + 1
	started := State{Since: 1}
	tests := []struct {
		name       string
		view       *pb.CampView
		state      State
		wantAction string
		wantArgs   []int32
		wantReason []string
	}{
		{"a governed camp with nothing to change does its chores", base, started, actChop, nil, nil},

		{"AI-GOV-SEAT: a vacant ruler first, the best notable without a seat", edit(base, all(vacant(1), only(actRest, actAppoint))), started,
			actAppoint, []int32{1, 1}, []string{"pas de dirigeant", "Alix (habitant 1, niveau 3, trait loner, 30 ans), apport 2 nommé ruler"}},
		{"AI-GOV-SEAT: the ruler before a famine", edit(base, all(vacant(1), famine)), started,
			actAppoint, []int32{1, 1}, nil},
		{"AI-GOV-SEAT: a famine before another seat", edit(base, all(vacant(8), famine)), started,
			actTrade, []int32{4}, nil},
		{"AI-GOV-SEAT: the treasurer before the other seats, a fitting trait first", edit(base, vacant(3, 8)), started,
			actAppoint, []int32{8, 2}, []string{"siège treasurer du conseil vacant", "Blanche (habitant 2, niveau 3, trait curious fait pour le siège, 44 ans), apport 3"}},
		{"AI-GOV-SEAT: a seat before the housing emergency and the edicts", edit(base, all(vacant(3), level(1, 0), func(v *pb.CampView) { gv(v).Housing = 32 })), started,
			actAppoint, []int32{3, 1}, nil},
		{"AI-GOV-SEAT: a citizen the view says nothing of before an elder notable", edit(base, all(vacant(3), func(v *pb.CampView) {
			gv(v).Notables = gv(v).Notables[2:]
			v.LegalActions[len(v.LegalActions)-1].Args[1].Choices = []int32{3, 4, 5, 101}
		})), started, actAppoint, []int32{3, 5}, []string{"l'habitant 5, dont la vue ne dit rien"}},
		{"AI-GOV-SEAT: an elder notable when no one else is free", edit(base, all(vacant(3), func(v *pb.CampView) {
			v.LegalActions[len(v.LegalActions)-1].Args[1].Choices = []int32{3, 101}
		})), started, actAppoint, []int32{3, 3}, []string{"Côme (habitant 3, niveau 5, trait sociable, 58 ans), apport 3"}},
		{"AI-GOV-SEAT: with no one free the ruler's seat takes the best holder", edit(base, all(vacant(1), func(v *pb.CampView) {
			v.LegalActions[len(v.LegalActions)-1].Args[1].Choices = []int32{102, 108}
		})), started, actAppoint, []int32{1, 108}, []string{"Ernest (habitant 108, niveau 4, trait sociable fait pour le siège, 25 ans), apport 3", "déplacé de son siège"}},
		{"AI-GOV-SEAT: another seat never takes a holder", edit(base, all(vacant(3), func(v *pb.CampView) {
			v.LegalActions[len(v.LegalActions)-1].Args[1].Choices = []int32{101, 108}
		})), started, actChop, nil, nil},

		{"AI-GOV-TAX: builders tax lightly", edit(base, level(1, 0)), started,
			actSetEdict, []int32{1, 1}, []string{"archétype bâtisseurs : impôt au niveau 1, légitimité 80 ≥ 70, 120 or, net 10 par jour", "édit taxation de « aucune » à « légère »"}},
		{"AI-GOV-TAX: a merchant league taxes at normal", edit(base, archetype(archMerchant)), started,
			actSetEdict, []int32{1, 2}, []string{"archétype ligue marchande : impôt au niveau 2"}},
		{"AI-GOV-TAX: short of gold, one level more", edit(base, gold(50, 1)), started,
			actSetEdict, []int32{1, 2}, []string{"or insuffisant (50 < 80, net 1 < 3 par jour) : un niveau de plus"}},
		{"AI-GOV-TAX: heavy taxes need high morale", edit(base, all(archetype(archMerchant), level(1, 0), gold(50, 1), func(v *pb.CampView) { gv(v).Morale = 65 })), started,
			actSetEdict, []int32{1, 2}, nil},
		{"AI-GOV-TAX: no rise before legitimacy is comfortable", edit(base, all(level(1, 0), legitimacy(60))), started,
			actChop, nil, nil},
		{"AI-GOV-TAX: no rise without a treasurer", edit(base, all(level(1, 0), vacant(8), only(actChop, actSetEdict))), started,
			actChop, nil, nil},
		{"AI-GOV-TAX: no taxes on a glut of gold", edit(base, gold(900, 10)), started,
			actSetEdict, []int32{1, 0}, []string{"900 or ≥ 800, plus que le camp ne peut dépenser"}},
		{"AI-GOV-TAX: back to the archetype's level once gold is no longer short", edit(base, all(level(1, 2), gold(200, 10))), started,
			actSetEdict, []int32{1, 1}, []string{"archétype bâtisseurs : impôt au niveau 1", "édit taxation de « normale » à « légère »"}},
		{"AI-GOV-TAX: legitimacy under 40 takes the taxes to none", edit(base, all(level(1, 2), legitimacy(30))), started,
			actSetEdict, []int32{1, 0}, []string{"légitimité 30 < 40"}},

		{"AI-GOV-HOLIDAY: legitimacy under 40, taxes at none: holidays", edit(base, all(level(1, 0), legitimacy(30))), started,
			actSetEdict, []int32{2, 1}, []string{"légitimité 30 < 40, un conseiller en place, consommation payable", "édit jours fériés de « aucun » à « 1 par an »"}},
		{"AI-GOV-HOLIDAY: no holidays without a councillor", edit(base, all(level(1, 0), legitimacy(30), vacant(2), only(actChop, actSetEdict))), started,
			actChop, nil, nil},
		{"AI-GOV-HOLIDAY: no holidays the gold cannot pay", edit(base, all(level(1, 0), legitimacy(30), gold(200, 2))), started,
			actChop, nil, nil},
		{"AI-GOV-HOLIDAY: high legitimacy brings them down a level", edit(base, all(level(2, 2), legitimacy(90))), started,
			actSetEdict, []int32{2, 1}, []string{"légitimité 90 ≥ 85"}},
		{"AI-GOV-HOLIDAY: at war, holidays for the morale of the ranks", edit(base, func(v *pb.CampView) {
			gv(v).Sieges = []*pb.Siege{{Zone: 9, Besieger: v.Camp, Men: 10}}
		}), started, actSetEdict, []int32{2, 1}, []string{"en guerre : des jours fériés pour le moral des troupes"}},
		{"AI-GOV-HOLIDAY: at war, not cut for a high legitimacy", edit(base, all(level(2, 2), legitimacy(90), func(v *pb.CampView) {
			gv(v).Sieges = []*pb.Siege{{Zone: 9, Besieger: v.Camp, Men: 10}}
		})), started, actSetEdict, []int32{2, 3}, nil},
		{"AI-GOV-HOLIDAY: never two cuts within 60 days", edit(base, all(level(2, 2), legitimacy(90))), State{Since: 1, HolidayCut: day - 30},
			actChop, nil, nil},

		{"AI-GOV-PROMO: a warrior clan promotes to standard while housing has room", edit(base, archetype(archWarriors)), started,
			actSetEdict, []int32{3, 2}, []string{"archétype clan guerrier : promotion jusqu'au niveau 2, population 30, logement 40"}},
		{"AI-GOV-PROMO: not with housing full", edit(base, all(archetype(archWarriors), without("build_house"), func(v *pb.CampView) { gv(v).Housing = 32 })), started,
			actChop, nil, nil},
		{"AI-GOV-PROMO: spare gold promotes up to aggressive", edit(base, gold(200, 10)), started,
			actSetEdict, []int32{3, 2}, []string{"jusqu'au niveau 3"}},
		{"AI-GOV-PROMO: plenty of gold promotes up to expansive, spent down without income", edit(base, all(gold(300, 0), level(3, 3))), started,
			actSetEdict, []int32{3, 4}, []string{"jusqu'au niveau 4", "300 or, net 0 par jour"}},
		{"AI-GOV-PROMO: no income and no plenty, no rise", edit(base, gold(200, 0)), started,
			actChop, nil, nil},

		{"AI-GOV-EDICT: consumption at risk lowers the promotion first", edit(base, all(level(2, 2), gold(40, -5))), started,
			actSetEdict, []int32{3, 0}, []string{"consommation 1, or 40 en baisse de 5 par jour"}},
		{"AI-GOV-EDICT: then the holidays", edit(base, all(level(2, 2), level(3, 0), gold(40, -5))), started,
			actSetEdict, []int32{2, 1}, nil},
		{"AI-GOV-EDICT: an edict the bot changed 10 days ago stands", edit(base, level(1, 0)), State{Since: 1, EdictDay: [maxEdicts]int32{day - 10}},
			actChop, nil, nil},
		{"AI-GOV-EDICT: after 15 days it may change again", edit(base, level(1, 0)), State{Since: 1, EdictDay: [maxEdicts]int32{day - 15}},
			actSetEdict, []int32{1, 1}, nil},
		{"AI-GOV-EDICT: a state started mid-season lets every edict stand", edit(base, level(1, 0)), State{},
			actChop, nil, nil},
		{"AI-GOV-EDICT: never on a day with an emergency", edit(base, all(level(1, 0), func(v *pb.CampView) { gv(v).Housing = 32 })), started,
			"build_house", []int32{1}, nil},
		{"AI-GOV-EDICT: never a level the menu does not offer", edit(base, all(level(1, 0), func(v *pb.CampView) {
			legal(v, actSetEdict).Args[1] = countArg("level", 2, 4)
		})), started, actChop, nil, nil},

		{"AI-GOV-SPECIAL: the chores survey a free zone next to the land", edit(base, explorable(3, 6, 7)), started,
			actExplore, []int32{3}, []string{"reconnaissance de la zone 3 (forêt, à 0 de nos terres, jamais reconnue)"}},
		{"AI-GOV-SPECIAL: a surveyed zone is no survey", edit(base, all(explorable(3), func(v *pb.CampView) {
			gv(v).Zones[2].Surveyed = true
		})), started, actChop, nil, nil},
		{"AI-GOV-SPECIAL: exploring, an unsurveyed zone in sight before the unknown", edit(base, all(without(actChop), explorable(7, 8), func(v *pb.CampView) {
			gv(v).Zones = append(gv(v).Zones, &pb.Zone{Id: 8, Visibility: visible, Terrain: plains, Owner: 2, Q: 3})
		})), started, actExplore, []int32{8}, []string{"reconnaissance de la zone 8"}},
		{"AI-GOV-SPECIAL: expansion takes a found resource among equal zones", edit(baseView(pb.Posture_POSTURE_GROWTH), all(rich, func(v *pb.CampView) {
			gv(v).Zones = append(gv(v).Zones, &pb.Zone{Id: 13, Visibility: visible, Terrain: coast, Owner: -1, Special: "resource", Surveyed: true, Q: 2})
			legal(v, actExpand).Args[0].Choices = []int32{5, 13}
		})), started, actExpand, []int32{13}, []string{"terrain spécial trouvé : resource"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, _ := Decide(tt.view, tt.state)
			if o.GetAction() != tt.wantAction || !slices.Equal(o.GetArgs(), tt.wantArgs) {
				t.Fatalf("got %s %v; want %s %v (reason %q)", o.GetAction(), o.GetArgs(), tt.wantAction, tt.wantArgs, o.GetReason())
			}
			for _, w := range tt.wantReason {
				if !strings.Contains(o.GetReason(), w) {
					t.Errorf("got reason %q; want it to contain %q", o.GetReason(), w)
				}
			}
		})
	}
}

// TestEdictState covers what the bot remembers of its edicts (rule
// AI-GOV-EDICT): the day of each change, the day of a cut of the holidays,
// and the presumption of a state started in the middle of a season.
func TestEdictState(t *testing.T) {
	v := govView()
	day := v.Day + 1
	t.Run("AI-GOV-EDICT: a change and a cut are remembered", func(t *testing.T) {
		_, s := Decide(edit(v, all(level(2, 2), legitimacy(90))), State{Since: 1})
		if want := [maxEdicts]int32{0, day, 0}; s.EdictDay != want || s.HolidayCut != day {
			t.Errorf("got edict days %v, cut %d; want %v, %d", s.EdictDay, s.HolidayCut, want, day)
		}
		_, s = Decide(edit(v, level(1, 0)), State{Since: 1})
		if want := [maxEdicts]int32{day, 0, 0}; s.EdictDay != want || s.HolidayCut != 0 {
			t.Errorf("got edict days %v, cut %d; want %v and no cut", s.EdictDay, s.HolidayCut, want)
		}
	})
	t.Run("AI-GOV-EDICT: a state started mid-season presumes changes on its first day", func(t *testing.T) {
		_, s := Decide(v, State{})
		if want := [maxEdicts]int32{day, day, day}; s.Since != day || s.EdictDay != want || s.HolidayCut != day {
			t.Errorf("got %+v; want since, edict days and cut all %d", s, day)
		}
		_, s = Decide(edit(v, func(v *pb.CampView) { v.Day = 0 }), State{})
		if s.Since != 1 || s.EdictDay != [maxEdicts]int32{} || s.HolidayCut != 0 {
			t.Errorf("got %+v on day 0; want since 1 and nothing presumed", s)
		}
	})
}

// testFits is the trait that fits each seat, as the server's view says it
// (CouncilSeat.fits, CNL-3), for the views built by hand.
var testFits = map[string]string{
	seatRuler: "sociable", seatCouncillor: "sociable", seatDiplomat: "sociable",
	seatGeneral: "ambitious", seatMarshal: "ambitious",
	seatSpymaster: "curious", seatTreasurer: "curious",
	seatHighPriest: "steady",
}

// TestCouncilOfRealView checks the bot's benefit (CNL-3), read from the
// view's fitting traits, against a real founding council: each holder's
// benefit is the one the view gives, and the kingdom statistics of day 0
// are the seats' benefits (economy: marshal,
// spymaster, treasurer; loyalty: ruler and councillor; stability: general,
// grand diplomat, high priest) plus the edicts at level 0 (loyalty +1 -1,
// stability -1).
func TestCouncilOfRealView(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the real server")
	}
	srv := testserver.Start(t)
	_, tok := srv.NewWorld(t, 42, 0, nil)
	ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+tok)
	v, err := srv.Game.GetView(ctx, &pb.GetViewRequest{})
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	gov := v.GetGrisonval().GetGovernance()
	stat := map[string]*int32{}
	var got pb.KingdomStats
	for _, s := range []string{seatMarshal, seatSpymaster, seatTreasurer} {
		stat[s] = &got.Economy
	}
	for _, s := range []string{seatRuler, seatCouncillor} {
		stat[s] = &got.Loyalty
	}
	for _, s := range []string{seatGeneral, seatDiplomat, seatHighPriest} {
		stat[s] = &got.Stability
	}
	got.Stability--
	fits := 0
	for i, s := range gov.GetCouncil() {
		if s.GetSeat() != seatCodes[i] || s.GetId() != int32(i+1) || s.GetVacant() {
			t.Fatalf("seat %d: got %v; want %s held", i+1, s, seatCodes[i])
		}
		b := benefit(s.GetFits(), &pb.Citizen{Level: s.GetLevel(), Trait: s.GetTrait()})
		if b != s.GetBenefit() || s.GetFits() != testFits[s.GetSeat()] {
			t.Errorf("seat %s: the bot reckons benefit %d (fits %q); the view says %d", s.GetSeat(), b, s.GetFits(), s.GetBenefit())
		}
		*stat[s.GetSeat()] += b
		if s.GetFits() == s.GetTrait() {
			fits++
		}
	}
	want := gov.GetStats()
	if got.Economy != want.GetEconomy() || got.Loyalty != want.GetLoyalty() || got.Stability != want.GetStability() {
		t.Errorf("the council's benefits by the view's fits give economy %d, loyalty %d, stability %d; the view says %d, %d, %d",
			got.Economy, got.Loyalty, got.Stability, want.GetEconomy(), want.GetLoyalty(), want.GetStability())
	}
	if fits == 0 {
		t.Error("no founder's trait fits his seat: the check above proves nothing")
	}
	for i, e := range gov.GetEdicts() {
		if want := []string{edictTaxation, edictHolidays, edictPromotion}[i]; e.GetEdict() != want || e.GetId() != int32(i+1) {
			t.Errorf("edict %d: got %s (id %d); want %s", i+1, e.GetEdict(), e.GetId(), want)
		}
	}
	if la := legal(v, actSetEdict); la == nil || len(la.GetArgs()) != 2 {
		t.Errorf("set_edict on day 0: got %v; want it open with an edict and a level", la)
	}
}
