package grisonval

import (
	"slices"

	"github.com/grisonval/server/lang"
)

// extinguish is the extinction phase. A camp with no zone, no column and no
// siege lines left is extinct (rule CAMP-2). Under RulesWar, a camp that
// still holds something but whose people are all dead collapses and a new
// colony is founded elsewhere (rule CAMP-3); with no free zone left to
// found it on, the camp is extinct.
func (t *tick) extinguish() {
	for c := range CampID(NumCamps) {
		camp := &t.w.Camps[c]
		if !camp.Alive {
			continue
		}
		holds := t.w.HeldZones(c) > 0 || slices.ContainsFunc(t.w.Columns, func(col Column) bool { return col.Camp == c }) ||
			slices.ContainsFunc(t.w.Sieges, func(s Siege) bool { return s.Camp == c })
		if holds && (t.w.Rules < RulesWar || len(camp.Citizens) > 0) {
			continue
		}
		if holds && t.collapse(c) {
			continue
		}
		camp.Alive = false
		t.dropPacts(c)
		t.announce(0, "extinct", lang.T("The people of %s has died out.", "Le peuple de %s s'est éteint.", camp.Name), lang.T("no zone held any more", "plus aucune zone tenue"), CampID(0), CampID(1), CampID(2))
	}
}

// collapse is rule CAMP-3: camp c, whose last inhabitant is dead, collapses
// and a new colony is founded elsewhere. Its land goes free and falls to
// ruin (buildings, monument, development and capital gone; special terrain
// stays, it is the land's); a place another camp besieges passes to the
// besieger, its lines its garrison; its columns and siege lines vanish and
// its pacts fall (DIP-8). The new colony is founded on the free zone that
// was not its land, then the farthest from every other living camp's land,
// then the nearest the centre, then the lowest number: a capital with
// CAMP-1's garrison, founders (CIT-START), stocks, morale, government,
// legitimacy and council (CNL-2). The camp keeps its name, its research
// (the tiers are unlocked for good, TECH-1), its achievements, its
// reputation, its maps and the peoples it met. It returns false when no
// zone is left free to found the colony on: the camp is then extinct.
func (t *tick) collapse(c CampID) bool {
	w := t.w
	var former []ZoneID
	for z := ZoneID(1); z <= NumZones; z++ {
		if w.Zones[z].Owner == c {
			former = append(former, z)
		}
	}
	camp := &w.Camps[c]
	t.note(c, "colony_collapsed", former, lang.T("The last inhabitant of %s is dead: the colony collapses, its %d zone(s) fall to ruin.", "Le dernier habitant de %s est mort : la colonie s'effondre, ses %d zone(s) tombent en ruine.", camp.Name, len(former)),
		lang.T("population 0: the colony collapses and a new one is founded elsewhere (CAMP-3)", "population 0 : la colonie s'effondre et une nouvelle est fondée ailleurs (CAMP-3)"))
	t.announce(0, "colony_collapsed", lang.T("The colony of %s has collapsed: its people are all dead, its land is free, its word is void.", "La colonie de %s s'est effondrée : son peuple est mort, ses terres sont libres, sa parole ne vaut plus rien.", camp.Name),
		lang.T("population 0 with %d zone(s) held", "population 0 pour %d zone(s) tenue(s)", len(former)), slices.DeleteFunc(allCamps(), func(o CampID) bool { return o == c })...)
	for _, z := range former {
		zone := &w.Zones[z]
		zone.Owner, zone.Capital, zone.Garrison, zone.Development, zone.Buildings, zone.Monument = NoCamp, false, 0, 0, nil, false
		if i := w.siegeAt(z); i >= 0 {
			s := w.Sieges[i]
			t.endSiege(i)
			zone.Owner, zone.Garrison = s.Camp, s.Men
			t.record(s.Camp, factZoneWon)
			t.announce(z, "ruin_taken", lang.T("%s enters zone %d without a fight: no one is left to hold it.", "%s entre sans combat dans la zone %d : il ne reste personne pour la tenir.", w.Camps[s.Camp].Name, z),
				lang.T("the holder's colony collapsed; %d besieger(s) garrison the place", "la colonie du tenant s'est effondrée ; %d assiégeant(s) tiennent la place", s.Men), s.Camp, c)
		}
	}
	w.Columns = slices.DeleteFunc(w.Columns, func(col Column) bool { return col.Camp == c })
	w.Sieges = slices.DeleteFunc(w.Sieges, func(s Siege) bool { return s.Camp == c })
	site := ZoneID(0)
	for z := ZoneID(1); z <= NumZones; z++ {
		if w.Zones[z].Owner == NoCamp && (site == 0 || betterFounding(w, c, former, z, site)) {
			site = z
		}
	}
	if site == 0 {
		return false
	}
	t.dropPacts(c)
	old := *camp
	*camp = Camp{
		Name: old.Name, Alive: true, Resources: StartResources, Morale: min(100, StartMorale+w.Rulers[c].StartMorale),
		NextCitizen: old.NextCitizen, Met: old.Met, Memory: old.Memory, Achievements: old.Achievements,
		Government: StartGovernment, Legitimacy: StartLegitimacy, Infamy: old.Infamy, Fame: old.Fame,
	}
	camp.Resources.Research = old.Resources.Research
	zone := &w.Zones[site]
	zone.Owner, zone.Capital, zone.Garrison = c, true, StartGarrison
	w.foundCamp(c)
	t.announce(site, "colony_founded", lang.T("A new colony of %s is founded on zone %d (%s).", "Une nouvelle colonie de %s est fondée sur la zone %d (%s).", camp.Name, site, terrainName(zone.Terrain)),
		lang.T("the free zone farthest from the other camps' land, not the fallen colony's where one is free; %d founders, %s",
			"la zone libre la plus éloignée des terres des autres camps, hors des terres de la colonie tombée s'il en reste ; %d fondateurs, %s",
			StartPopulation, StartResources.text()), c)
	return true
}

// betterFounding reports whether zone a beats zone b > a as the site of camp
// c's new colony (rule CAMP-3): not its former land, then farther from the
// other living camps' land, then nearer the centre.
func betterFounding(w *World, c CampID, former []ZoneID, a, b ZoneID) bool {
	if fa, fb := slices.Contains(former, a), slices.Contains(former, b); fa != fb {
		return fb
	}
	if da, db := distanceToOthers(w, c, a), distanceToOthers(w, c, b); da != db {
		return da > db
	}
	return ZoneDistance(a, CentreZone) < ZoneDistance(b, CentreZone)
}

// distanceToOthers returns the distance from zone z to the nearest zone held
// by a living camp other than c (2 × Radius + 1 when there is none).
func distanceToOthers(w *World, c CampID, z ZoneID) int {
	d := 2*Radius + 1
	for o := ZoneID(1); o <= NumZones; o++ {
		if own := w.Zones[o].Owner; own != NoCamp && own != c && w.Camps[own].Alive {
			d = min(d, ZoneDistance(z, o))
		}
	}
	return d
}
