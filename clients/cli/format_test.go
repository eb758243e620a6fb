package main

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

var now = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// sampleView is camp 1 on day 12: it holds zones 1 (capital) and 2, sees 3,
// remembers 4 (camp 2's, seen day 7) and 5 (free, seen day 3), and knows
// nothing of 6 to 10.
func sampleView() *pb.CampView {
	v := &pb.CampView{
		WorldId: 7, Camp: 1, CampName: "Les Rivaux", Day: 12, YearSeason: "spring", Alive: true,
		Resources: &pb.Resources{Food: 1540, Wood: 58, Stone: 31, Tools: 10, Gold: 40},
		Morale:    64, Population: 21, FieldArmy: 4, MenUnderArms: 7, MaxUnderArms: 12, Housing: 24,
		Controller:   &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN},
		SeasonLength: 24,
		Zones: []*pb.Zone{
			{Id: 1, Visibility: pb.Visibility_VISIBILITY_VISIBLE, LastSeenDay: 12, Terrain: pb.Terrain_TERRAIN_PLAINS, Owner: 1, Capital: true, Garrison: 3, Development: 1, Slots: 2, Buildings: []string{"farm"}},
			{Id: 2, Visibility: pb.Visibility_VISIBILITY_VISIBLE, LastSeenDay: 12, Terrain: pb.Terrain_TERRAIN_FOREST, Owner: 1, Garrison: 1},
			{Id: 3, Visibility: pb.Visibility_VISIBILITY_VISIBLE, LastSeenDay: 12, Terrain: pb.Terrain_TERRAIN_COAST, Owner: -1},
			{Id: 4, Visibility: pb.Visibility_VISIBILITY_REMEMBERED, LastSeenDay: 7, Terrain: pb.Terrain_TERRAIN_MOUNTAIN, Owner: 2, Garrison: 5},
			{Id: 5, Visibility: pb.Visibility_VISIBILITY_REMEMBERED, LastSeenDay: 3, Terrain: pb.Terrain_TERRAIN_PLAINS, Owner: -1},
		},
		Columns: []*pb.Column{{Id: 3, Kind: pb.ColumnKind_COLUMN_KIND_SETTLERS, Men: 6, FromZone: 1, ToZone: 3, DepartedDay: 11, ArrivalDay: 14}},
		Camps: []*pb.CampSummary{
			{Camp: 0, Name: "La Colonie", Met: false},
			{Camp: 2, Name: "Le Clan", Met: true, Alive: true},
		},
		LegalActions: []*pb.LegalAction{
			{Action: "rest", Summary: "rest: +4 morale (cap 100)"},
			{Action: "explore", Args: []*pb.ArgSpec{{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: []int32{6, 9}}}},
			{Action: "send_army", Args: []*pb.ArgSpec{
				{Name: "men", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 4},
				{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: []int32{1, 2, 3, 4, 5}},
			}},
		},
		PendingOrder: &pb.Order{Action: "send_army", Args: []int32{4, 4}, Reason: "take the mine"},
		Deadline:     timestamppb.New(now.Add(2 * time.Minute)),
	}
	for id := int32(6); id <= 10; id++ {
		v.Zones = append(v.Zones, &pb.Zone{Id: id, Visibility: pb.Visibility_VISIBILITY_UNKNOWN})
	}
	for d := int32(1); d <= 10; d++ {
		v.Journal = append(v.Journal, &pb.JournalEntry{Day: d, Kind: "rest", Narration: fmt.Sprintf("Le camp se repose (jour %d).", d), Why: "moral 50 < 60"})
	}
	return v
}

// lineWith returns the first line of s that contains every one of parts.
func lineWith(s string, parts ...string) (string, bool) {
	for l := range strings.SplitSeq(s, "\n") {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(l, p)
		}
		if ok {
			return l, true
		}
	}
	return "", false
}

