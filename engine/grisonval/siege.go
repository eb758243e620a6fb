package grisonval

import (
	"slices"

	"github.com/grisonval/server/lang"
)

// Siege is an army in line before a zone of another camp that it invested
// (rule SIE-1): the zone stays its holder's until the decisive assault, on
// day Assault (rule SIE-2).
type Siege struct {
	Zone ZoneID `json:"zone"`
	// Camp is the besieger.
	Camp CampID `json:"camp"`
	// Men are the besiegers in line, men under arms of Camp.
	Men     int `json:"men"`
	Start   int `json:"start"`
	Assault int `json:"assault"`
}

// Siege figures (rules SIE-2, SIE-3).
const (
	// SiegeFloor is the fewest days between the investment and the
	// decisive assault, whatever the odds.
	SiegeFloor = 2
	// SiegeSpan scales the days the defence's share of the assault adds to
	// the floor.
	SiegeSpan = 6
	// SiegeMorale is the morale a camp loses each day for each of its
	// zones under siege.
	SiegeMorale = 1
)

// SiegeCountdown returns the days from the investment to the decisive
// assault (rule SIE-2): 2 + ⌊6 × defence ÷ assault⌋, where assault won the
// first engagement and defence is what the place has left after it. Since
// assault beat the defence, the countdown runs from 2 (overwhelming odds)
// to 7 (a near thing).
func SiegeCountdown(assault, defence int) int {
	return SiegeFloor + SiegeSpan*max(0, defence)/max(1, assault)
}

// siegeAt returns the index in w.Sieges of the siege of zone z, or -1.
func (w *World) siegeAt(z ZoneID) int {
	for i := range w.Sieges {
		if w.Sieges[i].Zone == z {
			return i
		}
	}
	return -1
}

// Besieged reports whether zone z is under siege: it produces nothing,
// costs no upkeep, and nothing can be built, developed or recalled there
// (rule SIE-4).
func (w *World) Besieged(z ZoneID) bool { return len(w.Sieges) > 0 && w.siegeAt(z) >= 0 }

// besieged returns the zones under siege, for the walks over the zones.
func (w *World) besieged() (m zoneMask) {
	for i := range w.Sieges {
		m.add(w.Sieges[i].Zone)
	}
	return m
}

// invest starts a siege of zone z by force f, whose assault beat the
// defence in the first engagement (rule SIE-1): the garrison loses half the
// difference (rounded down), and the countdown starts from the defence that
// is left.
func (t *tick) invest(z ZoneID, f force, assault, defence int) {
	zone := &t.w.Zones[z]
	def := zone.Owner
	loss := min(zone.Garrison, (assault-defence)/2)
	zone.Garrison -= loss
	t.killSoldiers(def, loss)
	left := t.w.Defence(z)
	s := Siege{Zone: z, Camp: f.camp, Men: f.men, Start: t.w.Day, Assault: t.w.Day + SiegeCountdown(assault, left)}
	i, _ := slices.BinarySearchFunc(t.w.Sieges, z, func(s Siege, z ZoneID) int { return int(s.Zone) - int(z) })
	t.w.Sieges = slices.Insert(t.w.Sieges, i, s)
	t.announce(z, "siege", lang.T("%s invests zone %d of %s: the blockade begins, the decisive assault is expected on day %d.", "%s investit la zone %d de %s : le blocus commence, l'assaut décisif est attendu le jour %d.",
		t.w.Camps[f.camp].Name, z, t.w.Camps[def].Name, s.Assault),
		lang.T("assault %d against defence %d: the place is invested; the garrison loses %s (half the gap); defence left %d; countdown 2 + 6 × %d ÷ %d = %s", "assaut %d contre défense %d : place investie ; la garnison perd %s (moitié de l'écart) ; défense restante %d ; compte à rebours 2 + 6 × %d ÷ %d = %s",
			assault, defence, menText(loss), left, left, assault, lang.Count(s.Assault-t.w.Day, "day", "days", "jour", "jours")), f.camp, def)
}

// reinforceSiege adds men of the besieger's camp to its lines before zone
// z; the countdown is not reset (rule SIE-6).
func (t *tick) reinforceSiege(z ZoneID, men int) {
	s := &t.w.Sieges[t.w.siegeAt(z)]
	s.Men += men
	t.note(s.Camp, "siege_reinforced", []ZoneID{z}, lang.T("%d men join the lines before zone %d; %d men hold the blockade.", "%d hommes rejoignent les lignes devant la zone %d ; %d hommes tiennent le blocus.", men, z, s.Men),
		lang.T("siege reinforced: the countdown stays at day %d", "renfort du siège : le compte à rebours reste au jour %d", s.Assault))
}

