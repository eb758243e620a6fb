package grisonval

import (
	"fmt"
	"strings"

	"github.com/grisonval/server/engine/career"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
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

// PackageGives says what package p adds at the season's start (rule
// REN-PKG): its stock in the camp's stores and men in its capital's
// garrison (applyPlayer).
func (seasonLayer) PackageGives(p career.Package) lang.Text {
	st := p.Stock()
	var en, fr []string
	for _, it := range []struct {
		n      int
		en, fr string
	}{
		{st.Food, "food", "nourriture"}, {st.Wood, "wood", "bois"}, {st.Stone, "stone", "pierre"}, {st.Tools, "tools", "outils"},
		{st.Gold, "gold", "or"}, {st.Research, "research", "recherche"},
		{st.Garrison, "men in the capital's garrison", "hommes dans la garnison de la capitale"},
	} {
		if it.n != 0 {
			en, fr = append(en, fmt.Sprintf("+%d %s", it.n, it.en)), append(fr, fmt.Sprintf("+%d %s", it.n, it.fr))
		}
	}
	return lang.T(strings.Join(en, ", "), strings.Join(fr, ", "))
}

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
		out[c] = game.Score{Score: score, Holdings: len(held), Summary: zonesHeld(len(held))}
	}
	return out, nil
}

