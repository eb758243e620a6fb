package grisonval

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"github.com/grisonval/server/engine/career"
)

// The binary form of a World is its canonical encoding (Marshal): the
// fields of World and of everything under it, in the order they are
// declared, after the prefix binaryMagic. A field is written
//
//   - as is when its type has a size: a byte for uint8 and int8 types, two,
//     four or eight little-endian bytes for 16-, 32- and 64-bit ones;
//   - as a zigzag varint for an int (days, counts of men, zone numbers);
//   - as a byte for a bool, 0 or 1, except in Zone, Memory and Citizen,
//     whose bools share one byte of flags;
//   - as a uvarint length then its bytes for a string;
//   - as a uvarint count then its elements for a slice, and as its elements
//     alone for an array.
//
// Citizens, the bulk of a late world, have a layout of their own
// (encoder.citizens): varints where most numbers are small, 17 bytes a
// citizen instead of 27 fixed ones, which costs about what hashing the
// saved bytes would. A nil and an empty slice encode alike and decode as
// nil: the encoding, and so the hash, is over the world's values, not over
// how the tick happened to build its slices.

// binaryMagic begins every binary form: "GVW" and the version of the
// format. A JSON form, the canonical encoding before the binary one, begins
// with '{'.
const binaryMagic = "GVW\x01"

// Sizes of a Citizen in the binary form (encoder.citizens): its fixed
// part, the least it takes, and about what it takes in a late world.
const (
	citizenFixed = 11
	minCitizen   = citizenFixed + 4
	citizenHint  = citizenFixed + 7
	maxCitizen   = citizenFixed + 4*binary.MaxVarintLen32
)

// Flags of the bools of Zone, Memory and Citizen.
const (
	zoneCapital = 1 << iota
	zoneMonument
)

const (
	memorySeen = 1 << iota
	memoryCapital
	memoryMonument
	memorySurveyed
)

const (
	citizenFemale = 1 << iota
	citizenUnderArms
)

// flag returns bit when set, 0 otherwise.
func flag(set bool, bit byte) byte {
	if set {
		return bit
	}
	return 0
}

// encoder appends the binary form of a world to b.
type encoder struct{ b []byte }

func (e *encoder) u8(v uint8)   { e.b = append(e.b, v) }
func (e *encoder) u32(v uint32) { e.b = binary.LittleEndian.AppendUint32(e.b, v) }
func (e *encoder) u64(v uint64) { e.b = binary.LittleEndian.AppendUint64(e.b, v) }
func (e *encoder) int(v int)    { e.b = binary.AppendVarint(e.b, int64(v)) }
func (e *encoder) count(n int)  { e.b = binary.AppendUvarint(e.b, uint64(n)) }
func (e *encoder) bool(v bool)  { e.u8(flag(v, 1)) }

func (e *encoder) string(s string) {
	e.count(len(s))
	e.b = append(e.b, s...)
}

func (e *encoder) resources(r *Resources) {
	for _, v := range r.values() {
		e.u64(uint64(v))
	}
}

func (e *encoder) buildings(bs []BuildingKind) {
	e.count(len(bs))
	for _, k := range bs {
		e.u8(uint8(k))
	}
}

func (e *encoder) world(w *World) {
	e.b = append(e.b, binaryMagic...)
	e.u8(uint8(w.Rules))
	e.u64(w.Seed)
	if w.Rules >= RulesMastery {
		e.int(w.Season)
	}
	e.int(w.Day)
	e.count(len(w.Zones))
	for i := range w.Zones {
		e.zone(&w.Zones[i])
	}
	for i := range w.Camps {
		e.camp(&w.Camps[i])
	}
	if w.Rules >= RulesVictory {
		for i := range w.Camps {
			e.int(w.Camps[i].ArmsDays)
		}
	}
	e.count(len(w.Columns))
	for i := range w.Columns {
		e.column(&w.Columns[i])
	}
	e.int(w.NextColumn)
	for _, r := range w.Relations {
		e.u8(uint8(r))
	}
	for i := range w.Pacts {
		e.pact(&w.Pacts[i])
	}
	e.count(len(w.Routes))
	for i := range w.Routes {
		e.route(&w.Routes[i])
	}
	e.count(len(w.Sieges))
	for i := range w.Sieges {
		e.siege(&w.Sieges[i])
	}
	for i := range w.Rulers {
		e.rulerBonuses(&w.Rulers[i])
	}
}

