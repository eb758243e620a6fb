package castle

import (
	"github.com/grisonval/server/engine/castle"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

var argKinds = [...]pb.ArgKind{
	castle.ArgCount: pb.ArgKind_ARG_KIND_COUNT,
	castle.ArgCity:  pb.ArgKind_ARG_KIND_CAMP,
	castle.ArgCard:  pb.ArgKind_ARG_KIND_CARD,
}

// View returns city camp's view of s (rule CAS-FOG): every city's public
// facts; its own card in hand; what it drew while it drafts.
func (r Ruleset) View(s game.State, camp int, l lang.Lang) *pb.CampView {
	st := Of(s)
	names := r.CampNames(len(st.Cities))
	city := &st.Cities[camp]
	v := &pb.CampView{Camp: int32(camp), CampName: names[camp], Day: int32(st.Day), Alive: city.Standing(), MaxReasonLen: castle.MaxReasonLen}
	for c := range st.Cities {
		if c != camp {
			v.Contacts = append(v.Contacts, &pb.Contact{Camp: int32(c), Name: names[c], Met: true, Alive: st.Cities[c].Standing()})
		}
	}
	for _, la := range castle.LegalActions(st, camp) {
		v.LegalActions = append(v.LegalActions, legalToPB(la, l))
	}
	d := &pb.CastleView{
		Turn: int32(st.Turn), Current: int32(st.Current), Step: st.Step.String(), Roll: st.Roll.String(),
		Cities: citiesToPB(st, names), Deck: int32(len(st.Deck)), Discard: cardNames(st.Discard),
		TurnOrder: ints(st.TurnOrder()), Neighbours: ints(st.Neighbours(camp)), Acts: st.Acts(camp), Rules: rules[st.Rules][l],
	}
	if city.Hand != 0 {
		d.Hand = city.Hand.String()
	}
	if st.Step == castle.Draft && camp == st.Current {
		d.Drawn = cardNames(st.Drawn)
	}
	v.Detail = &pb.CampView_Castle{Castle: d}
	return v
}

// Frame returns the whole game on s's day, every hand shown.
func (r Ruleset) Frame(s game.State, _ lang.Lang) *pb.Frame {
	st := Of(s)
	f := &pb.CastleFrame{Turn: int32(st.Turn), Current: int32(st.Current), Step: st.Step.String(), Roll: st.Roll.String(),
		Cities: citiesToPB(st, r.CampNames(len(st.Cities))), Drawn: cardNames(st.Drawn),
		MinGauge: castle.MinGauge, MaxGauge: castle.MaxGauge,
		FallCiviliansLow: castle.MinGauge, FallCiviliansHigh: castle.MaxGauge, FallArmy: castle.MaxGauge}
	for _, city := range st.Cities {
		hand := ""
		if city.Hand != 0 {
			hand = city.Hand.String()
		}
		f.Hands = append(f.Hands, hand)
	}
	return &pb.Frame{Day: int32(st.Day), Detail: &pb.Frame_Castle{Castle: f}}
}

func citiesToPB(st *castle.State, names []string) []*pb.CastleCity {
	out := make([]*pb.CastleCity, len(st.Cities))
	for c, city := range st.Cities {
		g := city.Gauges
		out[c] = &pb.CastleCity{Camp: int32(c), Name: names[c],
			Gold: int32(g[castle.Gold]), Wheat: int32(g[castle.Wheat]), Health: int32(g[castle.Health]),
			Civilians: int32(g[castle.Civilians]), Army: int32(g[castle.Army]),
			Granary: int32(city.Granary), Outpost: int32(city.Outpost), HoldsCard: city.Hand != 0,
			FellTurn: int32(city.Fell), FellCause: city.Cause}
	}
	return out
}

func legalToPB(la castle.Legal, l lang.Lang) *pb.LegalAction {
	out := &pb.LegalAction{Action: la.Action.String(), Summary: la.Summary.In(l)}
	for g, n := range la.Cost {
		if n != 0 {
			out.Cost = append(out.Cost, &pb.Amount{Resource: castle.Gauge(g).String(), Amount: int64(n)})
		}
	}
	for _, a := range la.Args {
		spec := &pb.ArgSpec{Name: a.Name, Kind: argKinds[a.Kind], Min: int32(a.Min), Max: int32(a.Max)}
		for _, c := range a.Choices {
			spec.Choices = append(spec.Choices, int32(c))
		}
		out.Args = append(out.Args, spec)
	}
	return out
}

func cardNames(cards []castle.Card) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.String()
	}
	return out
}

func ints(xs []int) []int32 {
	out := make([]int32, len(xs))
	for i, x := range xs {
		out[i] = int32(x)
	}
	return out
}

// rules are the numbers of the Castle's rules of each version, with the
// cards' effects in each language; views share them.
var rules = func() (out [castle.LatestRules + 1][2]*pb.CastleRules) {
	for v := range out {
		out[v] = [2]*pb.CastleRules{lang.EN: castleRules(castle.Rules(v), lang.EN), lang.FR: castleRules(castle.Rules(v), lang.FR)}
	}
	return out
}()

func castleRules(v castle.Rules, l lang.Lang) *pb.CastleRules {
	r := &pb.CastleRules{MinGauge: castle.MinGauge, MaxGauge: castle.MaxGauge, StartGauge: castle.StartGauge,
		GranarySlots: castle.GranarySlots, OutpostSlots: castle.OutpostSlots,
		AllegianceGold: castle.AllegianceGold, FireWheat: castle.FireWheat, Version: int32(v)}
	r.EmptyOutpostShields, r.DefenderHoldsTies, r.GranaryHarvest = castle.EmptyOutpostShields(v), castle.DefenderHoldsTies(v), int32(castle.GranaryHarvestOf(v))
	r.WarGold = int32(castle.WarGold(v))
	for c := castle.Granary; int(c) <= castle.NumCards; c++ {
		r.Deck = append(r.Deck, &pb.CardCount{Card: c.String(), Count: int32(castle.Deck[c]), Effect: castle.CardEffect(c).In(l)})
	}
	for f := castle.Harvest; f <= castle.Medicine; f++ {
		g, d := castle.FaceEffect(f)
		r.Faces = append(r.Faces, &pb.DieFace{Face: f.String(), Gauge: g.String(), Delta: int32(d)})
	}
	r.FallCiviliansLow, r.FallCiviliansHigh, r.FallArmy = castle.MinGauge, castle.MaxGauge, castle.MaxGauge
	for _, l := range castle.Links {
		r.Links = append(r.Links, &pb.CastleLink{Gauge: l.Gauge.String(), Below: int32(l.Below), AtLeast: int32(l.AtLeast),
			Target: l.Target.String(), Delta: int32(l.Delta)})
	}
	for _, f := range castle.DieSides() {
		r.Die = append(r.Die, f.String())
	}
	return r
}
