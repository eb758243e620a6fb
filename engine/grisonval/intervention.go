package grisonval

import (
	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/lang"
)

// PurposeIntervention draws each camp's daily d666 of its patrons (rule
// PAT-D666). Its value lies apart from the purposes numbered in rng.go, so
// that a purpose added there never takes it; it is stored in no state but
// keys every replay of a world played by RulesWar: never change it.
const PurposeIntervention Purpose = 1 << 16

// Effects of the patrons' interventions (rules PAT-GRACE and PAT-CHAOS).
const (
	// GraceMorale is the morale a 111 gives the camp that rolled it.
	GraceMorale = 10
	// ChaosMorale is the morale a 666 takes from every camp at war with the
	// camp that rolled it.
	ChaosMorale = 5
)

// rollEventsAndPatrons is the events phase: the daily event roll (rule
// EVT-1), then, under RulesWar, the patrons' d666 (rule PAT-D666).
func (t *tick) rollEventsAndPatrons() {
	t.rollEvents()
	t.intervene()
}

// intervene rolls each living camp's d666 of the day (rule PAT-D666), in
// camp order, from its PurposeIntervention stream: a 111 is an
// intervention of grace for the camp (PAT-GRACE), a 666 one of chaos
// against its enemies (PAT-CHAOS); any other roll does nothing. The
// interventions of a day act together: each camp's morale moves once, by
// the sum of what the day's interventions give and take, then is clamped to
// 0-100, so that no camp's intervention depends on another's order.
func (t *tick) intervene() {
	if t.w.Rules < RulesWar {
		return
	}
	var delta [NumCamps]int
	var sent [NumCamps][]CampID // the camps whose chaos strikes each camp
	var roll [NumCamps]career.D666
	for c := range CampID(NumCamps) {
		if !t.w.Camps[c].Alive {
			continue
		}
		roll[c] = career.RollD666(t.stream(c, PurposeIntervention))
		switch {
		case roll[c].Is111():
			delta[c] += GraceMorale
		case roll[c].Is666():
			for o := range CampID(NumCamps) {
				if o != c && t.w.Camps[o].Alive && t.w.Relation(c, o) == War {
					delta[o] -= ChaosMorale
					sent[o] = append(sent[o], c)
				}
			}
		}
	}
	var was [NumCamps]int
	for c := range t.w.Camps {
		was[c] = t.w.Camps[c].Morale
		if delta[c] != 0 {
			t.w.Camps[c].Morale = min(100, max(0, was[c]+delta[c]))
		}
	}
	for c := range CampID(NumCamps) {
		switch {
		case roll[c].Is111():
			healed := t.healRuler(c)
			t.note(c, "patron_grace", nil,
				lang.T("A sign from the patrons: the camp takes heart.", "Un signe des Supérieurs : le camp reprend courage."),
				lang.T("patrons' d666 = 111, an intervention of grace (Q 1): morale %+d -> %d (all interventions of today together); ruler's wounds healed %d", "d666 des Supérieurs = 111, intervention de grâce (Q 1) : moral %+d -> %d (toutes les interventions du jour ensemble) ; blessures du souverain soignées %d",
					delta[c], t.w.Camps[c].Morale, healed))
		case roll[c].Is666():
			t.note(c, "patron_chaos", nil,
				lang.T("Chaos answers the call of the patrons: the enemies of %s lose heart.", "Le chaos répond à l'appel des Supérieurs : les ennemis de %s perdent courage.", t.w.Camps[c].Name),
				lang.T("patrons' d666 = 666, an intervention of chaos (Q 6): morale -%d for each camp at war with %s", "d666 des Supérieurs = 666, intervention de chaos (Q 6) : moral -%d pour chaque camp en guerre avec %s", ChaosMorale, t.w.Camps[c].Name))
		}
		for _, o := range sent[c] {
			t.note(c, "chaos_suffered", nil,
				lang.T("Ill omens run through the camp: chaos sent by the patrons of %s.", "De mauvais présages courent le camp : le chaos envoyé par les Supérieurs de %s.", t.w.Camps[o].Name),
				lang.T("d666 of %s = 666 (at war): morale -%d; morale %d -> %d (all interventions of today together)", "d666 de %s = 666 (en guerre) : moral -%d ; moral %d -> %d (toutes les interventions du jour ensemble)", t.w.Camps[o].Name, ChaosMorale, was[c], t.w.Camps[c].Morale))
			if t.w.Rules >= RulesMastery {
				t.woundRuler(c, chaosStruck) // rule PP-CHAOS
			}
		}
	}
}
