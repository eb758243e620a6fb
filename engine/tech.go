package engine

import "fmt"

// TechID is a tier of the technology tree, from 1 to NumTechs. Tiers are
// reached in order: a camp holds tier n once its research reaches tier n's
// threshold, and research is never spent (rule TECH-1).
type TechID uint8

// Tiers the rules refer to by name.
const (
	TechTooling          TechID = 1  // opens the workshop
	TechCommerce         TechID = 2  // opens the market
	TechFortification    TechID = 3  // opens the walls
	TechWarcraft         TechID = 4  // opens the barracks
	TechSpirituality     TechID = 5  // opens the temple
	TechCivilEngineering TechID = 13 // develop up to level 5
	TechMasonry          TechID = 17 // walls +1 defence
	TechHydraulic        TechID = 18 // develop up to level 6
	TechLiturgy          TechID = 20 // temples give up to 4 morale a day
	TechTactics          TechID = 21 // barracks +1 defence
	TechUrbanism         TechID = 26 // develop up to level 7
)

// Sizes of the tree.
const (
	// NumTechs is the number of tiers.
	NumTechs = 29
	// NumOrdinaryTechs is the number of tiers within reach of a 200-day
	// game; the last age (tiers 26-29) is not.
	NumOrdinaryTechs = 25
)

// LegendTitle is the prestige title of a camp that reached every tier.
const LegendTitle = "Légende vivante"

// Tech is one tier of the tree (rules TECH-1 to TECH-4).
type Tech struct {
	ID TechID
	// Name is the tier's French name, as the journal announces it.
	Name string
	// Age is the age (1 to 6) the tier belongs to.
	Age int
	// Research is the accumulated research that reaches the tier.
	Research int64
	// Opens is the building the tier opens (tiers 1-5), or 0.
	Opens BuildingKind
	// Building and Terrain name the output a percentage bonus applies to:
	// a building kind's output, or a terrain's income; AllBuildings applies
	// it to every building's output.
	Building     BuildingKind
	Terrain      Terrain
	AllBuildings bool
	Percent      int64
	// Effect says in English what the tier gives.
	Effect string
}

// AgeNames are the six ages' French names, by age number.
var AgeNames = [...]string{1: "Âge des fondations", 2: "Âge des métiers", 3: "Âge des bâtisseurs",
	4: "Âge des savants", 5: "Âge des royaumes", 6: "Âge des légendes"}

// Techs is the tree, indexed by TechID (index 0 unused). Thresholds of
// tiers 1-25 follow 12.5 x n² (see tierResearch); the last age is set far
// beyond a 200-day game.
var Techs = func() [NumTechs + 1]Tech {
	ts := [NumTechs + 1]Tech{
		1:  {Name: "Outillage", Opens: Workshop, Effect: "opens the workshop"},
		2:  {Name: "Commerce", Opens: Market, Effect: "opens the market"},
		3:  {Name: "Fortification", Opens: Walls, Effect: "opens the walls"},
		4:  {Name: "Art militaire", Opens: Barracks, Effect: "opens the barracks"},
		5:  {Name: "Spiritualité", Opens: Temple, Effect: "opens the temple"},
		6:  {Name: "Assolement", Building: Farm, Percent: 10, Effect: "farms +10 %"},
		7:  {Name: "Scierie", Building: LumberCamp, Percent: 10, Effect: "lumber camps +10 %"},
		8:  {Name: "Taille de pierre", Building: Mine, Percent: 10, Effect: "mines +10 %"},
		9:  {Name: "Forge", Building: Workshop, Percent: 10, Effect: "workshops +10 %"},
		10: {Name: "Monnaie", Building: Market, Percent: 10, Effect: "markets +10 %"},
		11: {Name: "Écriture", Building: School, Percent: 10, Effect: "schools +10 %"},
		12: {Name: "Irrigation", Terrain: Plains, Percent: 10, Effect: "plains income +10 %"},
		13: {Name: "Génie civil", Effect: "develop up to level 5"},
		14: {Name: "Pêcherie", Terrain: Coast, Percent: 10, Effect: "coast income +10 %"},
		15: {Name: "Sylviculture", Terrain: Forest, Percent: 25, Effect: "forest income +25 %"},
		16: {Name: "Carrières", Terrain: Mountain, Percent: 25, Effect: "mountain income +25 %"},
		17: {Name: "Maçonnerie", Effect: "walls +1 defence"},
		18: {Name: "Génie hydraulique", Effect: "develop up to level 6"},
		19: {Name: "Philosophie", Building: School, Percent: 10, Effect: "schools +10 % more"},
		20: {Name: "Liturgie", Effect: "temples give up to 4 morale a day"},
		21: {Name: "Tactique", Effect: "barracks +1 defence"},
		22: {Name: "Métallurgie", Building: Workshop, Percent: 10, Effect: "workshops +10 % more"},
		23: {Name: "Banque", Building: Market, Percent: 10, Effect: "markets +10 % more"},
		24: {Name: "Agronomie", Building: Farm, Percent: 10, Effect: "farms +10 % more"},
		25: {Name: "Mécanique", Building: Mine, Percent: 10, Effect: "mines +10 % more"},
		26: {Name: "Urbanisme", Research: 16000, Effect: "develop up to level 7"},
		27: {Name: "Astronomie", Research: 20000, Building: School, Percent: 20, Effect: "schools +20 % more"},
		28: {Name: "Âge d'or", Research: 25000, AllBuildings: true, Percent: 10, Effect: "every building's output +10 %"},
		29: {Name: "Apothéose", Research: 30000, Effect: "the prestige title « " + LegendTitle + " »"},
	}
	for i := 1; i <= NumTechs; i++ {
		ts[i].ID = TechID(i)
		ts[i].Age = min(6, (i-1)/5+1)
		if i <= NumOrdinaryTechs {
			ts[i].Research = tierResearch(i)
		}
	}
	return ts
}()

