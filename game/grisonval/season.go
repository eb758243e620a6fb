package grisonval

import (
	"fmt"

	"github.com/grisonval/server/engine"
	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/game"
)

// PurposeFeatRoll is the purpose of the random streams of the d666 rolled
// for feats (rule CAR-D666), beyond the engine's own purposes: the roll of
// camp c's feats on day d of season s is drawn from
// engine.NewRand(seed, d, c, PurposeFeatRoll+engine.Purpose(s)), so that a
// replay gives the same rolls and two seasons of one world do not. Its
// value is stored in every chronicle: never change it.
const PurposeFeatRoll engine.Purpose = 1 << 32

// patrons are each camp's patrons (seed 003's "Supérieurs"), in camp order
// (docs/career.md, PATRONS).
var patrons = [engine.NumCamps][]string{
	{"Aurèle", "Béatrix", "Cassien"},
	{"Domitille", "Évariste", "Firmin"},
	{"Gaspard", "Hortense", "Isaure"},
}

// seasonLayer is Grisonval's side of the season layer.
type seasonLayer struct{}

// Season returns Grisonval's side of the season layer.
func (Ruleset) Season(int) game.Season { return seasonLayer{} }

// Patrons returns camp's patrons.
func (seasonLayer) Patrons(camp int) []string {
	if camp < 0 || camp >= engine.NumCamps {
		return nil
	}
	return patrons[camp]
}

// Score scores each camp's held zones (rule CAR-RANK); the holdings are the
// zones held (rule SEA-ZONES).
func (seasonLayer) Score(s game.State) ([]game.Score, error) {
	w := Of(s)
	out := make([]game.Score, engine.NumCamps)
	for c := range engine.CampID(engine.NumCamps) {
		held := campZones(w, c)
		score, err := career.Score(held)
		if err != nil {
			return nil, fmt.Errorf("score of camp %d: %w", c, err)
		}
		out[c] = game.Score{Score: score, Holdings: len(held), Summary: fmt.Sprintf("%d zones held", len(held))}
	}
	return out, nil
}

// campZones returns what the camp score needs of camp c's held zones.
func campZones(w *engine.World, c engine.CampID) []career.Zone {
	var zs []career.Zone
	for z := 1; z <= engine.NumZones; z++ {
		zone := &w.Zones[z]
		if zone.Owner != c {
			continue
		}
		zs = append(zs, career.Zone{Terrain: career.Terrain(zone.Terrain), Dev: zone.Development,
			Buildings: len(zone.Buildings), Capital: zone.Capital, Monument: zone.Monument})
	}
	return zs
}

// Feats returns the feat tracker of a season of the world of seed.
func (seasonLayer) Feats(seed uint64, season int) game.Feats {
	return &feats{seed: seed, season: season}
}

// feats derives a season's feats day by day (docs/career.md, FEAT-MAP).
type feats struct {
	seed   uint64
	season int
	// revealed holds, per camp, the enemy columns already revealed to it
	// this season.
	revealed [engine.NumCamps]map[int]bool
}

// Day returns each camp's feats of day d, with their d666.
func (f *feats) Day(d game.Day) ([][]career.Feat, error) {
	fd := featDay{before: Of(d.Before), after: Of(d.After)}
	for c := range fd.journal {
		if c < len(d.Journal) {
			fd.journal[c] = d.Journal[c]
		}
		if c < len(d.Played) {
			fd.played[c] = d.Played[c]
		}
	}
	out := make([][]career.Feat, engine.NumCamps)
	for c, kinds := range dayFeats(fd, &f.revealed) {
		rng := engine.NewRand(f.seed, fd.after.Day, c, PurposeFeatRoll+engine.Purpose(f.season))
		out[c] = career.RollFeats(rng, kinds)
	}
	return out, nil
}

// featDay is what one day's feats are derived from: the states before and
// after the tick, each camp's journal entries of the day, and the action
// each camp played itself (its applied order; "" for none).
type featDay struct {
	before, after *engine.World
	journal       [engine.NumCamps][]game.Entry
	played        [engine.NumCamps]string
}

// arriving reports whether camp c had a column reaching zone z on d's day.
func (d featDay) arriving(c engine.CampID, z engine.ZoneID) bool {
	for _, col := range d.before.Columns {
		if col.Camp == c && col.To == z && col.Arrive == d.after.Day {
			return true
		}
	}
	return false
}

// besieger returns the camp besieging zone z before the tick, or
// engine.NoCamp.
func (d featDay) besieger(z engine.ZoneID) engine.CampID {
	for _, s := range d.before.Sieges {
		if s.Zone == z {
			return s.Camp
		}
	}
	return engine.NoCamp
}

