package career

import (
	"errors"
	"fmt"
)

// Characteristic is one of the ruler's five characteristics (rule
// SHEET-CHAR).
type Characteristic uint8

// Characteristics. Values are stored: append only.
const (
	Strategy    Characteristic = iota + 1 // Stratégie
	Stewardship                           // Intendance
	Diplomacy                             // Diplomatie
	Lore                                  // Savoir
	Prestige                              // Prestige
)

// NumCharacteristics is the number of characteristics; Characteristic values
// run from 1 to NumCharacteristics.
const NumCharacteristics = int(Prestige)

var characteristicNames = [...]string{
	Strategy: "strategy", Stewardship: "stewardship", Diplomacy: "diplomacy", Lore: "lore", Prestige: "prestige",
}

var characteristicNamesFR = [...]string{
	Strategy: "Stratégie", Stewardship: "Intendance", Diplomacy: "Diplomatie", Lore: "Savoir", Prestige: "Prestige",
}

func (c Characteristic) valid() bool { return c >= Strategy && int(c) <= NumCharacteristics }

func (c Characteristic) String() string {
	if c.valid() {
		return characteristicNames[c]
	}
	return fmt.Sprintf("characteristic(%d)", uint8(c))
}

// FR returns the characteristic's French name.
func (c Characteristic) FR() string {
	if c.valid() {
		return characteristicNamesFR[c]
	}
	return ""
}

// Talent is one of the ruler's five talents (rule SHEET-TAL).
type Talent uint8

// Talents. Values are stored: append only.
const (
	Sieges  Talent = iota + 1 // Sièges
	Trade                     // Négoce
	Builder                   // Bâtisseur
	Scout                     // Éclaireur
	Oratory                   // Harangue
)

// NumTalents is the number of talents; Talent values run from 1 to
// NumTalents.
const NumTalents = int(Oratory)

var talentNames = [...]string{Sieges: "sieges", Trade: "trade", Builder: "builder", Scout: "scout", Oratory: "oratory"}

var talentNamesFR = [...]string{Sieges: "Sièges", Trade: "Négoce", Builder: "Bâtisseur", Scout: "Éclaireur", Oratory: "Harangue"}

func (t Talent) valid() bool { return t >= Sieges && int(t) <= NumTalents }

func (t Talent) String() string {
	if t.valid() {
		return talentNames[t]
	}
	return fmt.Sprintf("talent(%d)", uint8(t))
}

// FR returns the talent's French name.
func (t Talent) FR() string {
	if t.valid() {
		return talentNamesFR[t]
	}
	return ""
}

// Creation and purchase limits (rules SHEET-NEW, REN-TAL, REN-CHAR, REN-PP and
// REN-GUARD).
const (
	// CharacteristicMinNew and CharacteristicMaxNew bound a characteristic at
	// creation; CharacteristicsNew is the sum of the five at creation.
	CharacteristicMinNew = 1
	CharacteristicMaxNew = 3
	CharacteristicsNew   = 10
	// TalentMaxNew bounds a talent at creation (the least is 0); TalentsNew is
	// the sum of the five at creation.
	TalentMaxNew = 2
	TalentsNew   = 4
	// MaxPPNew is the power points maximum at creation.
	MaxPPNew = 6

	// TalentCost, CharacteristicCost and MaxPPCost are the eminence points a
	// purchase costs.
	TalentCost         = 2
	CharacteristicCost = 4
	MaxPPCost          = 1
	// TalentMax and CharacteristicMax cap a bought talent or characteristic.
	TalentMax         = 4
	CharacteristicMax = 5
	// MaxPPGrowth is how far purchases may raise the power points maximum
	// over creation.
	MaxPPGrowth = 2
	// SheetGrowth is how far the sheet's characteristics and talents together
	// may ever exceed their creation (the guard rail).
	SheetGrowth = 3
)

