package grisonval

import "github.com/grisonval/server/lang"

// validateOrders checks every order against the state at the start of the
// tick; an order no longer valid is stale and the camp does nothing.
func (t *tick) validateOrders() {
	prev := t.prev
	for c := range CampID(NumCamps) {
		t.results[c] = Result{Order: t.orders[c], Status: Applied}
		if !prev.Camps[c].Alive {
			t.results[c].Status = Stale
			t.results[c].Err = refuse(CodeExtinct, "", lang.T("your people is extinct", "votre peuple s'est éteint"))
			continue
		}
		if err := validate(prev, c, t.orders[c]); err != nil {
			t.results[c].Status, t.results[c].Err = Stale, err
			t.note(c, "order_stale", nil, lang.T("The order “%s” could not be carried out.", "L'ordre « %s » n'a pas pu être exécuté.", t.orders[c]), err.Message)
		}
	}
}

// applyActions plays every applied order, in camp order. Actions of one tick
// touch only their own camp here; columns they launch meet in later phases.
func (t *tick) applyActions() {
	for c := range CampID(NumCamps) {
		if t.results[c].Status == Applied {
			rules[t.orders[c].Action].apply(t, c, t.orders[c])
		}
	}
}

func (t *tick) rest(c CampID, o Order) {
	camp := &t.w.Camps[c]
	before := camp.Morale
	camp.Morale = min(100, camp.Morale+4+t.w.Rulers[c].RestMorale)
	t.note(c, "rest", nil, lang.T("The camp rests; the fires burn late and the songs rise.", "Le camp se repose ; les feux brûlent tard et les chants montent."),
		why(o, func() lang.Text { return lang.T("rest: morale %d -> %d", "rest : moral %d -> %d", before, camp.Morale) }))
}

func (t *tick) chopWood(c CampID, o Order) {
	camp := &t.w.Camps[c]
	forests := 0
	for z := ZoneID(1); z <= NumZones; z++ {
		if t.w.Zones[z].Owner == c && t.w.Zones[z].Terrain == Forest {
			forests++
		}
	}
	gain := int64(2 + 2*forests)
	camp.Resources.Wood += gain
	t.note(c, "chop_wood", nil, lang.T("Wood duty: the axes ring, %d cords of wood come into the camp.", "Corvée de bois : les haches résonnent, %d stères rentrent au camp.", gain),
		why(o, func() lang.Text {
			return lang.T("chop_wood: +2 wood, +2 per forest held (%d); wood %d", "chop_wood : +2 bois, +2 par forêt tenue (%d) ; bois %d", forests, camp.Resources.Wood)
		}))
}

func (t *tick) expandTo(c CampID, o Order) {
	camp := &t.w.Camps[c]
	z := ZoneID(o.Args[0])
	camp.Resources = camp.Resources.Sub(ExpandCost)
	col := t.launch(c, SettlerColumn, 0, t.w.nearestHeld(c, z), z)
	t.note(c, "expand_to", []ZoneID{z},
		lang.T("A column of settlers leaves zone %d for zone %d; arrival expected on day %d.", "Une colonne de colons quitte la zone %d pour la zone %d ; arrivée prévue le jour %d.", col.From, z, col.Arrive),
		why(o, func() lang.Text {
			return lang.T("expand_to %d: 600 food and 4 wood paid, food left %d", "expand_to %d : 600 nourriture et 4 bois payés, nourriture restante %d", z, camp.Resources.Food)
		}))
}

func (t *tick) raiseArmy(c CampID, o Order) {
	camp := &t.w.Camps[c]
	n := o.Args[0]
	camp.Resources = camp.Resources.Sub(Resources{Food: RaiseCostPerMan.Food * int64(n), Wood: RaiseCostPerMan.Wood * int64(n)})
	camp.FieldArmy += t.raiseCitizens(c, n)
	t.note(c, "raise_army", nil, lang.T("%d people leave their trade and take up arms.", "%d habitants quittent leur métier et prennent les armes.", n),
		why(o, func() lang.Text {
			return lang.T("raise_army %d: the youngest civilian adults; field army %d, men under arms %d/%d (adults %d)",
				"raise_army %d : les plus jeunes adultes civils ; armée de campagne %d, hommes en armes %d/%d (adultes %d)",
				n, camp.FieldArmy, t.w.MenUnderArms(c), t.w.MaxUnderArms(c), t.w.Adults(c))
		}))
}

func (t *tick) sendArmy(c CampID, o Order) {
	camp := &t.w.Camps[c]
	n, z := o.Args[0], ZoneID(o.Args[1])
	camp.FieldArmy -= n
	if t.w.Zones[z].Owner == c {
		t.w.Zones[z].Garrison += n
		t.note(c, "send_army", []ZoneID{z}, lang.T("%d men take up garrison in zone %d.", "%d hommes prennent garnison dans la zone %d.", n, z),
			why(o, func() lang.Text {
				return lang.T("send_army %d %d: zone held, garrison %d", "send_army %d %d : zone tenue, garnison %d", n, z, t.w.Zones[z].Garrison)
			}))
		return
	}
	col := t.launch(c, ArmyColumn, n, t.w.Capital(c), z)
	t.note(c, "send_army", []ZoneID{z},
		lang.T("%d men march toward zone %d; arrival expected on day %d.", "%d hommes marchent vers la zone %d ; arrivée prévue le jour %d.", n, z, col.Arrive),
		why(o, func() lang.Text {
			return lang.T("send_army %d %d: field army left %d", "send_army %d %d : armée de campagne restante %d", n, z, camp.FieldArmy)
		}))
}

func (t *tick) explore(c CampID, o Order) {
	z := ZoneID(o.Args[0])
	rng := t.w.Rand(t.w.Day, int(c), PurposeExplore)
	stone, food := int64(rng.Intn(3)), int64(rng.Intn(3))
	camp := &t.w.Camps[c]
	camp.Resources.Stone += stone
	camp.Resources.Food += food
	inSight := camp.Memory[z].Seen
	t.w.remember(c, z)
	t.note(c, "explore", []ZoneID{z},
		lang.T("Scouts come back from zone %d (%s) with %d stone and %d food.", "Des éclaireurs reviennent de la zone %d (%s) avec %d pierre(s) et %d nourriture.", z, terrainName(t.w.Zones[z].Terrain), stone, food),
		why(o, func() lang.Text {
			if inSight {
				return lang.T("explore %d: a zone in sight, not yet surveyed", "explore %d : zone en vue, pas encore reconnue", z)
			}
			return lang.T("explore %d: an unknown zone on the edge of sight", "explore %d : zone inconnue en bordure de vision", z)
		}))
	t.discover(c, z, lang.T("explore: your scouts surveyed it", "explore : vos éclaireurs l'ont reconnue"))
}
