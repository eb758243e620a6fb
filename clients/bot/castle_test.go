package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/proto"
)

// testCastleRules returns the rules a real Castle view carries
// (CastleRules), for the views the tests build by hand;
// TestCastleOnRealServer checks them against the server's.
func testCastleRules() *pb.CastleRules {
	r := &pb.CastleRules{MinGauge: 0, MaxGauge: 10, StartGauge: 5, GranarySlots: 2, OutpostSlots: 4, AllegianceGold: 2, FireWheat: 2,
		Die:              []string{"harvest", "trade", "plague", "plague", "hail", "medicine"},
		FallCiviliansLow: 0, FallCiviliansHigh: 10, FallArmy: 10,
		Version: 1, DefenderHoldsTies: true, GranaryHarvest: 1, WarGold: 1,
		Faces: []*pb.DieFace{{Face: "harvest", Gauge: "wheat", Delta: 1}, {Face: "trade", Gauge: "gold", Delta: 1},
			{Face: "plague", Gauge: "health", Delta: -1}, {Face: "hail", Gauge: "wheat", Delta: -1}, {Face: "medicine", Gauge: "health", Delta: 1}}}
	for _, c := range []struct {
		card  string
		count int32
	}{{cardGranary, 3}, {cardWar, 4}, {cardOutpost, 3}, {cardAllegiance, 3}, {cardHospital, 3}, {cardFire, 3},
		{cardBarbarians, 3}, {cardCivilWar, 2}, {cardWelcome, 3}} {
		r.Deck = append(r.Deck, &pb.CardCount{Card: c.card, Count: c.count})
	}
	r.Links = []*pb.CastleLink{
		{Gauge: "health", Below: 2, Target: "civilians", Delta: -2},
		{Gauge: "health", Below: 4, Target: "civilians", Delta: -1},
		{Gauge: "health", AtLeast: 9, Target: "civilians", Delta: 1},
		{Gauge: "wheat", Below: 1, Target: "health", Delta: -2},
		{Gauge: "wheat", Below: 3, Target: "health", Delta: -1},
		{Gauge: "wheat", AtLeast: 8, Target: "health", Delta: 1},
		{Gauge: "civilians", AtLeast: 4, Target: "wheat", Delta: 2},
		{Gauge: "civilians", AtLeast: 2, Target: "wheat", Delta: 1},
		{Gauge: "gold", Below: 1, Target: "army", Delta: 2},
		{Gauge: "army", AtLeast: 6, Target: "army", Delta: 1},
	}
	return r
}

// city returns a standing city of gauges gold, wheat, health, civilians,
// army, without stores.
func city(gold, wheat, health, civilians, army int32) *pb.CastleCity {
	return &pb.CastleCity{Gold: gold, Wheat: wheat, Health: health, Civilians: civilians, Army: army, Granary: -1, Outpost: -1}
}

// castleTable is a Castle view in the making: camp me's view of cities at
// step, the current city first in the turn order.
type castleTable struct {
	me, current int32
	step        string
	cities      []*pb.CastleCity
	hand        string
	drawn       []string
	posture     pb.Posture
}

