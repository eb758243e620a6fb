package grisonval_test

import (
	"github.com/grisonval/server/lang"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/grisonval/server/clients/bot"
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestWireViewFog checks the fog through the wire view (FOG-1, FOG-4,
// FOG-3, DIP-5), every day of a bot-played season: an unknown zone carries
// only its geometry; a camp not met carries only its number; a siege shows
// an unmet besieger as -1; a proposal shows only in the two camps' views.
func TestWireViewFog(t *testing.T) {
	w := engine.NewWorld(11)
	rs := grisonval.Ruleset{}
	var states [engine.NumCamps]bot.State
	var unknown, met, sieges int
	for day := 1; day <= 120; day++ {
		var o [engine.NumCamps]engine.Order
		for c := range engine.CampID(engine.NumCamps) {
			v := rs.View(grisonval.StateOf(w), int(c), lang.EN)
			v.Controller = &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI}
			checkWireFog(t, w, c, v)
			for _, z := range v.GetGrisonval().GetZones() {
				if z.GetVisibility() == pb.Visibility_VISIBILITY_UNKNOWN {
					unknown++
				}
			}
			for _, s := range v.GetGrisonval().GetCamps() {
				if s.GetMet() {
					met++
				}
			}
			sieges += len(v.GetGrisonval().GetSieges())
			po, s := bot.Decide(v, states[c])
			states[c], o[c] = s, grisonval.EngineOrder(game.Order{Action: po.GetAction(), Args: ints(po.GetArgs()), Reason: po.GetReason()})
		}
		w = engine.Resolve(w, o).World
	}
	// The season must have put the checks to work.
	if unknown == 0 || met == 0 || sieges == 0 {
		t.Errorf("the season saw %d unknown zones, %d met camps, %d sieges in views; want some of each", unknown, met, sieges)
	}
}

func checkWireFog(t *testing.T, w *engine.World, c engine.CampID, v *pb.CampView) {
	t.Helper()
	for _, z := range v.GetGrisonval().GetZones() {
		if z.GetVisibility() != pb.Visibility_VISIBILITY_UNKNOWN {
			continue
		}
		bare := &pb.Zone{Id: z.GetId(), Q: z.GetQ(), R: z.GetR(), Visibility: z.GetVisibility(), Owner: -1, Neighbors: z.GetNeighbors()}
		if !proto.Equal(z, bare) {
			t.Fatalf("day %d camp %d: unknown zone %d carries %v", w.Day, c, z.GetId(), z)
		}
	}
	for _, s := range v.GetGrisonval().GetCamps() {
		if s.GetMet() {
			continue
		}
		if !proto.Equal(s, &pb.CampSummary{Camp: s.GetCamp()}) {
			t.Fatalf("day %d camp %d: camp %d not met but its summary says %v", w.Day, c, s.GetCamp(), s)
		}
	}
	for _, k := range v.GetContacts() {
		if !k.GetMet() && !proto.Equal(k, &pb.Contact{Camp: k.GetCamp()}) {
			t.Fatalf("day %d camp %d: camp %d not met but its contact says %v", w.Day, c, k.GetCamp(), k)
		}
	}
	for _, s := range v.GetGrisonval().GetSieges() {
		if b := engine.CampID(s.GetBesieger()); b >= 0 && b != c && !w.Camps[c].Met[b] {
			t.Fatalf("day %d camp %d: the siege of zone %d names camp %d it never met", w.Day, c, s.GetZone(), b)
		}
	}
	for _, s := range v.GetGrisonval().GetCamps() {
		if p := s.GetProposal(); p != nil && p.GetFromCamp() != int32(c) && p.GetFromCamp() != s.GetCamp() {
			t.Fatalf("day %d camp %d: a proposal of camp %d shows in its summary of camp %d", w.Day, c, p.GetFromCamp(), s.GetCamp())
		}
	}
}

func ints(vs []int32) []int {
	out := make([]int, len(vs))
	for i, v := range vs {
		out[i] = int(v)
	}
	return out
}