// breakLines resolves force f of a third camp reaching zone z, besieged by
// another camp (rule SIE-6): it fights the besiegers in the open, its
// assault against the men in line. Won: the besiegers are chased out of
// their lines (liftSiege) and f loses half their number (rounded up; at
// least one survives), then engages the place as any column. Lost: f is
// wiped out and the lines lose half its assault. It returns the survivors
// and whether they go on.
func (t *tick) breakLines(z ZoneID, f force) (force, bool) {
	s := t.w.Sieges[t.w.siegeAt(z)]
	t.w.meet(f.camp, s.Camp)
	t.w.meet(f.camp, t.w.Zones[z].Owner)
	assault := t.w.assault(f.camp, f.men, t.w.Camps[f.camp].Morale, false)
	if assault > s.Men {
		t.won(f.camp, s.Camp)
		lost := min(f.men-1, (s.Men+1)/2)
		t.killSoldiers(f.camp, lost)
		f.men -= lost
		f.home = min(f.home, f.men)
		t.liftSiege(z, lang.T("%s drives the besiegers from their lines: assault %d against %d men in line; %d attacker(s) fall", "%s chasse les assiégeants de leurs lignes : assaut %d contre %d hommes en ligne ; %d attaquant(s) tombent",
			t.w.Camps[f.camp].Name, assault, s.Men, lost), f.camp)
		return f, true
	}
	t.won(s.Camp, f.camp)
	t.killSoldiers(f.camp, f.men)
	i := t.w.siegeAt(z)
	loss := min(s.Men, max(0, assault)/2)
	t.w.Sieges[i].Men -= loss
	t.killSoldiers(s.Camp, loss)
	t.announce(z, "siege_lines_held", lang.T("A column of %s breaks on the siege lines of %s before zone %d.", "Une colonne de %s se brise sur les lignes de siège de %s devant la zone %d.", t.w.Camps[f.camp].Name, t.w.Camps[s.Camp].Name, z),
		lang.T("assault %d against %s in line; the besiegers lose %s", "assaut %d contre %s en ligne ; les assiégeants perdent %s", assault, menText(s.Men), menText(loss)), f.camp, s.Camp)
	if t.w.Sieges[i].Men == 0 {
		t.endSiege(i)
	}
	return f, false
}

// endSiege removes the siege at index i of w.Sieges.
func (t *tick) endSiege(i int) { t.w.Sieges = slices.Delete(t.w.Sieges, i, i+1) }

// liftSiege ends the siege of zone z, if any (rule SIE-5): half the
// besiegers (rounded up) fall back as a column to their camp's nearest zone
// (lowest number on a tie); the others fall in the sortie. Besiegers with no
// zone left to fall back to go home as civilians. why says what lifted it;
// extra names camps involved beyond the besieger and the holder.
func (t *tick) liftSiege(z ZoneID, why lang.Text, extra ...CampID) {
	i := t.w.siegeAt(z)
	if i < 0 {
		return
	}
	s := t.w.Sieges[i]
	t.endSiege(i)
	back := (s.Men + 1) / 2
	t.killSoldiers(s.Camp, s.Men-back)
	to := t.w.nearestHeld(s.Camp, z)
	narr := lang.T("The siege of zone %d is lifted: %d besieger(s) of %s fall back toward zone %d.", "Le siège de la zone %d est levé : %d assiégeant(s) de %s refluent vers la zone %d.", z, back, t.w.Camps[s.Camp].Name, to)
	if to == 0 {
		t.disbandCitizens(s.Camp, back)
		narr = lang.T("The siege of zone %d is lifted: the besiegers of %s, with no land to fall back to, scatter.", "Le siège de la zone %d est levé : les assiégeants de %s, sans terre où se replier, se dispersent.", z, t.w.Camps[s.Camp].Name)
	} else {
		t.launch(s.Camp, ArmyColumn, back, z, to)
	}
	t.announce(z, "siege_lifted", narr, lang.T("%s; %s in line: %d fall back, %d fall", "%s ; %s en ligne : %d se replient, %d tombent", why, menText(s.Men), back, s.Men-back),
		append([]CampID{s.Camp, t.w.Zones[z].Owner}, extra...)...)
}

