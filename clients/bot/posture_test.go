package bot

import (
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// rivalZones gives camp 2 zones 8, 9 and 10 as seen, with garrison g each,
// and lists camps 0 and 2 as met and at war.
func rivalZones(g int32) func(v *pb.CampView) {
	return func(v *pb.CampView) {
		for _, id := range []int32{8, 9, 10} {
			gv(v).Zones[id-1] = &pb.Zone{Id: id, Visibility: visible, Terrain: plains, Owner: 2, Garrison: g, LastSeenDay: 10}
		}
		gv(v).Camps = []*pb.CampSummary{
			{Camp: 0, Name: "Grisonval", Met: true, Alive: true, Relation: "war"},
			{Camp: 2, Name: "Azur", Met: true, Alive: true, Relation: "war"},
		}
	}
}

// TestPosture covers AI-POSTURE-1 (a fixed posture is never rewritten) and
// AI-POSTURE-2 (the estimate of a rival from the fogged view).
func TestPosture(t *testing.T) {
	// The camp of baseView has power 21: garrisons 3 + 4, militia 2 x 2,
	// half of 20 inhabitants. A rival never seen is estimated like it.
	auto := baseView(pb.Posture_POSTURE_UNSPECIFIED)
	tests := []struct {
		name       string
		view       *pb.CampView
		want       pb.Posture
		wantReason string
	}{
		{"no rival known: growth", auto, pb.Posture_POSTURE_GROWTH, "posture croissance (puissance 21, aucun rival connu)"},
		{"a rival never seen is this camp's mirror: growth", edit(auto, func(v *pb.CampView) {
			gv(v).Camps = []*pb.CampSummary{{Camp: 2, Name: "Azur", Alive: true}}
		}), pb.Posture_POSTURE_GROWTH, "puissance 21 contre 21 estimée pour Azur, 0 zone(s) vue(s) ; rapport 1.00"},
		{"a heavy rival: prudent", edit(auto, rivalZones(10)),
			// 30 garrisoned + 6 militia + 15 (half of 20 x 3/2).
			pb.Posture_POSTURE_PRUDENT, "posture prudente (puissance 21 contre 51 estimée pour Azur, 3 zone(s) vue(s) ; rapport 0.41)"},
		{"an ally is no threat", edit(auto, all(rivalZones(10), func(v *pb.CampView) { gv(v).Camps[1].Relation = "alliance" })),
			pb.Posture_POSTURE_GROWTH, "Grisonval, 0 zone(s) vue(s)"},
		{"a dead rival is no threat", edit(auto, all(rivalZones(10), func(v *pb.CampView) { gv(v).Camps[1].Alive = false })),
			pb.Posture_POSTURE_GROWTH, "Grisonval"},
		{"a strong field army against a weak rival: aggressive", edit(auto, all(rivalZones(0), func(v *pb.CampView) { gv(v).FieldArmy = 20 })),
			// 41 against 0 + 6 + 15 for Azur and 7 + 4 + 10 for Grisonval,
			// unseen; the first in camp order is named on a tie.
			pb.Posture_POSTURE_AGGRESSIVE, "posture belliqueuse (puissance 41 contre 21 estimée pour Grisonval, 0 zone(s) vue(s) ; rapport 1.95)"},
		{"unseen zones hold the mean seen garrison", edit(auto, func(v *pb.CampView) {
			gv(v).Zones[8-1] = &pb.Zone{Id: 8, Visibility: remembered, Owner: 2, Garrison: 12}
			gv(v).Camps = []*pb.CampSummary{{Camp: 2, Name: "Azur", Met: true, Alive: true, Relation: "war"}}
		}), // 2 zones (as many as this camp) of 12, militia 4, half of 20.
			pb.Posture_POSTURE_PRUDENT, "contre 38 estimée pour Azur, 1 zone(s) vue(s)"},
		{"a posture fixed by the controller is never rewritten", edit(baseView(pb.Posture_POSTURE_GROWTH), rivalZones(10)),
			pb.Posture_POSTURE_GROWTH, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, note := newDecider(lang.FR, tt.view).posture()
			if got != tt.want {
				t.Fatalf("got posture %v (%q); want %v", got, note, tt.want)
			}
			if !strings.Contains(note, tt.wantReason) || tt.wantReason == "" && note != "" {
				t.Errorf("got note %q; want it to contain %q", note, tt.wantReason)
			}
			o, _ := Decide(tt.view, State{})
			if !strings.HasPrefix(o.GetReason(), note) {
				t.Errorf("got reason %q; want it to start with the posture note %q", o.GetReason(), note)
			}
		})
	}
}

