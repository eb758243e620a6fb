package viewtext

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is Grisonval's part of the text view (seed 000): what
// GrisonvalView adds to the shared part of a camp's view.

// writeGrisonval writes Grisonval's detail g of view v: stocks, people and
// army, citizens, upkeep and research, politics, the zones the camp sees or
// remembers (with the day last seen), the unknown zones as ranges, columns,
// sieges, other camps and the public relations between them.
func writeGrisonval(l lang.Lang, b *strings.Builder, v *pb.CampView, g *pb.GrisonvalView) {
	r := g.GetResources()
	b.WriteString(l.Sprintf("Resources: food %d, wood %d, stone %d, tools %d, gold %d, research %d.\n",
		"Ressources : nourriture %d, bois %d, pierre %d, outils %d, or %d, recherche %d.\n",
		r.GetFood(), r.GetWood(), r.GetStone(), r.GetTools(), r.GetGold(), r.GetResearch()))
	b.WriteString(Forecast(l, g.GetForecast()))
	b.WriteString(l.Sprintf("People: morale %d, population %d, housing %d. Army: %d in the field, %d under arms of %d at most.\n",
		"Peuple : moral %d, population %d, logement %d. Armée : %d en campagne, %d sous les armes sur %d au plus.\n",
		g.GetMorale(), g.GetPopulation(), g.GetHousing(), g.GetFieldArmy(), g.GetMenUnderArms(), g.GetMaxUnderArms()))
	writeSociety(l, b, g)
	writePolitics(l, b, v, g)
	writeGovernance(l, b, g, v.GetDay())
	writeZones(l, b, v, g)
	writeColumns(l, b, g.GetColumns())
	writeSieges(l, b, v, g)
	writeCamps(l, b, g.GetCamps(), v.GetCamp(), v.GetDay())
	writeOtherRelations(l, b, g)
	writeRules(l, b, g.GetRules())
}

// writeRules renders the numbers of the rules the view carries
// (GrisonvalRules): each terrain's income and defence, each building's
// cost, output and defence, the other terms of a zone's defence,
// develop's price per level and, under rules version 4, what the camp
// score counts of barracks and of the season's army (CAR-VETERANS).
func writeRules(l lang.Lang, b *strings.Builder, r *pb.GrisonvalRules) {
	if r == nil {
		return
	}
	var terrains []string
	for _, t := range r.GetTerrains() {
		income := resourcesText(l, t.GetIncome())
		if income == "" {
			income = l.Sprintf("nothing", "rien")
		}
		terrains = append(terrains, l.Sprintf("%s %s a day, defence +%d", "%s %s par jour, défense +%d", TerrainName(l, t.GetTerrain()), income, t.GetDefence()))
	}
	b.WriteString(l.Sprintf("Rules: a held zone yields %s.\n", "Règles : une zone tenue rapporte %s.\n", strings.Join(terrains, "; ")))
	var buildings []string
	for _, bl := range r.GetBuildings() {
		s := l.Sprintf("%s (cost %s", "%s (coût %s", l.Name(bl.GetBuilding()), resourcesText(l, bl.GetCost()))
		if o := resourcesText(l, bl.GetOutput()); o != "" {
			s += l.Sprintf("; %s a day", " ; %s par jour", o)
		}
		if d := bl.GetDefence(); d != 0 {
			s += l.Sprintf("; defence +%d", " ; défense +%d", d)
		}
		buildings = append(buildings, s+")")
	}
	if len(buildings) > 0 {
		b.WriteString(l.Sprintf("  Buildings, base figures: %s.\n", "  Bâtiments, chiffres de base : %s.\n", strings.Join(buildings, ", ")))
	}
	b.WriteString(l.Sprintf("  Defence of a held zone: garrison + terrain + militia %d + development level + buildings, +%d on a capital, +%d with the monument, + 1 man in %d of the holder's field army.\n",
		"  Défense d'une zone tenue : garnison + terrain + milice %d + niveau d'aménagement + bâtiments, +%d sur une capitale, +%d avec le monument, + 1 homme sur %d de l'armée de campagne du détenteur.\n",
		r.GetMilitiaDefence(), r.GetCapitalDefence(), r.GetMonumentDefence(), r.GetFieldArmyDivisor()))
	b.WriteString(l.Sprintf("  Develop costs %s and needs %d research (not spent), times the zone's level before it develops.\n",
		"  Aménager coûte %s et demande %d de recherche (non dépensée), fois le niveau de la zone avant son aménagement.\n",
		resourcesText(l, r.GetDevelopCost()), r.GetDevelopResearch()))
	if n := r.GetArmyInfluenceTenths(); n > 0 {
		b.WriteString(l.Sprintf("  Score at the close: a barracks counts in full in its zone's influence, and each man of the camp's men under arms averaged over the season's days adds %d.%d to the capital's.\n",
			"  Score à la clôture : une caserne compte en entier dans l'influence de sa zone, et chaque homme de la moyenne des hommes sous les armes du camp sur les jours de la saison ajoute %d,%d à celle de la capitale.\n",
			n/10, n%10))
	}
}