func (e *encoder) zone(z *Zone) {
	e.int(int(z.ID))
	e.u8(uint8(z.Terrain))
	e.u8(uint8(z.Owner))
	e.u8(flag(z.Capital, zoneCapital) | flag(z.Monument, zoneMonument))
	e.int(z.Garrison)
	e.int(z.Development)
	e.buildings(z.Buildings)
	e.u8(uint8(z.Special))
}

func (e *encoder) memory(m *Memory) {
	e.u8(flag(m.Seen, memorySeen) | flag(m.Capital, memoryCapital) | flag(m.Monument, memoryMonument) | flag(m.Surveyed, memorySurveyed))
	e.int(m.Day)
	e.u8(uint8(m.Terrain))
	e.u8(uint8(m.Owner))
	e.int(m.Garrison)
	e.int(m.Dev)
	e.buildings(m.Buildings)
	e.u8(uint8(m.Special))
}

func (e *encoder) camp(c *Camp) {
	e.string(c.Name)
	e.bool(c.Alive)
	e.resources(&c.Resources)
	e.int(c.Morale)
	e.citizens(c.Citizens)
	e.u32(uint32(c.NextCitizen))
	e.int(c.FamineDay)
	e.int(c.FieldArmy)
	for _, m := range c.Met {
		e.bool(m)
	}
	e.count(len(c.Memory))
	for i := range c.Memory {
		e.memory(&c.Memory[i])
	}
	e.resources(&c.Carry)
	e.bool(c.Degraded)
	e.u32(c.Achievements)
	e.u8(uint8(c.Government))
	e.int(c.GovernmentDay)
	e.int(c.Legitimacy)
	e.int(c.LowLegitimacy)
	e.int(c.Infamy)
	e.int(c.Fame)
	e.b = append(e.b, c.Edicts[:]...)
	for _, d := range c.EdictDay {
		e.int(d)
	}
	e.int(c.LoyaltyCarry)
	e.int(c.HolidayCut)
	e.int(c.HolidayDistrust)
	e.int(c.EdictsUnpaid)
	for _, s := range c.Council {
		e.u32(uint32(s.Citizen))
		e.int(s.Since)
	}
	e.int(c.CouncilUnrest)
	e.int(c.CouncilUnrestDay)
	e.count(len(c.Ongoing))
	for i := range c.Ongoing {
		e.ongoing(&c.Ongoing[i])
	}
	e.count(len(c.CutZones))
	for i := range c.CutZones {
		e.cutZone(&c.CutZones[i])
	}
	e.int(c.CutOffSince)
	e.resources(&c.CutOffHalf)
}

// citizens writes cs. Each citizen's ID is the difference from the
// previous one's (from 0), a zigzag varint: citizens are in order of
// arrival, so that it takes a byte. Then come its bytes and int16s as they
// are, citizenFixed bytes, and its XP, Arrived and Raised as zigzag
// varints: small numbers, most of them 0.
func (e *encoder) citizens(cs []Citizen) {
	e.count(len(cs))
	b := e.b
	prev := int64(0)
	for i := range cs {
		c := &cs[i]
		b = slices.Grow(b, maxCitizen)
		q := b[len(b) : len(b)+maxCitizen]
		k := putVarint(q, int64(c.ID)-prev)
		prev = int64(c.ID)
		p := q[k : k+citizenFixed]
		p[0], p[1], p[2] = c.First, c.Family, flag(c.Female, citizenFemale)|flag(c.UnderArms, citizenUnderArms)
		p[3], p[4] = byte(c.Age), byte(c.Age>>8)
		p[5], p[6], p[7] = uint8(c.Job), uint8(c.Aspiration), uint8(c.Trait)
		p[8], p[9], p[10] = byte(c.Mood), byte(c.Mood>>8), c.Level
		k += citizenFixed
		k += putVarint(q[k:], int64(c.XP))
		k += putVarint(q[k:], int64(c.Arrived))
		k += putVarint(q[k:], int64(c.Raised))
		b = b[:len(b)+k]
	}
	e.b = b
}

// putVarint is binary.PutVarint, short enough to inline in the loop over
// citizens.
func putVarint(q []byte, v int64) int {
	u := uint64(v<<1) ^ uint64(v>>63)
	i := 0
	for u >= 0x80 {
		q[i] = byte(u) | 0x80
		u >>= 7
		i++
	}
	q[i] = byte(u)
	return i + 1
}