// TestAggressiveness covers AI-AGGR.
func TestAggressiveness(t *testing.T) {
	tests := []struct {
		name    string
		posture pb.Posture
		before  int
		want    int
	}{
		{"rises in aggressive posture", pb.Posture_POSTURE_AGGRESSIVE, 20, 30},
		{"is capped at 100", pb.Posture_POSTURE_AGGRESSIVE, 95, 100},
		{"falls by 5 in prudent posture", pb.Posture_POSTURE_PRUDENT, 12, 7},
		{"never under 0", pb.Posture_POSTURE_PRUDENT, 3, 0},
		{"holds in growth", pb.Posture_POSTURE_GROWTH, 40, 40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := (State{Aggressiveness: tt.before}).next(tt.posture).Aggressiveness; got != tt.want {
				t.Errorf("got %d; want %d", got, tt.want)
			}
		})
	}

	// Decide returns the state of the posture it played: prudent here.
	_, s := Decide(edit(baseView(pb.Posture_POSTURE_UNSPECIFIED), rivalZones(10)), State{Aggressiveness: 12})
	if s.Aggressiveness != 7 {
		t.Errorf("got aggressiveness %d after a prudent day from 12; want 7", s.Aggressiveness)
	}

	// An aggressive camp attacks only once its aggressiveness reaches 30.
	v := edit(baseView(pb.Posture_POSTURE_AGGRESSIVE), all(rich, without("expand_to"), func(v *pb.CampView) {
		gv(v).Zones[9-1] = &pb.Zone{Id: 9, Visibility: remembered, Terrain: forest, Owner: 0, Garrison: 1, LastSeenDay: 4}
	}, withSend(17)))
	for _, tt := range []struct {
		before int
		want   string
	}{{10, "explore"}, {20, "send_army"}} {
		if o, _ := Decide(v, State{Aggressiveness: tt.before}); o.GetAction() != tt.want {
			t.Errorf("aggressiveness %d: got %s (%q); want %s", tt.before, o.GetAction(), o.GetReason(), tt.want)
		}
	}
}

// TestIdleWar covers AI-IDLE: idleDays aggressive days with neither an
// attack nor a siege of its own bring a recomputed posture calmDays of
// calm; an attack, a siege or another posture resets the count; a posture
// fixed by the controller is never calmed.
func TestIdleWar(t *testing.T) {
	const day = 40
	for _, tt := range []struct {
		name     string
		s        State
		busy     bool
		auto     bool
		wantIdle int
		wantCalm int32
		posture  pb.Posture
	}{
		{"an idle aggressive day counts", State{Idle: 3}, false, true, 4, 0, pb.Posture_POSTURE_AGGRESSIVE},
		{"the last idle day brings the calm", State{Idle: idleDays - 1}, false, true, 0, day + 1 + calmDays, pb.Posture_POSTURE_AGGRESSIVE},
		{"an attack resets the count", State{Idle: 9}, true, true, 0, 0, pb.Posture_POSTURE_AGGRESSIVE},
		{"growth resets the count", State{Idle: 9}, false, true, 0, 0, pb.Posture_POSTURE_GROWTH},
		{"a fixed posture is never calmed", State{Idle: idleDays - 1}, false, false, idleDays, 0, pb.Posture_POSTURE_AGGRESSIVE},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.s
			s.Posture = tt.posture
			got := s.idle(tt.busy, tt.auto, day)
			if got.Idle != tt.wantIdle || got.CalmUntil != tt.wantCalm {
				t.Errorf("idle %d, calm until %d; want %d and %d", got.Idle, got.CalmUntil, tt.wantIdle, tt.wantCalm)
			}
		})
	}
	// A camp whose power says aggressive plays growth in the calm, and
	// aggressive again after it.
	v := edit(baseView(pb.Posture_POSTURE_UNSPECIFIED), all(rivalZones(0), func(v *pb.CampView) { gv(v).FieldArmy = 20 }))
	if _, s := Decide(v, State{CalmUntil: v.GetDay() + 1}); s.Posture != pb.Posture_POSTURE_GROWTH {
		t.Errorf("posture %v on the calm's last day; want growth", s.Posture)
	}
	if _, s := Decide(v, State{CalmUntil: v.GetDay()}); s.Posture != pb.Posture_POSTURE_AGGRESSIVE {
		t.Errorf("posture %v after the calm; want aggressive", s.Posture)
	}
}