// writeSociety writes the camp's citizens by age and job, its upkeep bill,
// its research tier, title and achievements, each when the view has them.
func writeSociety(l lang.Lang, b *strings.Builder, g *pb.GrisonvalView) {
	if p := g.GetPeople(); p != nil {
		b.WriteString(l.Sprintf("Citizens: %d children, %d adults, %d elders, mood %d", "Citoyens : %d enfants, %d adultes, %d anciens, humeur %d",
			p.GetChildren(), p.GetAdults(), p.GetElders(), p.GetMeanMood()))
		var jobs []string
		for _, j := range p.GetJobs() {
			jobs = append(jobs, l.Sprintf("%s %d (level %.1f)", "%s %d (niveau %.1f)", l.Name(j.GetJob()), j.GetCount(), j.GetMeanLevel()))
		}
		if len(jobs) > 0 {
			b.WriteString(l.Sprintf("; jobs: %s", " ; métiers : %s", strings.Join(jobs, ", ")))
		}
		b.WriteString(".\n")
	}
	if u := g.GetUpkeep(); u != nil {
		var axes []string
		for _, a := range []struct {
			name lang.Text
			r    *pb.Resources
		}{{lang.T("buildings", "bâtiments"), u.GetBuildings()}, {lang.T("territory", "territoire"), u.GetTerritory()}, {lang.T("governance", "gouvernement"), u.GetGovernance()}} {
			if t := resourcesText(l, a.r); t != "" {
				axes = append(axes, a.name.In(l)+" "+t)
			}
		}
		if len(axes) == 0 {
			axes = append(axes, l.Sprintf("nothing", "rien"))
		}
		b.WriteString(l.Sprintf("Upkeep a day: %s", "Entretien par jour : %s", strings.Join(axes, "; ")))
		if u.GetDegraded() {
			b.WriteString(l.Sprintf(" (unpaid: buildings degraded)", " (impayé : bâtiments dégradés)"))
		}
		b.WriteString(".\n")
	}
	b.WriteString(l.Sprintf("Research tier %d", "Palier de recherche %d", g.GetTier()))
	if t := g.GetNextTier(); t != nil {
		b.WriteString(l.Sprintf("; next: %s at %d research (%s)", " ; le suivant : %s à %d de recherche (%s)", t.GetName(), t.GetResearch(), t.GetEffect()))
	}
	if g.GetTitle() != "" {
		b.WriteString(l.Sprintf(". Title: %s", ". Titre : %s", g.GetTitle()))
	}
	var feats []string
	for _, a := range g.GetAchievements() {
		feats = append(feats, a.GetName())
	}
	if len(feats) > 0 {
		b.WriteString(l.Sprintf(". Achievements: %s", ". Hauts faits : %s", strings.Join(feats, ", ")))
	}
	b.WriteString(".\n")
}

// resourceNames are the resources' names by their code (the ArgSpec's
// and Cost's resource), in both languages.
var resourceNames = map[string]lang.Text{
	"food": lang.T("food", "nourriture"), "wood": lang.T("wood", "bois"), "stone": lang.T("stone", "pierre"),
	"tools": lang.T("tools", "outils"), "gold": lang.T("gold", "or"), "research": lang.T("research", "recherche"),
}

