package bot

import (
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// State is what the bot carries for its camp from one day to the next. The
// zero value is the state of a new season.
type State struct {
	// Aggressiveness, from 0 to 100, rises by aggressionRise a day in
	// aggressive posture and falls by aggressionFall a day in prudent
	// posture; an aggressive camp attacks only from attackAppetite.
	Aggressiveness int
	// Posture is the posture played on the last day decided.
	Posture pb.Posture
	// Spoke[c] is the last day this camp proposed a pact to camp c or
	// declared war on it (0: never); see rule AI-DIP-QUIET.
	Spoke [maxCamps]int32
	// Idle counts the days in a row the camp was aggressive without an
	// attack or a siege of its own; CalmUntil is the last day of the calm
	// that follows idleDays of them, when a recomputed posture may not be
	// aggressive (rule AI-IDLE).
	Idle      int
	CalmUntil int32
	// Since is the first day the bot decided for in this state (0: none
	// yet). EdictDay[e-1] is the day of the bot's last change of edict e
	// (0: never) and HolidayCut the day of its last cut of the holidays
	// (rules AI-GOV-EDICT, AI-GOV-HOLIDAY): the view does not say when an
	// edict opens again nor when the holidays were last cut. A state that
	// starts in the middle of a season presumes both happened on its first
	// day.
	Since      int32
	EdictDay   [maxEdicts]int32
	HolidayCut int32
}

// maxCamps is how many camps State.Spoke remembers: Grisonval's three. It
// sizes the bot's memory, which must stay a comparable value; the view's
// contacts say how many camps a world has, and a camp numbered maxCamps or
// more would never be remembered as spoken to.
const maxCamps = 3

// Posture thresholds (seed 000, "Les deux factions rivales").
const (
	// aggressiveRatio and prudentRatio bound the ratio of the camp's power
	// to the heaviest other camp's: above aggressiveRatio the camp turns
	// aggressive, under prudentRatio prudent, growth in between.
	aggressiveRatio = 1.3
	prudentRatio    = 0.7
	// unseenShare is the share, in percent, of this camp's zone count that
	// a rival is assumed to hold at least, however few of its zones the
	// camp has seen, rounded up (AI-POSTURE-2).
	unseenShare = 75
	// aggressionRise, aggressionFall and attackAppetite shape
	// aggressiveness.
	aggressionRise = 10
	aggressionFall = 5
	attackAppetite = 30
	maxAggression  = 100
	// idleDays of aggression without an attack bring calmDays of calm.
	idleDays = 15
	calmDays = 20
)

// next returns the state after a day in posture p.
func (s State) next(p pb.Posture) State {
	s.Posture = p
	switch p {
	case pb.Posture_POSTURE_AGGRESSIVE:
		s.Aggressiveness = min(maxAggression, s.Aggressiveness+aggressionRise)
	case pb.Posture_POSTURE_PRUDENT:
		s.Aggressiveness = max(0, s.Aggressiveness-aggressionFall)
	}
	return s
}

// rival is another camp as the bot estimates it.
type rival struct {
	camp     int32
	name     string
	power    int64
	seen     int // zones of it the camp sees or remembers
	relation string
	summary  *pb.CampSummary
}

// ownPower returns the camp's power: field army and army columns,
// garrisons, the militia of each held zone (its defence term, BAT-2) and
// half the population.
func (d decider) ownPower() int64 {
	p := int64(d.g.GetFieldArmy())
	for _, c := range d.g.GetColumns() {
		if c.GetKind() == pb.ColumnKind_COLUMN_KIND_ARMY {
			p += int64(c.GetMen())
		}
	}
	for _, z := range d.own {
		p += int64(z.GetGarrison() + d.r.militia)
	}
	return p + int64(d.g.GetPopulation()/2)
}

// rivals returns the bot's estimate of every other living camp that is not
// its ally, in camp order (see estimates).
func (d decider) rivals() []rival {
	var out []rival
	for _, r := range d.others {
		if r.relation != "alliance" {
			out = append(out, r)
		}
	}
	return out
}

// estimates returns the bot's estimate of every other living camp, in camp
// order. It reads only what the camp sees or remembers,
// and guesses the rest by symmetry: every camp starts alike and grows under
// the same bridle, so a rival holds at least as many zones as this camp
// (more if it is seen to); its unseen zones hold the mean garrison of its
// seen ones (this camp's own mean when none is seen); its population is
// this camp's per zone. No view shows another camp's field army or
// columns: they count for nothing until they garrison a zone this camp
// sees, a bias the 1.3 and 0.7 thresholds leave room for.
func (d decider) estimates() []rival {
	v, g := d.v, d.g
	ownZones := int64(max(1, len(d.own)))
	var ownGarrison int64
	for _, z := range d.own {
		ownGarrison += int64(z.GetGarrison())
	}
	var out []rival
	for _, c := range g.GetCamps() {
		if c.GetCamp() == v.GetCamp() || !c.GetAlive() {
			continue
		}
		var seen, garrisons int64
		for _, z := range g.GetZones() {
			if known(z) && z.GetOwner() == c.GetCamp() {
				seen++
				garrisons += int64(z.GetGarrison())
			}
		}
		zones := max(seen, (ownZones*unseenShare+99)/100)
		mean := ownGarrison * 100 / ownZones
		if seen > 0 {
			mean = garrisons * 100 / seen
		}
		garrisons += (zones - seen) * mean / 100
		pop := int64(g.GetPopulation()) * zones / ownZones
		p := garrisons + int64(d.r.militia)*zones + pop/2
		out = append(out, rival{camp: c.GetCamp(), name: c.GetName(), power: p, seen: int(seen), relation: c.GetRelation(), summary: c})
	}
	return out
}

// posture returns the posture the camp plays today and, when the bot chose
// it, a French note with the figures. A posture fixed by the controller is
// kept as is. Otherwise the camp compares its power with the heaviest
// rival's: above aggressiveRatio aggressive, under prudentRatio prudent,
// growth in between or with no rival.
func (d decider) posture() (pb.Posture, string) {
	if p := d.v.GetController().GetPosture(); p != pb.Posture_POSTURE_UNSPECIFIED {
		return p, ""
	}
	own := d.ownPower()
	var heavy *rival
	rs := d.rivals()
	for i := range rs {
		if heavy == nil || rs[i].power > heavy.power {
			heavy = &rs[i]
		}
	}
	if heavy == nil {
		return pb.Posture_POSTURE_GROWTH, d.l.Sprintf("growth posture (power %d, no known rival)", "posture croissance (puissance %d, aucun rival connu)", own)
	}
	ratio := float64(own) / float64(max(1, heavy.power))
	p, word := pb.Posture_POSTURE_GROWTH, d.l.Sprintf("growth", "croissance")
	switch {
	case ratio > aggressiveRatio:
		p, word = pb.Posture_POSTURE_AGGRESSIVE, d.l.Sprintf("aggressive", "belliqueuse")
	case ratio < prudentRatio:
		p, word = pb.Posture_POSTURE_PRUDENT, d.l.Sprintf("prudent", "prudente")
	}
	return p, d.l.Sprintf("%s posture (power %d against %d estimated for %s, %d zone(s) seen; ratio %.2f)",
		"posture %s (puissance %d contre %d estimée pour %s, %d zone(s) vue(s) ; rapport %.2f)",
		word, own, heavy.power, heavy.name, heavy.seen, ratio)
}