func (e *encoder) column(c *Column) {
	e.int(c.ID)
	e.u8(uint8(c.Camp))
	e.u8(uint8(c.Kind))
	e.int(c.Men)
	e.int(int(c.From))
	e.int(int(c.To))
	e.int(c.Depart)
	e.int(c.Arrive)
	e.bool(c.Home)
}

func (e *encoder) pact(p *Pact) {
	e.int(p.Since)
	e.int(p.ClosedUntil)
	e.int(p.Refusals)
	e.u8(uint8(p.Offer))
	e.u8(uint8(p.From))
	e.int(p.Day)
}

func (e *encoder) route(r *Route) {
	e.u8(uint8(r.A))
	e.u8(uint8(r.B))
	e.int(r.Opened)
}

func (e *encoder) siege(s *Siege) {
	e.int(int(s.Zone))
	e.u8(uint8(s.Camp))
	e.int(s.Men)
	e.int(s.Start)
	e.int(s.Assault)
}

func (e *encoder) ongoing(o *Ongoing) {
	e.string(o.Kind)
	e.int(o.Since)
	e.int(int(o.Zone))
}

func (e *encoder) cutZone(z *CutZone) {
	e.int(int(z.Zone))
	e.int(z.Since)
}

func (e *encoder) rulerBonuses(b *career.WorldBonuses) {
	for _, v := range [...]int{b.AssaultBonus, b.UpkeepGoldRebate, b.DiplomacyBonus, b.ResearchPerDay, b.StartMorale,
		b.DecisiveAssaultBonus, b.RouteGold, b.FreeBuildings, b.MarchDaysSaved, b.RestMorale, b.PowerPoints, b.Wounds} {
		e.int(v)
	}
}

// sizeHint returns about the size of w's binary form, to allocate it once.
func sizeHint(w *World) int {
	n := 512 + 24*len(w.Zones) + 32*len(w.Columns)
	for i := range w.Camps {
		n += 256 + citizenHint*len(w.Camps[i].Citizens) + 16*len(w.Camps[i].Memory)
	}
	return n
}

// appendBinary appends w's binary form to b.
func appendBinary(b []byte, w *World) []byte {
	e := encoder{b}
	e.world(w)
	return e.b
}

// decoder reads a binary form. The first error it meets stops it: every
// later read returns zero values and the error stays in err.
type decoder struct {
	b    []byte
	size int // of the whole form, to say where an error is
	err  error
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("byte %d: %s", d.size-len(d.b), fmt.Sprintf(format, args...))
	}
	d.b = nil
}

// take returns the next n bytes, or nil past the end.
func (d *decoder) take(n int) []byte {
	if len(d.b) < n {
		d.fail("truncated")
		return nil
	}
	p := d.b[:n]
	d.b = d.b[n:]
	return p
}

func (d *decoder) u8() uint8 {
	if p := d.take(1); p != nil {
		return p[0]
	}
	return 0
}

func (d *decoder) u32() uint32 {
	if p := d.take(4); p != nil {
		return binary.LittleEndian.Uint32(p)
	}
	return 0
}

func (d *decoder) u64() uint64 {
	if p := d.take(8); p != nil {
		return binary.LittleEndian.Uint64(p)
	}
	return 0
}

func (d *decoder) int64() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail("bad varint")
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) int32() int32 {
	v := d.int64()
	if v != int64(int32(v)) {
		d.fail("%d overflows an int32", v)
		return 0
	}
	return int32(v)
}

func (d *decoder) int() int {
	v := d.int64()
	if v < math.MinInt || v > math.MaxInt {
		d.fail("%d overflows an int", v)
		return 0
	}
	return int(v)
}

// flags reads a byte of flags, of which only the bits of mask may be set.
func (d *decoder) flags(mask byte) byte {
	f := d.u8()
	if f&^mask != 0 {
		d.fail("flags %#x out of %#x", f, mask)
	}
	return f
}

func (d *decoder) bool() bool { return d.flags(1) == 1 }

