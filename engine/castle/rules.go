package castle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grisonval/server/engine/rng"

	"github.com/grisonval/server/lang"
)

// Purposes of the Castle's random streams (package rng). Stable: they key
// streams, so changing one changes every replay.
const (
	purposeFirst   uint64 = 1 // the first city (CAS-FIRST)
	purposeShuffle uint64 = 2 // the deck's shuffles (CAS-DECK)
	purposeDie     uint64 = 3 // the current city's roll (CAS-DIE)
)

// Deck is the deck's composition (rule CAS-DECK): how many copies of each
// card.
var Deck = [NumCards + 1]int{
	Granary: 3, War: 4, Outpost: 3, Allegiance: 3, Hospital: 3, Fire: 3, Barbarians: 3, CivilWar: 2, Welcome: 3,
}

// Numbers of the cards and the turn (rules CAS-CONVERT, CAS-DISCARD, the
// cards of CAS-CARDS).
const (
	// GranarySlots is the wheat a granary holds; OutpostSlots the army an
	// outpost holds.
	GranarySlots = 2
	OutpostSlots = 4
	// AllegianceGold is the king's tax.
	AllegianceGold = 2
	// FireWheat is the wheat a fire burns.
	FireWheat = 2
	// GranaryHarvest is the wheat of the harvest a granary with room takes
	// at the start of its city's turn under RulesMastery (rule
	// CAS-GRANARY).
	GranaryHarvest = 1
	// MaxReasonLen bounds an order's reason, in bytes.
	MaxReasonLen = 500
)

// EmptyOutpostShields reports whether an outpost that holds no army takes
// a war's blow under rules (rule CAS-OUTPOST): under the first rules only.
func EmptyOutpostShields(rules Rules) bool { return rules < RulesMastery }

// DefenderHoldsTies reports whether a war fought to a tie is the
// defender's under rules (rule CAS-WAR): under RulesMastery.
func DefenderHoldsTies(rules Rules) bool { return rules >= RulesMastery }

// WarGold returns the gold a war costs the city that wages it under rules
// (rule CAS-WAR): 1 under RulesMastery, 0 before.
func WarGold(rules Rules) int {
	if rules >= RulesMastery {
		return 1
	}
	return 0
}

// GranaryHarvestOf returns the wheat of its city's harvest a granary with
// room takes at the start of the city's turn under rules (rule
// CAS-GRANARY).
func GranaryHarvestOf(rules Rules) int {
	if rules >= RulesMastery {
		return GranaryHarvest
	}
	return 0
}

// Setup returns the first state of a game of n cities (rules CAS-CAMPS,
// CAS-GAUGES, CAS-DECK, CAS-FIRST): every gauge at 5, the deck shuffled
// from the seed, the first city drawn from the seed, its turn begun (its
// links and its roll, rule CAS-LINKS, CAS-DIE). bonus adds to each city's
// gauges before the first turn (the enrolled players' packages).
func Setup(seed uint64, n int, bonus [][NumGauges]int) (*State, error) {
	return SetupSeason(seed, 1, CurrentRules, n, bonus)
}

// SetupSeason is Setup for season season of a world, played by rules (rule
// CAS-RULES).
func SetupSeason(seed uint64, season int, rules Rules, n int, bonus [][NumGauges]int) (*State, error) {
	if n < MinCities || n > MaxCities {
		return nil, fmt.Errorf("the Castle is played by %d to %d cities; got %d", MinCities, MaxCities, n)
	}
	s := &State{Rules: rules, Seed: seed, Cities: make([]City, n)}
	if rules >= RulesMastery {
		s.Season = season
	}
	for c := range s.Cities {
		city := &s.Cities[c]
		city.Granary, city.Outpost = None, None
		for g := range city.Gauges {
			city.Gauges[g] = StartGauge
			if c < len(bonus) {
				city.Gauges[g] = clamp(StartGauge + bonus[c][g])
			}
		}
	}
	for card := Granary; int(card) <= NumCards; card++ {
		for range Deck[card] {
			s.Deck = append(s.Deck, card)
		}
	}
	shuffle(s.rand(0, -1, purposeShuffle), s.Deck)
	s.Current = s.rand(0, -1, purposeFirst).Intn(n)
	t := &turn{s: s}
	t.begin(s.Current)
	return s, nil
}

