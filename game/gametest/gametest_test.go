package gametest_test

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/counters"
	"github.com/grisonval/server/game/gametest"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// brokenEnv names the broken ruleset TestBroken runs the suite on.
const brokenEnv = "GAMETEST_BROKEN"

// broken are rulesets that each break one promise of the seam, and what
// the suite must say of each.
var broken = map[string]struct {
	rs   game.Ruleset
	want string
}{
	"mutates":    {mutates{}, "Resolve modified the state it resolved"},
	"codec":      {forgets{}, "Encode, Decode, Encode changed the encoding"},
	"plays-bad":  {playsBad{}, "want the same reason"},
	"leaks":      {leaks{}, "the fog leaks"},
	"random":     {random{}, "(determinism)"},
	"bare-view":  {bareView{}, "want every other camp"},
	"one-lang":   {oneLang{}, "want a text in English and in French"},
	"valid-idle": {noIdle{}, "may not play the idle order"},
}

// TestCatches checks that the suite fails each broken ruleset, with the
// failure that names its fault: a suite that cannot fail proves nothing.
func TestCatches(t *testing.T) {
	names := make([]string, 0, len(broken))
	for name := range broken {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run", "^TestBroken$")
			cmd.Env = append(os.Environ(), brokenEnv+"="+name)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the suite passed the %s ruleset:\n%s", name, out)
			}
			if !strings.Contains(string(out), broken[name].want) {
				t.Errorf("the suite failed the %s ruleset without saying %q:\n%s", name, broken[name].want, out)
			}
		})
	}
}

// TestBroken runs the suite on the broken ruleset named by $GAMETEST_BROKEN,
// for TestCatches; without it, it runs the suite on counters, which passes.
func TestBroken(t *testing.T) {
	name := os.Getenv(brokenEnv)
	rs, cfg := game.Ruleset(counters.Ruleset{}), gametest.Config{Seeds: []uint64{1}, Days: 12, Camps: []int{3}}
	if name != "" {
		rs = broken[name].rs
		cfg.Secret = secretPoints
	}
	gametest.Run(t, rs, cfg)
}

// secretPoints changes camp's points, which no view of counters shows.
func secretPoints(s game.State, camp int) game.State {
	st := *s.(*counters.State)
	st.Points = slices.Clone(st.Points)
	st.Points[camp] += 100
	return &st
}

// mutates adds a point to camp 0 of the state it resolves.
type mutates struct{ counters.Ruleset }

func (r mutates) Resolve(s game.State, o []game.Order) game.Outcome {
	s.(*counters.State).Points[0]++
	return r.Ruleset.Resolve(s, o)
}

// forgets decodes every state as day 0.
type forgets struct{ counters.Ruleset }

func (r forgets) Decode(b []byte) (game.State, error) {
	s, err := r.Ruleset.Decode(b)
	if err == nil {
		s.(*counters.State).D = 0
	}
	return s, err
}

// playsBad plays every order, valid or not, as a rest.
type playsBad struct{ counters.Ruleset }

func (r playsBad) Resolve(s game.State, orders []game.Order) game.Outcome {
	played := slices.Clone(orders)
	for c, o := range played {
		if r.Validate(s, c, o) != nil {
			played[c] = r.Idle()
		}
	}
	return r.Ruleset.Resolve(s, played)
}

// leaks shows every camp's points as its contacts' scores.
type leaks struct{ counters.Ruleset }

func (r leaks) View(s game.State, camp int, l lang.Lang) *pb.CampView {
	v := r.Ruleset.View(s, camp, l)
	for _, c := range v.GetContacts() {
		c.Score = int64(s.(*counters.State).Points[c.GetCamp()])
	}
	return v
}

// random gives a point to a camp chosen by a counter outside the state.
type random struct{ counters.Ruleset }

var draws int

func (r random) Resolve(s game.State, o []game.Order) game.Outcome {
	out := r.Ruleset.Resolve(s, o)
	draws++
	st := out.State.(*counters.State)
	st.Points[draws%len(st.Points)]++
	return out
}

// bareView shows no contact.
type bareView struct{ counters.Ruleset }

func (r bareView) View(s game.State, camp int, l lang.Lang) *pb.CampView {
	v := r.Ruleset.View(s, camp, l)
	v.Contacts = nil
	return v
}

// oneLang writes its scores in English alone.
type oneLang struct{ counters.Ruleset }

func (oneLang) Season(n int) game.Season { return englishScores{counters.Ruleset{}.Season(n)} }

type englishScores struct{ game.Season }

func (e englishScores) Score(s game.State) ([]game.Score, error) {
	out, err := e.Season.Score(s)
	for i := range out {
		out[i].Summary.FR = ""
	}
	return out, err
}

// noIdle refuses its own idle order.
type noIdle struct{ counters.Ruleset }

func (noIdle) Idle() game.Order { return game.Order{Action: "gain", Args: []int{9}} }