// besiege is the sieges phase (rules SIE-3 to SIE-5), siege by siege in
// zone order: attrition (from the day after the investment), then, on the
// countdown's last day, the decisive assault; on any other day the siege is
// lifted if the defence has caught up with the besiegers' assault. Every
// siege is judged with the morale camps had at the start of the phase, and
// morale changes are summed and applied at its end, so that no siege sees
// another's outcome (rule CON-2). Zones still besieged then cost their camp
// SiegeMorale each.
func (t *tick) besiege() {
	if len(t.w.Sieges) == 0 {
		return
	}
	var morale, delta [NumCamps]int
	for c := range morale {
		morale[c] = t.w.Camps[c].Morale
	}
	zones := make([]ZoneID, len(t.w.Sieges))
	for i, s := range t.w.Sieges {
		zones[i] = s.Zone
	}
	for _, z := range zones {
		i := t.w.siegeAt(z)
		s := &t.w.Sieges[i]
		zone := &t.w.Zones[z]
		if s.Start < t.w.Day {
			if zone.Garrison > 0 {
				zone.Garrison--
				t.killSoldiers(zone.Owner, 1)
			}
			s.Men--
			t.killSoldiers(s.Camp, 1)
			if s.Men == 0 {
				t.announce(z, "siege_starved", lang.T("The last besiegers of %s before zone %d succumb; the blockade falls.", "Les derniers assiégeants de %s devant la zone %d succombent ; le blocus tombe.", t.w.Camps[s.Camp].Name, z),
					lang.T("siege attrition: 1 man a day on each side", "usure du siège : 1 homme par jour de chaque côté"), s.Camp, zone.Owner)
				t.endSiege(i)
				continue
			}
		}
		assault, defence := t.w.assault(s.Camp, s.Men, morale[s.Camp], t.w.Day >= s.Assault), t.w.Defence(z)
		switch {
		case t.w.Day >= s.Assault:
			t.decisiveAssault(i, assault, defence, &delta)
		case defence >= assault:
			t.liftSiege(z, lang.T("the place's defence (%d) catches up with the besiegers' assault (%d)", "la défense de la place (%d) rattrape l'assaut des assiégeants (%d)", defence, assault))
		default:
			t.announce(z, "siege_day", lang.T("The blockade of zone %d tightens: %d men in line, %d in garrison; decisive assault on day %d.", "Le blocus de la zone %d se resserre : %d hommes en ligne, %d en garnison ; assaut décisif le jour %d.", z, s.Men, zone.Garrison, s.Assault),
				lang.T("day %d of the siege; assault %d against defence %d; attrition 1 man a day on each side", "jour %d du siège ; assaut %d contre défense %d ; usure 1 homme par jour de chaque côté", t.w.Day-s.Start, assault, defence), s.Camp, zone.Owner)
		}
	}
	for _, s := range t.w.Sieges {
		delta[t.w.Zones[s.Zone].Owner] -= SiegeMorale
	}
	for c := range delta {
		t.w.Camps[c].Morale = min(100, max(0, t.w.Camps[c].Morale+delta[c]))
	}
}

// decisiveAssault resolves the siege at index i on its countdown's last day
// (rule SIE-3), an ordinary battle (BAT-3): assault > defence, the zone
// falls: its garrison dies, the besiegers lose half the defence (rounded up;
// at least one survives) and garrison it, it is sacked (BLD-SACK, DEV-3), a
// capital is razed, and morale moves +5 / -8 (BAT-4). Otherwise the
// besiegers are wiped out and the garrison loses half the assault.
func (t *tick) decisiveAssault(i, assault, defence int, delta *[NumCamps]int) {
	s := t.w.Sieges[i]
	t.endSiege(i)
	z := s.Zone
	zone := &t.w.Zones[z]
	def := zone.Owner
	if assault > defence {
		t.won(s.Camp, def)
		t.killSoldiers(def, zone.Garrison)
		lost := min(s.Men-1, (defence+1)/2)
		t.killSoldiers(s.Camp, lost)
		razed := zone.Capital
		zone.Owner, zone.Garrison, zone.Capital = s.Camp, s.Men-lost, false
		t.w.sack(z)
		delta[s.Camp] += 5
		delta[def] -= 8
		narr := lang.T("Decisive assault: %s takes zone %d from %s.", "Assaut décisif : %s prend la zone %d à %s.", t.w.Camps[s.Camp].Name, z, t.w.Camps[def].Name)
		if razed {
			narr = lang.Text{EN: narr.EN + " The capital is razed.", FR: narr.FR + " La capitale est rasée."}
		}
		t.announce(z, "siege_won", narr, lang.T("assault %d against defence %d on day %d of the siege; %d attacker(s) fall; sack", "assaut %d contre défense %d au jour %d du siège ; %d assaillant(s) tombent ; saccage", assault, defence, t.w.Day-s.Start, lost), s.Camp, def)
		return
	}
	loss := t.repel(z, s.Camp, s.Men, assault)
	t.announce(z, "siege_broken", lang.T("The decisive assault of %s on zone %d breaks: the siege army is wiped out.", "L'assaut décisif de %s sur la zone %d se brise : l'armée de siège est anéantie.", t.w.Camps[s.Camp].Name, z),
		lang.T("assault %d against defence %d; the garrison loses %s", "assaut %d contre défense %d ; la garnison perd %s", assault, defence, menText(loss)), s.Camp, def)
}