// DefaultCharacteristics and DefaultTalents are the sheet of a new career
// whose enrolment gives none (rule REN-DEFAULT): every characteristic at 2,
// one point in each talent but oratory. DefaultPackage is the package of an
// enrolment that names none.
var (
	DefaultCharacteristics = [NumCharacteristics]int{2, 2, 2, 2, 2}
	DefaultTalents         = [NumTalents]int{1, 1, 1, 1, 0}
)

// DefaultPackage is the package of an enrolment that names none (rule
// REN-DEFAULT).
const DefaultPackage = Granary

// Build is the part of a sheet that purchases change: characteristics and
// talents, indexed by Characteristic-1 and Talent-1, and the power points
// maximum.
type Build struct {
	Characteristics [NumCharacteristics]int `json:"characteristics"`
	Talents         [NumTalents]int         `json:"talents"`
	MaxPP           int                     `json:"max_pp"`
}

// Characteristic returns the level of characteristic c, or 0 for an unknown
// characteristic.
func (b Build) Characteristic(c Characteristic) int {
	if !c.valid() {
		return 0
	}
	return b.Characteristics[c-1]
}

// Talent returns the level of talent t, or 0 for an unknown talent.
func (b Build) Talent(t Talent) int {
	if !t.valid() {
		return 0
	}
	return b.Talents[t-1]
}

// points returns the characteristics and talents added together.
func (b Build) points() int {
	n := 0
	for _, v := range b.Characteristics {
		n += v
	}
	for _, v := range b.Talents {
		n += v
	}
	return n
}

// Sheet is a ruler's character sheet: its current build, the build it was
// created with, and its power points and wounds of the season. Sheets are
// values; the zero value is not a valid sheet (use NewSheet).
type Sheet struct {
	Build
	// Creation is the snapshot of the build at creation, which the caps and
	// the guard rail measure purchases against.
	Creation Build `json:"creation"`
	// PP is the power points left this season, at most MaxPP.
	PP int `json:"pp"`
	// Wounds counts the ruler's wounds this season.
	Wounds int `json:"wounds,omitempty"`
}

// Errors of sheets and purchases.
var (
	// ErrBadCreation reports a creation outside the limits of rule SHEET-NEW.
	ErrBadCreation = errors.New("bad creation")
	// ErrUnknownTrait reports an unknown characteristic, talent or purchase.
	ErrUnknownTrait = errors.New("unknown characteristic, talent or purchase")
	// ErrNotEnoughEP reports a purchase that costs more eminence points than
	// the career has.
	ErrNotEnoughEP = errors.New("not enough eminence points")
	// ErrTalentCap reports a talent already at TalentMax.
	ErrTalentCap = errors.New("talent already at its cap")
	// ErrCharacteristicCap reports a characteristic already at
	// CharacteristicMax.
	ErrCharacteristicCap = errors.New("characteristic already at its cap")
	// ErrSecondAtMax reports a characteristic that would be the sheet's
	// second one at CharacteristicMax.
	ErrSecondAtMax = errors.New("another characteristic is already at its cap")
	// ErrMaxPPCap reports a power points maximum already MaxPPGrowth over
	// creation.
	ErrMaxPPCap = errors.New("power points maximum already at its cap")
	// ErrGuardRail reports a purchase that would take the sheet more than
	// SheetGrowth points over its creation.
	ErrGuardRail = errors.New("sheet already 3 points over its creation")
)

