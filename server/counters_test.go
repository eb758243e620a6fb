package server_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// counters is a tiny ruleset, the proof that the server needs nothing of
// Grisonval: 2 to 6 camps each count points. Each day a camp rests, gains 1
// to 3 points, or steals a point from a camp that has one (the steal is
// stale if that camp has none left once the day's gains and steals are
// counted in camp order); a camp at 10 points or more retires (it no
// longer plays). A season's score is a camp's points; a steal is a
// mission; a package brings a point, and the carry-over keeps half the
// points.
type counters struct{}

// countersState is a counters world.
type countersState struct {
	D       int    `json:"day"`
	Points  []int  `json:"points"`
	Retired []bool `json:"retired"`
}

func (s *countersState) Day() int                 { return s.D }
func (s *countersState) Alive(camp int) bool      { return !s.Retired[camp] }
func (s *countersState) Met(camp, other int) bool { return camp != other }
func (s *countersState) Waits(int) bool           { return false }

// Over: the game ends when a single camp still plays.
func (s *countersState) Over() bool {
	return len(s.Retired)-countTrue(s.Retired) <= 1
}

func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

func (counters) Info() game.Info {
	return game.Info{Name: "counters", MinCamps: 2, MaxCamps: 6, DefaultCamps: 2}
}

func (counters) CampNames(n int) []string {
	names := make([]string, n)
	for c := range names {
		names[c] = fmt.Sprintf("Counter %c", 'A'+c)
	}
	return names
}

func (counters) Setup(s game.Setup) (game.State, error) {
	if s.Camps < 2 || s.Camps > 6 {
		return nil, fmt.Errorf("2 to 6 camps; got %d", s.Camps)
	}
	st := &countersState{Points: make([]int, s.Camps), Retired: make([]bool, s.Camps)}
	if s.Prev != nil {
		for c, p := range s.Prev.(*countersState).Points {
			st.Points[c] = p / 2
		}
	}
	for _, p := range s.Players {
		st.Points[p.Camp]++
	}
	return st, nil
}

func (counters) Validate(s game.State, camp int, o game.Order) *game.Refusal {
	st := s.(*countersState)
	refuse := func(r pb.ErrorReason, field, msg string) *game.Refusal {
		return &game.Refusal{Reason: r, Field: field, Message: lang.Text{EN: msg}}
	}
	switch {
	case st.Retired[camp]:
		return refuse(pb.ErrorReason_ERROR_REASON_CAMP_EXTINCT, "", "your camp has retired")
	case o.Action == "rest" && len(o.Args) == 0:
		return nil
	case o.Action == "gain" && len(o.Args) == 1 && o.Args[0] >= 1 && o.Args[0] <= 3:
		return nil
	case o.Action == "gain":
		return refuse(pb.ErrorReason_ERROR_REASON_BAD_ARGUMENTS, "args", "gain takes 1 to 3 points")
	case o.Action == "steal" && len(o.Args) == 1 && slices.Contains(victims(st, camp), o.Args[0]):
		return nil
	case o.Action == "steal":
		return refuse(pb.ErrorReason_ERROR_REASON_NOT_ALLOWED, "args[0]", fmt.Sprintf("steal from one of %v", victims(st, camp)))
	}
	return refuse(pb.ErrorReason_ERROR_REASON_UNKNOWN_ACTION, "action", "actions: rest, gain N, steal C")
}

// victims are the camps camp may steal from: playing, with a point.
func victims(st *countersState, camp int) []int {
	var out []int
	for c, p := range st.Points {
		if c != camp && p > 0 && !st.Retired[c] {
			out = append(out, c)
		}
	}
	return out
}

func (counters) Idle() game.Order { return game.Order{Action: "rest"} }