// ResourceName names resource code (such as "food") in l; a code it does
// not know is given as it is.
func ResourceName(l lang.Lang, code string) string {
	if t, ok := resourceNames[code]; ok {
		return t.In(l)
	}
	return code
}

// resourcesText lists the non-zero amounts of r: "food 2, wood 1".
func resourcesText(l lang.Lang, r *pb.Resources) string {
	var parts []string
	for _, a := range []struct {
		code string
		n    int64
	}{{"food", r.GetFood()}, {"wood", r.GetWood()}, {"stone", r.GetStone()}, {"tools", r.GetTools()}, {"gold", r.GetGold()}, {"research", r.GetResearch()}} {
		if a.n != 0 {
			parts = append(parts, fmt.Sprintf("%s %d", ResourceName(l, a.code), a.n))
		}
	}
	return strings.Join(parts, ", ")
}

// writeZones writes the zones the camp sees or remembers as a table, and
// the unknown ones as ranges of numbers.
func writeZones(l lang.Lang, b *strings.Builder, v *pb.CampView, g *pb.GrisonvalView) {
	var visible, remembered int
	var unknown []int32
	for _, z := range g.GetZones() {
		switch z.GetVisibility() {
		case pb.Visibility_VISIBILITY_VISIBLE:
			visible++
		case pb.Visibility_VISIBILITY_REMEMBERED:
			remembered++
		default:
			unknown = append(unknown, z.GetId())
		}
	}
	b.WriteString(l.Sprintf("Zones: %d visible, %d remembered (as last seen), %d unknown.\n",
		"Zones : %d visibles, %d en mémoire (telles que vues la dernière fois), %d inconnues.\n", visible, remembered, len(unknown)))
	if visible+remembered > 0 {
		var table strings.Builder
		tw := tabwriter.NewWriter(&table, 0, 0, 1, ' ', 0)
		fmt.Fprintln(tw, l.Sprintf("  zone\tterrain\towner\tgarrison\tdev\tslots\tseen\tneighbours\tbuildings",
			"  zone\tterrain\tdétenteur\tgarnison\tam.\templ.\tvue\tvoisines\tbâtiments"))
		for _, z := range g.GetZones() {
			var seen string
			switch z.GetVisibility() {
			case pb.Visibility_VISIBILITY_VISIBLE:
				seen = l.Sprintf("now", "maintenant")
			case pb.Visibility_VISIBILITY_REMEMBERED:
				seen = l.Sprintf("day %d", "jour %d", z.GetLastSeenDay())
			default:
				continue
			}
			owner := OwnerName(l, v, z.GetOwner())
			if z.GetCapital() {
				owner += l.Sprintf(" capital", " capitale")
			}
			if z.GetMonument() {
				owner += l.Sprintf(" monument", " monument")
			}
			if z.GetCutOff() {
				owner += l.Sprintf(" cut-off", " coupée")
			}
			terrain := TerrainName(l, z.GetTerrain())
			if sp := z.GetSpecial(); sp != "" {
				terrain += "+" + SpecialName(l, sp)
			}
			fmt.Fprintf(tw, "  %d\t%s\t%s\t%d\t%d\t%d\t%s\t%s\t%s\n", z.GetId(), terrain,
				owner, z.GetGarrison(), z.GetDevelopment(), z.GetSlots(), seen, Ranges(z.GetNeighbors()), buildingList(l, z.GetBuildings()))
		}
		tw.Flush()
		for l := range strings.Lines(table.String()) {
			b.WriteString(strings.TrimRight(l, " \n") + "\n")
		}
	}
	if len(unknown) > 0 {
		b.WriteString(l.Sprintf("Unknown zones (%d; nothing known but their place on the map): %s.\n",
			"Zones inconnues (%d ; rien n'en est connu que leur place sur la carte) : %s.\n", len(unknown), Ranges(unknown)))
	}
}

