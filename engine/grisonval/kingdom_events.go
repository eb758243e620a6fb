package grisonval

import (
	"fmt"
	"slices"
	"strings"

	"github.com/grisonval/server/lang"
)

// Kingdom events (rules EVK-*): seed 001's events (L1288-1615) join seed
// 000's daily roll (EVT-1, engine/grisonval/events.go). A kingdom check (EVK-CHECK)
// decides many of them: d20 + a kingdom stat of the day (engine/
// governance.go) against 11, so that the council and the edicts change how
// well a camp resists them. Some last (EVK-ONGOING): a continuing event
// (bandits, plague, cult, smugglers, a monster) comes back every day until
// its check ends it; a lasting effect (fine weather, a blessing, a political
// calm, a scandal, a land rush) holds for LastingDays. Both live in
// Camp.Ongoing, at most one of a kind, and add to the camp's stats while
// they last (ongoingStats).

// Kinds of kingdom events: their journal kinds, and the kinds of
// Camp.Ongoing.
const (
	KindBandits       = "bandits"
	KindAssassination = "assassination"
	KindPlague        = "plague"
	KindGoodWeather   = "good_weather"
	KindBlessing      = "blessing"
	KindCalm          = "political_calm"
	KindBoom          = "economic_boom"
	KindScandal       = "scandal"
	KindCult          = "cult"
	KindSmugglers     = "smugglers"
	KindMonster       = "monster"
	KindLandRush      = "land_rush"
	KindNewSubjects   = "new_subjects"
	KindCelebrity     = "celebrity"
	KindPilgrimage    = "pilgrimage"
)

// Numbers of the kingdom events (rules EVK-CHECK, EVK-ONGOING, EVK-BP).
const (
	// CheckDC is what a kingdom check must reach: d20 + stat >= 11.
	CheckDC = 11
	// LastingDays is how long a lasting effect holds: the seed's "until the
	// next event phase".
	LastingDays = 10
	// GoldPerBP is the gold of one of the seed's build points.
	GoldPerBP = 2
	// BlessingBonus, CalmBonus and ScandalMalus change checks while their
	// event lasts; VacantCouncillorMalus is a scandal's check without a
	// councillor.
	BlessingBonus         = 4
	CalmBonus             = 2
	ScandalMalus          = -4
	VacantCouncillorMalus = -4
)

// ongoingSpec is what an entry of Camp.Ongoing is and does while it lasts
// (rule EVK-ONGOING).
type ongoingSpec struct {
	name   lang.Text
	effect lang.Text
	// days is how long a lasting effect holds; 0 for a continuing event,
	// which goes on until its check ends it.
	days  int
	stats Stats
	// over is the narration of a lasting effect's end.
	over lang.Text
}

// ongoingKinds are the kinds that stay in Camp.Ongoing. It holds data
// only: the continuing events' days are played by (*tick).eventDay.
var ongoingKinds = map[string]ongoingSpec{
	KindBandits: {name: lang.T("bandits", "brigands"),
		effect: lang.T("gold stolen each day until a stability check succeeds", "de l'or volé chaque jour jusqu'à un test de stabilité réussi")},
	KindPlague: {name: lang.T("plague", "peste"), stats: Stats{Stability: -1},
		effect: lang.T("stability -1; a death each day until two stability checks succeed", "stabilité -1 ; un mort chaque jour jusqu'à deux tests de stabilité réussis")},
	KindCult: {name: lang.T("cult", "fanatiques"), stats: Stats{Unrest: 1, Stability: -1},
		effect: lang.T("unrest +1, stability -1; a loyalty and a stability check each day, it goes on while both fail", "insatisfaction +1, stabilité -1 ; un test de loyauté et un de stabilité chaque jour, il se poursuit tant que les deux échouent")},
	KindSmugglers: {name: lang.T("smugglers", "contrebandiers"), stats: Stats{Economy: -1},
		effect: lang.T("economy -1; gold lost each day a loyalty or a stability check fails, it goes on while both fail", "économie -1 ; de l'or perdu chaque jour où un test de loyauté ou de stabilité échoue, il se poursuit tant que les deux échouent")},
	KindMonster: {name: lang.T("monster", "monstre"), stats: Stats{Unrest: 1},
		effect: lang.T("unrest +1; the zone's garrison loses a man each day until a stability check succeeds", "insatisfaction +1 ; la garnison de la zone perd un homme chaque jour jusqu'à un test de stabilité réussi")},
	KindGoodWeather: {name: lang.T("good weather", "beau temps"), days: LastingDays, stats: Stats{Economy: 2, Loyalty: 2},
		effect: lang.T("economy +2, loyalty +2", "économie +2, loyauté +2"),
		over:   lang.T("The fine weather is over.", "Le beau temps a pris fin.")},
	KindBlessing: {name: lang.T("natural blessing", "bénédiction naturelle"), days: LastingDays,
		effect: lang.T("+4 to stability checks", "+4 aux tests de stabilité"),
		over:   lang.T("The good omen is forgotten.", "Le bon présage est oublié.")},
	KindCalm: {name: lang.T("political calm", "calme politique"), days: LastingDays,
		effect: lang.T("+2 to the checks of continuing events; loyalty +1 and stability +1 while none afflicts the camp", "+2 aux tests des événements continus ; loyauté +1 et stabilité +1 tant qu'aucun n'afflige le camp"),
		over:   lang.T("The calm of the councils is over: intrigue resumes.", "Le calme des conseils a pris fin : les intrigues reprennent.")},
	KindScandal: {name: lang.T("public scandal", "scandale public"), days: LastingDays,
		effect: lang.T("-4 to loyalty checks", "-4 aux tests de loyauté"),
		over:   lang.T("The scandal fades from memory.", "Le scandale s'efface des mémoires.")},
	KindLandRush: {name: lang.T("land rush", "ruée vers la terre"), days: LastingDays, stats: Stats{Stability: -1},
		effect: lang.T("stability -1; it ends early once the settlers' zone is ours", "stabilité -1 ; il prend fin plus tôt dès que la zone des colons est à nous"),
		over:   lang.T("The quarrel over the settlers' land dies down.", "La querelle sur la terre des colons s'apaise.")},
}