// campZones returns what the camp score needs of camp c's held zones: under
// RulesVictory its barracks count in full and its capital counts the camp's
// men under arms averaged over the season (rule CAR-VETERANS);
// under older rules nothing counts them, so that their scores are those
// they were ranked by (RULES-1).
func campZones(w *engine.World, c engine.CampID) []career.Zone {
	var zs []career.Zone
	for z := 1; z <= engine.NumZones; z++ {
		zone := &w.Zones[z]
		if zone.Owner != c {
			continue
		}
		cz := career.Zone{Terrain: career.Terrain(zone.Terrain), Dev: zone.Development,
			Buildings: len(zone.Buildings), Capital: zone.Capital, Monument: zone.Monument}
		if w.Rules >= engine.RulesVictory {
			for _, b := range zone.Buildings {
				if b == engine.Barracks {
					cz.Barracks++
				}
			}
			if zone.Capital {
				cz.ArmsDays, cz.Days = w.Camps[c].ArmsDays, w.Day
			}
		}
		zs = append(zs, cz)
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
	// sieges holds the sieges standing at the end of the last day given,
	// by zone, with the day of the order that sent the column that laid
	// each (rule FEAT-AUTHOR).
	sieges map[engine.ZoneID]laid
}

// laid is a siege as the feat tracker remembers it: the siege, and the day
// of the order whose column laid it.
type laid struct {
	siege engine.Siege
	order int
}

// Day returns each camp's feats of day d, with their d666.
func (f *feats) Day(d game.Day) ([][]career.Feat, error) {
	fd := featDay{before: Of(d.Before), after: Of(d.After), sieges: f.sieges}
	for c := range fd.journal {
		if c < len(d.Journal) {
			fd.journal[c] = d.Journal[c]
		}
		if c < len(d.Played) {
			fd.played[c] = d.Played[c]
		}
	}
	out := make([][]career.Feat, engine.NumCamps)
	for c, fs := range dayFeats(fd, &f.revealed) {
		rng := engine.NewRand(f.seed, fd.after.Day, c, PurposeFeatRoll+engine.Purpose(f.season))
		out[c] = career.RollFeats(rng, fs)
	}
	f.sieges = fd.laidSieges()
	return out, nil
}

// featDay is what one day's feats are derived from: the states before and
// after the tick, each camp's journal entries of the day, the action each
// camp played itself (its applied order; "" for none), and the sieges
// standing before the tick with their orders' days.
type featDay struct {
	before, after *engine.World
	journal       [engine.NumCamps][]game.Entry
	played        [engine.NumCamps]string
	sieges        map[engine.ZoneID]laid
}

// arrival returns the day of the order that sent camp c's column reaching
// zone z on d's day, and whether one did. Of several, the first sent (the
// lowest ID) counts. A column's Depart is the day whose order sent it (the
// engine launches it while resolving that day), or the day it turned back
// (WAR-TURN) or fell back from a lifted siege (SIE-5).
func (d featDay) arrival(c engine.CampID, z engine.ZoneID) (order int, ok bool) {
	id := 0
	for _, col := range d.before.Columns {
		if col.Camp == c && col.To == z && col.Arrive == d.after.Day && (!ok || col.ID < id) {
			order, id, ok = col.Depart, col.ID, true
		}
	}
	return order, ok
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

// siegeOrder returns the day of the order whose column laid the siege of
// zone z standing before the tick: remembered from the day it was laid, or
// d's own day for a siege the tracker never saw laid (one standing at the
// season's first state, as in a fork's first season).
func (d featDay) siegeOrder(z engine.ZoneID) int {
	if l, ok := d.sieges[z]; ok {
		return l.order
	}
	return d.after.Day
}

// laidSieges returns the sieges standing after the tick with the days of
// their orders: a siege standing before keeps its own; a new one takes the
// order of the besieger's column that arrived at the zone that day (laid
// with no such column, which the engine never does, d's own day).
func (d featDay) laidSieges() map[engine.ZoneID]laid {
	if len(d.after.Sieges) == 0 {
		return nil
	}
	out := make(map[engine.ZoneID]laid, len(d.after.Sieges))
	for _, s := range d.after.Sieges {
		if l, ok := d.sieges[s.Zone]; ok && l.siege.Camp == s.Camp && l.siege.Start == s.Start {
			out[s.Zone] = laid{siege: s, order: l.order}
			continue
		}
		order, ok := d.arrival(s.Camp, s.Zone)
		if !ok {
			order = d.after.Day
		}
		out[s.Zone] = laid{siege: s, order: order}
	}
	return out
}

// outcomeKinds are the entries that tell what became of a column at a zone;
// a camp that has one of them there after a meeting survived the meeting.
var outcomeKinds = map[string]bool{
	"zone_taken": true, "battle": true, "siege": true, "arrival": true, "siege_reinforced": true,
	"siege_lines_held": true, "siege_lifted": true, "settlers_turned_back": true,
}

// dayFeats returns each camp's feats of day d, without their rolls, in
// journal order, as docs/career.md (FEAT-MAP) maps journal kinds to feats,
// each with the day of the order it stems from (FEAT-AUTHOR): the order
// that sent the arriving column for the outcome of the camp's own column at
// its arrival, the order that sent the column that laid the siege for a
// siege's outcome for the besieger, the day's own order for every other.
// revealed holds, per camp, the enemy columns already revealed to it this
// season; dayFeats adds the ones it reveals today.
func dayFeats(d featDay, revealed *[engine.NumCamps]map[int]bool) [engine.NumCamps][]career.Feat {
	var out [engine.NumCamps][]career.Feat
	day := d.after.Day
	for c := range engine.CampID(engine.NumCamps) {
		var feats []career.Feat
		add := func(k career.FeatKind, order int) { feats = append(feats, career.Feat{Kind: k, Order: order}) }
		// arrived adds k stemming from the order that sent camp c's column
		// to zone z, if one arrived there today.
		arrived := func(k career.FeatKind, z engine.ZoneID) {
			if order, ok := d.arrival(c, z); ok {
				add(k, order)
			}
		}
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
					order, ok := d.arrival(c, z)
					if !ok {
						order = day
					}
					add(career.MissionSucceeded, order)
				}
			case "siege_won":
				switch {
				case owner == c:
					add(career.MissionSucceeded, d.siegeOrder(z))
				case d.before.Zones[z].Owner == c:
					add(career.CounterMissionFailed, day)
				}
			case "siege_broken", "siege_starved":
				switch {
				case d.besieger(z) == c:
					add(career.MissionFailed, d.siegeOrder(z))
				case owner == c:
					add(career.CounterMissionSucceeded, day)
				}
			case "siege_lifted":
				switch {
				case d.besieger(z) == c:
					add(career.SabotageSuffered, d.siegeOrder(z))
				case owner == c:
					add(career.CounterMissionSucceeded, day)
				}
			case "battle":
				switch {
				case owner == c:
					add(career.CounterMissionSucceeded, day)
				default:
					arrived(career.MissionFailed, z)
				}
			case "siege_lines_held":
				switch {
				case d.besieger(z) == c:
					add(career.CounterMissionSucceeded, d.siegeOrder(z))
				default:
					arrived(career.SabotageSuffered, z)
				}
			case "settlers_turned_back":
				arrived(career.MissionFailed, z)
			case "meeting":
				if !survived(d.journal[c], e.Day, z) {
					arrived(career.SabotageSuffered, z)
				}
			case "explore":
				add(career.IntelSupportInfluence, day)
			case "spy":
				if len(e.Zones) > 0 {
					add(career.IntelSupportInfluence, day)
				}
			case "spied_on":
				add(career.EnemyMissionRevealed, day)
			case "trade_route":
				if d.played[c] == engine.TradeRoute.String() && !routeCounted {
					add(career.IntelSupportInfluence, day)
					routeCounted = true
				}
			case "pact_signed":
				if pactsCounted {
					continue
				}
				pactsCounted = true
				for range signedPacts(d, c) {
					add(career.IntelSupportInfluence, day)
				}
			case "rest":
				add(career.Recovery, day)
			case "patron_grace":
				feats = append(feats, career.Feat{Kind: career.InterventionTriggered, Roll: career.D666{1, 1, 1}, Order: day})
			case "patron_chaos":
				feats = append(feats, career.Feat{Kind: career.InterventionTriggered, Roll: career.D666{6, 6, 6}, Order: day})
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
			add(career.EnemyMissionRevealed, day)
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

// zonesHeld says n zones held, in both languages.
func zonesHeld(n int) lang.Text {
	if n == 1 {
		return lang.T("1 zone held", "1 zone tenue")
	}
	return lang.T("%d zones held", "%d zones tenues", n)
}
