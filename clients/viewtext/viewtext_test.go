package viewtext

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/types/known/timestamppb"
)

var now = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// sampleView is camp 1 on day 12: it holds zones 1 (capital) and 2, sees 3,
// remembers 4 (camp 2's, seen day 7) and 5 (free, seen day 3), and knows
// nothing of 6 to 10.
func sampleView() *pb.CampView {
	g := &pb.GrisonvalView{
		YearSeason: "spring",
		Resources:  &pb.Resources{Food: 1540, Wood: 58, Stone: 31, Tools: 10, Gold: 40},
		Morale:     64, Population: 21, FieldArmy: 4, MenUnderArms: 7, MaxUnderArms: 12, Housing: 24,
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
			{Camp: 2, Name: "Le Clan", Met: true, Alive: true, Relation: "peace", TradeRoute: true, Archetype: "warrior_clan",
				Government: "overlord", Infamy: 1, Fame: 2, RelationSince: 5, BreakableFrom: 17,
				Proposal: &pb.Proposal{Pact: "alliance", FromCamp: 2, Day: 11, ExpiresDay: 17, Willingness: 35}},
		},
		Sieges:         []*pb.Siege{{Zone: 4, Besieger: 1, Men: 6, StartDay: 10, AssaultDay: 14}, {Zone: 1, Besieger: -1, Men: 3, StartDay: 11, AssaultDay: 13}},
		Politics:       &pb.Politics{Government: "republic", GovernmentDay: 8, NextChangeDay: 38, Legitimacy: 44, LowLegitimacyDays: 0, Infamy: 0, Fame: 1},
		Archetype:      "builders",
		OtherRelations: []*pb.PairRelation{{A: 0, B: 2, Relation: "war"}},
		People: &pb.People{Children: 4, Adults: 15, Elders: 2, MeanMood: 58,
			Jobs: []*pb.JobSummary{{Job: "farmer", Count: 6, MeanLevel: 1.5}, {Job: "soldier", Count: 7, MeanLevel: 1}}},
		Upkeep:       &pb.Upkeep{Buildings: &pb.Resources{Wood: 1}, Territory: &pb.Resources{Food: 2, Gold: 1}, Degraded: true},
		Tier:         1,
		NextTier:     &pb.Tech{Tier: 2, Name: "Forge", Research: 120, Effect: "+1 tools a day"},
		Title:        "Bourg",
		Achievements: []*pb.Achievement{{Code: "first_zone", Name: "Premier pas"}},
		Rules: &pb.GrisonvalRules{
			Terrains: []*pb.TerrainRule{
				{Terrain: pb.Terrain_TERRAIN_PLAINS, Income: &pb.Resources{Food: 60}},
				{Terrain: pb.Terrain_TERRAIN_FOREST, Income: &pb.Resources{Food: 5, Wood: 4}, Defence: 1},
			},
			Buildings: []*pb.BuildingRule{
				{Building: "farm", Cost: &pb.Resources{Wood: 10, Stone: 2}, Output: &pb.Resources{Food: 20}},
				{Building: "walls", Cost: &pb.Resources{Wood: 5, Stone: 15}, Output: &pb.Resources{}, Defence: 4},
			},
			MilitiaDefence: 2, CapitalDefence: 2, MonumentDefence: 3, FieldArmyDivisor: 4,
			DevelopCost: &pb.Resources{Wood: 18, Stone: 10, Tools: 2, Gold: 4}, DevelopResearch: 25,
			BarracksCountInFull: true, ArmyInfluenceTenths: 47,
		},
	}
	v := &pb.CampView{
		WorldId: 7, Camp: 1, CampName: "Les Rivaux", Day: 12, Alive: true, Ruleset: "grisonval",
		Controller:   &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN},
		SeasonLength: 24,
		Contacts: []*pb.Contact{
			{Camp: 0, Name: "La Colonie"},
			{Camp: 2, Name: "Le Clan", Met: true, Alive: true},
		},
		LegalActions: []*pb.LegalAction{
			{Action: "rest", Summary: "rest: +4 morale (cap 100)"},
			{Action: "explore", Args: []*pb.ArgSpec{{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: []int32{6, 9}}}},
			{Action: "send_army", Args: []*pb.ArgSpec{
				{Name: "men", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 4},
				{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: []int32{1, 2, 3, 4, 5}},
			}},
			{Action: "expand_to", Args: []*pb.ArgSpec{{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: []int32{3}}},
				Cost: []*pb.Amount{{Resource: "food", Amount: 600}, {Resource: "wood", Amount: 4}}},
			{Action: "raise_army", Args: []*pb.ArgSpec{{Name: "men", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 5}},
				Cost: []*pb.Amount{{Resource: "food", Amount: 2}, {Resource: "wood", Amount: 2}}, CostPer: "men"},
			{Action: "develop", Args: []*pb.ArgSpec{{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: []int32{1}}},
				Cost: []*pb.Amount{{Resource: "wood", Amount: 18}, {Resource: "gold", Amount: 4}}, CostPer: "level"},
		},
		PendingOrder:  &pb.Order{Action: "send_army", Args: []int32{4, 4}, Reason: "take the mine"},
		Deadline:      timestamppb.New(now.Add(2 * time.Minute)),
		StandingOrder: &pb.Order{Action: "chop_wood", Reason: "wood for winter"},
		PostingStatus: pb.PostingStatus_POSTING_STATUS_POSTED,
		PostedAt:      timestamppb.New(now.Add(-time.Minute)),
		LastResult: &pb.OrderResult{Day: 12, Order: &pb.Order{Action: "explore", Args: []int32{9}},
			Status: pb.OrderStatus_ORDER_STATUS_STALE, Code: "unknown_zone", Field: "args[0]", Message: "zone 9 is out of sight",
			Reason: pb.ErrorReason_ERROR_REASON_UNKNOWN_ZONE},
		MessageRecipients: []int32{2},
		MaxMessageLen:     500,
		Proposals: []*pb.OrderProposal{{Day: 13, Seat: "general", Player: "gaia", Status: "open",
			Order: &pb.Order{Action: "raise_army", Args: []int32{3}, Reason: "three guards"}}},
		Messages: []*pb.CampMessage{
			{Id: 4, Day: 12, FromCamp: 2, ToCamp: 1, Text: "Paix ?"},
			{Id: 5, Day: 13, FromCamp: 1, ToCamp: 2, Text: "Oui.\nSigné."},
		},
		Detail: &pb.CampView_Grisonval{Grisonval: g},
	}
	for id := int32(6); id <= 10; id++ {
		g.Zones = append(g.Zones, &pb.Zone{Id: id, Visibility: pb.Visibility_VISIBILITY_UNKNOWN})
	}
	for d := int32(1); d <= 10; d++ {
		v.Journal = append(v.Journal, &pb.JournalEntry{Day: d, Kind: "rest", Narration: fmt.Sprintf("Le camp se repose (jour %d).", d), Why: "moral 50 < 60"})
	}
	return v
}