// tierResearch returns the threshold of ordinary tier n (rule TECH-2):
// 12.5 x n², rounded up. A camp adding one school every ten days earns
// research as 0.125 x day² (see docs/rules.md), which reaches tier n near
// day 10 x n.
func tierResearch(n int) int64 {
	return (25*int64(n*n) + 1) / 2
}

// Tier returns how many tiers camp c has reached.
func (w *World) Tier(c CampID) int { return tierOf(w.Camps[c].Resources.Research) }

// Title returns camp c's prestige title, LegendTitle once it has reached
// every tier, else "".
func (w *World) Title(c CampID) string {
	if w.Tier(c) >= NumTechs {
		return LegendTitle
	}
	return ""
}

func tierOf(research int64) int {
	n := 0
	for n < NumTechs && Techs[n+1].Research <= research {
		n++
	}
	return n
}

// HasTier reports whether camp c has reached tier id.
func (w *World) HasTier(c CampID, id TechID) bool {
	return w.Camps[c].Resources.Research >= Techs[id].Research
}

// buildingBonus returns the percentage camp c's tiers add to the output of
// building kind b.
func (w *World) buildingBonus(c CampID, b BuildingKind) int64 {
	var p int64
	for i := 1; i <= w.Tier(c); i++ {
		if Techs[i].Building == b || Techs[i].AllBuildings {
			p += Techs[i].Percent
		}
	}
	return p
}

// terrainBonus returns the percentage camp c's tiers add to terrain t's
// income.
func (w *World) terrainBonus(c CampID, t Terrain) int64 {
	var p int64
	for i := 1; i <= w.Tier(c); i++ {
		if Techs[i].Terrain == t {
			p += Techs[i].Percent
		}
	}
	return p
}

// announceTiers writes a journal entry for each tier camp c reached between
// research levels before and after (rule TECH-5).
func (t *tick) announceTiers(c CampID, before, after int64) {
	for n := tierOf(before) + 1; n <= tierOf(after); n++ {
		tech := &Techs[n]
		narr := fmt.Sprintf("Les savants de %s franchissent un palier : %s (%s, palier %d/%d).",
			t.w.Camps[c].Name, tech.Name, AgeNames[tech.Age], n, NumTechs)
		if n == NumTechs {
			narr += fmt.Sprintf(" L'arbre est complet : le peuple reçoit le titre de « %s ».", LegendTitle)
		}
		t.note(c, "tier", nil, narr, fmt.Sprintf("recherche %d ≥ seuil %d : %s", after, tech.Research, tech.Effect))
	}
}