// Title names an ongoing event.
func (o Ongoing) Title() lang.Text {
	if s, ok := ongoingKinds[o.Kind]; ok {
		return s.name
	}
	return lang.Same(o.Kind)
}

// Effect says what an ongoing event does while it lasts.
func (o Ongoing) Effect() lang.Text { return ongoingKinds[o.Kind].effect }

// Until returns the last day a lasting effect holds, or 0 for a continuing
// event, which lasts until its check ends it (rule EVK-ONGOING).
func (o Ongoing) Until() int {
	if d := ongoingKinds[o.Kind].days; d > 0 {
		return o.Since + d - 1
	}
	return 0
}

// Continuing reports whether the ongoing event comes back each day until
// its check ends it.
func (o Ongoing) Continuing() bool {
	s, ok := ongoingKinds[o.Kind]
	return ok && s.days == 0
}

// ongoingStats adds to camp c's stats those of its ongoing events (rule
// EVK-ONGOING): a political calm gives loyalty and stability only while no
// continuing event afflicts the camp (EVK-6).
func (w *World) ongoingStats(c CampID, s *Stats) {
	os := w.Camps[c].Ongoing
	troubled := slices.ContainsFunc(os, Ongoing.Continuing)
	for _, o := range os {
		k := ongoingKinds[o.Kind].stats
		s.Economy += k.Economy
		s.Loyalty += k.Loyalty
		s.Stability += k.Stability
		s.Unrest += k.Unrest
		s.Consumption += k.Consumption
		if o.Kind == KindCalm && !troubled {
			s.Loyalty++
			s.Stability++
		}
	}
}

// ongoing returns camp c's ongoing event of kind, if any.
func (w *World) ongoing(c CampID, kind string) (Ongoing, bool) {
	i := slices.IndexFunc(w.Camps[c].Ongoing, func(o Ongoing) bool { return o.Kind == kind })
	if i < 0 {
		return Ongoing{}, false
	}
	return w.Camps[c].Ongoing[i], true
}

// bonus is one term of a kingdom check besides the die and the stat.
type bonus struct {
	n    int
	what lang.Text
}

// check is the result of a kingdom check (rule EVK-CHECK), with its
// figures for the journal.
type check struct {
	roll, total int
	ok          bool
	text        lang.Text
}

// kingdomCheck rolls d20 + value + the bonuses against CheckDC from r
// (rule EVK-CHECK): a natural 1 always fails, a natural 20 always succeeds.
func kingdomCheck(r *Rand, stat lang.Text, value int, bonuses []bonus) check {
	k := rollCheck(r, value, bonuses)
	k.text = k.describe(stat, value, bonuses)
	return k
}

// rollCheck is kingdomCheck without the check's text, for a check whose
// text the journal may not tell.
func rollCheck(r *Rand, value int, bonuses []bonus) check {
	k := check{roll: 1 + r.Intn(20)}
	k.total = k.roll + value
	for _, b := range bonuses {
		k.total += b.n
	}
	k.ok = k.roll == 20 || k.roll != 1 && k.total >= CheckDC
	return k
}

// describe writes check k of stat, rolled with value and bonuses, for the
// journal.
func (k check) describe(stat lang.Text, value int, bonuses []bonus) lang.Text {
	var en, fr strings.Builder
	fmt.Fprintf(&en, "%s check: d20 %d %+d %s", stat.EN, k.roll, value, stat.EN)
	fmt.Fprintf(&fr, "test de %s : d20 %d %+d %s", stat.FR, k.roll, value, stat.FR)
	for _, b := range bonuses {
		fmt.Fprintf(&en, " %+d %s", b.n, b.what.EN)
		fmt.Fprintf(&fr, " %+d %s", b.n, b.what.FR)
	}
	fmt.Fprintf(&en, " = %d against %d: ", k.total, CheckDC)
	fmt.Fprintf(&fr, " = %d contre %d : ", k.total, CheckDC)
	switch {
	case k.roll == 1:
		en.WriteString("natural 1, failure")
		fr.WriteString("1 naturel, échec")
	case k.roll == 20:
		en.WriteString("natural 20, success")
		fr.WriteString("20 naturel, réussite")
	case k.ok:
		en.WriteString("success")
		fr.WriteString("réussite")
	default:
		en.WriteString("failure")
		fr.WriteString("échec")
	}
	return lang.Text{EN: en.String(), FR: fr.String()}
}

// stabilityCheck is camp c's stability check (rule EVK-CHECK), drawn from
// r, its event stream of the day: d20 + the day's stability, +4 under a
// blessing (EVK-5), +2 under a political calm for a continuing event's
// check (EVK-6), and the event's own bonuses.
func (t *tick) stabilityCheck(c CampID, r *Rand, continuing bool, extra ...bonus) check {
	bs := slices.Clone(extra)
	if _, ok := t.w.ongoing(c, KindBlessing); ok {
		bs = append(bs, bonus{BlessingBonus, ongoingKinds[KindBlessing].name})
	}
	bs = t.unrestMalus(c, t.calmBonus(c, continuing, bs))
	return kingdomCheck(r, lang.T("stability", "stabilité"), t.w.Stats(c).Stability, bs)
}