// otherView is a view of a ruleset without a detail: the shared part
// alone, with public scores.
func otherView() *pb.CampView {
	return &pb.CampView{
		WorldId: 9, Camp: 0, CampName: "Tour", Day: 3, Alive: true, Ruleset: "dice", SeasonLength: 12,
		Controller: &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT},
		Score:      7, ScoreSummary: "7 pips",
		Contacts: []*pb.Contact{
			{Camp: 1, Name: "Donjon", Met: true, Alive: true, Scored: true, Score: 4, ScoreSummary: "4 pips"},
			{Camp: 2, Name: "Remparts", Met: true, Scored: true, Score: 10, ScoreSummary: "10 pips"},
			{Camp: 3},
		},
		LegalActions: []*pb.LegalAction{
			{Action: "draw", Summary: "draw a card"},
			{Action: "raise", Args: []*pb.ArgSpec{{Name: "gauge", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 5}},
				Cost: []*pb.Amount{{Resource: "gold", Amount: 1}}, CostPer: "gauge"},
		},
		Journal:           []*pb.JournalEntry{{Day: 3, Kind: "draw", Narration: "Une carte."}},
		MessageRecipients: []int32{1},
		MaxMessageLen:     280,
	}
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

func TestView(t *testing.T) {
	out := View(lang.EN, sampleView(), now)
	tests := []struct {
		name  string
		parts []string // on one line
	}{
		{"header", []string{"World 7 (grisonval), camp 1", `"Les Rivaux"`, "(human)", "Day 12 of 24 (spring); orders are for day 13."}},
		{"deadline", []string{"Deadline: 2026-03-01T12:02:00Z (in 2m0s)."}},
		{"resources", []string{"food 1540", "wood 58", "stone 31", "gold 40"}},
		{"people and army", []string{"morale 64", "population 21", "housing 24", "4 in the field", "7 under arms of 12"}},
		{"zone counts", []string{"3 visible", "2 remembered", "5 unknown"}},
		{"own capital", []string{"  1 ", "plains", "you capital", "now", "farm"}},
		{"free coast", []string{"  3 ", "coast", "free", "now"}},
		{"remembered enemy zone dated", []string{"  4 ", "mountain", "2:Le Clan", "5", "day 7"}},
		{"remembered free zone dated", []string{"  5 ", "plains", "free", "day 3"}},
		{"unknown zones as ranges", []string{"Unknown zones (5;", "6-10."}},
		{"column", []string{"#3 settlers, 6 men, zone 1 -> 3", "left day 11", "arrives day 14"}},
		{"camp not met", []string{"  0 La Colonie: not met yet (nothing known)."}},
		{"camp met", []string{"  2 Le Clan: warrior clan, overlordship, infamy 1, fame 2; peace since day 5, breakable from day 17, trade route"}},
		{"proposal received", []string{"it proposes alliance (day 11), to answer by day 17 (accept_pact/refuse_pact 2), your people's willingness 35 %."}},
		{"other pair", []string{"Between camps 0 and 2 (public): war."}},
		{"politics", []string{"Politics: builders (republic) since day 8, legitimacy 44, infamy 0, fame 1; no new government before day 38."}},
		{"own siege", []string{"Siege of zone 4 by you: 6 men in line since day 10, decisive assault on day 14."}},
		{"siege by an unknown camp", []string{"Siege of zone 1 by an unknown camp: 3 men in line since day 11, decisive assault on day 13."}},
		{"citizens", []string{"Citizens: 4 children, 15 adults, 2 elders, mood 58; jobs: farmer 6 (level 1.5), soldier 7 (level 1.0)."}},
		{"upkeep", []string{"Upkeep a day: buildings wood 1; territory food 2, gold 1 (unpaid: buildings degraded)."}},
		{"research and feats", []string{"Research tier 1; next: Forge at 120 research (+1 tools a day). Title: Bourg. Achievements: Premier pas."}},
		{"journal latest", []string{"latest 6 of 10"}},
		{"journal entry", []string{"day 10 [rest] Le camp se repose (jour 10)."}},
		{"journal why", []string{"why: moral 50 < 60"}},
		{"menu title", []string{"Legal actions for day 13"}},
		{"menu 1", []string{"  1. rest - rest: +4 morale (cap 100)"}},
		{"menu 2", []string{"  2. explore ZONE"}},
		{"menu 2 values", []string{"ZONE: one of 6, 9"}},
		{"menu 3", []string{"  3. send_army MEN ZONE"}},
		{"menu 3 count", []string{"MEN: 1 to 4"}},
		{"menu 3 zones", []string{"ZONE: one of 1-5"}},
		{"pending", []string{"Pending order for day 13: send_army 4 4 (reason: take the mine), posted at 11:59:00 UTC."}},
		{"standing order", []string{"Standing order (played on a day you post nothing): chop_wood (reason: wood for winter)."}},
		{"last result", []string{"Your order for day 12: explore 9 - stale: no longer legal when the day resolved; your camp did nothing."}},
		{"last result why", []string{"reason: unknown_zone (args[0]): zone 9 is out of sight"}},
		{"messages", []string{"Messages (2):"}},
		{"message received", []string{"day 12, from camp 2: Paix ?"}},
		{"message sent", []string{"day 13, to camp 2: Oui."}},
		{"message second line", []string{"    Signé."}},
		{"recipients", []string{"You may write to camps 2 (at most 500 bytes a message)."}},
		{"fixed cost", []string{"     cost: food 600, wood 4"}},
		{"cost per man", []string{"     cost: food 2, wood 2 per MEN"}},
		{"cost per level", []string{"     cost: wood 18, gold 4 per level of the zone before it develops"}},
		{"open proposals", []string{"The council's open proposals for day 13 (the ruler adopts one by its seat):"}},
		{"open proposal", []string{"  day 13, general (gaia): raise_army 3"}},
		{"terrain rules", []string{"Rules: a held zone yields plains food 60 a day, defence +0; forest food 5, wood 4 a day, defence +1."}},
		{"building rules", []string{"farm (cost wood 10, stone 2; food 20 a day), walls (cost wood 5, stone 15; defence +4)."}},
		{"defence rules", []string{"militia 2 + development level + buildings, +2 on a capital, +3 with the monument, + 1 man in 4 of the holder's field army."}},
		{"develop rules", []string{"Develop costs wood 18, stone 10, tools 2, gold 4 and needs 25 research (not spent)"}},
		{"score rules (CAR-VETERANS)", []string{"Score at the close: a barracks counts in full in its zone's influence, and each man of the camp's men under arms averaged over the season's days adds 4.7 to the capital's."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, ok := lineWith(out, tt.parts...); !ok {
				t.Errorf("got no line with %q in:\n%s", tt.parts, out)
			}
		})
	}
	t.Run("old journal entries are left to the journal", func(t *testing.T) {
		if l, ok := lineWith(out, "(jour 4)"); ok {
			t.Errorf("got line %q; want only the latest %d entries", l, JournalLines)
		}
	})
}

