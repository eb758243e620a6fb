// Package counters is a tiny ruleset kept for the tests (docs/counters.md):
// the proof that the server and every face play any game through the seam
// (package game), added by docs/architecture.md's recipe. The binaries
// serve it only when built with the tag testrules, as the clients' tests
// build them.
//
// Two to six camps count points. Each day a camp rests, gains 1 to 3
// points, or steals a point from a camp that has one; a camp at 10 points
// or more retires. Its rules are small enough to live in this package, with
// their side of the seam: its state is JSON (game.JSONCodec), its view the
// shared part alone (game.SharedView), and it has no frame of its own.
package counters

import (
	"fmt"
	"slices"

	"github.com/grisonval/server/docs"
	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Name is the ruleset's name, stored with every counters world.
const Name = "counters"

// The rules' numbers (docs/counters.md).
const (
	MinCamps, MaxCamps = 2, 6
	// MaxGain is the most points a gain brings.
	MaxGain = 3
	// Retire is the points at which a camp retires (CNT-RETIRE).
	Retire = 10
)

// Ruleset is the counters' game.Ruleset. Its zero value is ready to use and
// safe for concurrent use.
type Ruleset struct {
	game.JSONCodec[State, *State]
}

var (
	_ game.Ruleset     = Ruleset{}
	_ game.Namer       = Ruleset{}
	_ game.FeatTracker = season{}
	_ game.Council     = season{}
)

// State is a counters world: each camp's points and whether it retired.
type State struct {
	D       int    `json:"day"`
	Points  []int  `json:"points"`
	Retired []bool `json:"retired"`
}

// Day returns the number of days resolved.
func (s *State) Day() int { return s.D }

// Alive reports whether camp still plays.
func (s *State) Alive(camp int) bool { return !s.Retired[camp] }

// Met reports that every camp knows every other (CNT-OPEN).
func (s *State) Met(camp, other int) bool { return camp != other }

// Waits is always false: every camp plays every day.
func (s *State) Waits(int) bool { return false }

// Over reports whether a single camp or none still plays (CNT-RETIRE).
func (s *State) Over() bool {
	playing := 0
	for _, r := range s.Retired {
		if !r {
			playing++
		}
	}
	return playing <= 1
}

// Info describes the ruleset.
func (Ruleset) Info() game.Info {
	return game.Info{Name: Name, MinCamps: MinCamps, MaxCamps: MaxCamps, DefaultCamps: MinCamps,
		Title: lang.T("2 to 6 camps gain and steal points; a tiny game kept for the tests",
			"2 à 6 camps gagnent et volent des points ; un petit jeu gardé pour les tests"),
		SeasonLength: 12, PublicScores: true, Rulebook: docs.Counters}
}

// CampNames names the camps "Counter A", "Counter B", and so on.
func (Ruleset) CampNames(n int) []string {
	names := make([]string, max(n, 0))
	for c := range names {
		names[c] = fmt.Sprintf("Counter %c", 'A'+c)
	}
	return names
}

// Setup returns day 0: no points, or half of each camp's points of the
// previous season (CNT-CARRY), and a point for each enrolled player
// (CNT-PKG).
func (Ruleset) Setup(s game.Setup) (game.State, error) {
	if s.Camps < MinCamps || s.Camps > MaxCamps {
		return nil, fmt.Errorf("counters is played by %d to %d camps; got %d", MinCamps, MaxCamps, s.Camps)
	}
	st := &State{Points: make([]int, s.Camps), Retired: make([]bool, s.Camps)}
	if s.Prev != nil {
		for c, p := range s.Prev.(*State).Points {
			st.Points[c] = p / 2
		}
	}
	for _, p := range s.Players {
		st.Points[p.Camp]++
	}
	return st, nil
}

// Validate checks camp's order (CNT-ACTIONS).
func (Ruleset) Validate(s game.State, camp int, o game.Order) *game.Refusal {
	st := s.(*State)
	refuse := func(r pb.ErrorReason, field string, msg lang.Text) *game.Refusal {
		return &game.Refusal{Reason: r, Field: field, Message: msg}
	}
	switch {
	case st.Retired[camp]:
		return refuse(pb.ErrorReason_ERROR_REASON_CAMP_EXTINCT, "", lang.T("your camp has retired", "votre camp s'est retiré"))
	case o.Action == "rest" && len(o.Args) == 0:
		return nil
	case o.Action == "gain" && len(o.Args) == 1 && o.Args[0] >= 1 && o.Args[0] <= MaxGain:
		return nil
	case o.Action == "gain":
		return refuse(pb.ErrorReason_ERROR_REASON_BAD_ARGUMENTS, "args",
			lang.T("gain takes 1 to %d points", "gain prend 1 à %d points", MaxGain))
	case o.Action == "steal" && len(o.Args) == 1 && slices.Contains(victims(st, camp), o.Args[0]):
		return nil
	case o.Action == "steal":
		return refuse(pb.ErrorReason_ERROR_REASON_NOT_ALLOWED, "args[0]",
			lang.T("steal from one of %v", "volez l'un de %v", victims(st, camp)))
	}
	return refuse(pb.ErrorReason_ERROR_REASON_UNKNOWN_ACTION, "action",
		lang.T("actions: rest, gain N, steal C", "actions : rest, gain N, steal C"))
}

// victims are the camps camp may steal from: playing, with a point.
func victims(st *State, camp int) []int {
	var out []int
	for c, p := range st.Points {
		if c != camp && p > 0 && !st.Retired[c] {
			out = append(out, c)
		}
	}
	return out
}

// Idle is rest.
func (Ruleset) Idle() game.Order { return game.Order{Action: "rest"} }

// Resolve plays a day (CNT-DAY): an order Validate refuses is not played;
// the gains first, then the steals in camp order, a steal from a camp left
// with no point being stale; then the camps at Retire points retire.
func (r Ruleset) Resolve(s game.State, orders []game.Order) game.Outcome {
	prev := s.(*State)
	st := &State{D: prev.D + 1, Points: slices.Clone(prev.Points), Retired: slices.Clone(prev.Retired)}
	out := game.Outcome{State: st, Refusals: make([]*game.Refusal, len(orders))}
	names := r.CampNames(len(st.Points))
	played := make([]game.Order, len(orders))
	for c, o := range orders {
		if out.Refusals[c] = r.Validate(prev, c, o); out.Refusals[c] == nil {
			played[c] = o
		}
	}
	for c, o := range played {
		if o.Action == "gain" {
			st.Points[c] += o.Args[0]
			out.Journal = append(out.Journal, game.Entry{Day: st.D, Camp: c, Kind: "gain",
				Narration: lang.T("You gain %s.", "Vous gagnez %s.", points(o.Args[0]))})
		}
	}
	for c, o := range played {
		if o.Action != "steal" {
			continue
		}
		v := o.Args[0]
		if st.Points[v] == 0 {
			out.Refusals[c] = &game.Refusal{Reason: pb.ErrorReason_ERROR_REASON_NOT_ALLOWED, Field: "args[0]",
				Message: lang.T("nothing left to steal", "plus rien à prendre")}
			continue
		}
		st.Points[v]--
		st.Points[c]++
		out.Journal = append(out.Journal,
			game.Entry{Day: st.D, Camp: c, Kind: "steal", Narration: lang.T("You steal a point from %s.", "Vous volez un point à %s.", names[v])},
			game.Entry{Day: st.D, Camp: v, Kind: "robbed", Narration: lang.T("%s steals a point from you.", "%s vous vole un point.", names[c])})
	}
	for c, p := range st.Points {
		if !st.Retired[c] && p >= Retire {
			st.Retired[c] = true
			out.Journal = append(out.Journal, game.Entry{Day: st.D, Camp: c, Kind: "retired",
				Narration: lang.T("With %s, your camp retires.", "Avec %s, votre camp se retire.", points(p))})
		}
	}
	return out
}

// View returns camp's view: the shared part and its legal actions.
func (r Ruleset) View(s game.State, camp int, l lang.Lang) *pb.CampView {
	st := s.(*State)
	v := game.SharedView(s, camp, r.CampNames(len(st.Points)))
	if st.Retired[camp] {
		return v
	}
	v.LegalActions = append(v.LegalActions,
		&pb.LegalAction{Action: "rest", Summary: l.Sprintf("rest: nothing happens", "rest : rien ne se passe")},
		&pb.LegalAction{Action: "gain", Summary: l.Sprintf("gain N: gain 1 to %d points", "gain N : gagner 1 à %d points", MaxGain),
			Args: []*pb.ArgSpec{{Name: "points", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: MaxGain}}})
	if vs := victims(st, camp); len(vs) > 0 {
		spec := &pb.ArgSpec{Name: "camp", Kind: pb.ArgKind_ARG_KIND_CAMP}
		for _, c := range vs {
			spec.Choices = append(spec.Choices, int32(c))
		}
		v.LegalActions = append(v.LegalActions, &pb.LegalAction{Action: "steal",
			Summary: l.Sprintf("steal C: take a point from camp C", "steal C : prendre un point au camp C"), Args: []*pb.ArgSpec{spec}})
	}
	return v
}

// Season returns the counters' side of the season layer.
func (Ruleset) Season(int) game.Season { return season{} }

// season is the counters' side of the season layer (CNT-SEASON).
type season struct{}

// Patrons returns camp's two patrons.
func (season) Patrons(camp int) []string {
	return []string{fmt.Sprintf("Patron %d", camp), fmt.Sprintf("Rival %d", camp)}
}

// Score is a camp's points.
func (season) Score(s game.State) ([]game.Score, error) {
	var out []game.Score
	for _, p := range s.(*State).Points {
		out = append(out, game.Score{Score: p, Holdings: p, Summary: points(p)})
	}
	return out, nil
}

// Feats makes each steal a mission, always rolled 2-3-4.
func (season) Feats(uint64, int) game.Feats { return feats{} }

// Seats are a ruler, a thief who proposes steals and a steward who
// proposes gains and rests.
func (season) Seats() []game.Seat {
	return []game.Seat{{Code: game.RulerSeat, Name: lang.T("ruler", "chef")},
		{Code: "thief", Name: lang.T("thief", "voleur"), Domain: []string{"steal"}},
		{Code: "steward", Name: lang.T("steward", "intendant"), Domain: []string{"gain", "rest"}}}
}

// feats is the counters' feat tracker.
type feats struct{}

// Day returns each camp's feats of d: a mission per steal.
func (feats) Day(d game.Day) ([][]career.Feat, error) {
	out := make([][]career.Feat, len(d.Journal))
	for c, entries := range d.Journal {
		for _, e := range entries {
			if e.Kind == "steal" {
				out[c] = append(out[c], career.Feat{Kind: career.MissionSucceeded, Roll: career.D666{2, 3, 4}})
			}
		}
	}
	return out, nil
}

// points says n points, in both languages.
func points(n int) lang.Text {
	if n == 1 || n == -1 {
		return lang.T("%d point", "%d point", n)
	}
	return lang.T("%d points", "%d points", n)
}