// NewSheet returns a new ruler's sheet (rule SHEET-NEW): each characteristic
// from 1 to 3, summing to 10; each talent from 0 to 2, summing to 4; MaxPPNew
// power points, all available; no wound. It returns an error wrapping
// ErrBadCreation otherwise.
func NewSheet(characteristics [NumCharacteristics]int, talents [NumTalents]int) (Sheet, error) {
	sum := 0
	for i, v := range characteristics {
		if v < CharacteristicMinNew || v > CharacteristicMaxNew {
			return Sheet{}, fmt.Errorf("%w: %s %d is not %d-%d", ErrBadCreation, Characteristic(i+1), v, CharacteristicMinNew, CharacteristicMaxNew)
		}
		sum += v
	}
	if sum != CharacteristicsNew {
		return Sheet{}, fmt.Errorf("%w: characteristics sum to %d, not %d", ErrBadCreation, sum, CharacteristicsNew)
	}
	sum = 0
	for i, v := range talents {
		if v < 0 || v > TalentMaxNew {
			return Sheet{}, fmt.Errorf("%w: %s %d is not 0-%d", ErrBadCreation, Talent(i+1), v, TalentMaxNew)
		}
		sum += v
	}
	if sum != TalentsNew {
		return Sheet{}, fmt.Errorf("%w: talents sum to %d, not %d", ErrBadCreation, sum, TalentsNew)
	}
	b := Build{Characteristics: characteristics, Talents: talents, MaxPP: MaxPPNew}
	return Sheet{Build: b, Creation: b, PP: b.MaxPP}, nil
}

// PurchaseKind is what an eminence point purchase buys.
type PurchaseKind uint8

// Purchase kinds. Values are stored: append only.
const (
	BuyTalent PurchaseKind = iota + 1
	BuyCharacteristic
	BuyMaxPP
)

// Purchase is one purchase at re-enrolment: +1 to a talent, +1 to a
// characteristic, or +1 to the power points maximum. Only the field its kind
// names is read.
type Purchase struct {
	Kind           PurchaseKind   `json:"kind"`
	Talent         Talent         `json:"talent,omitempty"`
	Characteristic Characteristic `json:"characteristic,omitempty"`
}

func (p Purchase) String() string {
	switch p.Kind {
	case BuyTalent:
		return "+1 " + p.Talent.String()
	case BuyCharacteristic:
		return "+1 " + p.Characteristic.String()
	case BuyMaxPP:
		return "+1 max pp"
	}
	return fmt.Sprintf("purchase(%d)", uint8(p.Kind))
}

// buy applies purchase p to s with ep eminence points (rules REN-TAL,
// REN-CHAR, REN-FIVE, REN-PP, REN-GUARD) and returns the new sheet and the
// points left. On error it returns s and ep unchanged. The caps are checked
// before the cost, so that a purchase refused for its cap says so whatever
// the points.
func buy(s Sheet, ep int, p Purchase) (Sheet, int, error) {
	cost := 0
	switch p.Kind {
	case BuyTalent:
		switch {
		case !p.Talent.valid():
			return s, ep, fmt.Errorf("%w: %s", ErrUnknownTrait, p.Talent)
		case s.Talent(p.Talent) >= TalentMax:
			return s, ep, fmt.Errorf("%s is %d: %w", p.Talent, s.Talent(p.Talent), ErrTalentCap)
		}
		cost = TalentCost
	case BuyCharacteristic:
		c := p.Characteristic
		switch {
		case !c.valid():
			return s, ep, fmt.Errorf("%w: %s", ErrUnknownTrait, c)
		case s.Characteristic(c) >= CharacteristicMax:
			return s, ep, fmt.Errorf("%s is %d: %w", c, s.Characteristic(c), ErrCharacteristicCap)
		case s.Characteristic(c) == CharacteristicMax-1 && s.atMax() != 0:
			return s, ep, fmt.Errorf("%s to %d: %s is %d: %w", c, CharacteristicMax, s.atMax(), CharacteristicMax, ErrSecondAtMax)
		}
		cost = CharacteristicCost
	case BuyMaxPP:
		if s.MaxPP >= s.Creation.MaxPP+MaxPPGrowth {
			return s, ep, fmt.Errorf("max pp is %d, created %d: %w", s.MaxPP, s.Creation.MaxPP, ErrMaxPPCap)
		}
		cost = MaxPPCost
	default:
		return s, ep, fmt.Errorf("%w: %s", ErrUnknownTrait, p)
	}
	if p.Kind != BuyMaxPP && s.points()-s.Creation.points() >= SheetGrowth {
		return s, ep, fmt.Errorf("%d points over creation: %w", s.points()-s.Creation.points(), ErrGuardRail)
	}
	if ep < cost {
		return s, ep, fmt.Errorf("%s costs %d, have %d: %w", p, cost, ep, ErrNotEnoughEP)
	}
	switch p.Kind {
	case BuyTalent:
		s.Talents[p.Talent-1]++
	case BuyCharacteristic:
		s.Characteristics[p.Characteristic-1]++
	case BuyMaxPP:
		s.MaxPP++
	}
	return s, ep - cost, nil
}

