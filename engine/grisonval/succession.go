package grisonval

import "github.com/grisonval/server/lang"

// CentreZone is the zone at the centre of the world (rule MAP-1).
var CentreZone = ZoneAt(Hex{})

// succeed is the succession phase (rule SUC-1): a living camp that had no
// capital at the start of the tick (its capital fell on an earlier day) and
// still holds zones names a new one: the zone with the most buildings, then
// the one closest to the centre of the world, then the lowest number. The
// news reaches the camp and every camp that sees the zone (FOG-2).
func (t *tick) succeed() {
	for c := range CampID(NumCamps) {
		if !t.w.Camps[c].Alive || t.prev.Capital(c) != 0 || t.w.Capital(c) != 0 {
			continue
		}
		best := ZoneID(0)
		for z := ZoneID(1); z <= NumZones; z++ {
			if t.w.Zones[z].Owner == c && (best == 0 || betterCapital(t.w, z, best)) {
				best = z
			}
		}
		if best == 0 {
			continue
		}
		zone := &t.w.Zones[best]
		zone.Capital = true
		t.announce(best, "capital_named", lang.T("%s raises its head: zone %d (%s) becomes its new capital.", "%s relève la tête : la zone %d (%s) devient sa nouvelle capitale.", t.w.Camps[c].Name, best, terrainName(zone.Terrain)),
			lang.T("succession: %d building(s), %d zone(s) from the centre; the most buildings, then the nearest the centre, then the lowest number", "succession : %d bâtiment(s), à %d zone(s) du centre ; le plus de bâtiments, puis le plus proche du centre, puis le plus petit numéro",
				len(zone.Buildings), ZoneDistance(best, CentreZone)), c)
	}
}

// betterCapital reports whether zone a beats zone b > a as a new capital
// (rule SUC-1): more buildings, then closer to the centre; a has the lower
// number, the last tie-breaker.
func betterCapital(w *World, a, b ZoneID) bool {
	na, nb := len(w.Zones[a].Buildings), len(w.Zones[b].Buildings)
	if na != nb {
		return na > nb
	}
	return ZoneDistance(a, CentreZone) < ZoneDistance(b, CentreZone)
}
