package grisonval

import "github.com/grisonval/server/lang"

// news is an event not yet delivered: it reaches the involved camps and every
// camp that sees its zone at the end of the tick (rule FOG-2).
type news struct {
	involved  [NumCamps]bool
	zone      ZoneID
	kind      string
	narration lang.Text
	why       lang.Text
}

// journalHint is room for the entries of a busy day, made at once rather
// than grown: a late-game day writes a dozen or two.
const journalHint = 24

// note adds a journal entry for camp c alone.
func (t *tick) note(c CampID, kind string, zones []ZoneID, narration, why lang.Text) {
	if t.journal == nil {
		t.journal = make([]Entry, 0, journalHint)
	}
	t.journal = append(t.journal, Entry{Day: t.w.Day, Camp: c, Kind: kind, Zones: zones, Narration: narration, Why: why})
}

// announce records news about zone z, delivered at the end of the tick.
func (t *tick) announce(z ZoneID, kind string, narration, why lang.Text, involved ...CampID) {
	n := news{zone: z, kind: kind, narration: narration, why: why}
	for _, c := range involved {
		if c != NoCamp {
			n.involved[c] = true
		}
	}
	t.news = append(t.news, n)
}

func (t *tick) deliverNews() {
	if len(t.news) == 0 {
		return
	}
	var vis [NumCamps]zoneSet
	for c := range CampID(NumCamps) {
		t.w.visionInto(c, &vis[c])
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

// why returns the player's reason when given (the player's own words, the
// same in both languages), else the engine's, which derived writes only
// then: a bot or a player who gives his reasons spares its formatting.
func why(o Order, derived func() lang.Text) lang.Text {
	if o.Reason != "" {
		return lang.Same(o.Reason)
	}
	return derived()
}

var terrainNamesFR = [...]string{Plains: "plaine", Forest: "forêt", Mountain: "montagne", Coast: "côte"}

// terrainName names a terrain for the journal.
func terrainName(t Terrain) lang.Text {
	if int(t) < len(terrainNamesFR) && terrainNamesFR[t] != "" {
		return lang.Text{EN: t.String(), FR: terrainNamesFR[t]}
	}
	return lang.T("unknown land", "terre inconnue")
}
