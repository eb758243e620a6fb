package castle

import (
	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/engine/castle"
	"github.com/grisonval/server/engine/rng"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
)

// PurposeFeatRoll is the purpose of the streams of the d666 rolled for
// feats (rule CAS-FEATS): the roll of city c's feats on day d of season s
// is drawn from rng.New(seed, d, c, PurposeFeatRoll+s). Never change it.
const PurposeFeatRoll uint64 = 1 << 32

// seasonLayer is the Castle's side of the season layer.
type seasonLayer struct{}

// Season returns the Castle's side of the season layer.
func (Ruleset) Season(int) game.Season { return seasonLayer{} }

// patrons are each seat's patrons (rule CAS-PATRONS).
var patrons = [castle.MaxCities][]string{
	{"Esclarmonde", "Raymond", "Pierre-Roger"}, {"Trencavel", "Adélaïde", "Bernard"}, {"Thibaut", "Blanche", "Henri"},
	{"Foulques", "Agnès", "Geoffroy"}, {"Rivallon", "Aliénor", "Alain"}, {"Guilhem", "Sancie", "Bérenger"},
}

// Patrons returns city camp's patrons.
func (seasonLayer) Patrons(camp int) []string {
	if camp < 0 || camp >= len(patrons) {
		return nil
	}
	return patrons[camp]
}

// gaugeWords name the gauges a package raises, in both languages.
var gaugeWords = map[castle.Gauge]lang.Text{
	castle.Gold: lang.T("gold", "or"), castle.Wheat: lang.T("wheat", "blé"), castle.Health: lang.T("health", "santé"),
	castle.Civilians: lang.T("civilians", "civils"), castle.Army: lang.T("army", "armée"),
}

// PackageGives says what package p gives a city at the setup: one point
// of a gauge (rule CAS-PKG).
func (seasonLayer) PackageGives(p career.Package) lang.Text {
	g, ok := packageGauges[p.String()]
	if !ok {
		return lang.Text{}
	}
	return lang.T("+1 %s", "+1 %s", gaugeWords[g])
}

// standingScore lifts a standing city above every fallen one (rule
// CAS-RANK).
const standingScore = 1000

// Score ranks the cities (rule CAS-RANK): a standing city above every
// fallen one, by its margin from a fall (its civilians, 10 less its
// civilians or 10 less its army, whichever is least), then by the sum of its
// gauges; a fallen city by the turn it fell, the later the better.
func (seasonLayer) Score(s game.State) ([]game.Score, error) {
	st := Of(s)
	out := make([]game.Score, len(st.Cities))
	for c, city := range st.Cities {
		g := city.Gauges
		if !city.Standing() {
			out[c] = game.Score{Score: city.Fell, Summary: lang.T("fell on turn %d (%s)", "tombée au tour %d (%s)", city.Fell, city.Cause)}
			continue
		}
		margin := min(g[castle.Civilians], castle.MaxGauge-g[castle.Civilians], castle.MaxGauge-g[castle.Army])
		sum := 0
		for _, v := range g {
			sum += v
		}
		out[c] = game.Score{Score: standingScore + 10*margin + sum, Holdings: g[castle.Civilians],
			Summary: lang.T("standing: gold %d, wheat %d, health %d, civilians %d, army %d",
				"debout : or %d, blé %d, santé %d, civils %d, armée %d",
				g[castle.Gold], g[castle.Wheat], g[castle.Health], g[castle.Civilians], g[castle.Army])}
	}
	return out, nil
}

// featKinds map the Castle's journal to seed 003's feats (rule CAS-FEATS).
var featKinds = map[string]career.FeatKind{
	"war_won":      career.MissionSucceeded,
	"war_lost":     career.MissionFailed,
	"war_stopped":  career.MissionFailed,
	"war_defended": career.CounterMissionSucceeded,
	"war_absorbed": career.CounterMissionSucceeded,
	"war_defeated": career.CounterMissionFailed,
	"draft":        career.IntelSupportInfluence,
	"pass":         career.Recovery,
}

// Feats returns the feat tracker of a season of the world of seed.
func (seasonLayer) Feats(seed uint64, season int) game.Feats {
	return feats{seed: seed, season: season}
}

type feats struct {
	seed   uint64
	season int
}

// Day returns each city's feats of d, with their d666: its own wars won
// and lost, attacks its outpost absorbed, the cards it saw at its draft,
// its passes, and its own fall as a sabotage suffered. Every feat stems from
// the order of d's own day (rule FEAT-AUTHOR): a Castle order resolves on
// the day it is played for.
func (f feats) Day(d game.Day) ([][]career.Feat, error) {
	out := make([][]career.Feat, len(d.Journal))
	after := Of(d.After)
	for c, entries := range d.Journal {
		var fs []career.Feat
		for _, e := range entries {
			if k, ok := featKinds[e.Kind]; ok {
				fs = append(fs, career.Feat{Kind: k, Order: after.Day})
			}
		}
		if c < len(after.Cities) && after.Cities[c].Fell != 0 && Of(d.Before).Cities[c].Fell == 0 {
			fs = append(fs, career.Feat{Kind: career.SabotageSuffered, Order: after.Day})
		}
		out[c] = career.RollFeats(rng.New(f.seed, after.Day, c, PurposeFeatRoll+uint64(f.season)), fs)
	}
	return out, nil
}