// loyaltyCheck is camp c's loyalty check (rule EVK-CHECK): d20 + the day's
// loyalty, -4 under a scandal (EVK-8), +2 under a political calm for a
// continuing event's check (EVK-6), and the event's own bonuses.
func (t *tick) loyaltyCheck(c CampID, r *Rand, continuing bool, extra ...bonus) check {
	bs := slices.Clone(extra)
	if _, ok := t.w.ongoing(c, KindScandal); ok {
		bs = append(bs, bonus{ScandalMalus, ongoingKinds[KindScandal].name})
	}
	bs = t.unrestMalus(c, t.calmBonus(c, continuing, bs))
	return kingdomCheck(r, lang.T("loyalty", "loyauté"), t.w.Stats(c).Loyalty, bs)
}

// unrestMalus subtracts camp c's unrest of the day from a kingdom check
// under RulesMastery (rule GOV-CHECK).
func (t *tick) unrestMalus(c CampID, bs []bonus) []bonus {
	if u := t.w.Stats(c).Unrest; t.w.Rules >= RulesMastery && u > 0 {
		bs = append(bs, bonus{-u, lang.T("unrest", "insatisfaction")})
	}
	return bs
}

func (t *tick) calmBonus(c CampID, continuing bool, bs []bonus) []bonus {
	if _, ok := t.w.ongoing(c, KindCalm); ok && continuing {
		bs = append(bs, bonus{CalmBonus, ongoingKinds[KindCalm].name})
	}
	return bs
}

// explodingD6 rolls the seed's "1d6, each 6 added and rolled again".
func explodingD6(r *Rand) int {
	n := 0
	for {
		d := 1 + r.Intn(6)
		n += d
		if d < 6 {
			return n
		}
	}
}

// eventLegitimacy moves camp c's legitimacy by n, held between 0 and 100:
// a one-off rise of the seed's unrest by u costs u legitimacy at once
// (rule EVK-BP).
func (t *tick) eventLegitimacy(c CampID, n int) (before, after int) {
	camp := &t.w.Camps[c]
	before = camp.Legitimacy
	camp.Legitimacy = min(100, max(0, camp.Legitimacy+n))
	return before, camp.Legitimacy
}

// takeGold takes up to n gold from camp c's treasury and returns what it
// took.
func (t *tick) takeGold(c CampID, n int) int64 {
	r := &t.w.Camps[c].Resources
	took := min(r.Gold, int64(n))
	r.Gold -= took
	return took
}

// notOngoing returns the condition of an event that cannot strike while
// one of its kind is ongoing (rule EVK-ONGOING: at most one of a kind).
func notOngoing(kind string) func(*World, CampID) bool {
	return func(w *World, c CampID) bool {
		_, ok := w.ongoing(c, kind)
		return !ok
	}
}

// both returns the condition of an event that needs a and b.
func both(a, b func(*World, CampID) bool) func(*World, CampID) bool {
	return func(w *World, c CampID) bool { return a(w, c) && b(w, c) }
}

func hasMarket(w *World, c CampID) bool   { return w.CountBuildings(c, Market) > 0 }
func hasCouncil(w *World, c CampID) bool  { return len(w.councilTargets(c)) > 0 }
func hasProvince(w *World, c CampID) bool { return len(w.provinces(c)) > 0 }
func hasRushLand(w *World, c CampID) bool { return len(w.rushLand(c)) > 0 }

// councilTargets returns camp c's council seats held by a living citizen
// of the camp, in seat order.
func (w *World) councilTargets(c CampID) []SeatKind {
	var seats []SeatKind
	for s := SeatKind(1); int(s) <= NumSeats; s++ {
		if w.holderIndex(c, s) >= 0 {
			seats = append(seats, s)
		}
	}
	return seats
}

// holderIndex returns the index in camp c's citizens of seat s's holder,
// or -1 if the seat is vacant.
func (w *World) holderIndex(c CampID, s SeatKind) int {
	id := w.Camps[c].Council[s-1].Citizen
	if id == 0 {
		return -1
	}
	return w.citizen(c, id)
}

// provinces returns the zones a monster may fall on (EVK-11): camp c's
// zones but its capital, not besieged, in the camp's frame (frameOrder).
func (w *World) provinces(c CampID) []ZoneID {
	var zs []ZoneID
	for z := ZoneID(1); z <= NumZones; z++ {
		if w.Zones[z].Owner == c && !w.Zones[z].Capital && !w.Besieged(z) {
			zs = append(zs, z)
		}
	}
	w.frameOrder(c, zs)
	return zs
}

// frameOrder sorts zones for a draw among them in an order that turns with
// the map (MAP-2, CON-2): by their hexes turned so that camp c's capital
// lies in the first of the map's three sectors (cube q > 0 and r <= 0),
// then by q and r. The same land around a camp is drawn the same whichever
// way the map is turned, as zone numbers would not be. A camp without a
// capital, or with it on the centre, keeps the map unturned.
func (w *World) frameOrder(c CampID, zs []ZoneID) {
	turns := 0
	if capital := w.Capital(c); capital != 0 {
		h := HexOf(capital)
		for turns = 0; turns < 3 && !(h.Q > 0 && h.R <= 0); turns++ {
			h = rotate(h)
		}
		turns %= 3
	}
	key := func(z ZoneID) Hex {
		h := HexOf(z)
		for range turns {
			h = rotate(h)
		}
		return h
	}
	slices.SortFunc(zs, func(a, b ZoneID) int {
		ka, kb := key(a), key(b)
		if ka.Q != kb.Q {
			return ka.Q - kb.Q
		}
		return ka.R - kb.R
	})
}

