package viewtext

import (
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// govView is sampleView with a governance: heavy taxes, 12 holidays, no
// promotion; a ruler and a treasurer named, the other seats vacant; a
// plague on zone 2; three notables, one of them the ruler; a river found
// on zone 3.
func govView() *pb.CampView {
	v := sampleView()
	g := v.GetGrisonval()
	levels := map[string][]string{
		"taxation":  {"none", "light", "normal", "heavy", "crushing"},
		"holidays":  {"none", "1", "6", "12", "24"},
		"promotion": {"none", "token", "standard", "aggressive", "expansive"},
	}
	gv := &pb.Governance{Stats: &pb.KingdomStats{Economy: 3, Loyalty: -2, Stability: 1, Unrest: 1, Consumption: 4},
		Ongoing: []*pb.OngoingEvent{{Kind: "plague", SinceDay: 10, Zone: 2}, {Kind: "cult", SinceDay: 11}}}
	for i, e := range []struct {
		code  string
		level int32
	}{{"taxation", 3}, {"holidays", 3}, {"promotion", 0}} {
		gv.Edicts = append(gv.Edicts, &pb.Edict{Id: int32(i + 1), Edict: e.code, Level: e.level, LevelName: levels[e.code][e.level], Levels: levels[e.code]})
	}
	for i, code := range []string{"ruler", "councillor", "general", "diplomat", "high_priest", "marshal", "spymaster", "treasurer"} {
		gv.Council = append(gv.Council, &pb.CouncilSeat{Id: int32(i + 1), Seat: code, Vacant: true})
	}
	gv.Council[0] = &pb.CouncilSeat{Id: 1, Seat: "ruler", Citizen: 4, Name: "Jean Martin", Level: 3, Trait: "sociable", Job: "farmer", Age: 40, SinceDay: 2, Stat: "loyalty", Benefit: 3}
	gv.Council[7] = &pb.CouncilSeat{Id: 8, Seat: "treasurer", Citizen: 9, Name: "Anne Roux", Level: 1, Trait: "curious", Job: "merchant", Age: 30, SinceDay: 5, Stat: "economy", Benefit: 2}
	g.Governance = gv
	g.Notables = []*pb.Citizen{
		{Id: 4, Name: "Jean Martin", Level: 3, Trait: "sociable"},
		{Id: 7, Name: "Paul Durand", Level: 2, Trait: "ambitious"},
		{Id: 11, Name: "Marie Blanc", Level: 1, Trait: "steady"},
	}
	g.Zones[2].Special = "river"
	return v
}

// TestGovernanceLines renders a camp's governance (VIEW-GOV) in the text
// view, the watch's brief lines and the map, in both languages.
func TestGovernanceLines(t *testing.T) {
	v := govView()
	tests := []struct {
		l    lang.Lang
		want []string
	}{
		{lang.EN, []string{
			"Kingdom: economy 3, loyalty -2, stability 1, unrest 1, consumption 4.\n",
			"Edicts (set_edict EDICT LEVEL, levels 0-4): 1 taxation heavy (3), 2 holidays 12 a year (3), 3 promotion none (0).\n",
			"Council (appoint SEAT CITIZEN): 1 ruler #4 Jean Martin (III, sociable, since day 2, +3 loyalty); 2 councillor vacant; 3 general vacant; " +
				"4 grand diplomat vacant; 5 high priest vacant; 6 marshal vacant; 7 spymaster vacant; 8 treasurer #9 Anne Roux (I, curious, since day 5, +2 economy).\n",
			"Notables without a seat: #7 Paul Durand (II, ambitious), #11 Marie Blanc (I, steady).\n",
			"Ongoing events: plague since day 10 (zone 2); cult since day 11.\n",
			"  3    coast+river ",
		}},
		{lang.FR, []string{
			"Royaume : économie 3, loyauté -2, stabilité 1, insatisfaction 1, consommation 4.\n",
			"Édits (set_edict ÉDIT NIVEAU, niveaux 0-4) : 1 taxation lourde (3), 2 jours fériés 12 par an (3), 3 édits publicitaires aucun (0).\n",
			"Conseil (appoint SIÈGE CITOYEN) : 1 dirigeant n° 4 Jean Martin (III, sociable, depuis le jour 2, +3 loyauté) ; 2 conseiller vacant ; 3 général vacant ; " +
				"4 grand diplomate vacant ; 5 grand prêtre vacant ; 6 maréchal vacant ; 7 chef des services secrets vacant ; 8 trésorier n° 9 Anne Roux (I, curieux, depuis le jour 5, +2 économie).\n",
			"Notables sans siège : n° 7 Paul Durand (II, ambitieux), n° 11 Marie Blanc (I, posé).\n",
			"Événements en cours : peste depuis le jour 10 (zone 2) ; fanatiques depuis le jour 11.\n",
			"  3    côte+rivière ",
		}},
	}
	for _, tt := range tests {
		t.Run("VIEW-GOV "+tt.l.String(), func(t *testing.T) {
			text := View(tt.l, v, now)
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("got:\n%s\nwant it to contain %q", text, w)
				}
			}
		})
	}
	t.Run("brief", func(t *testing.T) {
		for l, want := range map[lang.Lang][]string{
			lang.EN: {"Kingdom: economy 3, loyalty -2, stability 1, unrest 1, consumption 4; edicts: taxation heavy, holidays 12 a year, promotion none.",
				"Council: 2 of 8 seats held, vacant: councillor, general, grand diplomat, high priest, marshal, spymaster; ongoing: plague since day 10 (zone 2), cult since day 11."},
			lang.FR: {"Royaume : économie 3, loyauté -2, stabilité 1, insatisfaction 1, consommation 4 ; édits : taxation lourde, jours fériés 12 par an, édits publicitaires aucun.",
				"Conseil : 2 sièges tenus sur 8, vacants : conseiller, général, grand diplomate, grand prêtre, maréchal, chef des services secrets ; en cours : peste depuis le jour 10 (zone 2), fanatiques depuis le jour 11."},
		} {
			brief := Brief(l, v, now, 0, 0)
			for _, w := range want {
				if !strings.Contains(brief, w+"\n") {
					t.Errorf("%s: got:\n%s\nwant the line %q", l, brief, w)
				}
			}
		}
		// At 80 columns the lines wrap, and nothing is cut.
		for _, line := range strings.Split(Brief(lang.FR, v, now, 80, 0), "\n") {
			if strings.HasSuffix(line, "…") && strings.Contains(line, "Conseil") {
				t.Errorf("council line cut: %q", line)
			}
		}
	})
	t.Run("map", func(t *testing.T) {
		hv := hexView()
		hv.GetGrisonval().Zones[12].Special = "river"
		hv.GetGrisonval().Zones[11].Special = "ruin"
		for l, want := range map[lang.Lang]string{
			lang.EN: "Special terrain: # ruin, = river.\n",
			lang.FR: "Terrains spéciaux : # ruine, = rivière.\n",
		} {
			m := Map(l, hv, false)
			if lines := strings.Split(m, "\n"); !strings.Contains(lines[2], "11    12*#  13 =") {
				t.Errorf("%s: got the row %q; want the capital's ruin and the coast's river marked", l, lines[2])
			}
			if !strings.HasSuffix(m, want) {
				t.Errorf("%s: got:\n%s\nwant the legend to end with %q", l, m, want)
			}
		}
		if m := Map(lang.EN, hexView(), false); strings.Contains(m, "Special terrain") {
			t.Errorf("got:\n%s\nwant no legend of special terrain when none is found", m)
		}
	})
	t.Run("a view without governance has no lines of it", func(t *testing.T) {
		for _, l := range lang.All {
			if text := View(l, sampleView(), now) + Brief(l, sampleView(), now, 0, 0); strings.Contains(text, l.Sprintf("Council", "Conseil")) ||
				strings.Contains(text, l.Sprintf("Kingdom", "Royaume")) {
				t.Errorf("%s: got:\n%s\nwant no governance", l, text)
			}
		}
	})
}

