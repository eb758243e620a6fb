package grisonval

import "github.com/grisonval/server/lang"

// Marches and morale (rules MAR-3, MAR-4).
const (
	// DesertionMorale is the morale under which columns lose deserters:
	// (DesertionMorale - morale) ÷ 2 % a day per column.
	DesertionMorale = 45
	// DelayMorale is the morale under which a column may lose a day.
	DelayMorale = 25
	// DelayChance is the daily chance, in percent, that a column of a camp
	// under DelayMorale loses one more day.
	DelayChance = 12
)

// DesertionChance returns the daily chance, in percent, that one man
// deserts a column of a camp at morale m (rule MAR-3).
func DesertionChance(m int) float64 { return float64(max(0, DesertionMorale-m)) / 2 }

// march is the marches phase (rules MAR-3, MAR-4), column by column in
// launch order, with the camp's morale of the moment: under 45, one man of
// an army column may desert (he goes home a civilian, CIT-ARMS); an emptied
// column disperses and its expedition fails; under 25, any column may lose
// one more day (its arrival day moves).
func (t *tick) march() {
	kept := t.w.Columns[:0]
	for _, col := range t.w.Columns {
		m := t.w.Camps[col.Camp].Morale
		if col.Kind == ArmyColumn && col.Men > 0 && m < DesertionMorale &&
			t.stream(col.Camp, PurposeDesertion).Chance(DesertionChance(m)) {
			col.Men--
			t.disbandCitizens(col.Camp, 1)
			if col.Men == 0 {
				t.note(col.Camp, "column_dispersed", []ZoneID{col.To},
					lang.T("The last man of the column bound for zone %d deserts: the column scatters, the expedition has failed.", "Le dernier homme de la colonne en route vers la zone %d déserte : la colonne se disperse, l'expédition a échoué.", col.To),
					lang.T("morale %d < 45: %.1f %% chance of desertion a day per column", "moral %d < 45 : %.1f %% de chance de désertion par jour et par colonne", m, DesertionChance(m)))
				continue
			}
			t.note(col.Camp, "desertion", []ZoneID{col.To},
				lang.T("A man leaves the column bound for zone %d by night and goes home; %d remain.", "Un homme quitte de nuit la colonne en route vers la zone %d et rentre chez lui ; il en reste %d.", col.To, col.Men),
				lang.T("morale %d < 45: %.1f %% chance of desertion a day per column", "moral %d < 45 : %.1f %% de chance de désertion par jour et par colonne", m, DesertionChance(m)))
		}
		if m < DelayMorale && t.stream(col.Camp, PurposeDelay).Chance(DelayChance) {
			col.Arrive++
			t.note(col.Camp, "column_delayed", []ZoneID{col.To},
				lang.T("The column bound for zone %d drags its feet: arrival put back to day %d.", "La colonne en route vers la zone %d traîne les pieds : arrivée repoussée au jour %d.", col.To, col.Arrive),
				lang.T("morale %d < 25: 12 %% chance a day of losing a day", "moral %d < 25 : 12 %% de chance par jour de perdre une journée", m))
		}
		kept = append(kept, col)
	}
	t.w.Columns = kept
}

// turnBack turns the column at index i of the world's columns back toward
// the zone it left (rule WAR-TURN): it takes as many days to walk back as it
// has walked out (at least one), and it rejoins the body it left: the field
// army for a column sent from it, the garrison for a recalled one. why is
// written in the camp's journal.
func (t *tick) turnBack(i int, why lang.Text) {
	col := &t.w.Columns[i]
	out := t.w.Day - col.Depart
	col.From, col.To = col.To, col.From
	col.Depart, col.Arrive = t.w.Day, t.w.Day+max(1, out)
	col.Home = !col.Home
	t.note(col.Camp, "column_turned_back", []ZoneID{col.To},
		lang.T("The column turns back toward zone %d; arrival expected on day %d.", "La colonne fait demi-tour et rentre vers la zone %d ; arrivée prévue le jour %d.", col.To, col.Arrive), why)
}

// recallBar returns the bar on zone z for camp c's recall (rule
// WAR-RECALL): a held zone with a garrison, not under siege.
func recallBar(w *World, c CampID, z ZoneID) bar {
	zone := &w.Zones[z]
	switch {
	case zone.Owner != c:
		return barNotHeld
	case w.Besieged(z):
		return barBesieged
	case zone.Garrison == 0:
		return barNoGarrison
	}
	return barNone
}

func recallArgs(w *World, c CampID) ([]ArgSpec, *RuleError) {
	if w.Capital(c) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("without a capital a garrison has no field army to rejoin", "sans capitale une garnison n'a pas d'armée de campagne à rejoindre"))
	}
	most := 0
	zs := zonesWhere(func(z ZoneID) bool {
		if recallBar(w, c, z) != barNone {
			return false
		}
		most = max(most, w.Zones[z].Garrison)
		return true
	})
	if len(zs) == 0 {
		return nil, refuse(CodeNotAllowed, "action", lang.T("no held zone has a garrison free to leave (a besieged garrison holds or falls)", "aucune zone tenue n'a de garnison libre de partir (une garnison assiégée tient ou tombe)"))
	}
	return []ArgSpec{
		{Name: "zone", Kind: ArgZone, Choices: zs},
		{Name: "men", Kind: ArgCount, Min: 1, Max: most, Optional: true},
	}, nil
}