// rushLand returns the zones settlers may claim in a land rush (EVK-12):
// free zones, not a capital's site, next to camp c's land and with a free
// building slot, in the camp's frame (frameOrder).
func (w *World) rushLand(c CampID) []ZoneID {
	var zs []ZoneID
	for z := ZoneID(1); z <= NumZones; z++ {
		zone := &w.Zones[z]
		if zone.Owner != NoCamp || zone.Capital || w.FreeSlots(z) == 0 {
			continue
		}
		if slices.ContainsFunc(Neighbors(z), func(n ZoneID) bool { return w.Zones[n].Owner == c }) {
			zs = append(zs, z)
		}
	}
	w.frameOrder(c, zs)
	return zs
}

// rushBuilding is what land rush settlers put up on a terrain: a farm on
// plains and coasts, a lumber camp in a forest, a mine on a mountain.
func rushBuilding(tr Terrain) BuildingKind {
	switch tr {
	case Forest:
		return LumberCamp
	case Mountain:
		return Mine
	}
	return Farm
}

// continuing returns the run of a continuing event (rule EVK-ONGOING): its
// first day is played as every later one (its checks, and its harm if they
// fail), and it stays in Camp.Ongoing while it goes on.
func continuing(kind string) func(*tick, CampID, *Rand) (lang.Text, lang.Text) {
	return func(t *tick, c CampID, r *Rand) (lang.Text, lang.Text) {
		o := Ongoing{Kind: kind, Since: t.w.Day}
		goes, narr, why := t.eventDay(c, r, &o)
		if goes {
			t.w.Camps[c].Ongoing = append(t.w.Camps[c].Ongoing, o)
			why = lang.T("%s; it goes on", "%s ; il se poursuit", why)
		}
		return narr, why
	}
}

// lasting returns the run of a lasting effect without a draw of its own
// (EVK-4 fine weather, EVK-5 blessing): it holds LastingDays.
func lasting(kind string) func(*tick, CampID, *Rand) (lang.Text, lang.Text) {
	return func(t *tick, c CampID, _ *Rand) (lang.Text, lang.Text) {
		o := t.startLasting(c, kind, 0)
		s := ongoingKinds[kind]
		narr := lang.T("Fine weather sets in: the work goes well and spirits are high.", "Le beau temps s'installe : le travail avance et les esprits sont au beau fixe.")
		if kind == KindBlessing {
			narr = lang.T("A good omen appears in the sky, and rare flowers carpet the fields: the people take heart.", "Un bon présage paraît dans le ciel et des fleurs rares tapissent les prés : le peuple reprend courage.")
		}
		return narr, lang.T("%s until day %d", "%s jusqu'au jour %d", s.effect, o.Until())
	}
}

// startLasting adds a lasting effect of kind to camp c's ongoing events.
func (t *tick) startLasting(c CampID, kind string, z ZoneID) Ongoing {
	o := Ongoing{Kind: kind, Since: t.w.Day, Zone: z}
	t.w.Camps[c].Ongoing = append(t.w.Camps[c].Ongoing, o)
	return o
}

// OverSuffix ends the journal kind of a lasting effect's end
// ("good_weather_over"): the end changes nothing but the camp's stats of
// the next days, so it is not the event's own kind.
const OverSuffix = "_over"

// endLasting ends camp c's lasting effects that are over, before the day's
// roll (rule EVK-ONGOING): their days ran out, or the zone of a land rush
// is the camp's.
func (t *tick) endLasting(c CampID) {
	camp := &t.w.Camps[c]
	for i := 0; i < len(camp.Ongoing); {
		o := camp.Ongoing[i]
		held := o.Kind == KindLandRush && t.w.Zones[o.Zone].Owner == c
		if o.Continuing() || (t.w.Day <= o.Until() && !held) {
			i++
			continue
		}
		camp.Ongoing = slices.Delete(camp.Ongoing, i, i+1)
		spec := ongoingKinds[o.Kind]
		why := lang.T("%s from day %d to day %d", "%s du jour %d au jour %d", spec.name, o.Since, min(o.Until(), t.w.Day-1))
		if held {
			why = lang.T("%s: zone %d is ours, the settlers accept our rule", "%s : la zone %d est à nous, les colons acceptent notre autorité", spec.name, o.Zone)
		}
		t.note(c, o.Kind+OverSuffix, o.zones(), spec.over, why)
	}
	if len(camp.Ongoing) == 0 {
		camp.Ongoing = nil
	}
}

// continueEvents plays camp c's continuing events after the day's roll
// (rule EVK-ONGOING): each one struck before today, in the order they
// came, gets its checks from r, the camp's event stream: it ends, or its
// harm comes again.
func (t *tick) continueEvents(c CampID, r *Rand) {
	camp := &t.w.Camps[c]
	for i := 0; i < len(camp.Ongoing); {
		o := camp.Ongoing[i]
		if !o.Continuing() || o.Since >= t.w.Day {
			i++
			continue
		}
		goes, narr, why := t.eventDay(c, r, &o)
		if goes {
			why = lang.T("%s; it goes on", "%s ; il se poursuit", why)
		} else {
			why = lang.T("%s; it ends", "%s ; il prend fin", why)
		}
		t.note(c, o.Kind, o.zones(), narr, lang.T("continuing kingdom event (%s, since day %d): %s", "événement du royaume continu (%s, depuis le jour %d) : %s", o.Kind, o.Since, why))
		if goes {
			camp.Ongoing[i] = o
			i++
		} else {
			camp.Ongoing = slices.Delete(camp.Ongoing, i, i+1)
		}
	}
	if len(camp.Ongoing) == 0 {
		camp.Ongoing = nil
	}
}