// buildingList renders a zone's buildings compactly, the same kinds
// together, named in l: "farm x2, school"; "-" for none.
func buildingList(l lang.Lang, bs []string) string {
	if len(bs) == 0 {
		return "-"
	}
	var kinds []string
	count := map[string]int{}
	for _, b := range bs {
		if count[b] == 0 {
			kinds = append(kinds, b)
		}
		count[b]++
	}
	for i, k := range kinds {
		if n := count[k]; n > 1 {
			kinds[i] = fmt.Sprintf("%s x%d", l.Name(k), n)
		} else {
			kinds[i] = l.Name(k)
		}
	}
	return strings.Join(kinds, ", ")
}

// TerrainName names a terrain in one word, in l: its first letter is the
// same in both languages (the map's legend).
func TerrainName(l lang.Lang, t pb.Terrain) string {
	switch t {
	case pb.Terrain_TERRAIN_PLAINS:
		return l.Sprintf("plains", "plaine")
	case pb.Terrain_TERRAIN_FOREST:
		return l.Sprintf("forest", "forêt")
	case pb.Terrain_TERRAIN_MOUNTAIN:
		return l.Sprintf("mountain", "montagne")
	case pb.Terrain_TERRAIN_COAST:
		return l.Sprintf("coast", "côte")
	default:
		return "?"
	}
}

// OwnerName names the holder of a zone as camp v knows it: "you", "free"
// or the camp's number and name.
func OwnerName(l lang.Lang, v *pb.CampView, owner int32) string {
	switch {
	case owner == -1:
		return l.Sprintf("free", "libre")
	case owner == v.GetCamp():
		return l.Sprintf("you", "vous")
	}
	for _, c := range v.GetContacts() {
		if c.GetCamp() == owner && c.GetName() != "" {
			return fmt.Sprintf("%d:%s", owner, c.GetName())
		}
	}
	return l.Sprintf("camp %d", "camp %d", owner)
}

// columnKind names a column's kind: "army" or "settlers".
func columnKind(l lang.Lang, c *pb.Column) string {
	if c.GetKind() == pb.ColumnKind_COLUMN_KIND_SETTLERS {
		return l.Sprintf("settlers", "colons")
	}
	return l.Sprintf("army", "armée")
}

func writeColumns(l lang.Lang, b *strings.Builder, cols []*pb.Column) {
	if len(cols) == 0 {
		b.WriteString(l.Sprintf("Columns: none on the march.\n", "Colonnes : aucune en marche.\n"))
		return
	}
	b.WriteString(l.Sprintf("Columns on the march:\n", "Colonnes en marche :\n"))
	for _, c := range cols {
		b.WriteString(l.Sprintf("  #%d %s, %d men, zone %d -> %d, left day %d, arrives day %d\n",
			"  n° %d %s, %d hommes, zone %d -> %d, partie le jour %d, arrive le jour %d\n",
			c.GetId(), columnKind(l, c), c.GetMen(), c.GetFromZone(), c.GetToZone(), c.GetDepartedDay(), c.GetArrivalDay()))
	}
}

