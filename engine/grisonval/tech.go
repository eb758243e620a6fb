package grisonval

import "github.com/grisonval/server/lang"

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
var LegendTitle = lang.T("Living Legend", "Légende vivante")

// Tech is one tier of the tree (rules TECH-1 to TECH-4).
type Tech struct {
	ID TechID
	// Name is the tier's name, as the journal announces it.
	Name lang.Text
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
	// Effect says what the tier gives.
	Effect lang.Text
}

// AgeNames are the six ages' names, by age number.
var AgeNames = [...]lang.Text{1: lang.T("Age of Foundations", "Âge des fondations"), 2: lang.T("Age of Trades", "Âge des métiers"),
	3: lang.T("Age of Builders", "Âge des bâtisseurs"), 4: lang.T("Age of Scholars", "Âge des savants"),
	5: lang.T("Age of Kingdoms", "Âge des royaumes"), 6: lang.T("Age of Legends", "Âge des légendes")}

// Techs is the tree, indexed by TechID (index 0 unused). Thresholds of
// tiers 1-25 follow 12.5 x n² (see tierResearch); the last age is set far
// beyond a 200-day game.
var Techs = func() [NumTechs + 1]Tech {
	ts := [NumTechs + 1]Tech{
		1:  {Name: lang.T("Toolmaking", "Outillage"), Opens: Workshop, Effect: lang.T("opens the workshop", "ouvre l'atelier")},
		2:  {Name: lang.T("Commerce", "Commerce"), Opens: Market, Effect: lang.T("opens the market", "ouvre le marché")},
		3:  {Name: lang.T("Fortification", "Fortification"), Opens: Walls, Effect: lang.T("opens the walls", "ouvre les murailles")},
		4:  {Name: lang.T("Art of War", "Art militaire"), Opens: Barracks, Effect: lang.T("opens the barracks", "ouvre la caserne")},
		5:  {Name: lang.T("Spirituality", "Spiritualité"), Opens: Temple, Effect: lang.T("opens the temple", "ouvre le temple")},
		6:  {Name: lang.T("Crop Rotation", "Assolement"), Building: Farm, Percent: 10, Effect: lang.T("farms +10 %", "fermes +10 %")},
		7:  {Name: lang.T("Sawmill", "Scierie"), Building: LumberCamp, Percent: 10, Effect: lang.T("lumber camps +10 %", "camps de bûcherons +10 %")},
		8:  {Name: lang.T("Stonecutting", "Taille de pierre"), Building: Mine, Percent: 10, Effect: lang.T("mines +10 %", "mines +10 %")},
		9:  {Name: lang.T("Forge", "Forge"), Building: Workshop, Percent: 10, Effect: lang.T("workshops +10 %", "ateliers +10 %")},
		10: {Name: lang.T("Coinage", "Monnaie"), Building: Market, Percent: 10, Effect: lang.T("markets +10 %", "marchés +10 %")},
		11: {Name: lang.T("Writing", "Écriture"), Building: School, Percent: 10, Effect: lang.T("schools +10 %", "écoles +10 %")},
		12: {Name: lang.T("Irrigation", "Irrigation"), Terrain: Plains, Percent: 10, Effect: lang.T("plains income +10 %", "revenu des plaines +10 %")},
		13: {Name: lang.T("Civil Engineering", "Génie civil"), Effect: lang.T("develop up to level 5", "développement jusqu'au niveau 5")},
		14: {Name: lang.T("Fishery", "Pêcherie"), Terrain: Coast, Percent: 10, Effect: lang.T("coast income +10 %", "revenu des côtes +10 %")},
		15: {Name: lang.T("Forestry", "Sylviculture"), Terrain: Forest, Percent: 25, Effect: lang.T("forest income +25 %", "revenu des forêts +25 %")},
		16: {Name: lang.T("Quarrying", "Carrières"), Terrain: Mountain, Percent: 25, Effect: lang.T("mountain income +25 %", "revenu des montagnes +25 %")},
		17: {Name: lang.T("Masonry", "Maçonnerie"), Effect: lang.T("walls +1 defence", "murailles +1 défense")},
		18: {Name: lang.T("Hydraulics", "Génie hydraulique"), Effect: lang.T("develop up to level 6", "développement jusqu'au niveau 6")},
		19: {Name: lang.T("Philosophy", "Philosophie"), Building: School, Percent: 10, Effect: lang.T("schools +10 % more", "écoles encore +10 %")},
		20: {Name: lang.T("Liturgy", "Liturgie"), Effect: lang.T("temples give up to 4 morale a day", "les temples donnent jusqu'à 4 de moral par jour")},
		21: {Name: lang.T("Tactics", "Tactique"), Effect: lang.T("barracks +1 defence", "casernes +1 défense")},
		22: {Name: lang.T("Metallurgy", "Métallurgie"), Building: Workshop, Percent: 10, Effect: lang.T("workshops +10 % more", "ateliers encore +10 %")},
		23: {Name: lang.T("Banking", "Banque"), Building: Market, Percent: 10, Effect: lang.T("markets +10 % more", "marchés encore +10 %")},
		24: {Name: lang.T("Agronomy", "Agronomie"), Building: Farm, Percent: 10, Effect: lang.T("farms +10 % more", "fermes encore +10 %")},
		25: {Name: lang.T("Mechanics", "Mécanique"), Building: Mine, Percent: 10, Effect: lang.T("mines +10 % more", "mines encore +10 %")},
		26: {Name: lang.T("Town Planning", "Urbanisme"), Research: 16000, Effect: lang.T("develop up to level 7", "développement jusqu'au niveau 7")},
		27: {Name: lang.T("Astronomy", "Astronomie"), Research: 20000, Building: School, Percent: 20, Effect: lang.T("schools +20 % more", "écoles encore +20 %")},
		28: {Name: lang.T("Golden Age", "Âge d'or"), Research: 25000, AllBuildings: true, Percent: 10, Effect: lang.T("every building's output +10 %", "production de chaque bâtiment +10 %")},
		29: {Name: lang.T("Apotheosis", "Apothéose"), Research: 30000, Effect: lang.T("the prestige title “%s”", "le titre de prestige « %s »", LegendTitle)},
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
// every tier, else the empty text.
func (w *World) Title(c CampID) lang.Text {
	if w.Tier(c) >= NumTechs {
		return LegendTitle
	}
	return lang.Text{}
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
	for i := range w.Tier(c) {
		if t := &Techs[i+1]; t.Building == b || t.AllBuildings {
			p += t.Percent
		}
	}
	return p
}

// terrainBonus returns the percentage camp c's tiers add to terrain t's
// income.
func (w *World) terrainBonus(c CampID, t Terrain) int64 {
	var p int64
	for i := range w.Tier(c) {
		if tech := &Techs[i+1]; tech.Terrain == t {
			p += tech.Percent
		}
	}
	return p
}

// announceTiers writes a journal entry for each tier camp c reached between
// research levels before and after (rule TECH-5).
func (t *tick) announceTiers(c CampID, before, after int64) {
	for n := tierOf(before) + 1; n <= tierOf(after); n++ {
		tech := &Techs[n]
		narr := lang.T("The scholars of %s reach a new tier: %s (%s, tier %d/%d).",
			"Les savants de %s franchissent un palier : %s (%s, palier %d/%d).",
			t.w.Camps[c].Name, tech.Name, AgeNames[tech.Age], n, NumTechs)
		if n == NumTechs {
			end := lang.T(" The tree is complete: the people receives the title “%s”.",
				" L'arbre est complet : le peuple reçoit le titre de « %s ».", LegendTitle)
			narr = lang.Text{EN: narr.EN + end.EN, FR: narr.FR + end.FR}
		}
		t.note(c, "tier", nil, narr, lang.T("research %d ≥ threshold %d: %s", "recherche %d ≥ seuil %d : %s", after, tech.Research, tech.Effect))
	}
}