// zones returns the zone an ongoing event is about, for the journal.
func (o Ongoing) zones() []ZoneID {
	if o.Zone == 0 {
		return nil
	}
	return []ZoneID{o.Zone}
}

// eventDay plays one day of a continuing event o of camp c, its first
// included: it reports whether the event goes on.
func (t *tick) eventDay(c CampID, r *Rand, o *Ongoing) (goes bool, narr, why lang.Text) {
	switch o.Kind {
	case KindBandits:
		return t.bandits(c, r, o)
	case KindPlague:
		return t.plague(c, r, o)
	case KindCult:
		return t.cult(c, r, o)
	case KindSmugglers:
		return t.smugglers(c, r, o)
	case KindMonster:
		return t.monster(c, r, o)
	}
	return false, lang.T("An old trouble is forgotten.", "Un vieux trouble est oublié."), lang.T("unknown event %q", "événement inconnu %q", o.Kind)
}

// bandits (EVK-1): a stability check; on a failure the bandits steal 1d6
// build points of gold, each 6 rolled again, and stay.
func (t *tick) bandits(c CampID, r *Rand, o *Ongoing) (bool, lang.Text, lang.Text) {
	k := t.stabilityCheck(c, r, true)
	first := o.Since == t.w.Day
	if k.ok {
		if first {
			return false, lang.T("Bandits waylay travellers on the roads, but the watch routs them before they do harm.", "Des brigands détroussent les voyageurs sur les routes, mais le guet les met en déroute avant qu'ils ne fassent trop de mal."), k.text
		}
		return false, lang.T("The watch routs the bandits at last: the roads are safe again.", "Le guet met enfin les brigands en déroute : les routes sont de nouveau sûres."), k.text
	}
	bp := explodingD6(r)
	took := t.takeGold(c, GoldPerBP*bp)
	narr := lang.T("Bandits hold up the convoys on the roads and make off with %d gold.", "Des brigands attaquent les convois sur les routes et emportent %d or.", took)
	if !first {
		narr = lang.T("The bandits strike again and make off with %d gold.", "Les brigands frappent encore et emportent %d or.", took)
	}
	return true, narr, lang.T("%s; 1d6 build points (each 6 rolled again) = %d, %d gold each: -%d gold (at most the treasury); gold %d",
		"%s ; 1d6 PC (chaque 6 relancé) = %d, %d or chacun : -%d or (au plus le trésor) ; or %d", k.text, bp, GoldPerBP, took, t.w.Camps[c].Resources.Gold)
}

// assassination (EVK-2): one of the held council seats, drawn at random,
// is attacked; unless a stability check succeeds its holder dies (through
// removeCitizen, so that the seat falls vacant at once) and unrest rises by
// 1d6.
func (t *tick) assassination(c CampID, r *Rand) (lang.Text, lang.Text) {
	camp := &t.w.Camps[c]
	seats := t.w.councilTargets(c)
	s := seats[r.Intn(len(seats))]
	i := t.w.holderIndex(c, s)
	p := camp.Citizens[i]
	k := t.stabilityCheck(c, r, false)
	if k.ok {
		return lang.T("An assassin's blade misses %s, who holds the seat of %s: the guards seize the killer.", "La lame d'un assassin manque %s, qui tient le siège de %s : les gardes saisissent le meurtrier.", p.Name(), s),
			lang.T("%d seat(s) held, the seat of %s drawn; %s: the attempt fails", "%d siège(s) tenu(s), le siège de %s tiré ; %s : la tentative échoue", len(seats), s, k.text)
	}
	t.removeCitizen(c, i) // which empties his seat (CNL-9)
	u := 1 + r.Intn(6)
	before, after := t.eventLegitimacy(c, -u)
	return lang.T("%s, who held the seat of %s, falls to an assassin's blade. The seat is empty.", "%s, qui tenait le siège de %s, tombe sous la lame d'un assassin. Le siège est vide.", p.Name(), s),
		lang.T("%d seat(s) held, the seat of %s drawn; %s: %s is killed and the seat falls vacant; unrest +1d6 = %d: legitimacy %d -> %d",
			"%d siège(s) tenu(s), le siège de %s tiré ; %s : %s est tué et le siège devient vacant ; insatisfaction +1d6 = %d : légitimité %d -> %d",
			len(seats), s, k.text, p.Name(), u, before, after)
}

// plague (EVK-3): two stability checks, +1 each per temple; unless both
// succeed, a citizen drawn at random dies and the plague stays.
func (t *tick) plague(c CampID, r *Rand, o *Ongoing) (bool, lang.Text, lang.Text) {
	var bs []bonus
	if n := t.w.CountBuildings(c, Temple); n > 0 {
		bs = append(bs, bonus{n, lang.T("temple(s)", "temple(s)")})
	}
	k1 := t.stabilityCheck(c, r, true, bs...)
	k2 := t.stabilityCheck(c, r, true, bs...)
	checks := lang.T("%s; %s", "%s ; %s", k1.text, k2.text)
	first := o.Since == t.w.Day
	if k1.ok && k2.ok {
		if first {
			return false, lang.T("A plague breaks out, but the healers shut the sick away in time.", "Une peste se déclare, mais les guérisseurs isolent les malades à temps."), checks
		}
		return false, lang.T("The plague dies out: the pyres are put out.", "La peste s'éteint : on éteint les bûchers."), checks
	}
	i := t.pickCitizen(c, r, isAnyone)
	if i < 0 {
		return false, lang.T("The plague finds no one left to strike.", "La peste ne trouve plus personne à frapper."), checks
	}
	p := t.removeCitizen(c, i)
	narr := lang.T("The plague carries off %s, aged %d.", "La peste emporte %s, %d ans.", p.Name(), p.Age)
	if first {
		narr = lang.T("A plague breaks out: %s, aged %d, is its first victim.", "Une peste se déclare : %s, %d ans, en est la première victime.", p.Name(), p.Age)
	}
	return true, narr, lang.T("%s: one death; population %d", "%s : un mort ; population %d", checks, len(t.w.Camps[c].Citizens))
}

