package server

import (
	"context"
	"fmt"

	"github.com/grisonval/server/engine"
	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/server/store"
)

// PurposeFeatRoll is the purpose of the random streams of the d666 rolled
// for feats (rule CAR-D666), beyond the engine's own purposes: the roll of
// camp c's feats on day d of season s is drawn from
// engine.NewRand(seed, d, c, PurposeFeatRoll+engine.Purpose(s)), so that a
// replay gives the same rolls and two seasons of one world do not. Its
// value is stored in every chronicle: never change it.
const PurposeFeatRoll engine.Purpose = 1 << 32

// featDay is what one day's feats are derived from: the states before and
// after the tick, each camp's journal entries of the day, and the action
// each camp played itself (its applied order; "" for none).
type featDay struct {
	before, after *engine.World
	journal       [engine.NumCamps][]store.JournalEntry
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
func survived(journal []store.JournalEntry, day int, z engine.ZoneID) bool {
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

// rollFeats returns kinds as feats of camp c on day day of season, with
// their d666 (rule CAR-D666): every feat but recovery gets the next roll of
// the camp's stream of the day, and a roll of 111 or 666 adds an
// intervention with that roll right after the feat.
func rollFeats(seed uint64, season, day int, c engine.CampID, kinds []career.FeatKind) []career.Feat {
	rng := engine.NewRand(seed, day, int(c), PurposeFeatRoll+engine.Purpose(season))
	var feats []career.Feat
	for _, k := range kinds {
		if k == career.Recovery {
			feats = append(feats, career.Feat{Kind: k})
			continue
		}
		roll := career.RollD666(rng)
		feats = append(feats, career.Feat{Kind: k, Roll: roll})
		if roll.Intervention() {
			feats = append(feats, career.Feat{Kind: career.InterventionTriggered, Roll: roll})
		}
	}
	return feats
}

// seasonTallies reads a season's stored ticks, journals and orders and
// returns each camp's tally of feats.
func seasonTallies(ctx context.Context, st store.Store, w store.World, season int) ([engine.NumCamps]career.Tally, error) {
	var tallies [engine.NumCamps]career.Tally
	ticks, err := st.TickHashes(ctx, w.ID, season)
	if err != nil {
		return tallies, fmt.Errorf("feats of season %d: %w", season, err)
	}
	var journals [engine.NumCamps]map[int][]store.JournalEntry
	for c := range journals {
		entries, err := st.Journal(ctx, w.ID, season, c, 0)
		if err != nil {
			return tallies, fmt.Errorf("feats of season %d: %w", season, err)
		}
		journals[c] = make(map[int][]store.JournalEntry)
		for _, e := range entries {
			journals[c][e.Day] = append(journals[c][e.Day], e)
		}
	}
	orders, err := st.Orders(ctx, w.ID, season)
	if err != nil {
		return tallies, fmt.Errorf("feats of season %d: %w", season, err)
	}
	played := make(map[int]*[engine.NumCamps]string)
	for _, o := range orders {
		if o.Status != store.OrderApplied || o.Camp < 0 || o.Camp >= engine.NumCamps {
			continue
		}
		if played[o.Day] == nil {
			played[o.Day] = new([engine.NumCamps]string)
		}
		played[o.Day][o.Camp] = o.Action
	}
	var (
		before   *engine.World
		revealed [engine.NumCamps]map[int]bool
	)
	for _, th := range ticks {
		t, err := st.TickAt(ctx, w.ID, season, th.Day)
		if err != nil {
			return tallies, fmt.Errorf("feats of season %d: %w", season, err)
		}
		after, err := decodeState(t.State)
		if err != nil {
			return tallies, fmt.Errorf("feats of season %d day %d: %w", season, t.Day, err)
		}
		if before != nil {
			d := featDay{before: before, after: after}
			for c := range d.journal {
				d.journal[c] = journals[c][t.Day]
			}
			if p := played[t.Day]; p != nil {
				d.played = *p
			}
			for c, kinds := range dayFeats(d, &revealed) {
				for _, f := range rollFeats(w.Seed, season, t.Day, engine.CampID(c), kinds) {
					if err := tallies[c].Add(f); err != nil {
						return tallies, fmt.Errorf("feats of season %d day %d camp %d: %w", season, t.Day, c, err)
					}
				}
			}
		}
		before = after
	}
	return tallies, nil
}
