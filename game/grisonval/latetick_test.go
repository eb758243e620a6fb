package grisonval_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/grisonval/server/clients/bot"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/grisonval"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// update rewrites the bot-played world that engine/grisonval's realistic
// late tick benchmark resolves.
var update = flag.Bool("update", false, "play the bots' season of engine/grisonval's BenchmarkTickDay180 and rewrite its testdata")

// day180Data are the files of engine/grisonval's BenchmarkTickDay180: the
// world at day 180 in its binary form, and the bots' orders of the days
// after it.
var day180Data = [2]string{
	filepath.Join("..", "..", "engine", "grisonval", "testdata", "bots-day180.gvw"),
	filepath.Join("..", "..", "engine", "grisonval", "testdata", "bots-day180-orders.json"),
}

// TestDay180Data checks that engine/grisonval's BenchmarkTickDay180
// measures a world the bots reach under the current rules: seed 6 played
// by three AI bots whose posture is left to them, as the server's AI camps
// are, each deciding from its camp's view, to day 180; then the orders they
// give on days 181 to 190 (seed 6 has sieges and columns among them).
// When the rules or the bots change, -update plays the season again and
// rewrites the files.
func TestDay180Data(t *testing.T) {
	const seed, day, after = 6, 180, 10
	rs := grisonval.Ruleset{}
	w := engine.NewWorld(seed)
	var states [engine.NumCamps]bot.State
	var state []byte
	var orders [][engine.NumCamps]engine.Order
	for w.Day < day+after {
		var o [engine.NumCamps]engine.Order
		for c := range engine.CampID(engine.NumCamps) {
			o[c] = engine.Order{Action: engine.Rest}
			if !w.Camps[c].Alive {
				continue
			}
			v := rs.View(grisonval.StateOf(w), int(c), lang.EN)
			v.Controller = &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI}
			po, s := bot.Decide(v, states[c])
			states[c], o[c] = s, grisonval.EngineOrder(game.Order{Action: po.GetAction(), Args: ints(po.GetArgs()), Reason: po.GetReason()})
		}
		if w.Day == day {
			state, _ = engine.Marshal(w)
		}
		if w.Day >= day {
			orders = append(orders, o)
		}
		w = engine.Resolve(w, o).World
	}
	js, err := json.MarshalIndent(orders, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range [2][]byte{state, append(js, '\n')} {
		if *update {
			if err := os.WriteFile(day180Data[i], want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(day180Data[i])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what the bots play under the current rules: go test -run TestDay180Data -update ./game/grisonval/", day180Data[i])
		}
	}
}
