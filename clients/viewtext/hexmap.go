package viewtext

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// ANSI colours of the map: one per camp (gold, red, cyan), grey for free
// land.
var (
	campColours = []string{"33", "31", "36"}
	freeColour  = "90"
)

const (
	ansiReset = "\x1b[0m"
	ansiDim   = "2"
	ansiBold  = "1"
	// cellWidth is the width of one hex cell; rows are offset by half of it.
	cellWidth = 6
)

// Map draws the camp's fogged map as rows of hexes, two lines a row: the
// zone number (with * for a capital, then the mark of the special terrain
// the camp found there), then what the camp knows of the zone:
// the holder and its garrison ("1:4" is camp 1 with 4 men, "-" free land),
// "~" when it is only remembered, "." when unknown, and its terrain's
// letter (p plains, f forest, m mountain, c coast; the same letters in
// French: plaine, forêt, montagne, côte). Two lines of legend, in l,
// follow, and a third with the marks of the special terrains found, once
// the camp has found one. With colour, holders are also coloured (gold,
// red, cyan; grey for free land), remembered zones dim.
// The map is Grisonval's: a view of another ruleset (the Castle's cities
// sit in a ring, not on a map) has none; HasMap says so.
func Map(l lang.Lang, v *pb.CampView, colour bool) string {
	if !HasMap(v) {
		return l.Sprintf("No map: the %s ruleset's view has no hex map.\n", "Pas de carte : la vue des règles %s n'a pas de carte en hexagones.\n", rulesetName(l, v.GetRuleset()))
	}
	zones := slices.Clone(v.GetGrisonval().GetZones())
	if len(zones) == 0 {
		return l.Sprintf("No map: the view has no zones.\n", "Pas de carte : la vue n'a aucune zone.\n")
	}
	slices.SortFunc(zones, func(a, b *pb.Zone) int {
		if a.GetR() != b.GetR() {
			return int(a.GetR() - b.GetR())
		}
		return int(a.GetQ() - b.GetQ())
	})
	// x is the zone's column in half cells: 2q + r, from -2*radius on.
	minX := int32(0)
	for _, z := range zones {
		minX = min(minX, 2*z.GetQ()+z.GetR())
	}
	var b strings.Builder
	for i := 0; i < len(zones); {
		j := i
		for j < len(zones) && zones[j].GetR() == zones[i].GetR() {
			j++
		}
		var top, bottom strings.Builder
		pos := 0
		for _, z := range zones[i:j] {
			at := int(2*z.GetQ()+z.GetR()-minX) * cellWidth / 2
			pad := strings.Repeat(" ", max(0, at-pos))
			top.WriteString(pad)
			bottom.WriteString(pad)
			pos = at + cellWidth
			mark := " "
			if z.GetCapital() && z.GetVisibility() != pb.Visibility_VISIBILITY_UNKNOWN {
				mark = "*"
			}
			top.WriteString(paint(fmt.Sprintf(" %3d%s%s", z.GetId(), mark, specialMark(z)), zoneStyle(v, z), colour))
			bottom.WriteString(paint(fmt.Sprintf("%4s %s", knownText(z), terrainLetter(z)), zoneStyle(v, z), colour))
		}
		b.WriteString(strings.TrimRight(top.String(), " ") + "\n")
		b.WriteString(strings.TrimRight(bottom.String(), " ") + "\n")
		i = j
	}
	b.WriteString(legend(l, v, colour))
	return b.String()
}

// specialMark is the mark of the special terrain the camp found on a
// zone, " " when it found none.
func specialMark(z *pb.Zone) string {
	if z.GetSpecial() == "" {
		return " "
	}
	return SpecialMark(z.GetSpecial())
}

// SpecialMark is a special terrain's mark on the map, by its code: $
// resource, ^ landmark, @ lair, # ruin, = river; ? for a code it does not
// know.
func SpecialMark(code string) string {
	if m, ok := specialMarks[code]; ok {
		return m
	}
	return "?"
}