// atMax returns the characteristic at CharacteristicMax, or 0 if none is.
func (b Build) atMax() Characteristic {
	for i, v := range b.Characteristics {
		if v >= CharacteristicMax {
			return Characteristic(i + 1)
		}
	}
	return 0
}

// WorldBonuses are the numbers a ruler's sheet adds to its camp's world rules
// (rule SHEET-BONUS). The engine applies them; this package only computes
// them.
type WorldBonuses struct {
	// AssaultBonus is added to the assault of every column of the camp
	// (Stratégie: +1 per 2 points, rounded down).
	AssaultBonus int `json:"assault_bonus"`
	// UpkeepGoldRebate is taken off the camp's daily governance upkeep in
	// gold, never below 0 (Intendance: 1 per point).
	UpkeepGoldRebate int `json:"upkeep_gold_rebate"`
	// DiplomacyBonus is added to the camp's side when an AI-controlled camp
	// weighs its proposal (Diplomatie: 1 per point).
	DiplomacyBonus int `json:"diplomacy_bonus"`
	// ResearchPerDay is added to the camp's research each day (Savoir: 1 per
	// point).
	ResearchPerDay int `json:"research_per_day"`
	// StartMorale is added to the camp's morale when the season starts,
	// capped at 100 (Prestige: 2 per point).
	StartMorale int `json:"start_morale"`
	// DecisiveAssaultBonus is added to the assault of the camp's siege column
	// at a decisive assault, on top of AssaultBonus (Sièges: 1 per point).
	DecisiveAssaultBonus int `json:"decisive_assault_bonus"`
	// RouteGold is added, each day, to the gold each trade route of the camp
	// pays the camp (Négoce: 1 per point).
	RouteGold int `json:"route_gold"`
	// FreeBuildings is added to the buildings free of upkeep (Bâtisseur: 1
	// per point).
	FreeBuildings int `json:"free_buildings"`
	// MarchDaysSaved is taken off the march of every column of the camp,
	// never below one day (Éclaireur: 1 per 2 points, rounded down).
	MarchDaysSaved int `json:"march_days_saved"`
	// RestMorale is added to the morale a rest gives (Harangue: 1 per point).
	RestMorale int `json:"rest_morale"`
	// PowerPoints is the ruler's pool of power points for the season: each
	// wound takes one, and a ruler whose last one a wound takes is struck
	// down (rules PP-WOUND and PP-FALL, applied by the engine).
	PowerPoints int `json:"power_points"`
	// Wounds counts the ruler's wounds this season (rule PP-WOUND); 0 at the
	// season's setup.
	Wounds int `json:"wounds,omitempty"`
}

// Bonuses returns the world bonuses of sheet s (rule SHEET-BONUS): see the
// fields of WorldBonuses for each characteristic and talent.
func Bonuses(s Sheet) WorldBonuses {
	return WorldBonuses{
		AssaultBonus:         s.Characteristic(Strategy) / 2,
		UpkeepGoldRebate:     s.Characteristic(Stewardship),
		DiplomacyBonus:       s.Characteristic(Diplomacy),
		ResearchPerDay:       s.Characteristic(Lore),
		StartMorale:          2 * s.Characteristic(Prestige),
		DecisiveAssaultBonus: s.Talent(Sieges),
		RouteGold:            s.Talent(Trade),
		FreeBuildings:        s.Talent(Builder),
		MarchDaysSaved:       s.Talent(Scout) / 2,
		RestMorale:           s.Talent(Oratory),
		PowerPoints:          s.MaxPP,
	}
}
