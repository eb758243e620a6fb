package career

import (
	"errors"
	"fmt"
	"slices"
)

// Mode is who plays a career: a human or an LLM agent. A career keeps its
// mode for life (rule REN-SAME).
type Mode uint8

// Modes. Values are stored: append only.
const (
	Human Mode = iota + 1
	Agent
)

func (m Mode) String() string {
	switch m {
	case Human:
		return "human"
	case Agent:
		return "agent"
	}
	return fmt.Sprintf("mode(%d)", uint8(m))
}

// Patron is one of a camp's patrons (seed 003's "Supérieur"), whom an agent
// serves for a season.
type Patron struct {
	Name string `json:"name"`
	Camp int    `json:"camp"`
}

// Package is a starting package (seed 003's "enveloppe"): a small boost for
// one season, chosen free of charge at each enrolment (rule REN-PKG).
type Package uint8

// Packages. Values are stored: append only.
const (
	Granary  Package = iota + 1 // Grenier
	Treasury                    // Trésor
	Levy                        // Levée
	Workyard                    // Chantier
	Scholars                    // Savants
)

// NumPackages is the number of packages; Package values run from 1 to
// NumPackages.
const NumPackages = int(Scholars)

var packageNames = [...]string{Granary: "granary", Treasury: "treasury", Levy: "levy", Workyard: "workyard", Scholars: "scholars"}

func (p Package) valid() bool { return p >= Granary && int(p) <= NumPackages }

func (p Package) String() string {
	if p.valid() {
		return packageNames[p]
	}
	return fmt.Sprintf("package(%d)", uint8(p))
}

// ParsePackage returns the package called name ("granary"), or 0 and false.
func ParsePackage(name string) (Package, bool) {
	for p := Granary; int(p) <= NumPackages; p++ {
		if packageNames[p] == name {
			return p, true
		}
	}
	return 0, false
}

// PackageNames lists the packages' names, in order.
func PackageNames() []string { return slices.Clone(packageNames[Granary:]) }

// Stock is what a package adds to its camp when the season starts: resources
// in the stock and men in the capital's garrison.
type Stock struct {
	Food     int `json:"food,omitempty"`
	Wood     int `json:"wood,omitempty"`
	Stone    int `json:"stone,omitempty"`
	Tools    int `json:"tools,omitempty"`
	Gold     int `json:"gold,omitempty"`
	Research int `json:"research,omitempty"`
	Garrison int `json:"garrison,omitempty"`
}

var packageStock = [...]Stock{
	Granary:  {Food: 300},
	Treasury: {Gold: 30},
	Levy:     {Garrison: 3},
	Workyard: {Wood: 40, Stone: 20, Tools: 5},
	Scholars: {Research: 150},
}

// Stock returns what package p adds at the season's start (rule REN-PKG), or
// the zero Stock for an unknown package.
func (p Package) Stock() Stock {
	if !p.valid() {
		return Stock{}
	}
	return packageStock[p]
}

// Career is an agent's career: it survives seasons (rule REN-1). Careers are
// values; the zero value is not a valid career (use NewCareer).
type Career struct {
	// Agent names the player.
	Agent string `json:"agent"`
	Mode  Mode   `json:"mode"`
	// Camp is the camp the career serves, for life.
	Camp   int    `json:"camp"`
	Patron Patron `json:"patron"`
	// Seasons counts the seasons the career has enrolled in, this one
	// included.
	Seasons int `json:"seasons"`
	// EP is the stock of eminence points, spent only at re-enrolment.
	EP      int     `json:"ep"`
	Sheet   Sheet   `json:"sheet"`
	Package Package `json:"package"`
	// Fallen is set from a fall (rule FALL-DOOR) to the redemption (rule
	// FALL-REDEEM): the career serves a camp it was not created for.
	Fallen bool `json:"fallen,omitempty"`
}

// Enrolment is the creation of a new career.
type Enrolment struct {
	Agent           string
	Mode            Mode
	Patron          Patron
	Characteristics [NumCharacteristics]int
	Talents         [NumTalents]int
	Package         Package
}

