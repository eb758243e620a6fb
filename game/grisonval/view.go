package grisonval

import (
	"github.com/grisonval/server/engine/career"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is where engine values become wire values: they are copied,
// never computed (a value a rule decides is the engine's).

var terrainToPB = [...]pb.Terrain{
	engine.Plains:   pb.Terrain_TERRAIN_PLAINS,
	engine.Forest:   pb.Terrain_TERRAIN_FOREST,
	engine.Mountain: pb.Terrain_TERRAIN_MOUNTAIN,
	engine.Coast:    pb.Terrain_TERRAIN_COAST,
}

var knowledgeToPB = [...]pb.Visibility{
	engine.Unknown:    pb.Visibility_VISIBILITY_UNKNOWN,
	engine.Remembered: pb.Visibility_VISIBILITY_REMEMBERED,
	engine.Visible:    pb.Visibility_VISIBILITY_VISIBLE,
}

var argKindToPB = map[engine.ArgKind]pb.ArgKind{
	engine.ArgZone:       pb.ArgKind_ARG_KIND_ZONE,
	engine.ArgCount:      pb.ArgKind_ARG_KIND_COUNT,
	engine.ArgCamp:       pb.ArgKind_ARG_KIND_CAMP,
	engine.ArgGovernment: pb.ArgKind_ARG_KIND_GOVERNMENT,
	// appoint's seat and citizen (engine/grisonval/council.go) have no wire kind yet:
	// their choices are listed.
	engine.ArgSeat:    pb.ArgKind_ARG_KIND_SEAT,
	engine.ArgCitizen: pb.ArgKind_ARG_KIND_CITIZEN,
}

var columnKindToPB = [...]pb.ColumnKind{
	engine.ArmyColumn:    pb.ColumnKind_COLUMN_KIND_ARMY,
	engine.SettlerColumn: pb.ColumnKind_COLUMN_KIND_SETTLERS,
}

// View returns camp's fogged view of s, its texts in l.
func (Ruleset) View(s game.State, camp int, l lang.Lang) *pb.CampView {
	w := Of(s)
	v := engine.View(w, engine.CampID(camp))
	out := &pb.CampView{Camp: int32(v.Camp), CampName: v.Name, Day: int32(v.Day), Alive: v.Alive, MaxReasonLen: engine.MaxReasonLen}
	for _, la := range v.Legal {
		out.LegalActions = append(out.LegalActions, legalToPB(la, l))
	}
	for _, cl := range v.Closed {
		out.ClosedActions = append(out.ClosedActions, closedToPB(cl, l))
	}
	d := &pb.GrisonvalView{
		YearSeason:        v.YearSeason,
		Resources:         resourcesToPB(v.Resources),
		Morale:            int32(v.Morale),
		Population:        int32(v.Population),
		FieldArmy:         int32(v.FieldArmy),
		MenUnderArms:      int32(v.UnderArms),
		MaxUnderArms:      int32(v.MaxUnderArms),
		Housing:           int32(v.Housing),
		Tier:              int32(v.Tier),
		Title:             v.Title.In(l),
		Archetype:         v.Archetype().String(),
		Tiers:             engine.NumTechs,
		TierName:          tierName(v.Tier, l),
		AchievementsTotal: engine.NumAchievements,
		Governments:       governments[l],
		Rules:             rulesOf[w.Rules],
	}
	d.Zones = make([]*pb.Zone, 0, engine.NumZones)
	for _, zv := range v.Zones[1:] {
		d.Zones = append(d.Zones, zoneToPB(zv))
	}
	for _, col := range v.Columns {
		d.Columns = append(d.Columns, columnToPB(col))
	}
	for _, o := range v.Others {
		out.Contacts = append(out.Contacts, &pb.Contact{Camp: int32(o.Camp), Name: o.Name, Met: o.Met, Alive: o.Alive})
		d.Camps = append(d.Camps, otherToPB(o))
	}
	if v.Next != nil {
		d.NextTier = techToPB(*v.Next, l)
	}
	for _, a := range v.Achievements {
		d.Achievements = append(d.Achievements, &pb.Achievement{Code: a.Code, Name: a.Name.In(l), Condition: a.ConditionUnder(w.Rules).In(l)})
	}
	d.Upkeep = upkeepToPB(v.Upkeep, v.Degraded)
	d.People = peopleToPB(v.People)
	d.Notables = notablesToPB(v.Notables, l)
	d.Forecast = forecastToPB(v.Forecast)
	d.Governance = governanceToPB(v.Governance, l)
	d.Politics = &pb.Politics{
		Government: engine.Governments[v.Government].Code, GovernmentDay: int32(v.GovernmentDay),
		NextChangeDay: int32(v.NextGovernmentDay), Legitimacy: int32(v.Legitimacy),
		LowLegitimacyDays: int32(v.LowLegitimacy), Infamy: int32(v.Infamy), Fame: int32(v.Fame),
	}
	for _, p := range v.OtherPairs {
		d.OtherRelations = append(d.OtherRelations, &pb.PairRelation{A: int32(p.A), B: int32(p.B), Relation: p.Relation.String()})
	}
	for _, sv := range v.Sieges {
		d.Sieges = append(d.Sieges, &pb.Siege{Zone: int32(sv.Zone), Besieger: int32(sv.Besieger),
			Men: int32(sv.Men), StartDay: int32(sv.Start), AssaultDay: int32(sv.Assault)})
		d.Zones[sv.Zone-1].Besieged = true
	}
	out.Detail = &pb.CampView_Grisonval{Grisonval: d}
	return out
}

// otherToPB converts what a camp knows of another.
func otherToPB(o engine.OtherCamp) *pb.CampSummary {
	cs := &pb.CampSummary{Camp: int32(o.Camp), Name: o.Name, Met: o.Met, Alive: o.Alive}
	if !o.Met {
		return cs
	}
	cs.Relation, cs.TradeRoute = o.Relation.String(), o.Route
	cs.Government, cs.Infamy, cs.Fame = engine.Governments[o.Government].Code, int32(o.Infamy), int32(o.Fame)
	cs.Archetype = o.Archetype.String()
	cs.RelationSince, cs.BreakableFrom = int32(o.Pact.Since), int32(o.BreakableFrom)
	cs.DoorClosedUntil, cs.Refusals = int32(o.Pact.ClosedUntil), int32(o.Pact.Refusals)
	if o.Pact.Offer != engine.War {
		cs.Proposal = &pb.Proposal{Pact: o.Pact.Offer.String(), FromCamp: int32(o.Pact.From),
			Day: int32(o.Pact.Day), ExpiresDay: int32(o.Pact.Expires()), Willingness: int32(o.Willingness)}
	}
	return cs
}

// governments lists, in each language, every form set_government may
// choose; it never changes, and views share it.
var governments = func() (out [lang.FR + 1][]*pb.GovernmentForm) {
	for _, l := range lang.All {
		for g := 1; g <= engine.NumGovernments; g++ {
			f := engine.Governments[g]
			out[l] = append(out[l], &pb.GovernmentForm{Id: int32(g), Code: f.Code, Name: f.Name.In(l), Effect: f.Effect.In(l)})
		}
	}
	return out
}()

// rulesOf holds, for each version of the rules, the numbers of the rules a
// player of a world played by it plans with; views share them.
var rulesOf = func() (out [engine.LatestRules + 1]*pb.GrisonvalRules) {
	for v := range out {
		out[v] = rulesUnder(engine.Rules(v))
	}
	return out
}()

// rulesUnder returns the numbers of the rules a player plans with in a world
// played by version rules: a forest's food (ECO-5) and the camp score's
// barracks and season's army (CAR-VETERANS) depend on it.
func rulesUnder(rules engine.Rules) *pb.GrisonvalRules {
	r := &pb.GrisonvalRules{
		MilitiaDefence: engine.MilitiaDefence, CapitalDefence: engine.CapitalDefence,
		MonumentDefence: engine.MonumentDefence, FieldArmyDivisor: engine.FieldArmyDivisor,
		DevelopCost: resourcesToPB(engine.DevelopBase), DevelopResearch: engine.DevelopResearch(1),
		HighMorale: engine.HighMorale, LowMorale: engine.LowMorale, MoraleAssault: engine.MoraleAssault,
		SoldiersPerFood: engine.SoldiersPerFood, WinterMouthsPerFood: engine.WinterMouthsPerFood,
		TradeLotFood: engine.TradeLotFood, TempleMoraleLimit: engine.TempleMoraleLimit,
		GovernmentLegitimacy: engine.GovernmentLegitimacy, WoodShelter: engine.WoodShelter,
	}
	if rules >= engine.RulesVictory { // CAR-VETERANS
		r.BarracksCountInFull, r.ArmyInfluenceTenths = true, career.ArmyInfluenceTenths
	}
	for t := engine.Plains; t <= engine.Coast; t++ {
		r.Terrains = append(r.Terrains, &pb.TerrainRule{Terrain: terrainToPB[t], Income: resourcesToPB(engine.TerrainIncomeUnder(rules, t)),
			Defence: int32(t.Cost())})
	}
	for b := engine.Farm; b <= engine.Temple; b++ {
		s := engine.Buildings[b]
		r.Buildings = append(r.Buildings, &pb.BuildingRule{Building: b.String(), Cost: resourcesToPB(s.Cost),
			Output: resourcesToPB(s.Output), Defence: int32(s.Defence)})
	}
	return r
}

func techToPB(t engine.Tech, l lang.Lang) *pb.Tech {
	return &pb.Tech{Tier: int32(t.ID), Name: t.Name.In(l), Age: int32(t.Age), Research: t.Research, Effect: t.Effect.In(l)}
}

func peopleToPB(p engine.People) *pb.People {
	out := &pb.People{Children: int32(p.Children), Adults: int32(p.Adults), Elders: int32(p.Elders), MeanMood: int32(p.MeanMood)}
	for j := 1; j <= engine.NumJobs; j++ {
		if n := p.Jobs[j].Count; n > 0 {
			out.Jobs = append(out.Jobs, &pb.JobSummary{Job: engine.Job(j).String(), Count: int32(n), MeanLevel: float64(p.Jobs[j].Level100) / 100})
		}
	}
	return out
}

func resourcesToPB(r engine.Resources) *pb.Resources {
	return &pb.Resources{Food: r.Food, Wood: r.Wood, Stone: r.Stone, Tools: r.Tools, Gold: r.Gold, Research: r.Research}
}

// amounts returns r's non-zero resources as the seam's amounts, in the
// order of engine.Resources.
func amounts(r engine.Resources) []*pb.Amount {
	var out []*pb.Amount
	for _, a := range []struct {
		name string
		n    int64
	}{{"food", r.Food}, {"wood", r.Wood}, {"stone", r.Stone}, {"tools", r.Tools}, {"gold", r.Gold}, {"research", r.Research}} {
		if a.n != 0 {
			out = append(out, &pb.Amount{Resource: a.name, Amount: a.n})
		}
	}
	return out
}

// zoneToPB converts a zone as a camp knows it. An unknown zone carries only
// its geometry, and owner -1 so that it never reads as camp 0's.
func zoneToPB(zv engine.ZoneView) *pb.Zone {
	h := engine.HexOf(zv.ID)
	z := &pb.Zone{Id: int32(zv.ID), Q: int32(h.Q), R: int32(h.R), Visibility: knowledgeToPB[zv.Knowledge], Owner: int32(engine.NoCamp)}
	for _, n := range engine.Neighbors(zv.ID) {
		z.Neighbors = append(z.Neighbors, int32(n))
	}
	if zv.Knowledge == engine.Unknown {
		return z
	}
	m := zv.Memory
	z.LastSeenDay = int32(m.Day)
	z.Terrain = terrainToPB[m.Terrain]
	z.Owner = int32(m.Owner)
	z.Capital = m.Capital
	z.Garrison = int32(m.Garrison)
	z.Development = int32(m.Dev)
	z.Monument = m.Monument
	for _, b := range m.Buildings {
		z.Buildings = append(z.Buildings, b.String())
	}
	z.Slots = int32(m.Slots())
	if m.Special != 0 {
		z.Special = m.Special.String()
	}
	z.Surveyed, z.CutOff = zv.Surveyed, zv.CutOff
	return z
}

// columnToPB converts a column.
func columnToPB(col engine.Column) *pb.Column {
	return &pb.Column{
		Id: int32(col.ID), Kind: columnKindToPB[col.Kind], Men: int32(col.Men),
		FromZone: int32(col.From), ToZone: int32(col.To),
		DepartedDay: int32(col.Depart), ArrivalDay: int32(col.Arrive), Home: col.Home,
	}
}

func legalToPB(la engine.LegalAction, l lang.Lang) *pb.LegalAction {
	out := &pb.LegalAction{Action: la.Action.String(), Summary: la.Summary.In(l), Cost: amounts(la.Cost), CostPer: la.Per,
		ChoiceCosts: choiceCostsToPB(la.Choices)}
	for _, s := range la.Args {
		spec := &pb.ArgSpec{Name: s.Name, Kind: argKindToPB[s.Kind], Min: int32(s.Min), Max: int32(s.Max), Optional: s.Optional}
		for _, c := range s.Choices {
			spec.Choices = append(spec.Choices, int32(c))
		}
		out.Args = append(out.Args, spec)
	}
	return out
}

// governanceToPB converts a camp's own governance, its texts in l.
func governanceToPB(g engine.Governance, l lang.Lang) *pb.Governance {
	out := &pb.Governance{Stats: &pb.KingdomStats{Economy: int32(g.Stats.Economy), Loyalty: int32(g.Stats.Loyalty),
		Stability: int32(g.Stats.Stability), Unrest: int32(g.Stats.Unrest), Consumption: int32(g.Stats.Consumption)}}
	for _, e := range g.Edicts {
		pe := &pb.Edict{Id: int32(e.Edict), Edict: e.Edict.String(), Level: int32(e.Level),
			LevelName: e.LevelName(), Levels: edictLevels[e.Edict], OpensDay: int32(e.Opens),
			Void: e.Void.In(l), BelievedFrom: int32(e.BelievedFrom)}
		for _, x := range e.Effects {
			pe.Effects = append(pe.Effects, x.In(l))
		}
		out.Edicts = append(out.Edicts, pe)
	}
	for _, s := range g.Council {
		cs := &pb.CouncilSeat{Id: int32(s.Seat), Seat: s.Seat.String(), Vacant: s.Vacant(), Fits: s.Fits.String(), Stat: s.Stat, Benefit: int32(s.Benefit)}
		if !s.Vacant() {
			cs.Citizen, cs.Name, cs.Level, cs.Trait = s.Citizen, s.Name, int32(s.Level), s.Trait.String()
			cs.Job, cs.Age, cs.SinceDay = s.Job.String(), int32(s.Age), int32(s.Since)
		}
		out.Council = append(out.Council, cs)
	}
	for _, o := range g.Ongoing {
		out.Ongoing = append(out.Ongoing, &pb.OngoingEvent{Kind: o.Kind, SinceDay: int32(o.Since), Zone: int32(o.Zone)})
	}
	return out
}

// edictLevels are each edict's level codes; views share them.
var edictLevels = func() (out [engine.NumEdicts + 1][]string) {
	for e := 1; e <= engine.NumEdicts; e++ {
		out[e] = engine.EdictLevelNames[e][:]
	}
	return out
}()

// notablesToPB converts a camp's notable citizens, their titles in l.
func notablesToPB(ns []engine.Notable, l lang.Lang) []*pb.Citizen {
	out := make([]*pb.Citizen, len(ns))
	for i, n := range ns {
		out[i] = &pb.Citizen{Name: n.Name, Job: n.Job.String(), Level: int32(n.Level), Title: n.Title.In(l),
			Aspiration: n.Aspiration.String(), Xp: int32(n.XP), NextLevelXp: int32(n.NextXP), Mood: int32(n.Mood),
			Age: int32(n.Age), UnderArms: n.UnderArms, Id: n.ID, Trait: n.Trait.String()}
	}
	return out
}

// Frame returns the frame of s, seed 000's observer page and the
// chronicle's timelapse: every zone and column, each camp's counters and
// notables, every siege and the relations between camps; its texts in l.
func (Ruleset) Frame(s game.State, l lang.Lang) *pb.Frame {
	w := Of(s)
	f := &pb.GrisonvalFrame{Zones: make([]*pb.ZoneFrame, 0, engine.NumZones), YearSeason: engine.YearSeason(w.Day)}
	for c := range engine.CampID(engine.NumCamps) {
		camp := &w.Camps[c]
		f.Camps = append(f.Camps, &pb.CampFrame{Camp: int32(c), Name: camp.Name, Alive: camp.Alive,
			Resources: resourcesToPB(camp.Resources), Population: int32(w.Population(c)), Morale: int32(camp.Morale),
			FieldArmy: int32(camp.FieldArmy), MenUnderArms: int32(w.MenUnderArms(c)), Tier: int32(w.Tier(c)),
			Zones: int32(w.HeldZones(c)), Government: engine.Governments[camp.Government].Code, Legitimacy: int32(camp.Legitimacy),
			People: peopleToPB(w.People(c)), Notables: notablesToPB(w.Notables(c, engine.NotablesShown), l), Title: w.Title(c).In(l),
			Upkeep: upkeepToPB(w.Upkeep(c), camp.Degraded), Achievements: int32(achievementsOf(w, c)),
			AchievementsTotal: engine.NumAchievements, Tiers: engine.NumTechs, TierName: tierName(w.Tier(c), l),
			GovernmentName: engine.Governments[camp.Government].Name.In(l)})
	}
	for _, sg := range w.Sieges {
		f.Sieges = append(f.Sieges, &pb.Siege{Zone: int32(sg.Zone), Besieger: int32(sg.Camp), Men: int32(sg.Men),
			StartDay: int32(sg.Start), AssaultDay: int32(sg.Assault)})
	}
	for a := range engine.CampID(engine.NumCamps) {
		for b := a + 1; b < engine.NumCamps; b++ {
			p := w.Pact(a, b)
			pr := &pb.PairRelation{A: int32(a), B: int32(b), Relation: w.Relation(a, b).String(), Since: int32(p.Since),
				ClosedUntil: int32(p.ClosedUntil), Refusals: int32(p.Refusals)}
			if p.Offer != engine.War {
				pr.Proposal = &pb.Proposal{Pact: p.Offer.String(), FromCamp: int32(p.From), Day: int32(p.Day), ExpiresDay: int32(p.Expires())}
			}
			f.Relations = append(f.Relations, pr)
		}
	}
	for z := 1; z <= engine.NumZones; z++ {
		zone := &w.Zones[z]
		h := engine.HexOf(engine.ZoneID(z))
		zf := &pb.ZoneFrame{Zone: int32(z), Owner: int32(zone.Owner), Garrison: int32(zone.Garrison),
			Capital: zone.Capital, Development: int32(zone.Development), Besieged: w.Besieged(engine.ZoneID(z)),
			Q: int32(h.Q), R: int32(h.R), Terrain: terrainToPB[zone.Terrain], Slots: int32(w.Slots(engine.ZoneID(z))),
			Monument: zone.Monument}
		for _, b := range zone.Buildings {
			zf.Buildings = append(zf.Buildings, b.String())
		}
		f.Zones = append(f.Zones, zf)
	}
	for _, col := range w.Columns {
		f.Columns = append(f.Columns, &pb.ColumnFrame{Camp: int32(col.Camp), Column: columnToPB(col)})
	}
	return &pb.Frame{Day: int32(w.Day), Detail: &pb.Frame_Grisonval{Grisonval: f}}
}

// upkeepToPB converts a camp's daily upkeep bill.
func upkeepToPB(u engine.UpkeepBill, degraded bool) *pb.Upkeep {
	return &pb.Upkeep{Buildings: resourcesToPB(u.Buildings), Territory: resourcesToPB(u.Territory),
		Governance: resourcesToPB(u.Governance), Degraded: degraded}
}

// tierName is the name of tier, the title of a camp that reached it in the
// tree: "" at tier 0.
func tierName(tier int, l lang.Lang) string {
	if tier < 1 || tier > engine.NumTechs {
		return ""
	}
	return engine.Techs[tier].Name.In(l)
}

// achievementsOf counts camp c's unlocked achievements.
func achievementsOf(w *engine.World, c engine.CampID) int {
	n := 0
	for id := engine.AchievementID(1); id <= engine.NumAchievements; id++ {
		if w.HasAchievement(c, id) {
			n++
		}
	}
	return n
}
