package web

import (
	"fmt"
	"html/template"
	"math"
	"strconv"
	"strings"

	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file draws Grisonval's map as SVG (seed 000, "Lire la carte"): one
// tile per terrain defined once and reused by every zone, the holder's
// tint and outline, capitals with a tower and a glow, sieges scorched and
// ringed in the besieger's colour with the J-N countdown, slot pips, the
// garrison badge, columns as dashed lines with a dot at their progress.
// The same drawing serves the observer (from a frame) and a camp (from its
// own view only): it knows nothing but the hexZone and mapColumn it is
// given.

// hexSize is the distance from a hex's centre to a corner, in SVG units.
const hexSize = 32

// hexZone is one zone as the map draws it.
type hexZone struct {
	ID, Q, R int32
	Terrain  pb.Terrain
	// Known is false for a zone the camp has never seen: only its place is
	// drawn. Remembered is set for a zone seen on LastSeen and not today.
	Known      bool
	Remembered bool
	LastSeen   int32
	// Owner is the holder's camp, -1 for free land.
	Owner       int32
	Capital     bool
	Monument    bool
	Garrison    int32
	Development int32
	// Slots is the number of building slots (0 when unknown), Buildings the
	// buildings in them.
	Slots     int32
	Buildings []string
	// Siege is the siege the zone is under, if known.
	Siege *pb.Siege
	// Special is the special terrain the camp found on the zone (its
	// code), "" when none: a camp's own map only.
	Special string
}

// mapColumn is one column on the march as the map draws it.
type mapColumn struct {
	Camp              int32
	Kind              pb.ColumnKind
	Men               int32
	From, To          int32
	Departed, Arrival int32
	Home              bool
}

// hexMap is everything the map draws for one day.
type hexMap struct {
	Day     int32
	Zones   []hexZone
	Columns []mapColumn
	// Names are the camps' names, by camp (capitals are labelled).
	Names []string
	// Self is the camp whose view this is, or -1 for the observer.
	Self int32
	// L is the language of the tooltips and labels.
	L lang.Lang
	// Link, when set, makes each zone a link to Link with the zone's
	// number (a camp's page: the zone's panel, zone.go); Picked is the
	// zone picked, outlined.
	Link   string
	Picked int32
}

// zoneCentre returns the centre of the hex at axial (q, r), pointy side up.
func zoneCentre(q, r int32) (x, y float64) {
	return hexSize * math.Sqrt(3) * (float64(q) + float64(r)/2), hexSize * 1.5 * float64(r)
}

// terrainName names a terrain for the tile's id: its English name.
func terrainName(t pb.Terrain) string {
	if s := viewtext.TerrainName(lang.EN, t); s != "?" {
		return s
	}
	return "land"
}

// campColours are the camps' colours: seed 000's gold, red and cyan for
// the first three (a Castle has up to six cities); free land is grey. The
// stylesheet holds the same colours (--c0 to --c5, --cf); the tests read
// these to check what the browser computes.
var campColours = []string{"#e0a526", "#d0463a", "#2bb3c4", "#6bbf59", "#9b6cd1", "#e07b2a"}

// campClass returns the CSS class of a camp's colour: o0 to o5, or of for
// free land.
func campClass(camp int32) string {
	if camp >= 0 && int(camp) < len(campColours) {
		return "o" + strconv.Itoa(int(camp))
	}
	return "of"
}

// mapDefs are the tiles and icons the zones reuse: one drawing per terrain
// (plains with harvested fields and stacks, forest, snowy peaks and scree,
// shore with a boat), the unknown land, the hex outline, the tower, the
// buildings' icons and the garrison's swords. They are written once per
// page.
const mapDefs = `<defs>
<clipPath id="hc"><polygon points="0,-32 27.7,-16 27.7,16 0,32 -27.7,16 -27.7,-16"/></clipPath>
<polygon id="hx" points="0,-32 27.7,-16 27.7,16 0,32 -27.7,16 -27.7,-16"/>
<polygon id="hi" points="0,-29 25.1,-14.5 25.1,14.5 0,29 -25.1,14.5 -25.1,-14.5"/>
<g id="t-plains" clip-path="url(#hc)"><rect x="-32" y="-32" width="64" height="64" fill="#d8c77a"/><path d="M-32-14 32-26M-32-4 32-16M-32 6 32-6M-32 16 32 4M-32 26 32 14" stroke="#c2a955" stroke-width="3"/><path d="M-32 2 32-10" stroke="#e9dc9c" stroke-width="2"/><g fill="#b98c35" stroke="#8c6420" stroke-width=".8"><path d="M-16 6a6 7 0 0 1 12 0z"/><path d="M6-6a5 6 0 0 1 10 0z"/><path d="M-4 18a5 6 0 0 1 10 0z"/></g></g>
<g id="t-forest" clip-path="url(#hc)"><rect x="-32" y="-32" width="64" height="64" fill="#55803f"/><g fill="#2f5a26"><circle cx="-14" cy="-12" r="8"/><circle cx="8" cy="-16" r="9"/><circle cx="-4" cy="2" r="9"/><circle cx="16" cy="6" r="8"/><circle cx="-18" cy="12" r="7"/><circle cx="4" cy="20" r="7"/></g><g fill="#3f7032"><circle cx="-12" cy="-14" r="5"/><circle cx="10" cy="-18" r="5"/><circle cx="-2" cy="0" r="5"/><circle cx="18" cy="4" r="4"/></g><g fill="#5b3b1c"><rect x="-5" y="10" width="2" height="5"/><rect x="15" y="13" width="2" height="4"/></g></g>
<g id="t-mountain" clip-path="url(#hc)"><rect x="-32" y="-32" width="64" height="64" fill="#9a968c"/><path d="M-30 16-12-16 2 8 12-8 30 16z" fill="#6e6a62"/><path d="M-12-16-17-7-12-9-7-6zM12-8 8-1 12-3 16-1z" fill="#f4f6f8"/><g fill="#b7b2a6"><circle cx="-20" cy="22" r="2"/><circle cx="-12" cy="24" r="1.5"/><circle cx="6" cy="21" r="2"/><circle cx="16" cy="25" r="1.5"/><circle cx="-2" cy="26" r="1.2"/></g></g>
<g id="t-coast" clip-path="url(#hc)"><rect x="-32" y="-32" width="64" height="64" fill="#4f8fb8"/><path d="M-32 4C-16-2-4 12 10 4S26-4 32 0V32H-32z" fill="#e2d3a2"/><path d="M-26-18h8m4 0h8M2-22h10m6 0h6M-20-8h8" stroke="#9cc7e0" stroke-width="1.5"/><path d="M-8-8h16l-3 5h-10z" fill="#7a4e26"/><path d="M0-8v-12l7 10z" fill="#f1ead6" stroke="#5b3b1c" stroke-width=".6"/></g>
<g id="t-land" clip-path="url(#hc)"><rect x="-32" y="-32" width="64" height="64" fill="#a9a58f"/></g>
<g id="t-unknown" clip-path="url(#hc)"><rect x="-32" y="-32" width="64" height="64" fill="#2a2a33"/><text y="6" text-anchor="middle" fill="#47475a" font-size="18">?</text></g>
<g id="tower"><path d="M-7 2V-14h3v3h2.5v-3h3v3H4v-3h3V2z" fill="#e8e1cf" stroke="#3a3226" stroke-width="1.2"/><path d="M-2 2v-5a2 2 0 0 1 4 0v5z" fill="#3a3226"/></g>
<g id="swords"><path d="M-3 3 3-3M3 3-3-3M-3-1-1-3M1-3 3-1" stroke="#f4f1e8" stroke-width="1.3" fill="none"/></g>
<g id="b-farm"><path d="M0 3V-3M-2-1l2-2 2 2" stroke="#f7e08a" fill="none"/></g>
<g id="b-lumber_camp"><path d="M-3 3 0-3 3 3z" fill="#9fd07a"/></g>
<g id="b-mine"><path d="M-3 2 3-3M-3-3h3" stroke="#d7d7d7" fill="none"/></g>
<g id="b-workshop"><circle r="2.4" fill="none" stroke="#e0c08a"/></g>
<g id="b-market"><path d="M-3-1h6l-1 3h-4z" fill="#f1c24a"/></g>
<g id="b-school"><path d="M-3-1 0-3 3-1 0 1z" fill="#9ac8f0"/></g>
<g id="b-house"><path d="M-3 3V0l3-3 3 3v3z" fill="#f0b08a"/></g>
<g id="b-barracks"><path d="M-3 3V-3h6v6z" fill="#e07a6a"/></g>
<g id="b-walls"><path d="M-3 3V-2h1.5v1.5h1.5V-2h1.5v1.5h1.5V3z" fill="#cfc8b8"/></g>
<g id="b-temple"><path d="M0-3v6M-2-1h4" stroke="#fff" fill="none"/></g>
<g id="b-other"><rect x="-2" y="-2" width="4" height="4" fill="#ddd"/></g>
<g id="b-monument"><path d="M-2 3 0-4 2 3z" fill="#fff6c8"/></g>
<radialGradient id="glow"><stop offset=".3" stop-color="#fff1b0" stop-opacity="0"/><stop offset=".6" stop-color="#fff1b0" stop-opacity=".5"/><stop offset="1" stop-color="#fff1b0" stop-opacity="0"/></radialGradient>
</defs>`

// buildingIcons are the buildings that have an icon of their own; any
// other gets a plain square.
var buildingIcons = map[string]bool{
	"farm": true, "lumber_camp": true, "mine": true, "workshop": true, "market": true,
	"school": true, "house": true, "barracks": true, "walls": true, "temple": true,
}

// fmtf formats a coordinate with at most one decimal, to keep the SVG small.
func fmtf(f float64) string {
	var buf [24]byte
	return string(appendCoord(buf[:0], f))
}

// appendCoord appends f with at most one decimal.
func appendCoord(b []byte, f float64) []byte {
	n := int64(math.Round(f * 10))
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/10, 10)
	if r := n % 10; r != 0 {
		b = append(b, '.', byte('0'+r))
	}
	return b
}

