package grisonval

import "math/bits"

// The map is a full hexagon of radius 5: 91 zones. Zones are numbered from 1
// to 91 in rows from north (r = -5) to south (r = 5), west to east within a
// row. Coordinates are axial (q, r); the third cube coordinate is s = -q-r.

// Radius is the map's radius in zones.
const Radius = 5

// NumZones is the number of zones on the map.
const NumZones = 3*Radius*(Radius+1) + 1

// ZoneID is a zone number, from 1 to NumZones. Zero means no zone.
type ZoneID int

// Hex is an axial hex coordinate.
type Hex struct{ Q, R int }

// S returns the third cube coordinate.
func (h Hex) S() int { return -h.Q - h.R }

// Distance returns the number of steps between two hexes.
func Distance(a, b Hex) int {
	dq, dr, ds := abs(a.Q-b.Q), abs(a.R-b.R), abs(a.S()-b.S())
	return max(dq, dr, ds)
}

// Ring returns the hex's distance from the centre.
func (h Hex) Ring() int { return Distance(h, Hex{}) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

var hexDirs = [6]Hex{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// geometry is the fixed shape of the map, computed once: it depends on
// nothing but Radius.
var geometry = buildGeometry()

type geo struct {
	hex       [NumZones + 1]Hex
	neighbors [NumZones + 1][]ZoneID
	// around[z] holds z's neighbours as a set.
	around [NumZones + 1]zoneMask
	byHex  map[Hex]ZoneID
	dist   [NumZones + 1][NumZones + 1]int8
}

func buildGeometry() *geo {
	g := &geo{byHex: make(map[Hex]ZoneID, NumZones)}
	id := ZoneID(1)
	for r := -Radius; r <= Radius; r++ {
		for q := -Radius; q <= Radius; q++ {
			h := Hex{q, r}
			if h.Ring() > Radius {
				continue
			}
			g.hex[id] = h
			g.byHex[h] = id
			id++
		}
	}
	for z := ZoneID(1); z <= NumZones; z++ {
		for _, d := range hexDirs {
			if n, ok := g.byHex[Hex{g.hex[z].Q + d.Q, g.hex[z].R + d.R}]; ok {
				g.neighbors[z] = append(g.neighbors[z], n)
			}
		}
		sortZones(g.neighbors[z])
		for _, n := range g.neighbors[z] {
			g.around[z].add(n)
		}
		for o := ZoneID(1); o <= NumZones; o++ {
			g.dist[z][o] = int8(Distance(g.hex[z], g.hex[o]))
		}
	}
	return g
}

// zoneMask is a set of zones, bit z for zone z: a walk over a camp's land
// looks at the zones it holds, not at the whole map.
type zoneMask [2]uint64

// The map's zones fit a zoneMask.
var _ [128 - (NumZones + 1)]struct{}

func (m *zoneMask) add(z ZoneID)     { m[z>>6] |= 1 << (z & 63) }
func (m zoneMask) has(z ZoneID) bool { return m[z>>6]&(1<<(z&63)) != 0 }

// andNot returns the zones of m not in o.
func (m zoneMask) andNot(o zoneMask) zoneMask { return zoneMask{m[0] &^ o[0], m[1] &^ o[1]} }

// each calls f for each zone of m, in zone order.
func (m zoneMask) each(f func(ZoneID)) {
	for i, word := range m {
		for word != 0 {
			f(ZoneID(i<<6 | bits.TrailingZeros64(word)))
			word &= word - 1
		}
	}
}

// Valid reports whether z is a zone of the map.
func (z ZoneID) Valid() bool { return z >= 1 && z <= NumZones }

// HexOf returns the coordinates of zone z.
func HexOf(z ZoneID) Hex { return geometry.hex[z] }

// ZoneAt returns the zone at h, or 0 when h is off the map.
func ZoneAt(h Hex) ZoneID { return geometry.byHex[h] }

// Neighbors returns the zones adjacent to z in ascending order. The caller
// must not modify the slice.
func Neighbors(z ZoneID) []ZoneID { return geometry.neighbors[z] }

// ZoneDistance returns the number of steps between two zones.
func ZoneDistance(a, b ZoneID) int { return int(geometry.dist[a][b]) }

// rotate turns a hex by 120 degrees around the centre: cube (x, y, z) becomes
// (z, x, y). Three rotations give the identity.
func rotate(h Hex) Hex {
	x, z := h.Q, h.R
	y := -x - z
	return Hex{Q: z, R: y}
}

func sortZones(zs []ZoneID) {
	for i := 1; i < len(zs); i++ {
		for j := i; j > 0 && zs[j] < zs[j-1]; j-- {
			zs[j], zs[j-1] = zs[j-1], zs[j]
		}
	}
}
