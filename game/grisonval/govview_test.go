package grisonval_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/grisonval/server/clients/viewtext"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/grisonval"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestGovernanceOnTheWire checks VIEW-GOV through the wire view: each
// camp's view carries its own edicts, council, stats and continuing
// events as the engine's view has them, and the special terrain it found;
// none of another camp's.
func TestGovernanceOnTheWire(t *testing.T) {
	w := engine.NewWorld(9)
	for c := range engine.CampID(engine.NumCamps) {
		camp := &w.Camps[c]
		camp.Edicts = [engine.NumEdicts]uint8{uint8(c + 1), 0, uint8(4 - c)}
		camp.Council = [engine.NumSeats]engine.Seat{}
		camp.Council[engine.SeatRuler-1] = engine.Seat{Citizen: camp.Citizens[int(c)].ID, Since: 3}
		camp.Council[engine.SeatDiplomat-1] = engine.Seat{Citizen: camp.Citizens[int(c)+4].ID, Since: int(c)}
		camp.Ongoing = []engine.Ongoing{{Kind: "bandits", Since: int(c) + 7}}
	}
	found := engine.Neighbors(w.Capital(0))[0]
	w.Zones[found].Special = engine.River
	w.Camps[0].Memory[found].Special = engine.River
	rs := grisonval.Ruleset{}
	t.Run("VIEW-GOV", func(t *testing.T) {
		for c := range engine.CampID(engine.NumCamps) {
			camp := &w.Camps[c]
			g := rs.View(grisonval.StateOf(w), int(c), lang.FR).GetGrisonval().GetGovernance()
			ev := engine.View(w, c).Governance
			if len(g.GetEdicts()) != engine.NumEdicts || len(g.GetCouncil()) != engine.NumSeats {
				t.Fatalf("camp %d: %d edicts, %d seats; want %d and %d", c, len(g.GetEdicts()), len(g.GetCouncil()), engine.NumEdicts, engine.NumSeats)
			}
			for i, e := range g.GetEdicts() {
				ed := engine.Edict(i + 1)
				lvl := camp.Edicts[i]
				want := &pb.Edict{Id: int32(ed), Edict: ed.String(), Level: int32(lvl), LevelName: engine.EdictLevelNames[ed][lvl],
					Levels: engine.EdictLevelNames[ed][:], OpensDay: int32(w.EdictOpens(c, ed))}
				for l := range engine.EdictLevels {
					want.Effects = append(want.Effects, engine.EdictTable[ed][l].Text().FR)
				}
				if ed == engine.Holidays {
					want.Void = w.HolidaysVoid(c).FR
				}
				if !proto.Equal(e, want) {
					t.Errorf("camp %d: edict %v; want its own %v", c, e, want)
				}
			}
			for i, s := range g.GetCouncil() {
				sv := ev.Council[i]
				k := engine.SeatKind(i + 1)
				rule := engine.SeatRules[k]
				want := &pb.CouncilSeat{Id: int32(i + 1), Seat: k.String(), Vacant: true, Fits: rule.Fits.String(), Stat: rule.Stat}
				if camp.Council[i].Citizen != 0 {
					want = &pb.CouncilSeat{Id: int32(i + 1), Seat: k.String(), Citizen: camp.Council[i].Citizen,
						Name: sv.Name, Level: int32(sv.Level), Trait: sv.Trait.String(), Job: sv.Job.String(), Age: int32(sv.Age),
						SinceDay: int32(camp.Council[i].Since), Fits: rule.Fits.String(), Stat: rule.Stat, Benefit: int32(engine.SeatBenefit(w, c, k))}
					if sv.Name == "" {
						t.Errorf("camp %d: seat %s held by %d has no name in the engine's view", c, sv.Seat, sv.Citizen)
					}
				}
				if !proto.Equal(s, want) {
					t.Errorf("camp %d: seat %v; want %v", c, s, want)
				}
			}
			st := w.Stats(c)
			if want := (&pb.KingdomStats{Economy: int32(st.Economy), Loyalty: int32(st.Loyalty), Stability: int32(st.Stability),
				Unrest: int32(st.Unrest), Consumption: int32(st.Consumption)}); !proto.Equal(g.GetStats(), want) {
				t.Errorf("camp %d: stats %v; want %v", c, g.GetStats(), want)
			}
			if o := g.GetOngoing(); len(o) != 1 || o[0].GetKind() != "bandits" || o[0].GetSinceDay() != int32(c)+7 || o[0].GetZone() != 0 {
				t.Errorf("camp %d: ongoing %v; want its own bandits since day %d", c, o, c+7)
			}
		}
	})
	t.Run("VIEW-GOV special terrain", func(t *testing.T) {
		for c := range engine.CampID(engine.NumCamps) {
			for _, z := range rs.View(grisonval.StateOf(w), int(c), lang.EN).GetGrisonval().GetZones() {
				want := ""
				if c == 0 && engine.ZoneID(z.GetId()) == found {
					want = "river"
				}
				if z.GetSpecial() != want {
					t.Errorf("camp %d: zone %d special %q; want %q", c, z.GetId(), z.GetSpecial(), want)
				}
			}
		}
	})
	t.Run("notables carry their number and trait", func(t *testing.T) {
		v := rs.View(grisonval.StateOf(w), 0, lang.EN).GetGrisonval()
		for i, n := range engine.View(w, 0).Notables {
			if got := v.GetNotables()[i]; got.GetId() != n.ID || got.GetTrait() != n.Trait.String() || n.ID == 0 {
				t.Errorf("notable %d: id %d trait %q; want %d %q", i, got.GetId(), got.GetTrait(), n.ID, n.Trait)
			}
		}
	})
}