// count reads the count of a slice whose elements take at least size
// bytes each: a count the remaining bytes cannot hold fails, so that a
// corrupt count never makes the decoder allocate more than the form's size
// allows.
func (d *decoder) count(size int) int {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail("bad count")
		return 0
	}
	d.b = d.b[n:]
	if v > uint64(len(d.b)/size) {
		d.fail("count %d exceeds the %d bytes left", v, len(d.b))
		return 0
	}
	return int(v)
}

func (d *decoder) string() string {
	return string(d.take(d.count(1)))
}

func (d *decoder) resources() Resources {
	var v [6]int64
	for i := range v {
		v[i] = int64(d.u64())
	}
	return Resources{v[0], v[1], v[2], v[3], v[4], v[5]}
}

func (d *decoder) buildings() []BuildingKind {
	n := d.count(1)
	if n == 0 {
		return nil
	}
	bs := make([]BuildingKind, n)
	for i, k := range d.take(n) {
		bs[i] = BuildingKind(k)
	}
	return bs
}

// Minimum sizes of elements of slices in the binary form: the sizes of
// their zero values.
const (
	minZone    = 8
	minMemory  = 8
	minColumn  = 9
	minRoute   = 3
	minSiege   = 5
	minOngoing = 3
	minCutZone = 2
)

func (d *decoder) world() *World {
	if string(d.take(len(binaryMagic))) != binaryMagic {
		d.fail("not a binary world")
		return nil
	}
	w := &World{Rules: Rules(d.u8()), Seed: d.u64()}
	if w.Rules >= RulesMastery {
		w.Season = d.int()
	}
	w.Day = d.int()
	if n := d.count(minZone); n > 0 {
		w.Zones = make([]Zone, n)
		for i := range w.Zones {
			d.zone(&w.Zones[i])
		}
	}
	for i := range w.Camps {
		d.camp(&w.Camps[i])
	}
	if w.Rules >= RulesVictory {
		for i := range w.Camps {
			w.Camps[i].ArmsDays = d.int()
		}
	}
	if n := d.count(minColumn); n > 0 {
		w.Columns = make([]Column, n)
		for i := range w.Columns {
			d.column(&w.Columns[i])
		}
	}
	w.NextColumn = d.int()
	for i := range w.Relations {
		w.Relations[i] = Relation(d.u8())
	}
	for i := range w.Pacts {
		w.Pacts[i] = Pact{Since: d.int(), ClosedUntil: d.int(), Refusals: d.int(), Offer: Relation(d.u8()), From: CampID(d.u8()), Day: d.int()}
	}
	if n := d.count(minRoute); n > 0 {
		w.Routes = make([]Route, n)
		for i := range w.Routes {
			w.Routes[i] = Route{A: CampID(d.u8()), B: CampID(d.u8()), Opened: d.int()}
		}
	}
	if n := d.count(minSiege); n > 0 {
		w.Sieges = make([]Siege, n)
		for i := range w.Sieges {
			w.Sieges[i] = Siege{Zone: ZoneID(d.int()), Camp: CampID(d.u8()), Men: d.int(), Start: d.int(), Assault: d.int()}
		}
	}
	for i := range w.Rulers {
		w.Rulers[i] = d.rulerBonuses()
	}
	if d.err == nil && len(d.b) > 0 {
		d.fail("%d bytes after the world", len(d.b))
	}
	return w
}

func (d *decoder) zone(z *Zone) {
	z.ID = ZoneID(d.int())
	z.Terrain = Terrain(d.u8())
	z.Owner = CampID(d.u8())
	f := d.flags(zoneCapital | zoneMonument)
	z.Capital, z.Monument = f&zoneCapital != 0, f&zoneMonument != 0
	z.Garrison = d.int()
	z.Development = d.int()
	z.Buildings = d.buildings()
	z.Special = Special(d.u8())
}

func (d *decoder) memory(m *Memory) {
	f := d.flags(memorySeen | memoryCapital | memoryMonument | memorySurveyed)
	m.Seen, m.Capital, m.Monument, m.Surveyed = f&memorySeen != 0, f&memoryCapital != 0, f&memoryMonument != 0, f&memorySurveyed != 0
	m.Day = d.int()
	m.Terrain = Terrain(d.u8())
	m.Owner = CampID(d.u8())
	m.Garrison = d.int()
	m.Dev = d.int()
	m.Buildings = d.buildings()
	m.Special = Special(d.u8())
}

