package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/grisonval/server/clients/bot"
	"github.com/grisonval/server/engine/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// warStats is one camp's season of war and diplomacy.
type warStats struct {
	// Sieges it laid (started), that took the place (won) or ended
	// otherwise (failed: lifted, starved, broken, or lifted by a peace);
	// sieges laid to its zones (suffered) and zones it lost (lost).
	started, won, failed, suffered, lost int
	// Attacks are its columns sent against another camp's zone.
	attacks int
	// Pact events: proposals it made, peaces and alliances it signed, pacts
	// it broke, its proposals refused.
	proposals, peaces, alliances, broken, refused int
	coups                                         int
	extinctDay                                    int
	// collapses counts the colonies that died out and were founded anew
	// (rule CAMP-3).
	collapses   int
	governments int
	// postureDays counts the days in each posture (pb.Posture).
	postureDays [4]int
	// idle is the current and longest run of aggressive days without an
	// attack or a siege of its own under way.
	idle, longestIdle int
}

// recordWar adds to st what one tick did: before is the world the orders
// were decided on, out the tick's outcome, states the bots' states after
// deciding.
func recordWar(st *[grisonval.NumCamps]warStats, before *grisonval.World, out grisonval.Outcome, states [grisonval.NumCamps]bot.State) {
	after := out.World
	besieger := func(w *grisonval.World, z grisonval.ZoneID) grisonval.CampID {
		for _, s := range w.Sieges {
			if s.Zone == z {
				return s.Camp
			}
		}
		return grisonval.NoCamp
	}
	for _, s := range after.Sieges {
		if besieger(before, s.Zone) != s.Camp {
			st[s.Camp].started++
			st[before.Zone(s.Zone).Owner].suffered++
		}
	}
	for _, s := range before.Sieges {
		if besieger(after, s.Zone) == s.Camp {
			continue
		}
		if after.Zone(s.Zone).Owner == s.Camp {
			st[s.Camp].won++
		} else {
			st[s.Camp].failed++
		}
	}
	for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
		if o := before.Zone(z).Owner; o != grisonval.NoCamp && after.Zone(z).Owner != o {
			st[o].lost++
		}
	}
	for _, e := range out.Pacts {
		switch e.Event {
		case grisonval.PactProposed:
			st[e.By].proposals++
		case grisonval.PactSigned:
			for _, c := range []grisonval.CampID{e.A, e.B} {
				if e.Status == grisonval.Alliance {
					st[c].alliances++
				} else {
					st[c].peaces++
				}
			}
		case grisonval.PactRefused:
			other := e.A
			if other == e.By {
				other = e.B
			}
			st[other].refused++
		case grisonval.PactBroken:
			if e.By != grisonval.NoCamp {
				st[e.By].broken++
			} else {
				st[e.A].broken++
				st[e.B].broken++
			}
		}
	}
	for _, e := range out.Journal {
		if e.Kind == "colony_founded" {
			st[e.Camp].collapses++
		}
	}
	for c := range grisonval.CampID(grisonval.NumCamps) {
		s := &st[c]
		res := out.Results[c]
		if before.Camps[c].Alive && !after.Camps[c].Alive {
			s.extinctDay = after.Day
		}
		if !before.Camps[c].Alive {
			continue
		}
		if after.Camps[c].Government != before.Camps[c].Government {
			if res.Order.Action == grisonval.SetGovernment && res.Status == grisonval.Applied {
				s.governments++
			} else {
				s.coups++
			}
		}
		attacked := res.Status == grisonval.Applied && res.Order.Action == grisonval.SendArmy &&
			before.Zone(grisonval.ZoneID(res.Order.Args[1])).Owner != c
		if attacked {
			s.attacks++
		}
		p := states[c].Posture
		s.postureDays[p]++
		sieging := false
		for _, sg := range after.Sieges {
			sieging = sieging || sg.Camp == c
		}
		if p == pb.Posture_POSTURE_AGGRESSIVE && !attacked && !sieging {
			s.idle++
			s.longestIdle = max(s.longestIdle, s.idle)
		} else {
			s.idle = 0
		}
	}
}