// failures counts the failed checks.
func failures(ks ...check) int {
	n := 0
	for _, k := range ks {
		if !k.ok {
			n++
		}
	}
	return n
}

// cult (EVK-9): a loyalty and a stability check; each failure raises
// unrest by 1, and the cult stays only if both fail.
func (t *tick) cult(c CampID, r *Rand, o *Ongoing) (bool, lang.Text, lang.Text) {
	kl := t.loyaltyCheck(c, r, true)
	ks := t.stabilityCheck(c, r, true)
	checks := lang.T("%s; %s", "%s ; %s", kl.text, ks.text)
	n := failures(kl, ks)
	if n == 0 {
		if o.Since == t.w.Day {
			return false, lang.T("Zealots of a dark cult seize converts at night; the watch breaks the cult up.", "Les zélotes d'un culte obscur enlèvent des convertis la nuit ; le guet démantèle le culte."), checks
		}
		return false, lang.T("The watch breaks the cult up at last: its zealots scatter.", "Le guet démantèle enfin le culte : ses zélotes se dispersent."), checks
	}
	before, after := t.eventLegitimacy(c, -n)
	why := lang.T("%s: unrest +%d: legitimacy %d -> %d", "%s : insatisfaction +%d : légitimité %d -> %d", checks, n, before, after)
	if n == 1 {
		return false, lang.T("The cult's zealots preach in the squares before the watch drives them out.", "Les zélotes du culte prêchent sur les places avant que le guet ne les chasse."), why
	}
	return true, lang.T("The cult's zealots sacrifice in public, and no one dares stop them.", "Les zélotes du culte sacrifient en public, et personne n'ose les arrêter."), why
}

// smugglers (EVK-10): a loyalty and a stability check, each less the
// camp's markets and trade routes; one failure costs 1d3 build points of
// gold and ends it, two cost 1d6 and it stays.
func (t *tick) smugglers(c CampID, r *Rand, o *Ongoing) (bool, lang.Text, lang.Text) {
	var bs []bonus
	if n := t.w.CountBuildings(c, Market) + t.w.routesOf(c); n > 0 {
		bs = append(bs, bonus{-n, lang.T("market(s) and trade route(s)", "marché(s) et route(s) commerciale(s)")})
	}
	kl := t.loyaltyCheck(c, r, true, bs...)
	ks := t.stabilityCheck(c, r, true, bs...)
	checks := lang.T("%s; %s", "%s ; %s", kl.text, ks.text)
	switch failures(kl, ks) {
	case 0:
		if o.Since == t.w.Day {
			return false, lang.T("Smugglers undercut the market; the guards catch them with their goods.", "Des contrebandiers sabotent le marché ; les gardes les prennent avec leurs marchandises."), checks
		}
		return false, lang.T("The guards catch the smugglers at last, goods and all.", "Les gardes prennent enfin les contrebandiers, marchandises comprises."), checks
	case 1:
		bp := 1 + r.Intn(3)
		took := t.takeGold(c, GoldPerBP*bp)
		return false, lang.T("Smugglers drain the market of %d gold before they flee.", "Des contrebandiers saignent le marché de %d or avant de s'enfuir.", took),
			lang.T("%s: 1d3 build points = %d, %d gold each: -%d gold; gold %d", "%s : 1d3 PC = %d, %d or chacun : -%d or ; or %d", checks, bp, GoldPerBP, took, t.w.Camps[c].Resources.Gold)
	}
	bp := 1 + r.Intn(6)
	took := t.takeGold(c, GoldPerBP*bp)
	return true, lang.T("Smugglers rule the market, and %d gold vanishes into their trade.", "Les contrebandiers font la loi au marché, et %d or disparaît dans leur trafic.", took),
		lang.T("%s: 1d6 build points = %d, %d gold each: -%d gold; gold %d", "%s : 1d6 PC = %d, %d or chacun : -%d or ; or %d", checks, bp, GoldPerBP, took, t.w.Camps[c].Resources.Gold)
}

// routesOf counts camp c's trade routes.
func (w *World) routesOf(c CampID) int {
	n := 0
	for _, rt := range w.Routes {
		if rt.A == c || rt.B == c {
			n++
		}
	}
	return n
}