// outcomeKinds are the entries that tell what became of a column at a zone;
// a camp that has one of them there after a meeting survived the meeting.
var outcomeKinds = map[string]bool{
	"zone_taken": true, "battle": true, "siege": true, "arrival": true, "siege_reinforced": true,
	"siege_lines_held": true, "siege_lifted": true, "settlers_turned_back": true,
}

// dayFeats returns each camp's feat kinds of day d, in journal order, as
// docs/career.md (FEAT-MAP) maps journal kinds to feats. revealed holds,
// per camp, the enemy columns already revealed to it this season; dayFeats
// adds the ones it reveals today.
func dayFeats(d featDay, revealed *[engine.NumCamps]map[int]bool) [engine.NumCamps][]career.FeatKind {
	var out [engine.NumCamps][]career.FeatKind
	for c := range engine.CampID(engine.NumCamps) {
		var feats []career.FeatKind
		add := func(k career.FeatKind) { feats = append(feats, k) }
		routeCounted, pactsCounted := false, false
		for _, e := range d.journal[c] {
			var z engine.ZoneID
			if len(e.Zones) > 0 {
				z = engine.ZoneID(e.Zones[0])
			}
			owner := engine.NoCamp
			if z != 0 {
				owner = d.after.Zones[z].Owner
			}
			switch e.Kind {
			case "zone_taken":
				if owner == c {
					add(career.MissionSucceeded)
				}
			case "siege_won":
				switch {
				case owner == c:
					add(career.MissionSucceeded)
				case d.before.Zones[z].Owner == c:
					add(career.CounterMissionFailed)
				}
			case "siege_broken", "siege_starved":
				switch {
				case d.besieger(z) == c:
					add(career.MissionFailed)
				case owner == c:
					add(career.CounterMissionSucceeded)
				}
			case "siege_lifted":
				switch {
				case d.besieger(z) == c:
					add(career.SabotageSuffered)
				case owner == c:
					add(career.CounterMissionSucceeded)
				}
			case "battle":
				switch {
				case owner == c:
					add(career.CounterMissionSucceeded)
				case d.arriving(c, z):
					add(career.MissionFailed)
				}
			case "siege_lines_held":
				switch {
				case d.besieger(z) == c:
					add(career.CounterMissionSucceeded)
				case d.arriving(c, z):
					add(career.SabotageSuffered)
				}
			case "settlers_turned_back":
				if d.arriving(c, z) {
					add(career.MissionFailed)
				}
			case "meeting":
				if d.arriving(c, z) && !survived(d.journal[c], e.Day, z) {
					add(career.SabotageSuffered)
				}
			case "explore":
				add(career.IntelSupportInfluence)
			case "spy":
				if len(e.Zones) > 0 {
					add(career.IntelSupportInfluence)
				}
			case "spied_on":
				add(career.EnemyMissionRevealed)
			case "trade_route":
				if d.played[c] == engine.TradeRoute.String() && !routeCounted {
					add(career.IntelSupportInfluence)
					routeCounted = true
				}
			case "pact_signed":
				if pactsCounted {
					continue
				}
				pactsCounted = true
				for range signedPacts(d, c) {
					add(career.IntelSupportInfluence)
				}
			case "rest":
				add(career.Recovery)
			}
		}
		vis := d.after.Vision(c)
		for _, col := range d.after.Columns {
			if col.Camp == c || d.after.Allied(c, col.Camp) || !vis[col.To] || revealed[c][col.ID] {
				continue
			}
			if revealed[c] == nil {
				revealed[c] = make(map[int]bool)
			}
			revealed[c][col.ID] = true
			add(career.EnemyMissionRevealed)
		}
		out[c] = feats
	}
	return out
}

// survived reports whether a camp's journal of a day tells what became of
// its column at zone z after a meeting there.
func survived(journal []game.Entry, day int, z engine.ZoneID) bool {
	for _, e := range journal {
		if e.Day == day && outcomeKinds[e.Kind] && len(e.Zones) > 0 && engine.ZoneID(e.Zones[0]) == z {
			return true
		}
	}
	return false
}

// signedPacts returns the camps camp c signed a pact with on d's day: the
// pairs whose relation went up (war to peace or alliance, peace to
// alliance). A camp's pacts are counted once a day, however many
// proclamations it heard.
func signedPacts(d featDay, c engine.CampID) []engine.CampID {
	var out []engine.CampID
	for o := range engine.CampID(engine.NumCamps) {
		if o != c && d.after.Relation(c, o) > d.before.Relation(c, o) {
			out = append(out, o)
		}
	}
	return out
}