func TestViewStates(t *testing.T) {
	tests := []struct {
		name string
		edit func(v *pb.CampView)
		want string
	}{
		{"no pending order", func(v *pb.CampView) { v.PendingOrder = nil }, "No order posted for day 13 yet: without one, the standing order plays."},
		{"late", func(v *pb.CampView) { v.PendingOrder, v.PostingStatus = nil, pb.PostingStatus_POSTING_STATUS_LATE }, "Late: the deadline has passed and day 13 is not resolved yet"},
		{"standing stale", func(v *pb.CampView) { v.LastResult.Status = pb.OrderStatus_ORDER_STATUS_STANDING_STALE }, "your standing order was no longer legal; your camp rested"},
		{"no recipient", func(v *pb.CampView) { v.MessageRecipients, v.Messages = nil, nil }, "Messages: none.\nYou may write to no camp yet: meet one first."},
		{"no deadline", func(v *pb.CampView) { v.Deadline = nil }, "No deadline"},
		{"deadline passed", func(v *pb.CampView) { v.Deadline = timestamppb.New(now.Add(-time.Second)) }, "(passed;"},
		{"paused", func(v *pb.CampView) { v.Paused = true }, "The world is paused."},
		{"extinct", func(v *pb.CampView) { v.Alive, v.LegalActions = false, nil }, "none: your camp cannot act."},
		{"AI posture", func(v *pb.CampView) {
			v.Controller = &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: pb.Posture_POSTURE_PRUDENT}
		}, "(AI, prudent)"},
		{"no columns", func(v *pb.CampView) { v.GetGrisonval().Columns = nil }, "Columns: none on the march."},
		{"zone choices empty", func(v *pb.CampView) { v.LegalActions[1].Args[0].Choices = nil }, "ZONE: none"},
		{"nothing known", func(v *pb.CampView) {
			for _, z := range v.GetGrisonval().Zones {
				z.Visibility = pb.Visibility_VISIBILITY_UNKNOWN
			}
		}, "Unknown zones (10; nothing known but their place on the map): 1-10."},
		{"endless season", func(v *pb.CampView) { v.SeasonLength = 0 }, "Day 12 (spring)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := sampleView()
			tt.edit(v)
			if out := View(lang.EN, v, now); !strings.Contains(out, tt.want) {
				t.Errorf("got:\n%s\nwant it to contain %q", out, tt.want)
			}
		})
	}
}