// TestCutOffOnTheWire covers CUT-1's view: a camp's own cut-off zone
// reaches the wire marked, its linked zones and other camps' zones never.
func TestCutOffOnTheWire(t *testing.T) {
	w := engine.NewWorld(1)
	capital := w.Capital(0)
	var far engine.ZoneID // a free zone two steps from the capital
	for _, n := range engine.Neighbors(capital) {
		for _, m := range engine.Neighbors(n) {
			if far == 0 && m != capital && w.Zone(m).Owner == engine.NoCamp && !slices.Contains(engine.Neighbors(capital), m) {
				far = m
			}
		}
	}
	w.Zone(far).Owner, w.Zone(far).Garrison = 0, 1
	for c := range engine.CampID(engine.NumCamps) {
		v := grisonval.Ruleset{}.View(grisonval.StateOf(w), int(c), lang.EN).GetGrisonval()
		for _, z := range v.GetZones() {
			if want := c == 0 && engine.ZoneID(z.GetId()) == far; z.GetCutOff() != want {
				t.Errorf("CUT-1 camp %d sees zone %d cut off %v; want %v", c, z.GetId(), z.GetCutOff(), want)
			}
		}
	}
}

// TestSetupRules covers RULES-1: a new season starts under the current
// rules, carried over from an old one or not; a season set up again for a
// replay keeps the rules of its stored state.
func TestSetupRules(t *testing.T) {
	rs := grisonval.Ruleset{}
	old := grisonval.StateOf(engine.NewWorldRules(7, engine.RulesSeed000))
	for _, tc := range []struct {
		name  string
		setup game.Setup
		want  engine.Rules
	}{
		{"RULES-1 a new world", game.Setup{Seed: 7, Camps: engine.NumCamps}, engine.CurrentRules},
		{"RULES-1 a new season carried over from an old one", game.Setup{Seed: 7, Camps: engine.NumCamps, Prev: old}, engine.CurrentRules},
		{"RULES-1 an old season set up again", game.Setup{Seed: 7, Camps: engine.NumCamps, Like: old}, engine.RulesSeed000},
		{"RULES-1 an old carried season set up again", game.Setup{Seed: 7, Camps: engine.NumCamps, Prev: old, Like: old}, engine.RulesSeed000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := rs.Setup(tc.setup)
			if err != nil {
				t.Fatal(err)
			}
			w := grisonval.Of(s)
			if w.Rules != tc.want || w.Governed() != (tc.want >= engine.RulesGovernance) {
				t.Errorf("rules %d; want %d", w.Rules, tc.want)
			}
			if tc.want == engine.RulesSeed000 && rs.Hash(s) != rs.Hash(old) && tc.setup.Prev == nil {
				t.Errorf("an old season set up again has hash %s; its stored setup %s", rs.Hash(s), rs.Hash(old))
			}
		})
	}
}