func (r counters) Resolve(s game.State, orders []game.Order) game.Outcome {
	prev := s.(*countersState)
	st := &countersState{D: prev.D + 1, Points: slices.Clone(prev.Points), Retired: slices.Clone(prev.Retired)}
	out := game.Outcome{State: st, Refusals: make([]*game.Refusal, len(orders))}
	for c, o := range orders {
		if o.Action == "gain" && !prev.Retired[c] {
			st.Points[c] += o.Args[0]
			out.Journal = append(out.Journal, game.Entry{Day: st.D, Camp: c, Kind: "gain", Narration: lang.T("+%d", "+%d", o.Args[0])})
		}
	}
	for c, o := range orders {
		if o.Action != "steal" || prev.Retired[c] {
			continue
		}
		v := o.Args[0]
		if st.Points[v] == 0 {
			out.Refusals[c] = &game.Refusal{Reason: pb.ErrorReason_ERROR_REASON_NOT_ALLOWED, Field: "args[0]", Message: lang.T("nothing left to steal", "plus rien à prendre")}
			continue
		}
		st.Points[v]--
		st.Points[c]++
		out.Journal = append(out.Journal, game.Entry{Day: st.D, Camp: c, Kind: "steal", Narration: lang.T("a point from %d", "un point pris à %d", v)},
			game.Entry{Day: st.D, Camp: v, Kind: "robbed", Narration: lang.T("a point to %d", "un point pour %d", c)})
	}
	for c, p := range st.Points {
		st.Retired[c] = st.Retired[c] || p >= 10
	}
	return out
}

func (r counters) View(s game.State, camp int, _ lang.Lang) *pb.CampView {
	st := s.(*countersState)
	names := r.CampNames(len(st.Points))
	v := &pb.CampView{Camp: int32(camp), CampName: names[camp], Day: int32(st.D), Alive: !st.Retired[camp]}
	for c, name := range names {
		if c != camp {
			v.Contacts = append(v.Contacts, &pb.Contact{Camp: int32(c), Name: name, Met: true, Alive: !st.Retired[c]})
		}
	}
	if st.Retired[camp] {
		return v
	}
	v.LegalActions = append(v.LegalActions, &pb.LegalAction{Action: "rest"},
		&pb.LegalAction{Action: "gain", Args: []*pb.ArgSpec{{Name: "points", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 3}}})
	if vs := victims(st, camp); len(vs) > 0 {
		spec := &pb.ArgSpec{Name: "camp", Kind: pb.ArgKind_ARG_KIND_CAMP}
		for _, c := range vs {
			spec.Choices = append(spec.Choices, int32(c))
		}
		v.LegalActions = append(v.LegalActions, &pb.LegalAction{Action: "steal", Args: []*pb.ArgSpec{spec}})
	}
	return v
}

func (counters) Frame(s game.State, _ lang.Lang) *pb.Frame { return &pb.Frame{Day: int32(s.Day())} }

func (counters) Encode(s game.State) ([]byte, string, error) {
	b, err := json.Marshal(s)
	sum := sha256.Sum256(b)
	return b, hex.EncodeToString(sum[:]), err
}

func (r counters) Hash(s game.State) string {
	_, h, _ := r.Encode(s)
	return h
}

func (counters) JSON(s game.State) ([]byte, error) { return json.Marshal(s) }

func (counters) Decode(b []byte) (game.State, error) {
	var st countersState
	err := json.Unmarshal(b, &st)
	return &st, err
}

func (counters) Season(int) game.Season { return countersSeason{} }

// countersSeason is the counters' side of the season layer.
type countersSeason struct{}

func (countersSeason) Patrons(camp int) []string {
	return []string{fmt.Sprintf("Patron %d", camp), fmt.Sprintf("Rival %d", camp)}
}

func (countersSeason) Score(s game.State) ([]game.Score, error) {
	var out []game.Score
	for _, p := range s.(*countersState).Points {
		out = append(out, game.Score{Score: p, Holdings: p, Summary: fmt.Sprintf("%d points", p)})
	}
	return out, nil
}

func (countersSeason) Feats(seed uint64, season int) game.Feats { return countersFeats{} }

// Seats are a ruler, a thief who proposes steals and a steward who
// proposes gains.
func (countersSeason) Seats() []game.Seat {
	return []game.Seat{{Code: game.RulerSeat, Name: lang.T("ruler", "chef")},
		{Code: "thief", Name: lang.T("thief", "voleur"), Domain: []string{"steal"}},
		{Code: "steward", Name: lang.T("steward", "intendant"), Domain: []string{"gain", "rest"}}}
}

// countersFeats makes each steal a mission, always rolled 2-3-4.
type countersFeats struct{}

func (countersFeats) Day(d game.Day) ([][]career.Feat, error) {
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