// esc escapes s for HTML text and attributes.
func esc(s string) string { return template.HTMLEscapeString(s) }

// campLabel names a camp for a tooltip: its name, or "camp N".
func (m *hexMap) campLabel(c int32) string {
	switch {
	case c < 0:
		return m.L.Sprintf("free", "libre")
	case c == m.Self:
		return m.L.Sprintf("you (%s)", "vous (%s)", m.name(c))
	}
	return m.name(c)
}

// name returns camp c's name, or "camp N" when unknown.
func (m *hexMap) name(c int32) string {
	if c >= 0 && int(c) < len(m.Names) && m.Names[c] != "" {
		return m.Names[c]
	}
	return m.L.Sprintf("camp %d", "camp %d", c)
}

// SVG draws the map. Every zone is a <g class="z ..."> with data-zone,
// data-owner and data-garrison (what the tests read), a <title> tooltip
// with every fact and the zone number the CLI takes; columns follow.
func (m *hexMap) SVG() template.HTML {
	var b strings.Builder
	b.Grow(40 << 10)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, z := range m.Zones {
		x, y := zoneCentre(z.Q, z.R)
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	if len(m.Zones) == 0 {
		minX, minY, maxX, maxY = 0, 0, 0, 0
	}
	pad := float64(hexSize) + 6
	// A map of links is a group of them; one without is an image.
	role := "img"
	if m.Link != "" {
		role = "group"
	}
	fmt.Fprintf(&b, `<svg id="map" class="map" data-day="%d" viewBox="%s %s %s %s" role="%s" aria-label="%s" xmlns="http://www.w3.org/2000/svg">`,
		m.Day, fmtf(minX-pad), fmtf(minY-pad), fmtf(maxX-minX+2*pad), fmtf(maxY-minY+2*pad), role, m.L.Sprintf("map of day %d", "carte du jour %d", m.Day))
	b.WriteString(mapDefs)
	centres := make(map[int32][2]float64, len(m.Zones))
	for i := range m.Zones {
		z := &m.Zones[i]
		x, y := zoneCentre(z.Q, z.R)
		centres[z.ID] = [2]float64{x, y}
		m.writeZone(&b, z, x, y)
	}
	// Capitals shine over their neighbours.
	b.WriteString(`<g class="glows">`)
	for _, z := range m.Zones {
		if z.Known && z.Capital && z.Owner >= 0 {
			c := centres[z.ID]
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="50" fill="url(#glow)"/>`, fmtf(c[0]), fmtf(c[1]))
		}
	}
	b.WriteString(`</g><g class="cols">`)
	for _, c := range m.Columns {
		m.writeColumn(&b, c, centres)
	}
	b.WriteString(`</g>`)
	// Capitals' names go on top of everything.
	b.WriteString(`<g class="labels">`)
	for _, z := range m.Zones {
		if z.Known && z.Capital && z.Owner >= 0 {
			x, y := zoneCentre(z.Q, z.R)
			fmt.Fprintf(&b, `<text x="%s" y="%s" class="lbl">%s</text>`, fmtf(x), fmtf(y-16), esc(m.name(z.Owner)))
		}
	}
	b.WriteString(`</g></svg>`)
	return template.HTML(b.String())
}

// writeZone draws one zone at (x, y).
func (m *hexMap) writeZone(b *strings.Builder, z *hexZone, x, y float64) {
	cls := "z"
	if !z.Known {
		cls += " unk"
	} else {
		cls += " " + campClass(z.Owner)
	}
	if z.Remembered {
		cls += " mem"
	}
	if z.Capital && z.Known {
		cls += " cap"
	}
	if z.Siege != nil {
		cls += " sg"
	}
	if z.ID == m.Picked && m.Picked > 0 {
		cls += " picked"
	}
	if m.Link != "" {
		fmt.Fprintf(b, `<a href="%s" class="zl" aria-label="%s">`, esc(fmt.Sprintf(m.Link, z.ID)), esc(m.tooltip(z)))
		defer b.WriteString(`</a>`)
	}
	fmt.Fprintf(b, `<g class="%s" id="z%d" data-zone="%d"`, cls, z.ID, z.ID)
	if z.Known {
		fmt.Fprintf(b, ` data-owner="%d" data-garrison="%d"`, z.Owner, z.Garrison)
	}
	if z.Special != "" {
		fmt.Fprintf(b, ` data-special="%s"`, esc(z.Special))
	}
	fmt.Fprintf(b, ` transform="translate(%s %s)"><title>%s</title>`, fmtf(x), fmtf(y), esc(m.tooltip(z)))
	if !z.Known {
		b.WriteString(`<use href="#t-unknown"/><use href="#hx" class="edge"/></g>`)
		return
	}
	fmt.Fprintf(b, `<use href="#t-%s" class="tile"/>`, terrainName(z.Terrain))
	if z.Owner >= 0 {
		b.WriteString(`<use href="#hi" class="tint"/>`)
	} else {
		b.WriteString(`<use href="#hx" class="edge"/>`)
	}
	if z.Siege != nil {
		b.WriteString(`<use href="#hx" class="scorch"/>`)
		fmt.Fprintf(b, `<circle r="25" class="ring %s"/>`, campClass(z.Siege.GetBesieger()))
		fmt.Fprintf(b, `<text x="-24" y="-15" class="cd">J-%d</text>`, max(0, z.Siege.GetAssaultDay()-m.Day))
	}
	if z.Capital {
		b.WriteString(`<use href="#tower" y="2"/>`)
	}
	// Slot pips along the bottom: an icon per building, a hollow dot per
	// free slot.
	n := max(int(z.Slots), len(z.Buildings))
	if z.Monument {
		n++
	}
	if n > 0 {
		step := 7.0
		px := -step * float64(n-1) / 2
		if z.Monument {
			fmt.Fprintf(b, `<use href="#b-monument" x="%s" y="20"/>`, fmtf(px))
			px += step
		}
		for _, bl := range z.Buildings {
			icon := bl
			if !buildingIcons[bl] {
				icon = "other"
			}
			fmt.Fprintf(b, `<use href="#b-%s" x="%s" y="20" class="pip"/>`, icon, fmtf(px))
			px += step
		}
		for range int(z.Slots) - len(z.Buildings) {
			fmt.Fprintf(b, `<circle cx="%s" cy="20" r="2.2" class="slot"/>`, fmtf(px))
			px += step
		}
	}
	if z.Special != "" {
		fmt.Fprintf(b, `<text x="-14" y="-10" class="sp">%s</text>`, esc(viewtext.SpecialMark(z.Special)))
	}
	if z.Garrison > 0 {
		fmt.Fprintf(b, `<g class="gar" transform="translate(14 8)"><rect x="-10" y="-6" width="21" height="12" rx="3"/><use href="#swords" x="-5"/><text x="5" y="3.5">%d</text></g>`, z.Garrison)
	}
	if z.Remembered {
		b.WriteString(`<use href="#hx" class="fog"/>`)
	}
	b.WriteString(`</g>`)
}

// tooltip says every fact of a zone: number (the one the CLI takes),
// terrain, holder, capital, garrison, development, slots and buildings,
// the siege, and for a remembered zone the day it was seen.
func (m *hexMap) tooltip(z *hexZone) string {
	l := m.L
	var b strings.Builder
	fmt.Fprintf(&b, "zone %d", z.ID)
	if !z.Known {
		b.WriteString(l.Sprintf(": unknown", " : inconnue"))
		return b.String()
	}
	fmt.Fprintf(&b, ", %s", viewtext.TerrainName(l, z.Terrain))
	if z.Capital && z.Owner >= 0 {
		b.WriteString(l.Sprintf("\ncapital of %s", "\ncapitale de %s", m.name(z.Owner)))
	}
	b.WriteString(l.Sprintf("\nholder: %s", "\ndétenteur : %s", m.campLabel(z.Owner)))
	b.WriteString(l.Sprintf("\ngarrison: %d", "\ngarnison : %d", z.Garrison))
	if z.Development > 0 {
		b.WriteString(l.Sprintf(", development %d", ", aménagement %d", z.Development))
	}
	if z.Slots > 0 || len(z.Buildings) > 0 {
		b.WriteString(l.Sprintf("\nslots: %d of %d used", "\nemplacements : %d sur %d occupés", len(z.Buildings), z.Slots))
		if len(z.Buildings) > 0 {
			names := make([]string, len(z.Buildings))
			for i, bl := range z.Buildings {
				names[i] = l.Name(bl)
			}
			fmt.Fprintf(&b, " (%s)", strings.Join(names, ", "))
		}
	}
	if z.Monument {
		b.WriteString(l.Sprintf("\ngreat monument", "\ngrand monument"))
	}
	if z.Special != "" {
		b.WriteString(l.Sprintf("\nspecial terrain found: %s", "\nterrain spécial trouvé : %s", viewtext.SpecialName(l, z.Special)))
	}
	if s := z.Siege; s != nil {
		besieger := unknownCamp.In(l)
		if s.GetBesieger() >= 0 {
			besieger = m.campLabel(s.GetBesieger())
		}
		b.WriteString(l.Sprintf("\nbesieged by %s, %d men, since day %d; assault on day %d (J-%d)",
			"\nassiégée par %s, %d hommes, depuis le jour %d ; assaut le jour %d (J-%d)",
			besieger, s.GetMen(), s.GetStartDay(), s.GetAssaultDay(), max(0, s.GetAssaultDay()-m.Day)))
	}
	if z.Remembered {
		b.WriteString(l.Sprintf("\nas seen on day %d", "\ntelle que vue le jour %d", z.LastSeen))
	}
	return b.String()
}

// writeColumn draws a column as a dashed line from its zone to its target
// with a dot at its progress.
func (m *hexMap) writeColumn(b *strings.Builder, c mapColumn, centres map[int32][2]float64) {
	from, ok1 := centres[c.From]
	to, ok2 := centres[c.To]
	if !ok1 || !ok2 {
		return
	}
	if c.Home {
		from, to = to, from
	}
	p := columnProgress(c, m.Day)
	dx, dy := to[0]-from[0], to[1]-from[1]
	kind := "army"
	if c.Kind == pb.ColumnKind_COLUMN_KIND_SETTLERS {
		kind = "settlers"
	}
	men := ""
	if c.Men > 0 {
		men = m.L.Sprintf(" of %d men", " de %d hommes", c.Men)
	}
	fmt.Fprintf(b, `<g class="col %s %s" data-camp="%d" data-from="%d" data-to="%d"><title>%s</title>`,
		campClass(c.Camp), kind, c.Camp, c.From, c.To, esc(m.L.Sprintf("%s: %s%s, zone %d to %d, arrives day %d", "%s : %s%s, zone %d vers %d, arrive le jour %d",
			m.campLabel(c.Camp), words[kind].In(m.L), men, c.From, c.To, c.Arrival)))
	fmt.Fprintf(b, `<path d="M%s %sl%s %s"/><circle cx="%s" cy="%s" r="4.5"/></g>`,
		fmtf(from[0]), fmtf(from[1]), fmtf(dx), fmtf(dy), fmtf(from[0]+p*dx), fmtf(from[1]+p*dy))
}

// columnProgress is how far a column has come on day, from 0 to 1.
func columnProgress(c mapColumn, day int32) float64 {
	total := c.Arrival - c.Departed
	if total <= 0 {
		return 1
	}
	return math.Min(1, math.Max(0, float64(day-c.Departed)/float64(total)))
}

// mapOfFrame is the observer's map of a Grisonval frame: every zone as it
// is, its terrain, buildings and slots included.
func mapOfFrame(l lang.Lang, day int32, f *pb.GrisonvalFrame) *hexMap {
	m := &hexMap{Day: day, Self: -1, L: l}
	for _, c := range f.GetCamps() {
		for int(c.GetCamp()) >= len(m.Names) {
			m.Names = append(m.Names, "")
		}
		m.Names[c.GetCamp()] = c.GetName()
	}
	sieges := make(map[int32]*pb.Siege, len(f.GetSieges()))
	for _, s := range f.GetSieges() {
		sieges[s.GetZone()] = s
	}
	for _, z := range f.GetZones() {
		hz := hexZone{ID: z.GetZone(), Q: z.GetQ(), R: z.GetR(), Terrain: z.GetTerrain(), Known: true, Owner: z.GetOwner(),
			Capital: z.GetCapital(), Monument: z.GetMonument(), Garrison: z.GetGarrison(), Development: z.GetDevelopment(),
			Slots: z.GetSlots(), Buildings: z.GetBuildings(), Siege: sieges[z.GetZone()]}
		if hz.Siege == nil && z.GetBesieged() {
			hz.Siege = &pb.Siege{Zone: z.GetZone(), Besieger: -1}
		}
		m.Zones = append(m.Zones, hz)
	}
	for _, c := range f.GetColumns() {
		m.Columns = append(m.Columns, columnOf(c.GetCamp(), c.GetColumn()))
	}
	return m
}

// columnOf converts a wire column of camp.
func columnOf(camp int32, c *pb.Column) mapColumn {
	return mapColumn{Camp: camp, Kind: c.GetKind(), Men: c.GetMen(), From: c.GetFromZone(), To: c.GetToZone(),
		Departed: c.GetDepartedDay(), Arrival: c.GetArrivalDay(), Home: c.GetHome()}
}

// mapOfView is a camp's map, built from its own view alone: unknown zones
// drawn as unknown, remembered ones with the day last seen, the sieges it
// knows and its own columns.
func mapOfView(l lang.Lang, v *pb.CampView, g *pb.GrisonvalView) *hexMap {
	m := &hexMap{Day: v.GetDay(), Self: v.GetCamp(), L: l}
	m.Names = make([]string, max(int(v.GetCamp())+1, len(v.GetContacts())+1))
	m.Names[v.GetCamp()] = v.GetCampName()
	for _, c := range v.GetContacts() {
		for int(c.GetCamp()) >= len(m.Names) {
			m.Names = append(m.Names, "")
		}
		m.Names[c.GetCamp()] = c.GetName()
	}
	sieges := make(map[int32]*pb.Siege, len(g.GetSieges()))
	for _, s := range g.GetSieges() {
		sieges[s.GetZone()] = s
	}
	for _, z := range g.GetZones() {
		hz := hexZone{ID: z.GetId(), Q: z.GetQ(), R: z.GetR(), Owner: -1}
		if z.GetVisibility() == pb.Visibility_VISIBILITY_VISIBLE || z.GetVisibility() == pb.Visibility_VISIBILITY_REMEMBERED {
			hz.Known = true
			hz.Remembered = z.GetVisibility() == pb.Visibility_VISIBILITY_REMEMBERED
			hz.LastSeen = z.GetLastSeenDay()
			hz.Terrain, hz.Owner, hz.Capital, hz.Monument = z.GetTerrain(), z.GetOwner(), z.GetCapital(), z.GetMonument()
			hz.Garrison, hz.Development, hz.Slots, hz.Buildings = z.GetGarrison(), z.GetDevelopment(), z.GetSlots(), z.GetBuildings()
			hz.Siege = sieges[z.GetId()]
			if hz.Siege == nil && z.GetBesieged() {
				hz.Siege = &pb.Siege{Zone: z.GetId(), Besieger: -1}
			}
			hz.Special = z.GetSpecial()
		}
		m.Zones = append(m.Zones, hz)
	}
	for _, c := range g.GetColumns() {
		m.Columns = append(m.Columns, columnOf(v.GetCamp(), c))
	}
	return m
}