// Reenrolment is a career taken back for the next season (rule REN-1).
type Reenrolment struct {
	// Mode and Camp must be the career's own (rule REN-SAME).
	Mode Mode
	Camp int
	// Patron is the patron to serve; the zero Patron keeps the current one.
	// It must belong to the career's camp (rule REN-PATRON).
	Patron Patron
	// Package is the season's starting package, free (rule REN-PKG).
	Package Package
	// Purchases are applied in order (rules REN-TAL, REN-CHAR, REN-FIVE,
	// REN-PP, REN-GUARD).
	Purchases []Purchase
}

// Errors of enrolment.
var (
	// ErrBadEnrolment reports an enrolment with no agent or an unknown mode.
	ErrBadEnrolment = errors.New("bad enrolment")
	// ErrModeChange reports a re-enrolment in another mode.
	ErrModeChange = errors.New("a career keeps its mode")
	// ErrCampChange reports a re-enrolment in another camp.
	ErrCampChange = errors.New("a career keeps its camp")
	// ErrPatronCamp reports a patron of another camp.
	ErrPatronCamp = errors.New("the patron serves another camp")
	// ErrUnknownPackage reports an unknown starting package.
	ErrUnknownPackage = errors.New("unknown starting package")
	// ErrNoFall reports a fall the career has not earned: its last season
	// was not blamed and its camp still plays (rule FALL-DOOR).
	ErrNoFall = errors.New("a career falls only after blame or when its camp is gone")
	// ErrFallen reports a second fall before the redemption (rule
	// FALL-DOOR).
	ErrFallen = errors.New("a fallen career falls again only when its camp is gone")
	// ErrNegativeEP reports a negative eminence points credit: blame lowers
	// a season's gain, never the stock (rule EP-BLAME).
	ErrNegativeEP = errors.New("eminence points are never taken from the stock")
)

// NewCareer returns a new career in its first season (rule REN-NEW): the
// sheet of NewSheet, 0 eminence points, the chosen patron's camp and the
// chosen package. It returns an error wrapping ErrBadEnrolment,
// ErrBadCreation or ErrUnknownPackage if e is not a valid enrolment.
func NewCareer(e Enrolment) (Career, error) {
	switch {
	case e.Agent == "":
		return Career{}, fmt.Errorf("new career: %w: no agent", ErrBadEnrolment)
	case e.Mode != Human && e.Mode != Agent:
		return Career{}, fmt.Errorf("new career %q: %w: %s", e.Agent, ErrBadEnrolment, e.Mode)
	case !e.Package.valid():
		return Career{}, fmt.Errorf("new career %q: %w: %s", e.Agent, ErrUnknownPackage, e.Package)
	}
	s, err := NewSheet(e.Characteristics, e.Talents)
	if err != nil {
		return Career{}, fmt.Errorf("new career %q: %w", e.Agent, err)
	}
	return Career{Agent: e.Agent, Mode: e.Mode, Camp: e.Patron.Camp, Patron: e.Patron, Seasons: 1, Sheet: s, Package: e.Package}, nil
}

// Credit returns c with gain eminence points added to its stock (rule
// EP-BLAME). It returns an error wrapping ErrNegativeEP, and c unchanged, if
// gain is negative.
func (c Career) Credit(gain int) (Career, error) {
	if gain < 0 {
		return c, fmt.Errorf("credit %q with %d: %w", c.Agent, gain, ErrNegativeEP)
	}
	c.EP += gain
	return c, nil
}