// view returns the view with the legal actions the rules give (CAS-IDLE,
// CAS-CONVERT, CAS-STORE, CAS-DRAFT, CAS-PLAY, CAS-DISCARD).
func (tb castleTable) view() *pb.CampView {
	names := []string{"Montségur", "Carcassonne", "Provins", "Loches", "Dinan", "Aigues-Mortes"}
	n := int32(len(tb.cities))
	var order []int32
	for i := range n {
		if c := (tb.current + i) % n; tb.cities[c].GetFellTurn() == 0 {
			order = append(order, c)
		}
	}
	cv := &pb.CastleView{Turn: 3, Current: tb.current, Step: tb.step, Roll: "trade", Deck: 10, TurnOrder: order,
		Hand: tb.hand, Drawn: tb.drawn, Rules: testCastleRules()}
	for c, ci := range tb.cities {
		ci.Camp, ci.Name, ci.HoldsCard = int32(c), names[c], tb.step == stepPlay
		cv.Cities = append(cv.Cities, ci)
	}
	me := tb.cities[tb.me]
	switch tb.step {
	case stepPlay:
		cv.Acts = tb.hand != ""
	default:
		cv.Acts = tb.me == tb.current
	}
	t := tableOf(cv)
	for _, c := range t.neighbours(int(tb.me)) {
		cv.Neighbours = append(cv.Neighbours, int32(c))
	}
	v := &pb.CampView{Camp: tb.me, CampName: names[tb.me], Day: 7, Alive: true, Ruleset: "castle",
		Controller:   &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: tb.posture},
		LegalActions: []*pb.LegalAction{{Action: casDefault}}, Detail: &pb.CampView_Castle{Castle: cv}}
	if !cv.Acts {
		return v
	}
	cost := func(a, b string) []*pb.Amount {
		return []*pb.Amount{{Resource: a, Amount: 1}, {Resource: b, Amount: 1}}
	}
	add := func(la *pb.LegalAction) { v.LegalActions = append(v.LegalActions, la) }
	switch tb.step {
	case stepConvert:
		add(&pb.LegalAction{Action: casPass})
		if me.Gold >= 1 && me.Civilians >= 1 {
			add(&pb.LegalAction{Action: casConvert, Cost: cost("gold", "civilians")})
		}
		if me.Granary >= 0 {
			add(&pb.LegalAction{Action: casReleaseGranary})
		}
		if me.Outpost >= 0 {
			add(&pb.LegalAction{Action: casReleaseOutpost})
		}
	case stepDraft:
		var slots []int32
		for i := range tb.drawn {
			slots = append(slots, int32(i+1))
		}
		la := &pb.LegalAction{Action: casDraft, Args: []*pb.ArgSpec{{Name: "keep", Kind: pb.ArgKind_ARG_KIND_CARD, Choices: slots}}}
		for _, r := range order[1:] {
			la.Args = append(la.Args, &pb.ArgSpec{Name: fmt.Sprintf("to_city_%d", r), Kind: pb.ArgKind_ARG_KIND_CARD, Choices: slots})
		}
		add(la)
	case stepPlay:
		la := &pb.LegalAction{Action: casPlay}
		switch tb.hand {
		case cardWar:
			la.Args = []*pb.ArgSpec{{Name: "city", Kind: pb.ArgKind_ARG_KIND_CAMP, Choices: cv.Neighbours}}
		case cardGranary:
			la.Args = []*pb.ArgSpec{countArg("wheat", 0, min(2-max(me.Granary, 0), me.Wheat))}
		case cardOutpost:
			la.Args = []*pb.ArgSpec{countArg("army", 0, min(4-max(me.Outpost, 0), me.Army))}
		}
		add(la)
		if tb.hand != cardAllegiance && me.Gold >= 1 && me.Wheat >= 1 {
			add(&pb.LegalAction{Action: casDiscard, Cost: cost("gold", "wheat")})
		}
	}
	return v
}

