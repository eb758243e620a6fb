package grisonval

import (
	"slices"

	"github.com/grisonval/server/lang"
)

// arrive resolves every column whose arrival day is today. Columns reaching
// one zone on one day meet first (rule CON-1); the survivor then takes a free
// zone, joins its own garrison or assaults the holder (rule BAT-1).
func (t *tick) arrive() {
	var arriving, staying []Column
	for _, col := range t.w.Columns {
		if col.Arrive <= t.w.Day {
			arriving = append(arriving, col)
		} else {
			staying = append(staying, col)
		}
	}
	t.w.Columns = staying
	// Group by zone, in zone order; within a zone, by camp.
	slices.SortStableFunc(arriving, func(a, b Column) int {
		if a.To != b.To {
			return int(a.To) - int(b.To)
		}
		if a.Camp != b.Camp {
			return int(a.Camp) - int(b.Camp)
		}
		return a.ID - b.ID
	})
	for i := 0; i < len(arriving); {
		j := i
		for j < len(arriving) && arriving[j].To == arriving[i].To {
			j++
		}
		t.arriveAt(arriving[i].To, arriving[i:j])
		i = j
	}
}

// force is one camp's columns arriving together on a zone; home of its men
// march back to the field army (Column.Home).
type force struct {
	camp     CampID
	men      int
	home     int
	settlers bool
}

func (t *tick) arriveAt(z ZoneID, cols []Column) {
	var forces []force
	for _, col := range cols {
		if len(forces) == 0 || forces[len(forces)-1].camp != col.Camp {
			forces = append(forces, force{camp: col.Camp})
		}
		f := &forces[len(forces)-1]
		f.men += col.Men
		if col.Home {
			f.home += col.Men
		}
		f.settlers = f.settlers || col.Kind == SettlerColumn
	}
	if len(forces) > 1 {
		forces = t.meeting(z, forces)
		if len(forces) == 0 {
			return
		}
	}
	f := forces[0]
	zone := &t.w.Zones[z]
	if f.men > 0 && zone.Owner != f.camp && zone.Owner != NoCamp && t.w.Besieged(z) {
		if t.w.Sieges[t.w.siegeAt(z)].Camp == f.camp {
			t.reinforceSiege(z, f.men)
			return
		}
		var ok bool
		if f, ok = t.breakLines(z, f); !ok {
			return
		}
	}
	switch {
	case zone.Owner == f.camp:
		zone.Garrison += f.men - f.home
		t.w.Camps[f.camp].FieldArmy += f.home
		t.note(f.camp, "arrival", []ZoneID{z}, lang.T("A column arrives in zone %d; the garrison counts %d men, the field army %d.", "Une colonne arrive dans la zone %d ; la garnison compte %d hommes, l'armée de campagne %d.", z, zone.Garrison, t.w.Camps[f.camp].FieldArmy), lang.Text{})
	case zone.Owner == NoCamp:
		if f.men == 0 && !f.settlers {
			return
		}
		zone.Owner, zone.Garrison = f.camp, f.men
		t.w.Camps[f.camp].Morale = min(100, t.w.Camps[f.camp].Morale+5)
		t.announce(z, "zone_taken", lang.T("Zone %d (%s) passes under the banner of %s.", "La zone %d (%s) passe sous la bannière de %s.", z, terrainName(zone.Terrain), t.w.Camps[f.camp].Name),
			lang.T("a free zone taken without a battle; %s in garrison", "zone libre prise sans bataille ; %s en garnison", menText(f.men)), f.camp)
	case f.men == 0:
		t.announce(z, "settlers_turned_back", lang.T("Settlers find zone %d held by %s and scatter.", "Des colons trouvent la zone %d occupée par %s et se dispersent.", z, t.w.Camps[zone.Owner].Name),
			lang.T("the zone is already held: a column of settlers does not fight", "zone déjà tenue : une colonne de colons ne se bat pas"), f.camp)
	default:
		t.battle(z, f)
	}
}

// meeting resolves columns of several camps reaching one zone on one day
// (rule CON-1): the strongest force wins and loses half of the next
// strongest (rounded up); equal strongest forces destroy each other.
// Settlers count for nothing.
func (t *tick) meeting(z ZoneID, forces []force) []force {
	slices.SortStableFunc(forces, func(a, b force) int {
		if a.men != b.men {
			return b.men - a.men
		}
		return int(a.camp) - int(b.camp)
	})
	var camps []CampID
	for _, f := range forces {
		camps = append(camps, f.camp)
	}
	for i := range camps {
		for j := range camps {
			t.w.meet(camps[i], camps[j])
		}
	}
	for _, f := range forces[1:] {
		t.killSoldiers(f.camp, f.men)
	}
	if forces[0].men == forces[1].men {
		for _, f := range forces {
			t.record(f.camp, factDefeat)
		}
		t.killSoldiers(forces[0].camp, forces[0].men)
		t.announce(z, "meeting", lang.T("Columns of rival camps clash in zone %d; none survives.", "Des colonnes de camps rivaux se heurtent dans la zone %d ; aucune ne survit.", z),
			lang.T("a meeting of equal forces (%d against %d)", "rencontre à forces égales (%d contre %d)", forces[0].men, forces[1].men), camps...)
		return nil
	}
	w := forces[0]
	for _, f := range forces[1:] {
		t.won(w.camp, f.camp)
	}
	lost := (forces[1].men + 1) / 2
	w.men -= lost
	w.home = min(w.home, w.men)
	t.killSoldiers(w.camp, lost)
	t.announce(z, "meeting", lang.T("Rival columns clash in zone %d; that of %s prevails.", "Des colonnes rivales se heurtent dans la zone %d ; celle de %s l'emporte.", z, t.w.Camps[w.camp].Name),
		lang.T("meeting: %d against %d; %d survivor(s)", "rencontre : %d contre %d ; %d survivant(s)", forces[0].men, forces[1].men, w.men), camps...)
	return []force{w}
}