// writeCamps renders the other camps: met or not, and for a met camp its
// archetype, government and reputation, the pair's relation and record, and
// a pending proposal (private to the two camps).
func writeCamps(l lang.Lang, b *strings.Builder, camps []*pb.CampSummary, self, day int32) {
	if len(camps) == 0 {
		b.WriteString(l.Sprintf("Other camps: none.\n", "Autres camps : aucun.\n"))
		return
	}
	b.WriteString(l.Sprintf("Other camps:\n", "Autres camps :\n"))
	for _, c := range camps {
		name := fmt.Sprint(c.GetCamp())
		if c.GetName() != "" {
			name += " " + c.GetName()
		}
		switch {
		case !c.GetMet():
			b.WriteString(l.Sprintf("  %s: not met yet (nothing known).\n", "  %s : pas encore rencontré (rien n'en est connu).\n", name))
			continue
		case !c.GetAlive():
			b.WriteString(l.Sprintf("  %s: met, extinct.\n", "  %s : rencontré, éteint.\n", name))
			continue
		}
		s := l.Sprintf("  %s: %s, %s, infamy %d, fame %d; %s", "  %s : %s, %s, infamie %d, renommée %d ; %s", name, l.Name(c.GetArchetype()), l.Name(c.GetGovernment()),
			c.GetInfamy(), c.GetFame(), l.Name(c.GetRelation()))
		if c.GetRelation() != "war" && c.GetRelation() != "" {
			s += l.Sprintf(" since day %d, breakable from day %d", " depuis le jour %d, rompable dès le jour %d", c.GetRelationSince(), c.GetBreakableFrom())
		}
		if c.GetTradeRoute() {
			s += l.Sprintf(", trade route", ", route commerciale")
		}
		if d := c.GetDoorClosedUntil(); d > day {
			s += l.Sprintf(", door closed until day %d (%d refusal(s))", ", porte close jusqu'au jour %d (%d refus)", d, c.GetRefusals())
		}
		if p := c.GetProposal(); p != nil {
			if p.GetFromCamp() == self {
				s += l.Sprintf("; your proposal of %s (day %d) awaits its answer until day %d",
					" ; votre proposition de %s (jour %d) attend sa réponse jusqu'au jour %d", l.Name(p.GetPact()), p.GetDay(), p.GetExpiresDay())
			} else {
				s += l.Sprintf("; it proposes %s (day %d), to answer by day %d (accept_pact/refuse_pact %d), your people's willingness %d %%",
					" ; il propose %s (jour %d), réponse attendue au plus tard le jour %d (accept_pact/refuse_pact %d), disposition de votre peuple %d %%",
					l.Name(p.GetPact()), p.GetDay(), p.GetExpiresDay(), c.GetCamp(), p.GetWillingness())
			}
		}
		b.WriteString(s + ".\n")
	}
}

// writeOtherRelations renders the public status between the other camps.
func writeOtherRelations(l lang.Lang, b *strings.Builder, g *pb.GrisonvalView) {
	for _, r := range g.GetOtherRelations() {
		b.WriteString(l.Sprintf("Between camps %d and %d (public): %s.\n", "Entre les camps %d et %d (public) : %s.\n", r.GetA(), r.GetB(), l.Name(r.GetRelation())))
	}
}

// writePolitics renders the camp's government and standing.
func writePolitics(l lang.Lang, b *strings.Builder, v *pb.CampView, g *pb.GrisonvalView) {
	p := g.GetPolitics()
	if p == nil {
		return
	}
	b.WriteString(l.Sprintf("Politics: %s (%s) since day %d, legitimacy %d", "Politique : %s (%s) depuis le jour %d, légitimité %d",
		l.Name(g.GetArchetype()), l.Name(p.GetGovernment()), p.GetGovernmentDay(), p.GetLegitimacy()))
	if n := p.GetLowLegitimacyDays(); n > 0 {
		b.WriteString(l.Sprintf(" (%d day(s) in a row under the coup threshold)", " (%d jour(s) d'affilée sous le seuil du coup d'État)", n))
	}
	b.WriteString(l.Sprintf(", infamy %d, fame %d", ", infamie %d, renommée %d", p.GetInfamy(), p.GetFame()))
	if d := p.GetNextChangeDay(); d > v.GetDay()+1 {
		b.WriteString(l.Sprintf("; no new government before day %d", " ; pas de nouveau gouvernement avant le jour %d", d))
	}
	b.WriteString(".\n")
}

// besieger names the camp that besieges s as camp v knows it: "you", "camp
// 2" or "an unknown camp".
func besieger(l lang.Lang, v *pb.CampView, s *pb.Siege) string {
	switch bc := s.GetBesieger(); {
	case bc == v.GetCamp():
		return l.Sprintf("you", "vous")
	case bc >= 0:
		return l.Sprintf("camp %d", "le camp %d", bc)
	}
	return l.Sprintf("an unknown camp", "un camp inconnu")
}

// writeSieges renders the sieges the camp knows of.
func writeSieges(l lang.Lang, b *strings.Builder, v *pb.CampView, g *pb.GrisonvalView) {
	for _, s := range g.GetSieges() {
		b.WriteString(l.Sprintf("Siege of zone %d by %s: %d men in line since day %d, decisive assault on day %d.\n",
			"Siège de la zone %d par %s : %d hommes en ligne depuis le jour %d, assaut décisif le jour %d.\n",
			s.GetZone(), besieger(l, v, s), s.GetMen(), s.GetStartDay(), s.GetAssaultDay()))
	}
}