func TestFormatView(t *testing.T) {
	out := formatView(sampleView(), now)
	tests := []struct {
		name  string
		parts []string // on one line
	}{
		{"header", []string{"World 7, camp 1", `"Les Rivaux"`, "(human)", "day 12 (spring)", "season of 24 days"}},
		{"resources", []string{"food 1540", "wood 58", "stone 31", "gold 40"}},
		{"morale", []string{"Morale 64", "population 21", "housing 24"}},
		{"army", []string{"4 in the field", "7 under arms of 12"}},
		{"zone counts", []string{"3 visible", "2 remembered", "5 unknown"}},
		{"own capital", []string{"  1 ", "plains", "you", "now", "capital, farm"}},
		{"free coast", []string{"  3 ", "coast", "free", "now"}},
		{"remembered enemy zone dated", []string{"  4 ", "mountain", "camp 2 (Le Clan)", "5", "day 7"}},
		{"remembered free zone dated", []string{"  5 ", "plains", "free", "day 3"}},
		{"column", []string{"#3 settlers, 6 men, zone 1 -> zone 3", "left day 11", "arrives day 14"}},
		{"camp not met", []string{"camp 0: not met yet"}},
		{"camp met", []string{`camp 2 "Le Clan": met, alive`}},
		{"journal latest", []string{"latest 8 of 10"}},
		{"journal entry", []string{"day 10 [rest] Le camp se repose (jour 10)."}},
		{"journal why", []string{"why: moral 50 < 60"}},
		{"menu title", []string{"Actions for day 13:"}},
		{"menu 1", []string{"  1. rest", "(rest: +4 morale (cap 100))"}},
		{"menu 2", []string{"  2. explore ZONE"}},
		{"menu 2 values", []string{"ZONE: 6, 9"}},
		{"menu 3", []string{"  3. send_army MEN ZONE"}},
		{"menu 3 count", []string{"MEN: 1 to 4"}},
		{"pending", []string{"Pending order for day 13: send_army 4 4 (reason: take the mine)"}},
		{"deadline", []string{"Deadline: 2026-03-01T12:02:00Z (in 2m0s)."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, ok := lineWith(out, tt.parts...); !ok {
				t.Errorf("got no line with %q in:\n%s", tt.parts, out)
			}
		})
	}
	t.Run("unknown zones are not listed", func(t *testing.T) {
		for id := 6; id <= 10; id++ {
			if l, ok := lineWith(out, fmt.Sprintf("  %d ", id), "?"); ok {
				t.Errorf("got line %q for unknown zone %d; want none", l, id)
			}
		}
	})
	t.Run("old journal entries are left to the journal command", func(t *testing.T) {
		if l, ok := lineWith(out, "(jour 2)"); ok {
			t.Errorf("got line %q; want only the latest 8 entries", l)
		}
	})
}

func TestFormatViewStates(t *testing.T) {
	tests := []struct {
		name string
		edit func(v *pb.CampView)
		want string
	}{
		{"no pending order", func(v *pb.CampView) { v.PendingOrder = nil }, "No order posted for day 13 yet"},
		{"no deadline", func(v *pb.CampView) { v.Deadline = nil }, "No deadline"},
		{"deadline passed", func(v *pb.CampView) { v.Deadline = timestamppb.New(now.Add(-time.Second)) }, "(passed;"},
		{"paused", func(v *pb.CampView) { v.Paused = true }, "The world is paused."},
		{"extinct", func(v *pb.CampView) { v.Alive, v.LegalActions = false, nil }, "none: your camp cannot act."},
		{"AI posture", func(v *pb.CampView) {
			v.Controller = &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: pb.Posture_POSTURE_PRUDENT}
		}, "(AI, prudent)"},
		{"no columns", func(v *pb.CampView) { v.Columns = nil }, "Columns: none on the march."},
		{"zone choices empty", func(v *pb.CampView) { v.LegalActions[1].Args[0].Choices = nil }, "ZONE: none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := sampleView()
			tt.edit(v)
			if out := formatView(v, now); !strings.Contains(out, tt.want) {
				t.Errorf("got:\n%s\nwant it to contain %q", out, tt.want)
			}
		})
	}
}

