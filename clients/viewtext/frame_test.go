package viewtext

import (
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestFrame says a spectator's frame (GameService.GetFrame) in English and
// in French, for Grisonval (the camps by rank, ties by camp, a fallen camp
// marked; each camp's counters; a siege with its days left; a column), the
// Castle (the turn, every city's gauges, a fallen city, the cards drawn)
// and a ruleset without a detail of its own (the ranking alone); each
// text has none of the other language's headings.
func TestFrame(t *testing.T) {
	camps := []*pb.FrameCamp{
		{Camp: 0, Name: "Grisonval", Alive: true, Score: 12, Rank: 2, Summary: "3 zones held"},
		{Camp: 1, Name: "Carmin", Score: 2, Rank: 3},
		{Camp: 2, Name: "Azur", Alive: true, Score: 20, Rank: 1, Summary: "5 zones held"},
	}
	grisonval := &pb.Frame{Day: 9, Camps: camps, Detail: &pb.Frame_Grisonval{Grisonval: &pb.GrisonvalFrame{
		YearSeason: "summer",
		Camps: []*pb.CampFrame{
			{Camp: 0, Name: "Grisonval", Alive: true, Zones: 3, Population: 40, Morale: 55, FieldArmy: 12, MenUnderArms: 20, Tier: 2, GovernmentName: "council",
				Resources: &pb.Resources{Food: 900, Gold: 12}},
			{Camp: 2, Name: "Azur", Alive: true, Zones: 5, Population: 60, Morale: 70, Tier: 3, Government: "autocracy"},
		},
		Sieges:  []*pb.Siege{{Zone: 14, Besieger: 2, Men: 30, StartDay: 7, AssaultDay: 12}},
		Columns: []*pb.ColumnFrame{{Camp: 0, Column: &pb.Column{Kind: pb.ColumnKind_COLUMN_KIND_SETTLERS, Men: 5, FromZone: 3, ToZone: 8, ArrivalDay: 11}}},
	}}}
	castle := &pb.Frame{Day: 8, Camps: camps[:2], Detail: &pb.Frame_Castle{Castle: &pb.CastleFrame{
		Turn: 3, Current: 1, Step: "draft", Roll: "hail", MinGauge: 0, MaxGauge: 10, Drawn: []string{"fire", "war"},
		Cities: []*pb.CastleCity{
			{Camp: 0, Name: "Montségur", Gold: 4, Wheat: 3, Health: 5, Civilians: 6, Army: 4, Granary: 2, Outpost: -1},
			{Camp: 1, Name: "Loches", Army: 10, Civilians: 3, Granary: -1, Outpost: -1, FellTurn: 2, FellCause: "army_10"},
		},
	}}}
	generic := &pb.Frame{Day: 4, Camps: camps}
	tests := []struct {
		name     string
		f        *pb.Frame
		en, fr   []string
		notEN    []string
		headings []string // English headings the French text must not have
	}{
		{"grisonval", grisonval,
			[]string{"Day 9 (summer): the world's public frame, every camp alike.\nRanking:\n  1. Azur (camp 2): score 20 · 5 zones held\n  2. Grisonval (camp 0): score 12 · 3 zones held\n  3. Carmin (camp 1) (fallen): score 2\n",
				"  0 Grisonval 3     40         55     12         20         2    council    food 900, gold 12",
				"  2 Azur      5     60         70     0          0          3    autocracy",
				"Siege of zone 14 by Azur: 30 men in the lines, assault on day 12 (in 3 days).",
				"Column of Grisonval: settlers of 5, zone 3 to 8, arrives on day 11."},
			[]string{"Jour 9 (été) : l'image publique du monde, tous les camps pareillement.\nClassement :\n  1. Azur (camp 2) : score 20",
				"  3. Carmin (camp 1) (tombé) : score 2", "Camps :", "armée en campagne", "nourriture 900, or 12",
				"Siège de la zone 14 par Azur : 30 hommes dans les lignes, assaut le jour 12 (dans 3 jours).",
				"Colonne de Grisonval : colons de 5, zone 3 vers 8, arrive le jour 11."},
			nil, []string{"Ranking", "Siege of", "Column of", "field army"}},
		{"castle", castle,
			[]string{"Day 8: the world's public frame", "Turn 3: city 1 Loches's draft step; it rolled hail.", "Cities (gauges 0-10):",
				"  0 Montségur 4    3     5      6         4    2       -", "  1 Loches fell on turn 2 (army_10).", "Drawn: fire, war."},
			[]string{"Jour 8 : l'image publique du monde", "Tour 3 : étape draft de la cité 1 Loches ; le dé a donné hail.", "Cités (jauges 0-10) :",
				"  1 Loches est tombée au tour 2 (army_10).", "Tirées : fire, war."},
			[]string{"(you)", "current", "Camps:"}, []string{"Turn ", "Cities", "Drawn"}},
		{"a ruleset without a detail", generic,
			[]string{"Day 4: the world's public frame", "  1. Azur (camp 2): score 20 · 5 zones held\n  2. Grisonval"},
			[]string{"Jour 4 : l'image publique du monde", "Classement :\n  1. Azur (camp 2) : score 20"},
			[]string{"Camps:", "Turn "}, []string{"Ranking"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			en, fr := Frame(lang.EN, tt.f), Frame(lang.FR, tt.f)
			for _, w := range tt.en {
				if !strings.Contains(en, w) {
					t.Errorf("English: got\n%s\nwant %q", en, w)
				}
			}
			for _, w := range tt.notEN {
				if strings.Contains(en, w) {
					t.Errorf("English: got\n%s\nwant no %q", en, w)
				}
			}
			for _, w := range tt.fr {
				if !strings.Contains(fr, w) {
					t.Errorf("French: got\n%s\nwant %q", fr, w)
				}
			}
			for _, w := range tt.headings {
				if strings.Contains(fr, w) {
					t.Errorf("French: got\n%s\nwant no %q (English)", fr, w)
				}
			}
		})
	}
}