// reportWar prints the war and diplomacy table of one mix of postures: per
// archetype (camp), summed or averaged over the runs.
func reportWar(out io.Writer, mix string, runs []run, days int) {
	n := len(runs)
	fmt.Fprintf(out, "\n### Postures %s: %d seeds of %d days\n\n", mix, n, days)
	fmt.Fprintln(out, "| camp (archetype) | wins | zones at the end (mean, min-max) | sieges laid / won / failed | sieges suffered | zones lost | attacks | proposals | refused | peaces | alliances | broken | coups | governments | extinct | days aggressive / growth / prudent | longest idle aggressive run |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	var wins [grisonval.NumCamps]int
	draws := 0
	var winners []string
	for _, r := range runs {
		best, at := grisonval.NoCamp, -1
		tie := false
		for c := range grisonval.CampID(grisonval.NumCamps) {
			switch h := r.final.HeldZones(c); {
			case h > at:
				best, at, tie = c, h, false
			case h == at:
				tie = true
			}
		}
		if tie {
			draws++
			winners = append(winners, fmt.Sprintf("%d: draw", r.seed))
			continue
		}
		wins[best]++
		winners = append(winners, fmt.Sprintf("%d: %s", r.seed, r.final.Camps[best].Name))
	}
	for c := range grisonval.CampID(grisonval.NumCamps) {
		var t warStats
		zmin, zmax, zsum, extinct := 1<<30, 0, 0, 0
		for _, r := range runs {
			s := r.war[c]
			t.started += s.started
			t.won += s.won
			t.failed += s.failed
			t.suffered += s.suffered
			t.lost += s.lost
			t.attacks += s.attacks
			t.proposals += s.proposals
			t.refused += s.refused
			t.peaces += s.peaces
			t.alliances += s.alliances
			t.broken += s.broken
			t.coups += s.coups
			t.governments += s.governments
			for p := range s.postureDays {
				t.postureDays[p] += s.postureDays[p]
			}
			t.longestIdle = max(t.longestIdle, s.longestIdle)
			if s.extinctDay > 0 {
				extinct++
			}
			h := r.final.HeldZones(c)
			zmin, zmax, zsum = min(zmin, h), max(zmax, h), zsum+h
		}
		pd := t.postureDays
		fmt.Fprintf(out, "| %s (%s) | %d | %.1f, %d-%d | %d / %d / %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d / %d / %d | %d |\n",
			grisonval.CampNames[c], grisonval.CampArchetypes[c], wins[c], float64(zsum)/float64(max(1, n)), zmin, zmax,
			t.started, t.won, t.failed, t.suffered, t.lost, t.attacks, t.proposals, t.refused, t.peaces, t.alliances, t.broken,
			t.coups, t.governments, extinct,
			pd[pb.Posture_POSTURE_AGGRESSIVE], pd[pb.Posture_POSTURE_GROWTH], pd[pb.Posture_POSTURE_PRUDENT], t.longestIdle)
	}
	fmt.Fprintf(out, "\nDraws (the most zones shared): %d. Winner per seed: %s.\n", draws, strings.Join(winners, ", "))
}

// siegeEndKinds are the journal's kinds of news that end a siege (rules
// SIE-3, SIE-5): the place taken, the assault broken, the lines starved,
// the siege lifted.
var siegeEndKinds = []string{"siege_won", "siege_broken", "siege_starved", "siege_lifted"}

// recordSiegeEnds counts the sieges a tick's journal ends, once per zone
// and kind however many camps read the news.
func recordSiegeEnds(ends map[string]int, journal []grisonval.Entry) {
	seen := map[string]bool{}
	for _, e := range journal {
		if !slices.Contains(siegeEndKinds, e.Kind) || len(e.Zones) == 0 {
			continue
		}
		if k := fmt.Sprint(e.Kind, e.Zones[0]); !seen[k] {
			seen[k] = true
			ends[e.Kind]++
		}
	}
}
