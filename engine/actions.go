package engine

import "fmt"

// validateOrders checks every order against the state at the start of the
// tick; an order no longer valid is stale and the camp does nothing.
func (t *tick) validateOrders() {
	prev := t.prev
	for c := range CampID(NumCamps) {
		t.results[c] = Result{Order: t.orders[c], Status: Applied}
		if !prev.Camps[c].Alive {
			t.results[c].Status = Stale
			t.results[c].Err = refuse(CodeExtinct, "", "your people is extinct")
			continue
		}
		if err := validate(prev, c, t.orders[c]); err != nil {
			t.results[c].Status, t.results[c].Err = Stale, err
			t.note(c, "order_stale", nil, fmt.Sprintf("L'ordre « %s » n'a pas pu être exécuté.", t.orders[c]), err.Message)
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
	t.note(c, "rest", nil, "Le camp se repose ; les feux brûlent tard et les chants montent.",
		why(o, fmt.Sprintf("rest : moral %d -> %d", before, camp.Morale)))
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
	t.note(c, "chop_wood", nil, fmt.Sprintf("Corvée de bois : les haches résonnent, %d stères rentrent au camp.", gain),
		why(o, fmt.Sprintf("chop_wood : +2 bois, +2 par forêt tenue (%d) ; bois %d", forests, camp.Resources.Wood)))
}

func (t *tick) expandTo(c CampID, o Order) {
	camp := &t.w.Camps[c]
	z := ZoneID(o.Args[0])
	camp.Resources = camp.Resources.Sub(ExpandCost)
	col := t.launch(c, SettlerColumn, 0, t.w.nearestHeld(c, z), z)
	t.note(c, "expand_to", []ZoneID{z},
		fmt.Sprintf("Une colonne de colons quitte la zone %d pour la zone %d ; arrivée prévue le jour %d.", col.From, z, col.Arrive),
		why(o, fmt.Sprintf("expand_to %d : 600 nourriture et 4 bois payés, nourriture restante %d", z, camp.Resources.Food)))
}

func (t *tick) raiseArmy(c CampID, o Order) {
	camp := &t.w.Camps[c]
	n := o.Args[0]
	camp.Resources = camp.Resources.Sub(Resources{Food: RaiseCostPerMan.Food * int64(n), Wood: RaiseCostPerMan.Wood * int64(n)})
	camp.FieldArmy += t.raiseCitizens(c, n)
	t.note(c, "raise_army", nil, fmt.Sprintf("%d habitants quittent leur métier et prennent les armes.", n),
		why(o, fmt.Sprintf("raise_army %d : les plus jeunes adultes civils ; armée de campagne %d, hommes en armes %d/%d (adultes %d)",
			n, camp.FieldArmy, t.w.MenUnderArms(c), t.w.MaxUnderArms(c), t.w.Adults(c))))
}

func (t *tick) sendArmy(c CampID, o Order) {
	camp := &t.w.Camps[c]
	n, z := o.Args[0], ZoneID(o.Args[1])
	camp.FieldArmy -= n
	if t.w.Zones[z].Owner == c {
		t.w.Zones[z].Garrison += n
		t.note(c, "send_army", []ZoneID{z}, fmt.Sprintf("%d hommes prennent garnison dans la zone %d.", n, z),
			why(o, fmt.Sprintf("send_army %d %d : zone tenue, garnison %d", n, z, t.w.Zones[z].Garrison)))
		return
	}
	col := t.launch(c, ArmyColumn, n, t.w.Capital(c), z)
	t.note(c, "send_army", []ZoneID{z},
		fmt.Sprintf("%d hommes marchent vers la zone %d ; arrivée prévue le jour %d.", n, z, col.Arrive),
		why(o, fmt.Sprintf("send_army %d %d : armée de campagne restante %d", n, z, camp.FieldArmy)))
}

func (t *tick) explore(c CampID, o Order) {
	z := ZoneID(o.Args[0])
	rng := NewRand(t.w.Seed, t.w.Day, int(c), PurposeExplore)
	stone, food := int64(rng.Intn(3)), int64(rng.Intn(3))
	camp := &t.w.Camps[c]
	camp.Resources.Stone += stone
	camp.Resources.Food += food
	t.w.remember(c, z)
	t.note(c, "explore", []ZoneID{z},
		fmt.Sprintf("Des éclaireurs reviennent de la zone %d (%s) avec %d pierre(s) et %d nourriture.", z, terrainFR(t.w.Zones[z].Terrain), stone, food),
		why(o, fmt.Sprintf("explore %d : zone inconnue en bordure de vision", z)))
}