func recallWhy(w *World, c CampID, o Order, i int) *RuleError {
	z := ZoneID(o.Args[0])
	if i == 0 {
		return zoneRefusal(w, c, o.Action, z, recallBar(w, c, z))
	}
	return recallCheck(w, c, o)
}

// recallCheck refuses a recall of more men than the zone's garrison.
func recallCheck(w *World, _ CampID, o Order) *RuleError {
	z := ZoneID(o.Args[0])
	if len(o.Args) > 1 && o.Args[1] > w.Zones[z].Garrison {
		return refuse(CodeBadArgs, "args[1]", lang.T("zone %d has a garrison of %d; recall at most %d (or leave men out to recall them all)", "la zone %d a une garnison de %d ; rappelez-en au plus %d (ou omettez le nombre pour tous les rappeler)",
			z, w.Zones[z].Garrison, w.Zones[z].Garrison))
	}
	return nil
}

// recallArmy plays recall_army Z [N] (rule WAR-RECALL): N men (all by
// default) leave zone Z's garrison for the field army: at once from the
// capital, else as a column marching to the capital.
func (t *tick) recallArmy(c CampID, o Order) {
	z := ZoneID(o.Args[0])
	zone := &t.w.Zones[z]
	n := zone.Garrison
	if len(o.Args) > 1 {
		n = o.Args[1]
	}
	zone.Garrison -= n
	capital := t.w.Capital(c)
	if z == capital {
		t.w.Camps[c].FieldArmy += n
		t.note(c, "recall_army", []ZoneID{z}, lang.T("%d men of the capital's garrison join the field army.", "%d hommes de la garnison de la capitale rejoignent l'armée de campagne.", n),
			why(o, func() lang.Text {
				return lang.T("recall_army %d %d: no march from the capital; garrison %d, field army %d", "recall_army %d %d : sans marche depuis la capitale ; garnison %d, armée de campagne %d", z, n, zone.Garrison, t.w.Camps[c].FieldArmy)
			}))
		return
	}
	col := t.launch(c, ArmyColumn, n, z, capital)
	t.w.Columns[len(t.w.Columns)-1].Home = true
	t.note(c, "recall_army", []ZoneID{z, capital},
		lang.T("%d men leave the garrison of zone %d for the capital; arrival expected on day %d.", "%d hommes quittent la garnison de la zone %d pour la capitale ; arrivée prévue le jour %d.", n, z, col.Arrive),
		why(o, func() lang.Text {
			return lang.T("recall_army %d %d: garrison left %d; a march of %d day(s) to the capital (zone %d)", "recall_army %d %d : garnison restante %d ; marche de %d jour(s) vers la capitale (zone %d)", z, n, zone.Garrison, col.Arrive-t.w.Day, capital)
		}))
}

// nearestHeld returns camp c's held zone nearest to z (lowest number on a
// tie), or 0.
func (w *World) nearestHeld(c CampID, z ZoneID) ZoneID {
	best, bestD := ZoneID(0), 1<<30
	for h := ZoneID(1); h <= NumZones; h++ {
		if w.Zones[h].Owner == c {
			if d := ZoneDistance(h, z); d < bestD {
				best, bestD = h, d
			}
		}
	}
	return best
}

// MarchDays returns how many days a column takes from one zone to another
// (rules MAR-1, MAR-2): 1 + march + target terrain cost (+1 for settlers),
// between 2 and 13, then -1 day at morale >= 75 and +1 under 35, never
// under 1. The march is 1 day a zone for the first 4 zones, 0.6 beyond;
// the total is rounded up.
func MarchDays(from, to ZoneID, target Terrain, kind ColumnKind, morale int) int {
	d := ZoneDistance(from, to)
	tenths := 10*min(d, 4) + 6*max(0, d-4) + 10 + 10*target.Cost()
	if kind == SettlerColumn {
		tenths += 10
	}
	days := min(13, max(2, (tenths+9)/10))
	switch {
	case morale >= 75:
		days--
	case morale < 35:
		days++
	}
	return max(1, days)
}

func (t *tick) launch(c CampID, kind ColumnKind, men int, from, to ZoneID) Column {
	col := Column{
		ID: t.w.NextColumn, Camp: c, Kind: kind, Men: men, From: from, To: to, Depart: t.w.Day,
		Arrive: t.w.Day + max(1, MarchDays(from, to, t.w.Zones[to].Terrain, kind, t.w.Camps[c].Morale)-t.w.Rulers[c].MarchDaysSaved),
	}
	t.w.NextColumn++
	t.w.Columns = append(t.w.Columns, col)
	return col
}