// monster (EVK-11): a monster falls on one of the camp's zones, its
// capital aside, drawn at random; a stability check slays it. Otherwise its
// garrison loses a man; a zone without a garrison is lost (it goes free)
// when the camp is in civil unrest (legitimacy under 30, LEG-4), and the
// monster stays.
func (t *tick) monster(c CampID, r *Rand, o *Ongoing) (bool, lang.Text, lang.Text) {
	if o.Zone == 0 {
		zs := t.w.provinces(c)
		o.Zone = zs[r.Intn(len(zs))]
	}
	z := o.Zone
	zone := &t.w.Zones[z]
	if zone.Owner != c {
		return false, lang.T("The monster of zone %d roams land that is no longer ours.", "Le monstre de la zone %d rôde sur une terre qui n'est plus à nous.", z),
			lang.T("zone %d is no longer held", "la zone %d n'est plus tenue", z)
	}
	k := t.stabilityCheck(c, r, true)
	if k.ok {
		return false, lang.T("Hunters track down the monster of zone %d and slay it.", "Des chasseurs traquent le monstre de la zone %d et l'abattent.", z), k.text
	}
	if zone.Garrison > 0 {
		p := t.killGarrisonMan(c, z)
		return true, lang.T("A monster haunts zone %d: %s of its garrison is torn apart.", "Un monstre hante la zone %d : %s, de sa garnison, est mis en pièces.", z, p.Name()),
			lang.T("%s: the garrison of zone %d loses a man; garrison %d", "%s : la garnison de la zone %d perd un homme ; garnison %d", k.text, z, zone.Garrison)
	}
	camp := &t.w.Camps[c]
	if camp.Legitimacy < UnrestBelow && !t.w.Besieged(z) {
		zone.Owner, zone.Garrison = NoCamp, 0
		return false, lang.T("Unopposed, the monster drives our people out of zone %d: the land goes free.", "Sans personne pour l'arrêter, le monstre chasse nos gens de la zone %d : la terre redevient libre.", z),
			lang.T("%s: no garrison, and legitimacy %d < %d: zone %d is lost", "%s : aucune garnison, et légitimité %d < %d : la zone %d est perdue", k.text, camp.Legitimacy, UnrestBelow, z)
	}
	return true, lang.T("A monster prowls zone %d, and no one stands against it.", "Un monstre rôde dans la zone %d, et personne ne lui fait face.", z),
		lang.T("%s: no garrison in zone %d; legitimacy %d holds the land (lost under %d)", "%s : aucune garnison dans la zone %d ; la légitimité %d tient la terre (perdue sous %d)", k.text, z, camp.Legitimacy, UnrestBelow)
}

// killGarrisonMan kills a man of zone z's garrison: the camp's
// longest-serving soldier (earliest raised, then lowest ID), as CIT-ARMS
// has the garrisons hold the older recruits. He dies through removeCitizen,
// as every citizen does (a seat he held falls vacant); he is counted out of
// the garrison into the field army first, so that removeCitizen takes him
// off the field army's count (CIT-ARMS) and not another unit's.
func (t *tick) killGarrisonMan(c CampID, z ZoneID) Citizen {
	camp := &t.w.Camps[c]
	best := -1
	for i := range camp.Citizens {
		p := &camp.Citizens[i]
		if p.UnderArms && (best < 0 || p.Raised < camp.Citizens[best].Raised) {
			best = i
		}
	}
	t.w.Zones[z].Garrison--
	if best < 0 {
		return Citizen{}
	}
	camp.FieldArmy++
	return t.removeCitizen(c, best)
}

// politicalCalm (EVK-6): unrest falls by 1d6 (legitimacy rises by as
// much), and the calm lasts: +2 to the checks of continuing events, and
// loyalty +1 and stability +1 while none afflicts the camp.
func (t *tick) politicalCalm(c CampID, r *Rand) (lang.Text, lang.Text) {
	u := 1 + r.Intn(6)
	before, after := t.eventLegitimacy(c, u)
	o := t.startLasting(c, KindCalm, 0)
	return lang.T("A rare calm settles on the councils: no plot, no quarrel, and the people approve.", "Un calme rare gagne les conseils : ni complot ni querelle, et le peuple approuve."),
		lang.T("unrest -1d6 = %d: legitimacy %d -> %d; until day %d: %s", "insatisfaction -1d6 = %d : légitimité %d -> %d ; jusqu'au jour %d : %s", u, before, after, o.Until(), ongoingKinds[KindCalm].effect)
}

// economicBoom (EVK-7): 1d6 build points of gold, each 6 rolled again.
func (t *tick) economicBoom(c CampID, r *Rand) (lang.Text, lang.Text) {
	bp := explodingD6(r)
	gold := int64(GoldPerBP * bp)
	camp := &t.w.Camps[c]
	camp.Resources.Gold += gold
	return lang.T("Trade flourishes: the treasury swells by %d gold.", "Le commerce est florissant : le trésor s'arrondit de %d or.", gold),
		lang.T("1d6 build points (each 6 rolled again) = %d, %d gold each: +%d gold; gold %d", "1d6 PC (chaque 6 relancé) = %d, %d or chacun : +%d or ; or %d", bp, GoldPerBP, gold, camp.Resources.Gold)
}

// celebrity (EVK-14, RulesMastery): a celebrity from afar visits and
// draws visitors ready to spend: fame +1 (DIP-7), and 1d6 build points of
// gold, each 6 rolled again (EVK-BP).
func (t *tick) celebrity(c CampID, r *Rand) (lang.Text, lang.Text) {
	bp := explodingD6(r)
	gold := int64(GoldPerBP * bp)
	camp := &t.w.Camps[c]
	camp.Resources.Gold += gold
	camp.Fame++
	return lang.T("A celebrity from afar visits: crowds follow, and spend.", "Une célébrité venue d'ailleurs nous rend visite : la foule suit, et dépense."),
		lang.T("fame +1 (now %d); 1d6 build points (each 6 rolled again) = %d, %d gold each: +%d gold; gold %d", "gloire +1 (désormais %d) ; 1d6 PC (chaque 6 relancé) = %d, %d or chacun : +%d or ; or %d",
			camp.Fame, bp, GoldPerBP, gold, camp.Resources.Gold)
}