// TestCastle checks the Castle bot's choices on tables where the postures'
// reasons are plain: what each keeps, gives, plays, discards and
// converts.
func TestCastle(t *testing.T) {
	prudent, aggressive, growth := pb.Posture_POSTURE_PRUDENT, pb.Posture_POSTURE_AGGRESSIVE, pb.Posture_POSTURE_GROWTH
	tests := []struct {
		name string
		tb   castleTable
		// want is the order's action and arguments, as "play 2".
		want string
		// why is a part of the reason.
		why string
	}{
		{"a city that waits plays the default",
			castleTable{me: 1, current: 0, step: stepConvert, posture: prudent, cities: []*pb.CastleCity{city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5)}},
			"default", "j'attends : étape de conversion de Montségur"},
		{"a city without a card waits in the play step",
			castleTable{me: 0, current: 0, step: stepPlay, posture: aggressive, cities: []*pb.CastleCity{city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5)}},
			"default", "étape de jeu"},
		{"prudent: nothing to gain from a conversion at 5 everywhere",
			castleTable{me: 0, current: 0, step: stepConvert, posture: prudent, cities: []*pb.CastleCity{city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5)}},
			"pass", "prudente : je ne convertis rien"},
		{"aggressive: arms a civilian to top its neighbours",
			castleTable{me: 0, current: 0, step: stepConvert, posture: aggressive, cities: []*pb.CastleCity{city(6, 5, 5, 6, 4), city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5)}},
			"convert", "belliqueuse : j'arme un civil : or 6 → 5, civils 6 → 5, armée 4 → 5"},
		{"aggressive: no conversion to an army that recruits itself (CAS-LEVY)",
			castleTable{me: 0, current: 0, step: stepConvert, posture: aggressive, cities: []*pb.CastleCity{city(6, 5, 5, 6, 5), city(5, 5, 5, 5, 6), city(5, 5, 5, 5, 6)}},
			"pass", "belliqueuse : je ne convertis rien"},
		{"prudent: a crowd one welcome from a revolt is armed",
			castleTable{me: 0, current: 0, step: stepConvert, posture: prudent, cities: []*pb.CastleCity{city(5, 5, 9, 8, 3), city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5)}},
			"convert", "civils 8 → 7"},
		{"never a conversion that makes the city fall",
			castleTable{me: 0, current: 0, step: stepConvert, posture: aggressive, cities: []*pb.CastleCity{city(5, 5, 5, 1, 2), city(5, 5, 5, 5, 8), city(5, 5, 5, 5, 8)}},
			"pass", ""},
		{"an empty wheat gauge empties the granary",
			castleTable{me: 0, current: 0, step: stepConvert, posture: growth, cities: []*pb.CastleCity{
				{Gold: 5, Wheat: 0, Health: 5, Civilians: 5, Army: 5, Granary: 2, Outpost: -1}, city(5, 5, 5, 5, 5)}},
			"release_granary", "je vide le grenier : blé 0 → 2"},
		{"aggressive: war on the weakest neighbour, which it outnumbers",
			castleTable{me: 0, current: 2, step: stepPlay, hand: cardWar, posture: aggressive, cities: []*pb.CastleCity{
				city(5, 5, 5, 5, 7), city(5, 5, 5, 2, 4), city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 8)}},
			"play 1", "guerre contre Carcassonne (armée 7 contre 4)"},
		{"a war is not wasted on an outpost when a neighbour stands bare",
			castleTable{me: 0, current: 0, step: stepPlay, hand: cardWar, posture: aggressive, cities: []*pb.CastleCity{
				city(5, 5, 5, 5, 7), {Gold: 5, Wheat: 5, Health: 5, Civilians: 3, Army: 3, Granary: -1, Outpost: 1}, city(5, 5, 5, 4, 3)}},
			"play 2", "guerre contre Provins"},
		{"CAS-OUTPOST an empty outpost shields nothing: the war goes to the weaker city behind it",
			castleTable{me: 0, current: 0, step: stepPlay, hand: cardWar, posture: aggressive, cities: []*pb.CastleCity{
				city(5, 5, 5, 5, 7), {Gold: 5, Wheat: 5, Health: 5, Civilians: 3, Army: 3, Granary: -1, Outpost: 0}, city(5, 5, 5, 4, 3)}},
			"play 1", "guerre contre Carcassonne (armée 7 contre 3)"},
		{"prudent: discards a fire that would starve it",
			castleTable{me: 1, current: 0, step: stepPlay, hand: cardFire, posture: prudent, cities: []*pb.CastleCity{
				city(5, 5, 5, 5, 5), city(5, 2, 4, 5, 5), city(5, 5, 5, 5, 5)}},
			"discard", "je défausse incendie (or 5 → 4, blé 2 → 1) ; jouée : blé 2 → 0"},
		{"an allegiance cannot be discarded: it is paid",
			castleTable{me: 1, current: 0, step: stepPlay, hand: cardAllegiance, posture: prudent, cities: []*pb.CastleCity{
				city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5)}},
			"play", "je joue allégeance : or 5 → 3"},
		{"CAS-OUTPOST an outpost holds a soldier: an empty one would shield nothing",
			castleTable{me: 0, current: 0, step: stepPlay, hand: cardOutpost, posture: prudent, cities: []*pb.CastleCity{
				city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5)}},
			"play 1", "poste avancé, 1 soldats postés"},
		{"prudent: keeps the hospital it needs; with ties the defender's, the war goes to the leader and the fire to the weak",
			castleTable{me: 0, current: 0, step: stepDraft, drawn: []string{cardWar, cardHospital, cardFire}, posture: prudent, cities: []*pb.CastleCity{
				city(5, 5, 3, 5, 5), city(7, 5, 7, 5, 4), city(5, 3, 5, 4, 4)}},
			"draft 2 1 3", "prudente : je garde hôpital ; une bonne guerre → Carcassonne (armée 4), incendie → Provins (blé 3)"},
		{"aggressive: the fire goes to the neighbour it starves",
			castleTable{me: 0, current: 0, step: stepDraft, drawn: []string{cardFire, cardHospital, cardGranary}, posture: aggressive, cities: []*pb.CastleCity{
				city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5), city(0, 2, 3, 2, 5)}},
			"draft 2 3 1", "belliqueuse : je garde hôpital ; grenier → Carcassonne (blé 5), incendie → Provins (blé 2)"},
		{"prudent: the fire goes to the leader",
			castleTable{me: 0, current: 0, step: stepDraft, drawn: []string{cardFire, cardHospital, cardGranary}, posture: prudent, cities: []*pb.CastleCity{
				city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5), city(0, 2, 3, 2, 5)}},
			"draft 2 1 3", "prudente : je garde hôpital ; incendie → Carcassonne (blé 5), grenier → Provins (blé 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.tb.view()
			o, s := Decide(v, State{Aggressiveness: 7})
			if s != (State{Aggressiveness: 7}) {
				t.Errorf("state %+v; want it unchanged", s)
			}
			got := o.GetAction()
			for _, a := range o.GetArgs() {
				got += fmt.Sprintf(" %d", a)
			}
			if got != tt.want || !strings.Contains(o.GetReason(), tt.why) {
				t.Errorf("got %q (%s); want %q with %q", got, o.GetReason(), tt.want, tt.why)
			}
			if msg := checkLegal(v, o); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// TestCastlePostures checks that the postures play distinct games: on the