// TestEdictEffectsLines covers VIEW-EDICT in the text view: each edict's
// level with what it does, why the holidays give no loyalty, and the day
// from which a cut of them is believed.
func TestEdictEffectsLines(t *testing.T) {
	v := govView()
	es := v.GetGrisonval().GetGovernance().GetEdicts()
	es[0].Effects = []string{"loyalty +1", "economy +1, loyalty -1", "economy +2, loyalty -2", "economy +3, loyalty -4, morale -1 a day", "economy +4, loyalty -8, morale -2 a day"}
	es[1].Void = "no councillor sits on the council: holidays give no loyalty"
	es[1].BelievedFrom = 70
	text := View(lang.EN, v, now)
	for _, w := range []string{
		"1 taxation heavy (3) [economy +3, loyalty -4, morale -1 a day]",
		"holidays: no councillor sits on the council: holidays give no loyalty.\n",
		"holidays: a cut before day 70 is not believed (60 days without loyalty from them).\n",
	} {
		if !strings.Contains(text, w) {
			t.Errorf("VIEW-EDICT got:\n%s\nwant it to contain %q", text, w)
		}
	}
	if fr := View(lang.FR, v, now); !strings.Contains(fr, "jours fériés : une réduction avant le jour 70 n'est pas crue") {
		t.Errorf("VIEW-EDICT in French got:\n%s", fr)
	}
}