// TestGovernanceDetailsOnTheWire covers VIEW-GOV's details: what each
// seated founder adds to which statistic, the trait that fits each seat,
// and the day a changed edict may change again (EDI-1), on the wire and in
// the text view.
func TestGovernanceDetailsOnTheWire(t *testing.T) {
	w := engine.NewWorld(1)
	rest := engine.Order{Action: engine.Rest}
	out := engine.Resolve(w, [engine.NumCamps]engine.Order{{Action: engine.SetEdict, Args: []int{1, 2}}, rest, rest})
	w = out.World
	if out.Results[0].Status != engine.Applied {
		t.Fatalf("set_edict 1 2: %+v", out.Results[0])
	}
	v := grisonval.Ruleset{}.View(grisonval.StateOf(w), 0, lang.EN)
	g := v.GetGrisonval().GetGovernance()
	if got := g.GetEdicts()[0].GetOpensDay(); got != int32(w.Day+engine.EdictLockDays) {
		t.Errorf("VIEW-GOV EDI-1 taxation opens on day %d; want %d", got, w.Day+engine.EdictLockDays)
	}
	if got := g.GetEdicts()[1].GetOpensDay(); got != 0 {
		t.Errorf("VIEW-GOV holidays never changed open on day %d; want 0", got)
	}
	for _, s := range g.GetCouncil() {
		k := engine.SeatKind(s.GetId())
		p, ok := w.SeatHolder(0, k)
		if !ok || s.GetBenefit() != int32(p.BenefitIn(k)) || s.GetBenefit() < 1 || s.GetFits() != engine.SeatRules[k].Fits.String() || s.GetStat() != engine.SeatRules[k].Stat {
			t.Errorf("VIEW-GOV CNL-3 seat %s: %v", k, s)
		}
	}
	if text := viewtext.View(lang.EN, v, time.Unix(0, 0)); !strings.Contains(text, fmt.Sprintf("until day %d", w.Day+engine.EdictLockDays)) {
		t.Errorf("the text view does not say when taxation may change again:\n%s", text)
	}
}

// TestEdictEffectsOnTheWire covers VIEW-EDICT: the view says what each
// level of each edict does, in the reader's language, why the holidays
// give no loyalty today, and from which day a cut of them is believed.
func TestEdictEffectsOnTheWire(t *testing.T) {
	w := engine.NewWorld(9)
	w.Day = 40
	w.Camps[0].HolidayCut = 30
	w.Camps[0].Council[engine.SeatCouncillor-1] = engine.Seat{Since: 40}
	rs := grisonval.Ruleset{}
	for _, l := range []lang.Lang{lang.EN, lang.FR} {
		edicts := rs.View(grisonval.StateOf(w), 0, l).GetGrisonval().GetGovernance().GetEdicts()
		tax, hol := edicts[engine.Taxation-1], edicts[engine.Holidays-1]
		if len(tax.GetEffects()) != engine.EdictLevels || tax.GetEffects()[3] != engine.EdictTable[engine.Taxation][3].Text().In(l) {
			t.Errorf("%s: taxation effects %q; want heavy taxes' terms at level 3", l, tax.GetEffects())
		}
		if l == lang.EN && tax.GetEffects()[3] != "economy +3, loyalty -4, morale -1 a day" {
			t.Errorf("heavy taxes say %q", tax.GetEffects()[3])
		}
		if hol.GetBelievedFrom() != 30+engine.HolidayTrustDays || tax.GetBelievedFrom() != 0 {
			t.Errorf("%s: holidays believed from %d, taxation %d; want %d and 0", l, hol.GetBelievedFrom(), tax.GetBelievedFrom(), 30+engine.HolidayTrustDays)
		}
		if hol.GetVoid() == "" || hol.GetVoid() != w.HolidaysVoid(0).In(l) || tax.GetVoid() != "" {
			t.Errorf("%s: holidays void %q; want why they give no loyalty without a councillor", l, hol.GetVoid())
		}
	}
	w.Day = 30 + engine.HolidayTrustDays
	if got := rs.View(grisonval.StateOf(w), 0, lang.EN).GetGrisonval().GetGovernance().GetEdicts()[engine.Holidays-1].GetBelievedFrom(); got != 0 {
		t.Errorf("60 days after the cut, believed from %d; want 0 (believed now)", got)
	}
}