// terrainLetter is a zone's terrain on the map: the first letter of its
// English name (the French one's too), " " when unknown.
func terrainLetter(z *pb.Zone) string {
	if z.GetVisibility() == pb.Visibility_VISIBILITY_UNKNOWN || z.GetTerrain() == pb.Terrain_TERRAIN_UNSPECIFIED {
		return " "
	}
	return TerrainName(lang.EN, z.GetTerrain())[:1]
}

// knownText is the second line of a cell: holder and garrison, "~" when
// remembered, "." when unknown.
func knownText(z *pb.Zone) string {
	var s string
	switch {
	case z.GetVisibility() == pb.Visibility_VISIBILITY_UNKNOWN:
		return "."
	case z.GetOwner() < 0:
		s = "-"
	default:
		s = fmt.Sprint(z.GetOwner())
	}
	if z.GetGarrison() > 0 {
		s += fmt.Sprintf(":%d", z.GetGarrison())
	}
	if z.GetVisibility() == pb.Visibility_VISIBILITY_REMEMBERED {
		s += "~"
	}
	return s
}

// zoneStyle returns the ANSI attributes of a zone's cell: empty for an
// unknown zone.
func zoneStyle(v *pb.CampView, z *pb.Zone) string {
	if z.GetVisibility() == pb.Visibility_VISIBILITY_UNKNOWN {
		return ""
	}
	c := freeColour
	if o := z.GetOwner(); o >= 0 && int(o) < len(campColours) {
		c = campColours[o]
	}
	switch {
	case z.GetVisibility() == pb.Visibility_VISIBILITY_REMEMBERED:
		c = ansiDim + ";" + c
	case z.GetOwner() == v.GetCamp():
		c = ansiBold + ";" + c
	}
	return c
}

func paint(s, style string, colour bool) string {
	if !colour || style == "" {
		return s
	}
	return "\x1b[" + style + "m" + s + ansiReset
}

func legend(l lang.Lang, v *pb.CampView, colour bool) string {
	names := map[int32]string{v.GetCamp(): v.GetCampName() + l.Sprintf(", you", ", vous")}
	for _, c := range v.GetContacts() {
		names[c.GetCamp()] = c.GetName()
		if c.GetName() == "" {
			names[c.GetCamp()] = l.Sprintf("not met", "pas rencontré")
		}
	}
	var parts []string
	for i, c := range campColours {
		name, ok := names[int32(i)]
		if !ok {
			continue
		}
		parts = append(parts, paint(fmt.Sprintf("%d %s", i, name), c, colour))
	}
	var terrains []string
	for n := range int32(len(pb.Terrain_name)) {
		if t := pb.Terrain(n); TerrainName(l, t) != "?" {
			terrains = append(terrains, TerrainName(lang.EN, t)[:1]+" "+TerrainName(l, t))
		}
	}
	out := l.Sprintf("Camps: %s; %s; * capital, :N garrison.\nTerrain: %s; ~ remembered, . unknown.\n",
		"Camps : %s ; %s ; * capitale, :N garnison.\nTerrain : %s ; ~ en mémoire, . inconnue.\n",
		strings.Join(parts, ", "), paint(l.Sprintf("- free", "- libre"), freeColour, colour), strings.Join(terrains, ", "))
	// The special terrains' marks, once the camp has found one.
	found := map[string]bool{}
	for _, z := range v.GetGrisonval().GetZones() {
		found[z.GetSpecial()] = true
	}
	var specials []string
	for _, code := range specialOrder {
		if found[code] {
			specials = append(specials, specialMarks[code]+" "+SpecialName(l, code))
		}
	}
	if len(specials) > 0 {
		out += l.Sprintf("Special terrain: %s.\n", "Terrains spéciaux : %s.\n", strings.Join(specials, ", "))
	}
	return out
}

// HasMap reports whether v's ruleset has a map that Map draws: Grisonval's
// does, the Castle's does not.
func HasMap(v *pb.CampView) bool { return v.GetGrisonval() != nil }