// same tables, prudent and aggressive cities choose differently, and a
// city whose posture is unspecified picks one and says why.
func TestCastlePostures(t *testing.T) {
	tables := []castleTable{
		{me: 0, current: 0, step: stepDraft, drawn: []string{cardWelcome, cardAllegiance, cardHospital}, cities: []*pb.CastleCity{
			city(5, 5, 5, 5, 5), city(5, 3, 5, 3, 3), city(8, 8, 8, 6, 5)}},
		{me: 0, current: 0, step: stepDraft, drawn: []string{cardFire, cardWar, cardHospital, cardBarbarians}, cities: []*pb.CastleCity{
			city(5, 5, 5, 5, 7), city(5, 3, 5, 3, 3), city(8, 8, 8, 6, 6), city(5, 5, 5, 5, 5)}},
	}
	for i, tb := range tables {
		orders := map[pb.Posture]*pb.Order{}
		for _, p := range []pb.Posture{pb.Posture_POSTURE_PRUDENT, pb.Posture_POSTURE_AGGRESSIVE} {
			tb.posture = p
			orders[p], _ = Decide(tb.view(), State{})
		}
		pr, ag := orders[pb.Posture_POSTURE_PRUDENT], orders[pb.Posture_POSTURE_AGGRESSIVE]
		if proto.Equal(pr, ag) || (pr.GetAction() == ag.GetAction() && fmt.Sprint(pr.GetArgs()) == fmt.Sprint(ag.GetArgs())) {
			t.Errorf("table %d: prudent and aggressive both play %s %v", i, pr.GetAction(), pr.GetArgs())
		}
	}
	tests := []struct {
		cities []*pb.CastleCity
		why    string
	}{
		{[]*pb.CastleCity{city(5, 5, 5, 2, 5), city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5)}, "posture recalculée : prudente (à 2 pas d'une chute)"},
		{[]*pb.CastleCity{city(5, 5, 5, 5, 7), city(5, 5, 5, 5, 4), city(5, 5, 5, 5, 5)}, "posture recalculée : belliqueuse (armée 7 contre 5 au plus chez mes voisins)"},
		{[]*pb.CastleCity{city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5)}, "posture recalculée : croissance ; croissance : "},
	}
	for _, tt := range tests {
		tb := castleTable{me: 0, current: 0, step: stepConvert, cities: tt.cities}
		if o, _ := Decide(tb.view(), State{}); !strings.HasPrefix(o.GetReason(), tt.why) {
			t.Errorf("got %q; want it to start with %q", o.GetReason(), tt.why)
		}
	}
}

