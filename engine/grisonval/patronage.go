package grisonval

import (
	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/lang"
)

// woundRulers ends a day under RulesWar (rules PP-WOUND and PP-FALL): the
// ruler of each camp takes one wound per battle the camp lost today (the
// defeats that cost it legitimacy, rule LEG-1), and each wound costs one of
// the ruler's power points for the season. The wound that takes the last
// one strikes the ruler down: the camp loses its ruler's world bonuses
// (SHEET-BONUS) for the rest of the season, from the next day. A camp with
// no ruler's sheet (no power points) is not wounded.
func (t *tick) woundRulers() {
	if t.w.Rules < RulesWar {
		return
	}
	for c := range CampID(NumCamps) {
		for range t.facts[c][factDefeat] {
			t.woundRuler(c, battleLost)
		}
	}
}

// Causes of a ruler's wound (rules PP-WOUND, PP-CHAOS).
var (
	battleLost = woundCause{
		narration: lang.T("The ruler comes back from the defeat wounded, and fights on.", "Le souverain revient blessé de la défaite, et tient bon."),
		why:       lang.T("a battle lost", "une bataille perdue"),
	}
	chaosStruck = woundCause{
		narration: lang.T("Chaos strikes the ruler: wounded, he holds on.", "Le chaos frappe le souverain : blessé, il tient bon."),
		why:       lang.T("a 666 of an enemy's patrons", "un 666 des Supérieurs d'un ennemi"),
	}
)

// woundCause says why a ruler is wounded, in the journal.
type woundCause struct{ narration, why lang.Text }

// woundRuler wounds camp c's ruler once, if it stands, for cause (rules
// PP-WOUND, PP-CHAOS and PP-FALL).
func (t *tick) woundRuler(c CampID, cause woundCause) {
	r := &t.w.Rulers[c]
	if r.PowerPoints <= 0 {
		return
	}
	r.PowerPoints--
	r.Wounds++
	if r.PowerPoints > 0 {
		t.note(c, "ruler_wounded", nil, cause.narration,
			lang.T("%s: wound %d; power points left %d (the ruler falls when a wound takes the last)", "%s : blessure %d ; points de pouvoir restants %d (le souverain tombe quand une blessure prend le dernier)", cause.why, r.Wounds, r.PowerPoints))
		return
	}
	*r = career.WorldBonuses{Wounds: r.Wounds}
	t.note(c, "ruler_struck_down", nil,
		lang.T("The ruler is struck down: carried from the field, he will not command again this season.", "Le souverain est terrassé : porté hors du champ de bataille, il ne commandera plus de la saison."),
		lang.T("%s: wound %d took the last power point; the ruler's sheet gives no more bonus until the season ends", "%s : la blessure %d a pris le dernier point de pouvoir ; la feuille du souverain ne donne plus aucun bonus jusqu'à la fin de la saison", cause.why, r.Wounds))
}

// healRuler heals every wound of camp c's ruler, if it stands, and gives
// back the power points they took (rule PAT-GRACE). It returns the wounds
// healed.
func (t *tick) healRuler(c CampID) int {
	r := &t.w.Rulers[c]
	if r.PowerPoints <= 0 {
		return 0
	}
	healed := r.Wounds
	r.PowerPoints += healed
	r.Wounds = 0
	return healed
}