func (d *decoder) camp(c *Camp) {
	c.Name = d.string()
	c.Alive = d.bool()
	c.Resources = d.resources()
	c.Morale = d.int()
	c.Citizens = d.citizens()
	c.NextCitizen = int32(d.u32())
	c.FamineDay = d.int()
	c.FieldArmy = d.int()
	for i := range c.Met {
		c.Met[i] = d.bool()
	}
	if n := d.count(minMemory); n > 0 {
		c.Memory = make([]Memory, n)
		for i := range c.Memory {
			d.memory(&c.Memory[i])
		}
	}
	c.Carry = d.resources()
	c.Degraded = d.bool()
	c.Achievements = d.u32()
	c.Government = Government(d.u8())
	c.GovernmentDay = d.int()
	c.Legitimacy = d.int()
	c.LowLegitimacy = d.int()
	c.Infamy = d.int()
	c.Fame = d.int()
	copy(c.Edicts[:], d.take(len(c.Edicts)))
	for i := range c.EdictDay {
		c.EdictDay[i] = d.int()
	}
	c.LoyaltyCarry = d.int()
	c.HolidayCut = d.int()
	c.HolidayDistrust = d.int()
	c.EdictsUnpaid = d.int()
	for i := range c.Council {
		c.Council[i] = Seat{Citizen: int32(d.u32()), Since: d.int()}
	}
	c.CouncilUnrest = d.int()
	c.CouncilUnrestDay = d.int()
	if n := d.count(minOngoing); n > 0 {
		c.Ongoing = make([]Ongoing, n)
		for i := range c.Ongoing {
			c.Ongoing[i] = Ongoing{Kind: d.string(), Since: d.int(), Zone: ZoneID(d.int())}
		}
	}
	if n := d.count(minCutZone); n > 0 {
		c.CutZones = make([]CutZone, n)
		for i := range c.CutZones {
			c.CutZones[i] = CutZone{Zone: ZoneID(d.int()), Since: d.int()}
		}
	}
	c.CutOffSince = d.int()
	c.CutOffHalf = d.resources()
}

func (d *decoder) citizens() []Citizen {
	n := d.count(minCitizen)
	if n == 0 {
		return nil
	}
	cs := make([]Citizen, n)
	prev := int64(0)
	for i := range cs {
		id := prev + d.int64()
		if id != int64(int32(id)) {
			d.fail("citizen ID %d overflows an int32", id)
		}
		prev = id
		q := d.take(citizenFixed)
		if q == nil {
			return nil
		}
		f := q[2]
		if f&^(citizenFemale|citizenUnderArms) != 0 {
			d.fail("citizen %d: flags %#x", i, f)
			return nil
		}
		cs[i] = Citizen{
			ID:         int32(id),
			First:      q[0],
			Family:     q[1],
			Female:     f&citizenFemale != 0,
			Age:        int16(uint16(q[3]) | uint16(q[4])<<8),
			Job:        Job(q[5]),
			Aspiration: Aspiration(q[6]),
			Trait:      Trait(q[7]),
			Mood:       int16(uint16(q[8]) | uint16(q[9])<<8),
			Level:      q[10],
			XP:         d.int32(),
			Arrived:    d.int32(),
			UnderArms:  f&citizenUnderArms != 0,
			Raised:     d.int32(),
		}
	}
	return cs
}

func (d *decoder) column(c *Column) {
	*c = Column{ID: d.int(), Camp: CampID(d.u8()), Kind: ColumnKind(d.u8()), Men: d.int(), From: ZoneID(d.int()), To: ZoneID(d.int()),
		Depart: d.int(), Arrive: d.int(), Home: d.bool()}
}

func (d *decoder) rulerBonuses() career.WorldBonuses {
	return career.WorldBonuses{AssaultBonus: d.int(), UpkeepGoldRebate: d.int(), DiplomacyBonus: d.int(), ResearchPerDay: d.int(),
		StartMorale: d.int(), DecisiveAssaultBonus: d.int(), RouteGold: d.int(), FreeBuildings: d.int(), MarchDaysSaved: d.int(),
		RestMorale: d.int(), PowerPoints: d.int(), Wounds: d.int()}
}

// decodeBinary decodes a binary form.
func decodeBinary(b []byte) (*World, error) {
	d := decoder{b: b, size: len(b)}
	w := d.world()
	if d.err != nil {
		return nil, d.err
	}
	return w, nil
}
