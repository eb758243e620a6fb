package engine

// news is an event not yet delivered: it reaches the involved camps and every
// camp that sees its zone at the end of the tick (rule FOG-2).
type news struct {
	involved  [NumCamps]bool
	zone      ZoneID
	kind      string
	narration string
	why       string
}

// note adds a journal entry for camp c alone.
func (t *tick) note(c CampID, kind string, zones []ZoneID, narration, why string) {
	t.journal = append(t.journal, Entry{Day: t.w.Day, Camp: c, Kind: kind, Zones: zones, Narration: narration, Why: why})
}

// announce records news about zone z, delivered at the end of the tick.
func (t *tick) announce(z ZoneID, kind, narration, why string, involved ...CampID) {
	n := news{zone: z, kind: kind, narration: narration, why: why}
	for _, c := range involved {
		if c != NoCamp {
			n.involved[c] = true
		}
	}
	t.news = append(t.news, n)
}

func (t *tick) deliverNews() {
	var vis [NumCamps][]bool
	for c := range CampID(NumCamps) {
		vis[c] = t.w.Vision(c)
	}
	for _, n := range t.news {
		// A proclamation (zone 0) names no zone.
		var zones []ZoneID
		if n.zone != 0 {
			zones = []ZoneID{n.zone}
		}
		for c := range CampID(NumCamps) {
			if n.involved[c] || t.allyInvolved(&n, c) || (n.zone != 0 && vis[c][n.zone]) {
				t.note(c, n.kind, zones, n.narration, n.why)
			}
		}
	}
}

// why returns the player's reason when given, else the engine's.
func why(o Order, derived string) string {
	if o.Reason != "" {
		return o.Reason
	}
	return derived
}

func terrainFR(t Terrain) string {
	switch t {
	case Plains:
		return "plaine"
	case Forest:
		return "forêt"
	case Mountain:
		return "montagne"
	case Coast:
		return "côte"
	}
	return "terre inconnue"
}