// Link is a gauge link (rule CAS-LINKS): at the start of a city's turn,
// while its Gauge is below Below (or, when AtLeast is set, at least
// AtLeast), its Target changes by Delta. Of the links of one gauge, only
// the first that holds applies; every link reads the gauges as they were
// before any applied.
type Link struct {
	Gauge   Gauge
	Below   int
	AtLeast int
	Target  Gauge
	Delta   int
}

func (l Link) holds(v int) bool {
	if l.AtLeast > 0 {
		return v >= l.AtLeast
	}
	return v < l.Below
}

// Links are the gauge links, in the order they apply: the seed's six
// (rule CAS-LINKS), then the people's harvest (CAS-YIELD), the unpaid
// army (CAS-PAY) and the army that recruits itself (CAS-LEVY), which the
// balance figures of docs/castle.md called for.
var Links = []Link{
	{Gauge: Health, Below: 2, Target: Civilians, Delta: -2},
	{Gauge: Health, Below: 4, Target: Civilians, Delta: -1},
	{Gauge: Health, AtLeast: 9, Target: Civilians, Delta: +1},
	{Gauge: Wheat, Below: 1, Target: Health, Delta: -2},
	{Gauge: Wheat, Below: 3, Target: Health, Delta: -1},
	{Gauge: Wheat, AtLeast: 8, Target: Health, Delta: +1},
	{Gauge: Civilians, AtLeast: 4, Target: Wheat, Delta: +2},
	{Gauge: Civilians, AtLeast: 2, Target: Wheat, Delta: +1},
	{Gauge: Gold, Below: 1, Target: Army, Delta: +2},
	{Gauge: Army, AtLeast: 6, Target: Army, Delta: +1},
}

// DieSides are the die's six sides (rule CAS-DIE).
func DieSides() []Face { return dieSides[:] }

// Bounds of the number of cities (rule CAS-CAMPS).
const (
	MinCities = 2
	MaxCities = 6
)