func TestRanges(t *testing.T) {
	tests := []struct {
		in   []int32
		want string
	}{
		{nil, ""},
		{[]int32{5}, "5"},
		{[]int32{1, 2}, "1, 2"},
		{[]int32{1, 2, 3}, "1-3"},
		{[]int32{1, 2, 3, 4, 7, 8, 10, 11, 12, 91}, "1-4, 7, 8, 10-12, 91"},
	}
	for _, tt := range tests {
		if got := Ranges(tt.in); got != tt.want {
			t.Errorf("Ranges(%v): got %q; want %q", tt.in, got, tt.want)
		}
	}
}

func TestJournal(t *testing.T) {
	out := Journal(lang.EN, []*pb.JournalEntry{
		{Day: 4, Kind: "expand", Narration: "Des colons partent vers l'est.", Why: "croissance : 1540 nourriture ≥ 600", Zones: []int32{12, 13}},
		{Day: 5, Kind: "event", Narration: "Une belle récolte."},
	})
	want := "day 4 [expand] Des colons partent vers l'est. (zones 12, 13)\n" +
		"  why: croissance : 1540 nourriture ≥ 600\n" +
		"day 5 [event] Une belle récolte.\n"
	if out != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestSubmitted(t *testing.T) {
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
			if got := Submitted(lang.EN, tt.resp); got != tt.want {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
}

func TestNoticeResultAndMessages(t *testing.T) {
	n := &pb.TickNotice{Day: 13,
		Result:   &pb.OrderResult{Day: 13, Order: &pb.Order{Action: "rest"}, Status: pb.OrderStatus_ORDER_STATUS_STANDING},
		Messages: []*pb.CampMessage{{Day: 13, FromCamp: 2, ToCamp: 1, Text: "Paix ?"}}}
	out := Notice(lang.EN, n, now)
	for _, want := range []string{
		"Your order for day 13: rest - you posted nothing; your standing order played.\n",
		"Message from camp 2: Paix ?\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("got %q; want it to contain %q", out, want)
		}
	}
}

func TestNotice(t *testing.T) {
	n := &pb.TickNotice{Day: 13, NextDeadline: timestamppb.New(now.Add(5 * time.Minute)),
		Journal: []*pb.JournalEntry{{Day: 13, Kind: "explore", Narration: "Les éclaireurs reviennent.", Why: "zone 9 explorée"}}}
	want := "Day 13 resolved; orders are now for day 14.\n" +
		"Deadline: 2026-03-01T12:05:00Z (in 5m0s).\n" +
		"Your journal that day:\n" +
		"  day 13 [explore] Les éclaireurs reviennent.\n" +
		"    why: zone 9 explorée\n"
	if got := Notice(lang.EN, n, now); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	n.Journal = nil
	if got := Notice(lang.EN, n, now); !strings.HasSuffix(got, "Nothing new in your journal that day.\n") {
		t.Errorf("got:\n%s\nwant it to say nothing is new", got)
	}
}

func TestError(t *testing.T) {
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
			if got := Error(lang.EN, tt.err); got != tt.want {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
}

// hexView is camp 0 on a full map of radius 5: it holds its capital 12 (4
// men, plains), sees free zone 13 (coast), remembers zone 46 of camp 1 (3
// men, forest), and knows nothing else.
func hexView() *pb.CampView {
	g := &pb.GrisonvalView{}
	v := &pb.CampView{Camp: 0, CampName: "Grisonval", Ruleset: "grisonval",
		Contacts: []*pb.Contact{{Camp: 1, Name: "Carmin", Met: true, Alive: true}, {Camp: 2}},
		Detail:   &pb.CampView_Grisonval{Grisonval: g}}
	id := int32(0)
	for r := int32(-5); r <= 5; r++ {
		for q := max(-5, -5-r); q <= min(5, 5-r); q++ {
			id++
			g.Zones = append(g.Zones, &pb.Zone{Id: id, Q: q, R: r, Visibility: pb.Visibility_VISIBILITY_UNKNOWN})
		}
	}
	g.Zones[11].Visibility, g.Zones[11].Owner, g.Zones[11].Capital, g.Zones[11].Garrison = pb.Visibility_VISIBILITY_VISIBLE, 0, true, 4
	g.Zones[11].Terrain = pb.Terrain_TERRAIN_PLAINS
	g.Zones[12].Visibility, g.Zones[12].Owner, g.Zones[12].Terrain = pb.Visibility_VISIBILITY_VISIBLE, -1, pb.Terrain_TERRAIN_COAST
	g.Zones[45].Visibility, g.Zones[45].Owner, g.Zones[45].Garrison, g.Zones[45].LastSeenDay = pb.Visibility_VISIBILITY_REMEMBERED, 1, 3, 5
	g.Zones[45].Terrain = pb.Terrain_TERRAIN_FOREST
	return v
}

func TestMap(t *testing.T) {
	plain := Map(lang.EN, hexView(), false)
	lines := strings.Split(plain, "\n")
	if len(lines) != 2*11+3 {
		t.Fatalf("got %d lines; want 2 per row of hexes and two of legend:\n%s", len(lines), plain)
	}
	tests := []struct {
		name       string
		line, want string
	}{
		{"first row, indented by five half cells", lines[0], strings.Repeat(" ", 18) + "1     2     3     4     5     6"},
		{"fog under the first row", lines[1], strings.Repeat(" ", 18) + ".     .     .     .     .     ."},
		{"capital marked", lines[2], "11    12*   13"},
		{"own garrison and free land, their terrain", lines[3], "   .   0:4 p   - c"},
		{"centre row not indented", lines[10], "  41    42    43"},
		{"remembered enemy zone and its terrain", lines[11], "   .  1:3~ f   .  "},
		{"legend", lines[22], "Camps: 0 Grisonval, you, 1 Carmin, 2 not met; - free; * capital, :N garrison."},
		{"terrain's legend", lines[23], "Terrain: p plains, f forest, m mountain, c coast; ~ remembered, . unknown."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(tt.line, tt.want) {
				t.Errorf("got line %q; want it to contain %q", tt.line, tt.want)
			}
		})
	}
	t.Run("colours", func(t *testing.T) {
		out := Map(lang.EN, hexView(), true)
		for _, w := range []string{
			"\x1b[1;33m  12* \x1b[0m",  // own capital: bold gold
			"\x1b[90m  13  \x1b[0m",    // free land: grey
			"\x1b[2;31m  46  \x1b[0m",  // remembered camp 1: dim red
			"\x1b[36m2 not met\x1b[0m", // camp 2 in the legend: cyan
		} {
			if !strings.Contains(out, w) {
				t.Errorf("got:\n%q\nwant it to contain %q", out, w)
			}
		}
		if strings.Contains(plain, "\x1b[") {
			t.Errorf("got ANSI escapes without colour")
		}
	})
}

// TestViewOtherRuleset checks that a view without a detail this package
// renders shows its shared part: the camp's score in its ruleset's words,
// its contacts with theirs, a fallen camp that no longer plays (never
// Grisonval's extinct people), and names its ruleset, in both languages;
// that a view with fields this client cannot read says so; and that the
// map says it has none.
func TestViewOtherRuleset(t *testing.T) {
	for _, tt := range []struct {
		l          lang.Lang
		want, fell []string
	}{
		{lang.EN, []string{
			"World 9 (dice), camp 0 \"Tour\" (agent). Day 3 of 12; orders are for day 4.\n",
			"Your score: 7 (7 pips).\n",
			"Other camps:\n  1 Donjon: met; score 4 (4 pips).\n  2 Remparts: met, no longer plays; score 10 (10 pips).\n  3: not met yet (nothing known).\n",
			"day 3 [draw] Une carte.",
			"  1. draw - draw a card\n",
			"  2. raise GAUGE\n     GAUGE: 1 to 5\n     cost: gold 1 per GAUGE\n",
			"You may write to camps 1 (at most 280 bytes a message).",
		}, []string{"Your camp no longer plays.\n"}},
		{lang.FR, []string{
			"Monde 9 (dice), camp 0 \"Tour\" (agent). Jour 3 sur 12 ; les ordres sont pour le jour 4.\n",
			"Votre score : 7 (7 pips).\n",
			"Autres camps :\n  1 Donjon : rencontré ; score 4 (4 pips).\n  2 Remparts : rencontré, ne joue plus ; score 10 (10 pips).\n  3 : pas encore rencontré (rien n'en est connu).\n",
		}, []string{"Votre camp ne joue plus.\n"}},
	} {
		out := View(tt.l, otherView(), now)
		for _, want := range tt.want {
			if !strings.Contains(out, want) {
				t.Errorf("%s: got:\n%s\nwant it to contain %q", tt.l, out, want)
			}
		}
		for _, absent := range []string{"Resources:", "Zones", "Rules:", "does not know", "ne connaît pas", "extinct", "éteint", "fog", "brouillard"} {
			if strings.Contains(out, absent) {
				t.Errorf("%s: got %q in a view of a ruleset without a detail:\n%s", tt.l, absent, out)
			}
		}
		fallen := otherView()
		fallen.Alive, fallen.LegalActions = false, nil
		out = View(tt.l, fallen, now)
		for _, want := range tt.fell {
			if !strings.Contains(out, want) || strings.Contains(out, "extinct") || strings.Contains(out, "éteint") {
				t.Errorf("%s: got:\n%s\nwant it to contain %q, and no extinct people", tt.l, out, want)
			}
		}
	}
	// A view from a newer server, whose detail this client cannot read.
	newer := otherView()
	newer.ProtoReflect().SetUnknown(protowire.AppendVarint(protowire.AppendTag(nil, 199, protowire.VarintType), 1))
	if out := View(lang.EN, newer, now); !strings.Contains(out, "This client does not know part of the \"dice\" ruleset's view: it shows the shared part only.\n") {
		t.Errorf("got:\n%s\nwant it to say it does not know part of the view", out)
	}
	if got, want := Map(lang.EN, otherView(), true), "No map: the \"dice\" ruleset's view has no hex map.\n"; got != want {
		t.Errorf("got map %q; want %q", got, want)
	}
}
