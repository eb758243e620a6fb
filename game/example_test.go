package game_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/gametest"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// race is the smallest ruleset: each camp steps 1 or 2 squares a day, and
// the first past square 5 ends the game. Its state is JSON; its view is the
// shared part and the legal actions; it has no frame, names, feats or
// councillors of its own.
type race struct {
	game.JSONCodec[track, *track]
}

// track is a race's state: the day and each camp's square.
type track struct {
	D       int   `json:"day"`
	Squares []int `json:"squares"`
}

func (t *track) Day() int          { return t.D }
func (t *track) Alive(int) bool    { return true }
func (t *track) Met(a, b int) bool { return a != b }
func (t *track) Waits(int) bool    { return false }
func (t *track) Over() bool        { return slices.Max(t.Squares) > 5 }

func (race) Info() game.Info {
	return game.Info{Name: "race", MinCamps: 2, MaxCamps: 4, DefaultCamps: 2,
		Title: lang.T("a race to square 6", "une course à la case 6"), SeasonLength: 10, PublicScores: true}
}

func (race) Setup(s game.Setup) (game.State, error) {
	if s.Camps < 2 || s.Camps > 4 {
		return nil, fmt.Errorf("2 to 4 camps; got %d", s.Camps)
	}
	return &track{Squares: make([]int, s.Camps)}, nil
}

func (race) Validate(_ game.State, _ int, o game.Order) *game.Refusal {
	if o.Action != "step" || len(o.Args) != 1 || o.Args[0] < 1 || o.Args[0] > 2 {
		return &game.Refusal{Reason: pb.ErrorReason_ERROR_REASON_BAD_ARGUMENTS, Field: "args",
			Message: lang.T("step 1 or 2 squares", "avancez de 1 ou 2 cases")}
	}
	return nil
}

func (race) Idle() game.Order { return game.Order{Action: "step", Args: []int{1}} }

func (r race) Resolve(s game.State, orders []game.Order) game.Outcome {
	prev := s.(*track)
	next := &track{D: prev.D + 1, Squares: slices.Clone(prev.Squares)}
	out := game.Outcome{State: next, Refusals: make([]*game.Refusal, len(orders))}
	for c, o := range orders {
		if out.Refusals[c] = r.Validate(s, c, o); out.Refusals[c] == nil {
			next.Squares[c] += o.Args[0]
		}
	}
	return out
}

func (race) View(s game.State, camp int, _ lang.Lang) *pb.CampView {
	v := game.SharedView(s, camp, game.CampNames(race{}, len(s.(*track).Squares)))
	v.LegalActions = []*pb.LegalAction{{Action: "step", Args: []*pb.ArgSpec{{Name: "squares", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 2}}}}
	return v
}

func (race) Season(int) game.Season { return raceSeason{} }

type raceSeason struct{}

func (raceSeason) Patrons(camp int) []string { return []string{fmt.Sprintf("Coach %d", camp+1)} }

func (raceSeason) Score(s game.State) ([]game.Score, error) {
	var out []game.Score
	for _, sq := range s.(*track).Squares {
		out = append(out, game.Score{Score: sq, Summary: lang.T("square %d", "case %d", sq)})
	}
	return out, nil
}

// Example plays a tiny ruleset through the seam, as the server does: a
// setup, views, orders checked, then resolved together day after day.
func Example() {
	var rs game.Ruleset = race{}
	s, _ := rs.Setup(game.Setup{Seed: 1, Camps: 2})
	fmt.Println(rs.Validate(s, 0, game.Order{Action: "step", Args: []int{3}}))
	for !s.Over() {
		orders := []game.Order{{Action: "step", Args: []int{2}}, rs.Idle()}
		s = rs.Resolve(s, orders).State
	}
	scores, _ := rs.Season(2).Score(s)
	v := rs.View(s, 1, lang.FR)
	fmt.Printf("day %d: %s %s, %s %s\n", s.Day(), v.GetContacts()[0].GetName(), scores[0].Summary.In(lang.EN),
		v.GetCampName(), scores[1].Summary.In(lang.FR))
	// Output:
	// bad_arguments: args: step 1 or 2 squares
	// day 3: Camp 1 square 6, Camp 2 case 3
}

// TestRaceConformance runs the rulesets' conformance suite on the example's
// ruleset: the smallest ruleset is a whole one.
func TestRaceConformance(t *testing.T) {
	gametest.Run(t, race{}, gametest.Config{})
}