// TestBestAssignment checks the draft's assignment: the highest sum, and
// the drawn order on a tie.
func TestBestAssignment(t *testing.T) {
	tests := []struct {
		gain [][]float64
		want []int
	}{
		{[][]float64{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, []int{0, 1, 2}},
		{[][]float64{{1, 5, 0}, {0, 4, 0}, {3, 0, 0}}, []int{1, 2, 0}},
		{[][]float64{{1, 2}, {0, 0}}, []int{1, 0}},
	}
	for _, tt := range tests {
		if got := bestAssignment(tt.gain); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("bestAssignment(%v) = %v; want %v", tt.gain, got, tt.want)
		}
	}
}

// TestCastleOnRealServer plays a Castle world of three cities on the real
// server, every city played by Decide from its view, to the game's end:
// the server accepts every order, every reason is French and short, and
// the rules the views carry are testCastleRules.
func TestCastleOnRealServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the real server")
	}
	srv := testserver.Start(t)
	const cities = 3
	w := srv.NewGame(t, testserver.Game{Ruleset: "castle", Camps: cities, Seed: 11, SeasonLength: -1})
	ctxs := make([]context.Context, cities)
	for c := range cities {
		ctxs[c] = metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+w.Tokens[c])
	}
	postures := []pb.Posture{pb.Posture_POSTURE_PRUDENT, pb.Posture_POSTURE_AGGRESSIVE, pb.Posture_POSTURE_UNSPECIFIED}
	view := func(c int) *pb.CampView {
		v, err := srv.Game.GetView(ctxs[c], &pb.GetViewRequest{})
		if err != nil {
			t.Fatalf("view of city %d: %v", c, err)
		}
		v.Controller = &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: postures[c]}
		return v
	}
	got := proto.Clone(view(0).GetCastle().GetRules()).(*pb.CastleRules)
	for _, c := range got.GetDeck() {
		c.Effect = "" // words for players; the bot reads the numbers
	}
	if !proto.Equal(got, testCastleRules()) {
		t.Errorf("the server's rules:\n%s\ntestCastleRules:\n%s\nwant them equal", prototext.Format(got), prototext.Format(testCastleRules()))
	}
	for tick := 0; ; tick++ {
		if tick > 300 {
			t.Fatal("no end after 300 ticks")
		}
		standing, day := 0, view(0).GetDay()
		for c := range cities {
			v := view(c)
			if v.GetAlive() {
				standing++
			}
			if !v.GetCastle().GetActs() {
				continue
			}
			o, _ := Decide(v, State{})
			if len(o.GetReason()) > maxCastleReason || !strings.Contains(o.GetReason(), " : ") {
				t.Errorf("day %d city %d: reason %q", day, c, o.GetReason())
			}
			if _, err := srv.Game.SubmitOrder(ctxs[c], &pb.SubmitOrderRequest{Order: o}); err != nil {
				t.Fatalf("day %d city %d: %s %v refused: %v", day, c, o.GetAction(), o.GetArgs(), err)
			}
		}
		if standing <= 1 {
			return
		}
		waitDay(t, srv, w.ID, func() int32 { return view(0).GetDay() }, day)
	}
}

// waitDay waits for the world to resolve day (every city that decides has
// posted), forcing the tick after a while.
func waitDay(t *testing.T, srv *testserver.Server, world uint64, day func() int32, from int32) {
	t.Helper()
	for range 100 {
		if day() > from {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	srv.ForceTick(t, world)
}