func shuffle(r *rng.Rand, cards []Card) {
	for i := len(cards) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

func clamp(v int) int { return min(MaxGauge, max(MinGauge, v)) }

// Action is what a city orders.
type Action uint8

// The actions (rules CAS-IDLE, CAS-CONVERT, CAS-DRAFT, CAS-PLAY,
// CAS-DISCARD, CAS-STORE).
const (
	Default Action = iota + 1
	Pass
	ConvertArmy
	ReleaseGranary
	ReleaseOutpost
	DraftCards
	PlayCard
	DiscardCard
)

// Unknown is the action of an order that names none of the Castle's:
// Validate refuses it (unknown action), and Resolve plays the default in
// its place, with that refusal. Action 0 is no order at all: the default.
const Unknown Action = 255

var actionNames = [...]string{Default: "default", Pass: "pass", ConvertArmy: "convert", ReleaseGranary: "release_granary",
	ReleaseOutpost: "release_outpost", DraftCards: "draft", PlayCard: "play", DiscardCard: "discard"}

func (a Action) String() string {
	if a >= Default && a <= DiscardCard {
		return actionNames[a]
	}
	return fmt.Sprintf("action(%d)", int(a))
}

// ParseAction returns the action called name, or 0 and false.
func ParseAction(name string) (Action, bool) {
	for a := Default; a <= DiscardCard; a++ {
		if actionNames[a] == name {
			return a, true
		}
	}
	return 0, false
}

// Order is a city's order for a tick.
type Order struct {
	Action Action
	Args   []int
	Reason string
}

// Refusal codes: the names of the API's ErrorReason values.
const (
	CodeUnknownAction = "unknown_action"
	CodeBadArgs       = "bad_arguments"
	CodeNotAllowed    = "not_allowed"
	CodeShortOf       = "insufficient_resources"
	CodeFallen        = "camp_extinct"
)

// Refusal says why an order is refused.
type Refusal struct {
	Code  string
	Field string
	// Message says why, in both languages.
	Message lang.Text
}

// Error returns the refusal in English.
func (r *Refusal) Error() string { return r.Code + ": " + r.Message.EN }

func refuse(code, field string, msg lang.Text) *Refusal {
	return &Refusal{Code: code, Field: field, Message: msg}
}

// ArgKind says what an argument designates.
type ArgKind uint8

// Argument kinds.
const (
	ArgCount ArgKind = iota + 1
	ArgCity
	// ArgCard designates a slot of the drawn cards, from 1.
	ArgCard
)

// ArgSpec gives the valid values of one argument: Choices for cities and
// cards, [Min, Max] for counts.
type ArgSpec struct {
	Name     string
	Kind     ArgKind
	Choices  []int
	Min, Max int
}

func (a ArgSpec) allows(v int) bool {
	if a.Kind == ArgCount {
		return v >= a.Min && v <= a.Max
	}
	return slices.Contains(a.Choices, v)
}

// Legal is an action a city may order on the next tick, with its valid
// arguments and its price.
type Legal struct {
	Action  Action
	Summary lang.Text
	Args    []ArgSpec
	// Cost is what the order costs, by gauge.
	Cost [NumGauges]int
}

// LegalActions returns city c's legal actions for the next tick: default
// alone for a city that waits; the step's choices for the city that acts.
func LegalActions(s *State, c int) []Legal {
	if s.Over() || !s.Cities[c].Standing() {
		return nil
	}
	out := []Legal{{Action: Default, Summary: defaultSummary(s, c)}}
	if !s.Acts(c) {
		return out
	}
	city := &s.Cities[c]
	switch s.Step {
	case Convert:
		out = append(out, Legal{Action: Pass, Summary: lang.T("pass: no conversion this turn", "pass : aucune conversion ce tour-ci")})
		if city.Gauges[Gold] >= 1 && city.Gauges[Civilians] >= 1 {
			out = append(out, Legal{Action: ConvertArmy, Summary: lang.T("convert: 1 gold and 1 civilian become 1 army%s",
				"convert : 1 or et 1 civil deviennent 1 armée%s", fallWarning(s, c, ConvertArmy)),
				Cost: [NumGauges]int{Gold: 1, Civilians: 1}})
		}
		if city.Granary != None {
			out = append(out, Legal{Action: ReleaseGranary,
				Summary: lang.T("release_granary: the granary's %d wheat go back to the gauge; the granary is gone",
					"release_granary : les %d blé du grenier retournent à la jauge ; le grenier disparaît", city.Granary)})
		}
		if city.Outpost != None {
			out = append(out, Legal{Action: ReleaseOutpost,
				Summary: lang.T("release_outpost: the outpost's %d army come home; the outpost is gone%s",
					"release_outpost : les %d d'armée du poste avancé rentrent ; le poste disparaît%s", city.Outpost, fallWarning(s, c, ReleaseOutpost))})
		}
	case Draft:
		out = append(out, Legal{Action: DraftCards, Summary: draftSummary(s), Args: draftArgs(s)})
	case Play:
		out = append(out, Legal{Action: PlayCard, Summary: playSummary(s, c), Args: playArgs(s, c)})
		if city.Hand != Allegiance && city.Gauges[Gold] >= 1 && city.Gauges[Wheat] >= 1 {
			out = append(out, Legal{Action: DiscardCard, Summary: lang.T("discard: pay 1 gold and 1 wheat and ignore the card", "discard : payer 1 or et 1 blé et ignorer la carte"),
				Cost: [NumGauges]int{Gold: 1, Wheat: 1}})
		}
	}
	return out
}

func defaultSummary(s *State, c int) lang.Text {
	if !s.Acts(c) {
		return lang.T("default: wait (city %d's %s step)", "default : attendre (étape %[2]s de la cité %[1]d)", s.Current, s.Step)
	}
	switch s.Step {
	case Convert:
		return lang.T("default: pass", "default : passer")
	case Draft:
		return lang.T("default: keep the first card, give the others in order to the next cities in turn order",
			"default : garder la première carte, donner les autres dans l'ordre aux cités suivantes dans l'ordre du tour")
	}
	return lang.T("default: play the card (war on your next neighbour; a granary or an outpost stores nothing)",
		"default : jouer la carte (guerre contre votre prochain voisin ; un grenier ou un poste avancé ne stocke rien)")
}

func fallWarning(s *State, c int, a Action) lang.Text {
	city := s.Cities[c]
	switch {
	case a == ConvertArmy && (city.Gauges[Civilians] == 1 || city.Gauges[Army] == MaxGauge-1):
		return lang.T(" (your city would fall)", " (votre cité tomberait)")
	case a == ReleaseOutpost && city.Gauges[Army]+city.Outpost >= MaxGauge:
		return lang.T(" (your city would fall: army 10)", " (votre cité tomberait : armée 10)")
	}
	return lang.Text{}
}

// receivers returns the cities the current city gives a drawn card to, in
// turn order.
func (s *State) receivers() []int { return s.TurnOrder()[1:] }

func draftSummary(s *State) lang.Text {
	names := make([]string, len(s.Drawn))
	for i, card := range s.Drawn {
		names[i] = fmt.Sprintf("%d=%s", i+1, card)
	}
	return lang.T("draft K [to each city]: keep card K of %s and give each other one to a city, in turn order %v",
		"draft K [à chaque cité] : garder la carte K parmi %s et donner chacune des autres à une cité, dans l'ordre du tour %v",
		strings.Join(names, ", "), s.receivers())
}

func draftArgs(s *State) []ArgSpec {
	slots := make([]int, len(s.Drawn))
	for i := range slots {
		slots[i] = i + 1
	}
	out := []ArgSpec{{Name: "keep", Kind: ArgCard, Choices: slots}}
	for _, r := range s.receivers() {
		out = append(out, ArgSpec{Name: fmt.Sprintf("to_city_%d", r), Kind: ArgCard, Choices: slots})
	}
	return out
}

func playSummary(s *State, c int) lang.Text {
	city := &s.Cities[c]
	card := city.Hand
	prefix := "play"
	if len(playArgs(s, c)) > 0 {
		prefix = map[Card]string{Granary: "play N", War: "play C", Outpost: "play N"}[card]
	}
	summary := lang.T("%s: %s", "%s : %s", prefix, CardEffect(card))
	if card == Welcome {
		gain := 0
		for _, n := range s.Neighbours(c) {
			if s.Cities[n].Gauges[Civilians] > 0 {
				gain++
			}
		}
		if city.Gauges[Civilians]+gain >= MaxGauge {
			summary = lang.T("%s (your city would fall: civilians 10)", "%s (votre cité tomberait : civils 10)", summary)
		}
	}
	return summary
}

// cardEffects say what each card does (rule CAS-CARDS), for the menu and
// the wire.
var cardEffects = [...]lang.Text{
	Granary: lang.T("granary: it stands before the city and stores N wheat from the gauge (at most %d), safe from every loss; a second granary fills the first",
		"grenier : il se dresse devant la cité et stocke N blé de la jauge (au plus %d), à l'abri de toute perte ; un second grenier remplit le premier", GranarySlots),
	War: lang.T("war on a neighbour C: the larger army in its city wins; each loses 1 army (a civilian without one), the loser 1 civilian more, the winner takes 1 gold or wheat from it; an outpost takes the blow",
		"guerre contre un voisin C : la plus grande armée dans sa cité l'emporte ; chacun perd 1 armée (un civil à défaut), le perdant 1 civil de plus, le vainqueur lui prend 1 or ou 1 blé ; un poste avancé encaisse le coup"),
	Outpost: lang.T("outpost: it stands before the city and stores N army from the gauge (at most %d); attacked, it falls with its troops and the city is spared",
		"poste avancé : il se dresse devant la cité et stocke N armée de la jauge (au plus %d) ; attaqué, il tombe avec ses troupes et la cité est épargnée", OutpostSlots),
	Allegiance: lang.T("allegiance: pay %d gold to the king, or lose 1 civilian without them; cannot be discarded",
		"allégeance : payer %d or au roi, ou perdre 1 civil à défaut ; ne peut être défaussée", AllegianceGold),
	Hospital: lang.T("hospital: +1 health", "hôpital : +1 santé"),
	Fire:     lang.T("fire: -%d wheat (the granary's is safe)", "incendie : -%d blé (celui du grenier est à l'abri)", FireWheat),
	Barbarians: lang.T("barbarian invasion: -1 wheat, -1 army (a civilian without one)",
		"invasion barbare : -1 blé, -1 armée (un civil à défaut)"),
	CivilWar: lang.T("civil war: -1 civilian, -1 army (a civilian without one)", "guerre civile : -1 civil, -1 armée (un civil à défaut)"),
	Welcome:  lang.T("land of welcome: take 1 civilian from each neighbour that has one", "terre d'accueil : prendre 1 civil à chaque voisin qui en a un"),
}

// CardEffect says what card c does when played.
func CardEffect(c Card) lang.Text {
	if c >= Granary && int(c) <= NumCards {
		return cardEffects[c]
	}
	return lang.Text{}
}

// FaceEffect returns what face f of the die does to the rolling city's
// gauges (rule CAS-DIE).
func FaceEffect(f Face) (Gauge, int) {
	switch f {
	case Harvest:
		return Wheat, +1
	case Trade:
		return Gold, +1
	case Plague:
		return Health, -1
	case Hail:
		return Wheat, -1
	}
	return Health, +1
}

func playArgs(s *State, c int) []ArgSpec {
	city := &s.Cities[c]
	switch city.Hand {
	case War:
		return []ArgSpec{{Name: "city", Kind: ArgCity, Choices: s.Neighbours(c)}}
	case Granary:
		room := GranarySlots
		if city.Granary != None {
			room -= city.Granary
		}
		return []ArgSpec{{Name: "wheat", Kind: ArgCount, Min: 0, Max: min(room, city.Gauges[Wheat])}}
	case Outpost:
		room := OutpostSlots
		if city.Outpost != None {
			room -= city.Outpost
		}
		return []ArgSpec{{Name: "army", Kind: ArgCount, Min: 0, Max: min(room, city.Gauges[Army])}}
	}
	return nil
}

// Validate checks city c's order against s, as it would play on the next
// tick: nil, or why not.
func Validate(s *State, c int, o Order) *Refusal {
	if c < 0 || c >= len(s.Cities) {
		return refuse(CodeNotAllowed, "", lang.T("no city %d", "pas de cité %d", c))
	}
	if !s.Cities[c].Standing() {
		return refuse(CodeFallen, "", lang.T("your city has fallen; it no longer plays", "votre cité est tombée ; elle ne joue plus"))
	}
	if s.Over() {
		return refuse(CodeNotAllowed, "", lang.T("the game is over", "la partie est finie"))
	}
	if len(o.Reason) > MaxReasonLen {
		return refuse(CodeBadArgs, "reason", lang.T("reason is %d bytes; at most %d", "la raison fait %d octets ; au plus %d", len(o.Reason), MaxReasonLen))
	}
	if o.Action < Default || o.Action > DiscardCard {
		names := slices.Clone(actionNames[Default:])
		return refuse(CodeUnknownAction, "action", lang.T("unknown action; the Castle's actions: %s", "action inconnue ; les actions du Château : %s", strings.Join(names, ", ")))
	}
	var la *Legal
	for _, l := range LegalActions(s, c) {
		if l.Action == o.Action {
			la = &l
			break
		}
	}
	if la == nil {
		return notLegal(s, c, o.Action)
	}
	if len(o.Args) != len(la.Args) {
		return refuse(CodeBadArgs, "args", lang.T("%s takes %d argument(s) (%s); got %d", "%s prend %d argument(s) (%s) ; reçu %d", o.Action, len(la.Args), argNames(la.Args), len(o.Args)))
	}
	for i, spec := range la.Args {
		if v := o.Args[i]; !spec.allows(v) {
			field := fmt.Sprintf("args[%d]", i)
			if spec.Kind == ArgCount {
				return refuse(CodeBadArgs, field, lang.T("%s must be between %d and %d; got %d", "%s doit être entre %d et %d ; reçu %d", spec.Name, spec.Min, spec.Max, v))
			}
			return refuse(CodeBadArgs, field, lang.T("%s must be one of %v; got %d", "%s doit être l'un de %v ; reçu %d", spec.Name, spec.Choices, v))
		}
	}
	if o.Action == DraftCards {
		seen := make(map[int]bool)
		for i, v := range o.Args {
			if seen[v] {
				return refuse(CodeBadArgs, fmt.Sprintf("args[%d]", i), lang.T("card %d is given twice: keep one card and give each other card once", "la carte %d est donnée deux fois : gardez une carte et donnez chaque autre une fois", v))
			}
			seen[v] = true
		}
	}
	return nil
}

// notLegal says why action a is not open to city c now.
func notLegal(s *State, c int, a Action) *Refusal {
	city := &s.Cities[c]
	switch {
	case !s.Acts(c):
		if s.Step == Play {
			return refuse(CodeNotAllowed, "action", lang.T("you hold no card this play step: wait (default)", "vous n'avez pas de carte à cette étape de jeu : attendez (default)"))
		}
		return refuse(CodeNotAllowed, "action", lang.T("it is city %d's %s step: wait (default) until your turn", "c'est l'étape %[2]s de la cité %[1]d : attendez (default) votre tour", s.Current, s.Step))
	case (a == Pass || a == ConvertArmy || a == ReleaseGranary || a == ReleaseOutpost) && s.Step != Convert,
		a == DraftCards && s.Step != Draft, (a == PlayCard || a == DiscardCard) && s.Step != Play:
		return refuse(CodeNotAllowed, "action", lang.T("%s is not a move of the %s step", "%s n'est pas un coup de l'étape %s", a, s.Step))
	case a == ConvertArmy:
		return refuse(CodeShortOf, "action", lang.T("convert takes 1 gold and 1 civilian; you have %d gold and %d civilians", "convert prend 1 or et 1 civil ; vous avez %d or et %d civils",
			city.Gauges[Gold], city.Gauges[Civilians]))
	case a == ReleaseGranary:
		return refuse(CodeNotAllowed, "action", lang.T("no granary stands before your city", "aucun grenier ne se dresse devant votre cité"))
	case a == ReleaseOutpost:
		return refuse(CodeNotAllowed, "action", lang.T("no outpost stands before your city", "aucun poste avancé ne se dresse devant votre cité"))
	case a == DiscardCard && city.Hand == Allegiance:
		return refuse(CodeNotAllowed, "action", lang.T("allegiance cannot be discarded", "l'allégeance ne peut pas être défaussée"))
	case a == DiscardCard:
		return refuse(CodeShortOf, "action", lang.T("discarding takes 1 gold and 1 wheat; you have %d gold and %d wheat", "défausser prend 1 or et 1 blé ; vous avez %d or et %d blé",
			city.Gauges[Gold], city.Gauges[Wheat]))
	}
	return refuse(CodeNotAllowed, "action", lang.T("%s is not open now", "%s n'est pas ouvert maintenant", a))
}

func argNames(specs []ArgSpec) string {
	if len(specs) == 0 {
		return "none"
	}
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}