// Terms of the defence of a zone (rule BAT-2) besides its garrison, its
// terrain's cost and its buildings'.
const (
	// MilitiaDefence is the militia of every zone.
	MilitiaDefence = 2
	// CapitalDefence is added on a capital.
	CapitalDefence = 2
	// FieldArmyDivisor: one man in FieldArmyDivisor of the holder's field
	// army defends each of its zones.
	FieldArmyDivisor = 4
	// RaidLootGold is the gold a holder takes, under RulesMastery, per man
	// of an assault it broke (rule BAT-LOOT).
	RaidLootGold = 2
)

// Defence returns the defence of a held zone (rule BAT-2): garrison +
// terrain + CapitalDefence if capital + MilitiaDefence + a quarter of the
// holder's field army + walls, barracks, development and monument
// (buildingDefence).
func (w *World) Defence(z ZoneID) int {
	d := w.placeDefence(z)
	if o := w.Zones[z].Owner; o != NoCamp {
		d += w.holderDefence(o)
	}
	return d
}

// placeDefence is the part of zone z's defence that is its own: all of it
// but its holder's (holderDefence).
func (w *World) placeDefence(z ZoneID) int {
	zone := &w.Zones[z]
	d := zone.Garrison + zone.Terrain.Cost() + MilitiaDefence + w.buildingDefence(z) + w.specialDefence(z)
	if zone.Capital {
		d += CapitalDefence
	}
	return d
}

// holderDefence is what camp c adds to the defence of each of its zones:
// a quarter of its field army and its form of government's.
func (w *World) holderDefence(c CampID) int {
	return w.Camps[c].FieldArmy/FieldArmyDivisor + w.governmentDefence(c)
}

// Assault returns a column's assault strength (rule BAT-1): its men, +2 at
// morale >= 70, -2 under 35.
func Assault(men, morale int) int {
	switch {
	case morale >= HighMorale:
		return men + MoraleAssault
	case morale < LowMorale:
		return men - MoraleAssault
	}
	return men
}

// Morale's weight in an assault (rule BAT-1): MoraleAssault more men at
// HighMorale or above, as many fewer under LowMorale.
const (
	HighMorale    = 70
	LowMorale     = 35
	MoraleAssault = 2
)

// assault returns the assault of camp c's men at morale (rule BAT-1), with
// its ruler's bonuses (rule SHEET-BONUS): Stratégie always, Sièges at a
// decisive assault.
func (w *World) assault(c CampID, men, morale int, decisive bool) int {
	a := Assault(men, morale) + w.Rulers[c].AssaultBonus
	if decisive {
		a += w.Rulers[c].DecisiveAssaultBonus
	}
	return a
}

// repel plays an assault of camp att's men on zone z that broke (rules
// BAT-3, SIE-4): the holder wins, the attackers are wiped out and the
// garrison loses half the assault. It returns the garrison's loss.
//
// Under RulesMastery the holder takes the raid's loot (rule BAT-LOOT):
// RaidLootGold gold per man of the broken assault, its arms and baggage.
func (t *tick) repel(z ZoneID, att CampID, men, assault int) int {
	zone := &t.w.Zones[z]
	t.won(zone.Owner, att)
	t.killSoldiers(att, men)
	loss := min(zone.Garrison, max(0, assault)/2)
	zone.Garrison -= loss
	t.killSoldiers(zone.Owner, loss)
	if t.w.Rules >= RulesMastery && men > 0 {
		gold := int64(RaidLootGold * men)
		holder := &t.w.Camps[zone.Owner]
		holder.Resources.Gold += gold
		t.note(zone.Owner, "raid_loot", []ZoneID{z},
			lang.T("The arms and baggage of the beaten %s are ours: %d gold.", "Les armes et les bagages des %s battus sont à nous : %d or.", t.w.Camps[att].Name, gold),
			lang.T("the assault of %d men of %s broken at zone %d: %d gold a man of loot; gold %d", "l'assaut de %d hommes de %s brisé sur la zone %d : %d or de butin par homme ; or %d", men, t.w.Camps[att].Name, z, RaidLootGold, holder.Resources.Gold))
	}
	return loss
}

// battle resolves the first engagement of a column of camp f.camp before
// held zone z (rules BAT-3, SIE-1). Won: the zone is not taken but invested,
// and a siege starts (invest). Lost: the column is wiped out and the
// garrison loses half the assault.
func (t *tick) battle(z ZoneID, f force) {
	zone := &t.w.Zones[z]
	def := zone.Owner
	t.w.meet(f.camp, def)
	assault, defence := t.w.assault(f.camp, f.men, t.w.Camps[f.camp].Morale, false), t.w.Defence(z)
	if assault > defence {
		t.won(f.camp, def)
		t.invest(z, f, assault, defence)
		return
	}
	loss := t.repel(z, f.camp, f.men, assault)
	t.announce(z, "battle", lang.T("The assault of %s on zone %d breaks against %s.", "L'assaut de %s sur la zone %d se brise devant %s.", t.w.Camps[f.camp].Name, z, t.w.Camps[def].Name),
		lang.T("assault %d against defence %d; the garrison loses %s", "assaut %d contre défense %d ; la garnison perd %s", assault, defence, menText(loss)), f.camp, def)
}

// menText says n men in both languages, singular or plural ("1 man",
// "0 homme", "3 hommes").
func menText(n int) lang.Text { return lang.Count(n, "man", "men", "homme", "hommes") }