func TestFormatJSONRoundTrip(t *testing.T) {
	msgs := []proto.Message{
		sampleView(),
		&pb.SubmitOrderResponse{Day: 13, Order: &pb.Order{Action: "expand_to", Args: []int32{12}}, Replaced: true},
		&pb.GetJournalResponse{Entries: sampleView().GetJournal()},
		&pb.TickNotice{WorldId: 7, Day: 13, NextDeadline: timestamppb.New(now)},
	}
	for _, m := range msgs {
		name := string(m.ProtoReflect().Descriptor().Name())
		t.Run(name, func(t *testing.T) {
			out, err := formatJSON(m)
			if err != nil {
				t.Fatalf("formatJSON: %v", err)
			}
			back := m.ProtoReflect().New().Interface()
			if err := protojson.Unmarshal([]byte(out), back); err != nil {
				t.Fatalf("got %v parsing:\n%s", err, out)
			}
			if !proto.Equal(back, m) {
				t.Errorf("got %v back; want %v", back, m)
			}
		})
	}
}

func TestFormatJournal(t *testing.T) {
	out := formatJournal([]*pb.JournalEntry{
		{Day: 4, Kind: "expand", Narration: "Des colons partent vers l'est.", Why: "croissance : 1540 nourriture ≥ 600", Zones: []int32{12, 13}},
		{Day: 5, Kind: "event", Narration: "Une belle récolte."},
	})
	want := "day 4 [expand] Des colons partent vers l'est.\n" +
		"  why: croissance : 1540 nourriture ≥ 600\n" +
		"  zones: 12, 13\n" +
		"day 5 [event] Une belle récolte.\n"
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestFormatSubmitted(t *testing.T) {
	tests := []struct {
		name string
		resp *pb.SubmitOrderResponse
		want string
	}{
		{"new", &pb.SubmitOrderResponse{Day: 13, Order: &pb.Order{Action: "rest"}},
			"Order accepted for day 13: rest\n"},
		{"replaced", &pb.SubmitOrderResponse{Day: 13, Order: &pb.Order{Action: "send_army", Args: []int32{4, 15}, Reason: "siege"}, Replaced: true},
			"Order accepted for day 13: send_army 4 15 (reason: siege)\nIt replaces the order you had posted for that day.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := formatSubmitted(tt.resp); got != tt.want {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
}

func TestFormatNotice(t *testing.T) {
	n := &pb.TickNotice{Day: 13, NextDeadline: timestamppb.New(now.Add(5 * time.Minute)),
		Journal: []*pb.JournalEntry{{Day: 13, Kind: "explore", Narration: "Les éclaireurs reviennent.", Why: "zone 9 explorée"}}}
	want := "Day 13 resolved; orders are now for day 14.\n" +
		"Deadline: 2026-03-01T12:05:00Z (in 5m0s).\n" +
		"Your journal that day:\n" +
		"  day 13 [explore] Les éclaireurs reviennent.\n" +
		"    why: zone 9 explorée\n"
	if got := formatNotice(n, now); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	n.Journal = nil
	if got := formatNotice(n, now); !strings.HasSuffix(got, "Nothing new in your journal that day.\n") {
		t.Errorf("got:\n%s\nwant it to say nothing is new", got)
	}
}

func TestFormatError(t *testing.T) {
	st, err := status.New(codes.InvalidArgument, "zone 40 is not a valid send_army target for you; valid zones: [1 2 3]").WithDetails(
		&errdetails.ErrorInfo{Reason: "unknown_zone", Domain: "grisonval"},
		&errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: "args[1]", Description: "zone 40 is not a valid send_army target"}}},
	)
	if err != nil {
		t.Fatalf("status details: %v", err)
	}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"refused order", st.Err(), "error (InvalidArgument): zone 40 is not a valid send_army target for you; valid zones: [1 2 3]\n" +
			"  reason: unknown_zone\n" +
			"  args[1]: zone 40 is not a valid send_army target\n"},
		{"plain status", status.Error(codes.Unauthenticated, "bad token"), "error (Unauthenticated): bad token\n"},
		{"not a status", errors.New("disk full"), "error: disk full\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := formatError(tt.err); got != tt.want {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
}