// Reenrol returns career c taken back for the next season with r (rules
// REN-SAME, REN-PATRON, REN-PKG, REN-RESET, REN-TAL, REN-CHAR, REN-FIVE,
// REN-PP, REN-GUARD): same mode and camp, the new patron if any, the new
// package, the purchases paid from the eminence points stock, wounds cleared
// and power points full. Purchases are only made here. If anything is refused
// it returns c unchanged and an error wrapping the rule's sentinel
// (ErrModeChange, ErrCampChange, ErrPatronCamp, ErrUnknownPackage, or a
// purchase error such as ErrNotEnoughEP, naming the purchase by its index,
// counted from 1).
func Reenrol(c Career, r Reenrolment) (Career, error) {
	switch {
	case r.Mode != c.Mode:
		return c, fmt.Errorf("reenrol %q as %s: %w (%s)", c.Agent, r.Mode, ErrModeChange, c.Mode)
	case r.Camp != c.Camp:
		return c, fmt.Errorf("reenrol %q in camp %d: %w (%d)", c.Agent, r.Camp, ErrCampChange, c.Camp)
	case r.Patron != (Patron{}) && r.Patron.Camp != c.Camp:
		return c, fmt.Errorf("reenrol %q with %q of camp %d: %w", c.Agent, r.Patron.Name, r.Patron.Camp, ErrPatronCamp)
	case !r.Package.valid():
		return c, fmt.Errorf("reenrol %q: %w: %s", c.Agent, ErrUnknownPackage, r.Package)
	}
	next := c
	for i, p := range r.Purchases {
		var err error
		if next.Sheet, next.EP, err = buy(next.Sheet, next.EP, p); err != nil {
			return c, fmt.Errorf("reenrol %q: purchase %d (%s): %w", c.Agent, i+1, p, err)
		}
	}
	if r.Patron != (Patron{}) {
		next.Patron = r.Patron
	}
	next.Package = r.Package
	next.Seasons++
	next.Sheet.Wounds = 0
	next.Sheet.PP = next.Sheet.MaxPP
	return next, nil
}

// Fall is a career's re-enrolment in another camp of its world: the fall
// (seed 003's "Chute"), which keeps the career instead of starting a new
// one (rules FALL-DOOR and FALL-COST).
type Fall struct {
	// Mode must be the career's own (rule REN-SAME).
	Mode Mode
	// Patron is the patron of the new camp to serve: the fall goes to its
	// camp, which must not be the career's.
	Patron Patron
	// Package is the season's starting package, free (rule REN-PKG).
	Package Package
	// Blamed reports that the career's last season was judged blame (its
	// patron cast it out); CampGone that its camp no longer plays (no land,
	// no column, no siege: extinct). The server reads both from the world
	// and the season's results.
	Blamed, CampGone bool
}

// FallTo returns career c re-enrolled for the next season in the camp of
// f.Patron (rules FALL-DOOR, FALL-COST): its agent, mode, sheet and season
// count go on; it serves f.Patron in f.Patron's camp, is fallen, loses its
// whole eminence points stock, buys nothing, chooses its package, and its
// wounds are cleared and its power points full (REN-RESET). The door is its
// last season's blame, or its camp gone; a fallen career not yet redeemed
// passes it only when its camp is gone. If anything is refused it returns c
// unchanged and an error wrapping ErrModeChange, ErrCampChange (a patron of
// the career's own camp: that is a re-enrolment, Reenrol),
// ErrUnknownPackage, ErrNoFall or ErrFallen.
func FallTo(c Career, f Fall) (Career, error) {
	switch {
	case f.Mode != c.Mode:
		return c, fmt.Errorf("fall of %q as %s: %w (%s)", c.Agent, f.Mode, ErrModeChange, c.Mode)
	case f.Patron.Camp == c.Camp:
		return c, fmt.Errorf("fall of %q to %q of its own camp %d: %w: take it back instead", c.Agent, f.Patron.Name, c.Camp, ErrCampChange)
	case !f.Package.valid():
		return c, fmt.Errorf("fall of %q: %w: %s", c.Agent, ErrUnknownPackage, f.Package)
	case c.Fallen && !f.CampGone:
		return c, fmt.Errorf("fall of %q from camp %d: %w", c.Agent, c.Camp, ErrFallen)
	case !f.Blamed && !f.CampGone:
		return c, fmt.Errorf("fall of %q from camp %d: %w", c.Agent, c.Camp, ErrNoFall)
	}
	next := c
	next.Camp, next.Patron, next.Package = f.Patron.Camp, f.Patron, f.Package
	next.Fallen = true
	next.EP = 0
	next.Seasons++
	next.Sheet.Wounds = 0
	next.Sheet.PP = next.Sheet.MaxPP
	return next, nil
}

// Judged returns career c after a season judged v (rule FALL-REDEEM): a
// fallen career judged praise is redeemed, and serves its new camp as its
// own from then on. Any other career, or verdict, is returned unchanged.
func (c Career) Judged(v Verdict) Career {
	if c.Fallen && v == Praise {
		c.Fallen = false
	}
	return c
}
