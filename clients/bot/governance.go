package bot

import (
	"cmp"
	"slices"

	"github.com/grisonval/server/clients/viewtext"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the AI's governance (issue 15, docs/rules.md "Governing a
// camp"; rules AI-GOV-* of docs/simulation.md): naming the council's
// seats, setting the edicts by archetype and need, and surveying the land
// for special terrain.

// Governance actions of issue 15.
const (
	actAppoint  = "appoint"
	actSetEdict = "set_edict"
)

// Council seats, as the view spells them (CouncilSeat.seat).
const (
	seatRuler      = "ruler"
	seatCouncillor = "councillor"
	seatGeneral    = "general"
	seatDiplomat   = "diplomat"
	seatHighPriest = "high_priest"
	seatMarshal    = "marshal"
	seatSpymaster  = "spymaster"
	seatTreasurer  = "treasurer"
)

// Edicts, as the view spells them (Edict.edict).
const (
	edictTaxation  = "taxation"
	edictHolidays  = "holidays"
	edictPromotion = "promotion"
)

// seatOrder is the order in which the bot fills the seats standing vacant
// once the ruler is seated (rule AI-GOV-SEAT): the treasurer first (no
// taxes without him, economy -4), then the seats whose vacancy costs
// economy or unrest, then loyalty and stability.
var seatOrder = []string{seatTreasurer, seatSpymaster, seatMarshal, seatHighPriest, seatGeneral, seatCouncillor, seatDiplomat}

// benefit is what citizen c would bring to a seat whose fitting trait is
// fits (the view's CouncilSeat.fits): 1, +1 from level III and +1 more at
// level V, +1 when his trait fits the seat (CNL-3).
func benefit(fits string, c *pb.Citizen) int32 {
	b := 1 + (max(1, c.GetLevel())-1)/2
	if t := c.GetTrait(); t != "" && fits == t {
		b++
	}
	return b
}

// edictLeaning is the level of taxation and of promotion an archetype
// aims at (rules AI-GOV-TAX, AI-GOV-PROMO): a merchant league lives on its
// markets and taxes at normal; builders and a warrior clan tax lightly; a
// warrior clan promotes its land for the migrants that fill its ranks.
type edictLeaning struct{ taxes, promotion int32 }

var edictLeanings = map[string]edictLeaning{
	archMerchant: {taxes: 2, promotion: 1},
	archBuilders: {taxes: 1, promotion: 1},
	archWarriors: {taxes: 1, promotion: 2},
}

// edictLean returns the camp's edict leaning; an unknown archetype leans
// like the builders.
func (d decider) edictLean() edictLeaning {
	if l, ok := edictLeanings[d.g.GetArchetype()]; ok {
		return l
	}
	return edictLeanings[archBuilders]
}

// Thresholds of the AI's governance: the bot's own choices. The edicts'
// terms and the day an edict opens again are not in the view, so the bot
// moves the consumption edicts one level at a time, watching the
// forecast, and remembers its own changes (State.EdictDay).
const (
	// maxEdicts is how many edicts State.EdictDay remembers: taxation,
	// holidays and promotion (the ids 1 to 3 of the view).
	maxEdicts = 3
	// edictDwell: the bot lets an edict stand this many days after it
	// changed it, no fewer than EDI-1's lock (10 days), which the view
	// does not show.
	edictDwell = 15
	// holidayCutDays: the bot cuts the holidays at most once in this many
	// days, so that the people never distrust them (EDI-4's 60 days).
	holidayCutDays = 60
	// legLow: under this legitimacy the taxes go to none and the
	// holidays rise; from legComfort the taxes rise to the archetype's
	// level, one more when gold is short; from legHigh the holidays come
	// down a level.
	legLow     = 40
	legComfort = 70
	legHigh    = 85
	// maxTaxes is the heaviest taxation the bot levies (heavy: crushing
	// costs loyalty 8 and morale 2 a day); heavyMorale the morale it needs
	// for heavy taxes, which cost morale each day.
	maxTaxes    = 3
	heavyMorale = 70
	// maxHolidays is the most holidays the bot grants (12 a year);
	// maxPromotion the highest promotion it pays for (aggressive), only
	// from goldPlenty gold.
	maxHolidays  = 3
	maxPromotion = 4
	// goldPlenty: from this much gold the promotion may rise beyond the
	// archetype's level (the surplus buys migrants and stability), and
	// the taxes do not rise; from goldGlut, more than the camp can spend,
	// no taxes are levied.
	goldPlenty = 250
	goldSpare  = 150
	goldGlut   = 800
	// edictGold: a consumption edict rises a level only with the forecast
	// gold net at this much a day or more and gold at its buffer.
	edictGold = 5
	// elderAge: a notable this old is named only when no younger
	// candidate is known (citizens age a year a day and die of old age
	// from 60, POP-4).
	elderAge = 50
)

// seat returns the council seat of code s, or nil.
func (d decider) seat(s string) *pb.CouncilSeat {
	for _, c := range d.g.GetGovernance().GetCouncil() {
		if c.GetSeat() == s {
			return c
		}
	}
	return nil
}

// held reports whether seat s is held (a seat the view does not list
// counts as held: it costs nothing to the bot's plans).
func (d decider) held(s string) bool {
	c := d.seat(s)
	return c == nil || !c.GetVacant()
}

// rulerless returns the appoint order that names a ruler when his seat is
// vacant (rule AI-GOV-SEAT): without one the camp may order only rest and
// appoint (CNL-7), so it comes before anything else. A citizen without a
// seat first; else the best holder of another seat moves.
func (d decider) rulerless() *pb.Order {
	s := d.seat(seatRuler)
	if s == nil || !s.GetVacant() {
		return nil
	}
	return d.appoint(s, true, d.l.Sprintf("council: no ruler, only rest and appoint are open", "conseil : pas de dirigeant, seuls rest et appoint sont ouverts"))
}

// council returns the appoint order that fills the first vacant seat of
// seatOrder (rule AI-GOV-SEAT), with a citizen without a seat; nil when
// every seat is held or no such citizen can be named.
func (d decider) council(posture string) *pb.Order {
	for _, code := range seatOrder {
		s := d.seat(code)
		if s == nil || !s.GetVacant() {
			continue
		}
		if o := d.appoint(s, false, d.l.Sprintf("%s: council seat %s vacant", "%s : siège %s du conseil vacant", posture, code)); o != nil {
			return o
		}
	}
	return nil
}

// candidate is a citizen appoint may name: his number, his place in the
// menu, and what the view tells of him (nil when he is not a notable).
type candidate struct {
	id      int32
	index   int
	notable *pb.Citizen
	seated  bool
}

// appoint returns the order naming the best candidate to seat s, or nil
// when appoint is not legal for s or offers no one (rule AI-GOV-SEAT).
// Candidates without a seat come first; a holder of another seat only when
// move is set and no one else can be named. Among them: a notable younger
// than elderAge, by benefit (CNL-3: level and fitting trait), then the
// younger; then a citizen the view says nothing of (he is no notable: of
// level I or so), the latest arrival first, likely the youngest; then an
// elder notable, by benefit.
func (d decider) appoint(s *pb.CouncilSeat, move bool, why string) *pb.Order {
	la := legal(d.v, actAppoint)
	if la == nil || len(la.GetArgs()) != 2 || !allows(la.GetArgs()[0], s.GetId()) {
		return nil
	}
	seated := map[int32]bool{}
	for _, c := range d.g.GetGovernance().GetCouncil() {
		if !c.GetVacant() {
			seated[c.GetCitizen()] = true
		}
	}
	notables := map[int32]*pb.Citizen{}
	for _, n := range d.g.GetNotables() {
		notables[n.GetId()] = n
	}
	var cs []candidate
	for i, id := range la.GetArgs()[1].GetChoices() {
		if seated[id] && (!move || id == s.GetCitizen()) {
			continue
		}
		cs = append(cs, candidate{id: id, index: i, notable: notables[id], seated: seated[id]})
	}
	if len(cs) == 0 {
		return nil
	}
	code := s.GetSeat()
	class := func(c candidate) int {
		switch {
		case c.notable == nil:
			return 1
		case c.notable.GetAge() >= elderAge:
			return 2
		}
		return 0
	}
	best := slices.MinFunc(cs, func(a, b candidate) int {
		return cmp.Or(cmp.Compare(btoi(a.seated), btoi(b.seated)), cmp.Compare(class(a), class(b)),
			cmp.Compare(benefit(s.GetFits(), b.notable), benefit(s.GetFits(), a.notable)), cmp.Compare(a.notable.GetAge(), b.notable.GetAge()),
			cmp.Compare(b.index, a.index), cmp.Compare(a.id, b.id))
	})
	who := d.l.Sprintf("citizen %d, of whom the view says nothing (no notable)", "l'habitant %d, dont la vue ne dit rien (pas un notable)", best.id)
	if n := best.notable; n != nil {
		fit := d.l.Sprintf("trait %s", "trait %s", n.GetTrait())
		if s.GetFits() == n.GetTrait() {
			fit = d.l.Sprintf("trait %s fits the seat", "trait %s fait pour le siège", n.GetTrait())
		}
		who = d.l.Sprintf("%s (citizen %d, level %d, %s, aged %d), benefit %d", "%s (habitant %d, niveau %d, %s, %d ans), apport %d",
			n.GetName(), best.id, n.GetLevel(), fit, n.GetAge(), benefit(s.GetFits(), n))
	}
	if best.seated {
		who += d.l.Sprintf(", moved from his seat: no one else can be named", ", déplacé de son siège : personne d'autre à nommer")
	}
	return &pb.Order{Action: actAppoint, Args: []int32{s.GetId(), best.id},
		Reason: d.l.Sprintf("%s; %s named %s", "%s ; %s nommé %s", why, who, code)}
}

// edict returns the camp's edict of code e, or nil.
func (d decider) edict(e string) *pb.Edict {
	for _, x := range d.g.GetGovernance().GetEdicts() {
		if x.GetEdict() == e {
			return x
		}
	}
	return nil
}

// edictOpen reports whether the bot may change edict e today: the bot
// has not changed it these edictDwell days (State.EdictDay; the view does
// not say when an edict opens again, EDI-1).
func (d decider) edictOpen(e *pb.Edict) bool {
	id := e.GetId()
	if id < 1 || id > maxEdicts {
		return false
	}
	last := d.st.EdictDay[id-1]
	return last == 0 || d.v.GetDay()+1-last >= edictDwell
}

// mayCut reports whether the bot may cut the holidays today: no cut of its
// own in holidayCutDays days (EDI-4: a second cut within 60 days makes the
// people distrust them).
func (d decider) mayCut() bool {
	return d.st.HolidayCut == 0 || d.v.GetDay()+1-d.st.HolidayCut >= holidayCutDays
}

// setEdict returns the order that sets edict e to level l, or nil when it
// would be refused or the bot lets e stand: no such edict or level, the
// level it holds, set_edict not offered with these arguments, or e changed
// by the bot less than edictDwell days ago.
func (d decider) setEdict(e *pb.Edict, l int32, why string) *pb.Order {
	la := legal(d.v, actSetEdict)
	if e == nil || la == nil || len(la.GetArgs()) != 2 || l < 0 || int(l) >= len(e.GetLevels()) || l == e.GetLevel() ||
		!allows(la.GetArgs()[0], e.GetId()) || !allows(la.GetArgs()[1], l) || !d.edictOpen(e) {
		return nil
	}
	// name says a level in the reader's language, as the text view does.
	name := func(l int32) string {
		if int(l) < len(e.GetLevels()) {
			return viewtext.EdictLevel(d.l, &pb.Edict{Edict: e.GetEdict(), LevelName: e.GetLevels()[l]})
		}
		return ""
	}
	return &pb.Order{Action: actSetEdict, Args: []int32{e.GetId(), l},
		Reason: d.l.Sprintf("%s; %s edict from %s to %s", "%s ; édit %s de « %s » à « %s »", why, viewtext.EdictName(d.l, e.GetEdict()), name(e.GetLevel()), name(l))}
}

// flow returns the forecast of resource r (VIEW-INCOME): its stock, its
// net tomorrow (taxes and the edicts' consumption included) and the days
// it lasts when it falls. Without a forecast in the view, the bot's own
// estimate (economy.net).
func (d decider) flow(r int) (stock, net, days int64) {
	for _, f := range d.g.GetForecast().GetFlows() {
		if f.GetResource() == resKeys[r] {
			return f.GetStock(), f.GetNet(), f.GetDaysLeft()
		}
	}
	stock, net = d.e.have[r], d.e.net(r)
	if net < 0 {
		days = max(1, stock/-net)
	}
	return stock, net, days
}

// granaryFull reports whether the camp's food spoils tonight (the
// forecast's rot of food, rule ECO-6): its granaries hold no more.
func (d decider) granaryFull() bool {
	for _, f := range d.g.GetForecast().GetFlows() {
		if f.GetResource() == resKeys[rFood] {
			return f.GetRot() < 0
		}
	}
	return false
}

// consumptionShort reports whether the edicts' consumption is at risk
// (rule AI-GOV-EDICT): the camp has some, and its gold or its food falls
// and lasts fewer than runOutDays days.
func (d decider) consumptionShort() (bool, string) {
	if d.g.GetGovernance().GetStats().GetConsumption() <= 0 {
		return false, ""
	}
	for _, r := range []int{rGold, rFood} {
		if stock, net, days := d.flow(r); net < 0 && days < runOutDays {
			return true, d.l.Sprintf("consumption %d, %s %d falling by %d a day", "consommation %d, %s %d en baisse de %d par jour",
				d.g.GetGovernance().GetStats().GetConsumption(), resNames[r].In(d.l), stock, -net)
		}
	}
	return false, ""
}

// payable reports whether one more level of a consumption edict can be
// paid: gold at its buffer with a forecast net of edictGold a day or more,
// or goldPlenty gold in stock to spend down, and food at its buffer or not
// falling.
func (d decider) payable() bool {
	gold, goldNet, _ := d.flow(rGold)
	food, foodNet, _ := d.flow(rFood)
	return gold >= d.e.buffer[rGold] && (goldNet >= edictGold || gold >= goldPlenty) && (food >= d.e.buffer[rFood] || foodNet >= 0)
}

// edicts returns the day's set_edict order (rules AI-GOV-EDICT,
// AI-GOV-TAX, AI-GOV-HOLIDAY, AI-GOV-PROMO), or nil. It is played only on
// a day with nothing urgent, each change costing the day's order, and
// changes at most one edict, in this order: a consumption at risk lowers
// the promotion, else the holidays; a legitimacy under legLow cuts the
// taxes to none, else raises the holidays; then the taxes move toward the
// archetype's level; the holidays come down from legHigh; the promotion
// rises toward the archetype's level while housing has room.
func (d decider) edicts(posture string) *pb.Order {
	if legal(d.v, actSetEdict) == nil {
		return nil
	}
	g, l := d.g, d.l
	tax, hol, pro := d.edict(edictTaxation), d.edict(edictHolidays), d.edict(edictPromotion)
	lean := d.edictLean()
	legit := g.GetPolitics().GetLegitimacy()
	p := l.Sprintf("%s: edicts", "%s : édits", posture)
	if short, why := d.consumptionShort(); short {
		if o := d.setEdict(pro, pro.GetLevel()-1, p+l.Sprintf(", %s", ", %s", why)); o != nil {
			return o
		}
		if d.mayCut() {
			if o := d.setEdict(hol, hol.GetLevel()-1, p+l.Sprintf(", %s, no cut of the holidays for %d days", ", %s, aucune réduction des jours fériés depuis %d jours", why, holidayCutDays)); o != nil {
				return o
			}
		}
		return nil
	}
	if legit < legLow {
		why := p + l.Sprintf(", legitimacy %d < %d", ", légitimité %d < %d", legit, legLow)
		if o := d.setEdict(tax, 0, why); o != nil {
			return o
		}
		if hol.GetLevel() < maxHolidays && d.held(seatCouncillor) && d.payable() {
			return d.setEdict(hol, hol.GetLevel()+1, why+l.Sprintf(", a councillor seated, consumption payable", ", un conseiller en place, consommation payable"))
		}
		return nil
	}
	gold, goldNet, _ := d.flow(rGold)
	money := l.Sprintf("gold %d, net %d a day", "%d or, net %d par jour", gold, goldNet)
	want, wantWhy := lean.taxes, l.Sprintf("archetype %s: taxes at level %d", "archétype %s : impôt au niveau %d", l.Name(g.GetArchetype()), lean.taxes)
	switch {
	case gold < d.e.buffer[rGold] && goldNet < minNet[rGold] && want < maxTaxes && (want+1 < maxTaxes || g.GetMorale() >= heavyMorale):
		want++
		wantWhy = l.Sprintf("gold short (%d < %d, net %d < %d a day): one level more", "or insuffisant (%d < %d, net %d < %d par jour) : un niveau de plus",
			gold, d.e.buffer[rGold], goldNet, minNet[rGold])
	case gold >= goldGlut:
		want = 0
		wantWhy = l.Sprintf("gold %d ≥ %d, more than the camp can spend: no taxes", "%d or ≥ %d, plus que le camp ne peut dépenser : aucun impôt", gold, goldGlut)
	}
	if tax != nil && tax.GetLevel() < want && legit >= legComfort && gold < goldPlenty && d.held(seatTreasurer) {
		if o := d.setEdict(tax, want, p+l.Sprintf(", %s, legitimacy %d ≥ %d, %s", ", %s, légitimité %d ≥ %d, %s", wantWhy, legit, legComfort, money)); o != nil {
			return o
		}
	}
	if tax != nil && tax.GetLevel() > want && gold >= 2*d.e.buffer[rGold] {
		if o := d.setEdict(tax, want, p+l.Sprintf(", %s, %s", ", %s, %s", wantWhy, money)); o != nil {
			return o
		}
	}
	war := d.stance == pb.Posture_POSTURE_AGGRESSIVE || d.besieged() || d.sieging()
	if war && hol.GetLevel() < maxHolidays && d.held(seatCouncillor) && d.payable() {
		if o := d.setEdict(hol, hol.GetLevel()+1, p+l.Sprintf(", at war: holidays for the morale of the ranks, a councillor seated, %s", ", en guerre : des jours fériés pour le moral des troupes, un conseiller en place, %s", money)); o != nil {
			return o
		}
	}
	if !war && hol.GetLevel() > 0 && legit >= legHigh && d.mayCut() {
		if o := d.setEdict(hol, hol.GetLevel()-1, p+l.Sprintf(", legitimacy %d ≥ %d, no cut of the holidays for %d days", ", légitimité %d ≥ %d, aucune réduction des jours fériés depuis %d jours",
			legit, legHigh, holidayCutDays)); o != nil {
			return o
		}
	}
	promo := lean.promotion
	if gold >= goldSpare {
		promo = max(promo, maxPromotion-1)
	}
	if gold >= goldPlenty {
		promo = max(promo, maxPromotion)
	}
	if pro.GetLevel() < promo && g.GetPopulation()+housingMargin < g.GetHousing() && d.payable() {
		return d.setEdict(pro, pro.GetLevel()+1, p+l.Sprintf(", archetype %s: promotion up to level %d, population %d, housing %d, %s",
			", archétype %s : promotion jusqu'au niveau %d, population %d, logement %d, %s", l.Name(g.GetArchetype()), promo, g.GetPopulation(), g.GetHousing(), money))
	}
	return nil
}

// specialRank ranks a zone's special terrain as found by the camp for
// expansion (rule AI-GOV-SPECIAL): a resource or a river first (economy),
// then the other specials, then none.
func specialRank(z *pb.Zone) int {
	switch z.GetSpecial() {
	case "resource", "river":
		return 0
	case "":
		return 2
	}
	return 1
}

// surveyable reports whether the camp may find something by exploring
// zone z it knows (rule AI-GOV-SPECIAL): it sees or remembers z and has not
// surveyed it (TER-EXPLORE).
func surveyable(z *pb.Zone) bool { return known(z) && !z.GetSurveyed() }

// fromLand returns the distance from zone z to the nearest zone the camp
// holds (0 when none is known).
func (d decider) fromLand(z *pb.Zone) int32 {
	var best int32 = -1
	for _, o := range d.own {
		if n := distance(z, o); best < 0 || n < best {
			best = n
		}
	}
	return max(0, best)
}

// started returns s with its first day set, when it has none, to the day
// the bot decides for (day + 1). A state started after the season's first
// day knows nothing of the edicts' last changes: it presumes every edict
// changed and the holidays were cut that day, so that the bot never
// orders a change the lock refuses nor a cut the people distrust.
func (s State) started(day int32) State {
	if s.Since != 0 {
		return s
	}
	s.Since = day + 1
	if day > 0 {
		for i := range s.EdictDay {
			s.EdictDay[i] = s.Since
		}
		s.HolidayCut = s.Since
	}
	return s
}

// edictSet returns s after the set_edict order o of decider d: the day of
// the edict's change, and of the holidays' cut when o lowers them.
func (s State) edictSet(d decider, o *pb.Order) State {
	id, day := o.GetArgs()[0], d.v.GetDay()+1
	if id < 1 || id > maxEdicts {
		return s
	}
	s.EdictDay[id-1] = day
	for _, e := range d.g.GetGovernance().GetEdicts() {
		if e.GetId() == id && e.GetEdict() == edictHolidays && o.GetArgs()[1] < e.GetLevel() {
			s.HolidayCut = day
		}
	}
	return s
}

// survey returns an explore order on a free zone next to the camp's land
// that the camp sees but has not surveyed (rule AI-GOV-SPECIAL): one of
// its next expansions, where a special terrain may lie (TER-EXPLORE); nil
// when explore offers none.
func (d decider) survey(why string) *pb.Order {
	la := legal(d.v, actExplore)
	if la == nil || len(la.GetArgs()) != 1 {
		return nil
	}
	zs := slices.DeleteFunc(slices.Clone(la.GetArgs()[0].GetChoices()), func(id int32) bool {
		z := d.zone(id)
		return !surveyable(z) || z.GetOwner() >= 0 || len(d.own) == 0 || d.fromLand(z) > 1
	})
	if len(zs) == 0 {
		return nil
	}
	return d.explore(why, zs...)
}