// pilgrimage (EVK-15, RulesMastery, with a temple): the faithful come to
// one of the camp's temples and hold a festival that costs nothing: the
// festival's morale +3 and every mood +5 (EVT-9).
func (t *tick) pilgrimage(c CampID, r *Rand) (lang.Text, lang.Text) {
	_, why := t.festival(c, r)
	return lang.T("Pilgrims flock to our temple and hold a feast that costs us nothing.", "Des pèlerins affluent à notre temple et tiennent une fête qui ne nous coûte rien."),
		lang.T("pilgrimage to a temple of the camp: %s", "pèlerinage à un temple du camp : %s", why)
}

// scandal (EVK-8): a member of the council, drawn among the held seats, is
// caught in a scandal: infamy +1; a loyalty check, -4 with the councillor's
// seat vacant; on a failure unrest rises by 2 and loyalty checks take -4
// while the scandal lasts.
func (t *tick) scandal(c CampID, r *Rand) (lang.Text, lang.Text) {
	camp := &t.w.Camps[c]
	who := lang.T("A member of the government", "Un membre du gouvernement")
	if seats := t.w.councilTargets(c); len(seats) > 0 {
		s := seats[r.Intn(len(seats))]
		p := &camp.Citizens[t.w.holderIndex(c, s)]
		who = lang.T("%s, who holds the seat of %s,", "%s, qui tient le siège de %s,", p.Name(), s)
	}
	camp.Infamy++
	var bs []bonus
	if t.w.holder(c, SeatCouncillor, t.w.Day) == nil { // one named today serves from tomorrow (CNL-4)
		bs = append(bs, bonus{VacantCouncillorMalus, lang.T("no councillor", "pas de conseiller")})
	}
	k := t.loyaltyCheck(c, r, false, bs...)
	if k.ok {
		return lang.T("%s is caught in a sordid affair; the camp gossips, then forgets.", "%s est pris dans une affaire sordide ; le camp en jase, puis oublie.", who),
			lang.T("infamy +1 -> %d; %s: no more harm", "infamie +1 -> %d ; %s : pas d'autre mal", camp.Infamy, k.text)
	}
	before, after := t.eventLegitimacy(c, -2)
	o := t.startLasting(c, KindScandal, 0)
	return lang.T("%s is caught in a sordid affair, and the whole camp talks of nothing else.", "%s est pris dans une affaire sordide, et tout le camp ne parle que de ça.", who),
		lang.T("infamy +1 -> %d; %s: unrest +2: legitimacy %d -> %d; until day %d: %s", "infamie +1 -> %d ; %s : insatisfaction +2 : légitimité %d -> %d ; jusqu'au jour %d : %s",
			camp.Infamy, k.text, before, after, o.Until(), ongoingKinds[KindScandal].effect)
}

// landRush (EVK-12): settlers claim a free zone next to the camp's land,
// drawn at random, and put up a building of its terrain there; the zone
// stays free. Stability -1 while it lasts, or until the camp holds the
// zone; a loyalty check: unrest +1 on a success, +1d4 on a failure.
func (t *tick) landRush(c CampID, r *Rand) (lang.Text, lang.Text) {
	zs := t.w.rushLand(c)
	z := zs[r.Intn(len(zs))]
	zone := &t.w.Zones[z]
	b := rushBuilding(zone.Terrain)
	zone.Buildings = append(zone.Buildings, b)
	k := t.loyaltyCheck(c, r, false)
	u := 1
	if !k.ok {
		u = 1 + r.Intn(4)
	}
	before, after := t.eventLegitimacy(c, -u)
	o := t.startLasting(c, KindLandRush, z)
	return lang.T("Eager settlers claim zone %d beyond our borders and put up %s there, then quarrel over who owns it.", "Des colons trop enthousiastes s'approprient la zone %d, hors de nos frontières, y bâtissent %s, puis se disputent la propriété.", z, Buildings[b].Name),
		lang.T("zone %d (%s) stays free, with %s; until day %d: %s; %s: unrest +%d: legitimacy %d -> %d",
			"la zone %d (%s) reste libre, avec %s ; jusqu'au jour %d : %s ; %s : insatisfaction +%d : légitimité %d -> %d",
			z, terrainName(zone.Terrain), Buildings[b].Name, o.Until(), ongoingKinds[KindLandRush].effect, k.text, u, before, after)
}

// newSubjects (EVK-13): a small band asks to live under the camp's rule:
// 1d3 newcomers, as many as housing has room for (POP-3); unrest -1
// (legitimacy +1); 1d6 build points of gold, each 6 rolled again.
func (t *tick) newSubjects(c CampID, r *Rand) (lang.Text, lang.Text) {
	n := 1 + r.Intn(3)
	bp := explodingD6(r)
	camp := &t.w.Camps[c]
	room := t.w.Housing(c) - t.w.Population(c)
	came := min(n, room)
	for range came {
		t.addArrival(c, lang.T("new subjects, a kingdom event", "nouveaux sujets, événement du royaume"))
	}
	gold := int64(GoldPerBP * bp)
	camp.Resources.Gold += gold
	before, after := t.eventLegitimacy(c, 1)
	return lang.T("A small band of newcomers asks to live under our rule, bringing their savings: %d settle in the camp.", "Une petite troupe de nouveaux venus demande à vivre sous notre autorité et apporte ses économies : %d s'installent au camp.", came),
		lang.T("1d3 = %d newcomers, %d with room in housing; 1d6 build points (each 6 rolled again) = %d: +%d gold, gold %d; unrest -1: legitimacy %d -> %d",
			"1d3 = %d nouveaux venus, %d avec de la place au logement ; 1d6 PC (chaque 6 relancé) = %d : +%d or, or %d ; insatisfaction -1 : légitimité %d -> %d",
			n, came, bp, gold, camp.Resources.Gold, before, after)
}
