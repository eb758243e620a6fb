package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/grisonval/server/server/store"
)

func testStandingOrders(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "standing")
	other := newWorld(t, s, "other")
	got, err := s.StandingOrders(ctx, w.ID, 1)
	if err != nil {
		t.Fatalf("StandingOrders of a new world: %v", err)
	}
	if len(got) != 0 {
		t.Fatalf("StandingOrders of a new world: got %+v; want none", got)
	}
	standing := func(world uint64, season, camp int, action string, args []int, reason string, n int) store.StandingOrder {
		return store.StandingOrder{WorldID: world, Season: season, Camp: camp, Action: action, Args: args,
			Reason: reason, SetAt: base.Add(time.Duration(n) * time.Second)}
	}
	camp2 := standing(w.ID, 1, 2, "chop_wood", nil, "wood for winter", 0)
	camp0 := standing(w.ID, 1, 0, "send_army", []int{4, 15}, "", 1)
	camp0Again := standing(w.ID, 1, 0, "explore", []int{12}, "l'été, « vers le sud »", 2)
	// The player who set a standing order is kept, and replaced with it.
	camp0.Player, camp0Again.Player = "ada", "bea"
	season2 := standing(w.ID, 2, 0, "rest", nil, "", 3)
	otherWorld := standing(other.ID, 1, 1, "rest", nil, "", 4)
	for _, o := range []store.StandingOrder{camp2, camp0, camp0Again, season2, otherWorld} {
		if err := s.SetStandingOrder(ctx, o); err != nil {
			t.Fatalf("SetStandingOrder(world %d season %d camp %d): %v", o.WorldID, o.Season, o.Camp, err)
		}
	}
	tests := []struct {
		world  uint64
		season int
		want   []store.StandingOrder
	}{
		{w.ID, 1, []store.StandingOrder{camp0Again, camp2}},
		{w.ID, 2, []store.StandingOrder{season2}},
		{w.ID, 3, nil},
		{other.ID, 1, []store.StandingOrder{otherWorld}},
	}
	for _, tc := range tests {
		got, err := s.StandingOrders(ctx, tc.world, tc.season)
		if err != nil {
			t.Fatalf("StandingOrders(world %d, season %d): %v", tc.world, tc.season, err)
		}
		if len(got) != len(tc.want) {
			t.Errorf("StandingOrders(world %d, season %d): got %+v; want %+v", tc.world, tc.season, got, tc.want)
			continue
		}
		for i := range tc.want {
			g, w := got[i], tc.want[i]
			g.SetAt, w.SetAt = toSecond(g.SetAt), toSecond(w.SetAt)
			if !reflect.DeepEqual(g, w) {
				t.Errorf("StandingOrders(world %d, season %d)[%d]: got %+v; want %+v", tc.world, tc.season, i, g, w)
			}
		}
	}
	missing := standing(other.ID+100, 1, 0, "rest", nil, "", 5)
	if err := s.SetStandingOrder(ctx, missing); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetStandingOrder of an unknown world: got error %v; want ErrNotFound", err)
	}
}

// testStandingStale checks that a tick keeps a standing order that could
// not be played, with its code, field and message.
func testStandingStale(t *testing.T, s store.Store) {
	w := newWorld(t, s, "standing stale")
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 0, State: []byte("0"), Hash: "0", CommittedAt: base})
	applied := order(w.ID, 1, 1, 0, "chop_wood", nil, "", 1)
	saveOrder(t, s, applied)
	applied.Status = store.OrderApplied
	stale := order(w.ID, 1, 1, 1, "send_army", []int{4, 15}, "hold the ford", 2)
	stale.Status, stale.Code, stale.Field, stale.Message = store.OrderStandingStale, "not_allowed", "action", "no field army"
	stale.Player = "bob"
	rest := order(w.ID, 1, 1, 2, "rest", nil, "", 2)
	rest.Status = store.OrderStanding
	commit(t, s, store.Tick{WorldID: w.ID, Season: 1, Day: 1, State: []byte("1"), Hash: "1", CommittedAt: base.Add(time.Minute),
		Orders: []store.Order{applied, stale, rest}})
	checkOrders(t, s, w.ID, 1, []store.Order{applied, stale, rest})
	latest, err := s.LatestTick(t.Context(), w.ID, 1)
	if err != nil {
		t.Fatalf("LatestTick: %v", err)
	}
	checkOrderList(t, "LatestTick orders", latest.Orders, []store.Order{applied, stale, rest})
}

func testMessages(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := newWorld(t, s, "messages")
	other := newWorld(t, s, "other")
	message := func(world uint64, season, day, from, to int, text string) store.Message {
		return store.Message{WorldID: world, Season: season, Day: day, From: from, To: to, Seat: store.RulerSeat,
			Text: text, SentAt: base.Add(time.Duration(day) * time.Minute)}
	}
	// The player who sent a message is kept; a message sent with a token
	// that names none has no player.
	withPlayer := func(m store.Message, player string) store.Message {
		m.Player = player
		return m
	}
	all := []store.Message{
		message(w.ID, 1, 1, 0, 1, "Paix ?"),
		withPlayer(message(w.ID, 1, 1, 1, 0, "Jamais."), "bob"),
		message(w.ID, 1, 2, 2, 1, "À nous deux, l'Azur : « contre Carmin »."),
		withPlayer(message(w.ID, 1, 3, 0, 2, "Nous vous voyons."), "ada"),
		message(w.ID, 2, 1, 0, 1, "Nouvelle saison."),
		message(other.ID, 1, 1, 0, 1, "Autre monde."),
	}
	var prev uint64
	for i := range all {
		if err := s.SaveMessage(ctx, &all[i]); err != nil {
			t.Fatalf("SaveMessage(%q): %v", all[i].Text, err)
		}
		if all[i].ID <= prev {
			t.Errorf("SaveMessage(%q): got ID %d; want more than %d", all[i].Text, all[i].ID, prev)
		}
		prev = all[i].ID
	}
	tests := []struct {
		world               uint64
		season, camp, since int
		want                []store.Message
	}{
		{w.ID, 1, 0, 0, []store.Message{all[0], all[1], all[3]}},
		{w.ID, 1, 1, 0, []store.Message{all[0], all[1], all[2]}},
		{w.ID, 1, 2, 0, []store.Message{all[2], all[3]}},
		{w.ID, 1, 1, 2, []store.Message{all[2]}},
		{w.ID, 1, 0, 4, nil},
		{w.ID, 2, 1, 0, []store.Message{all[4]}},
		{w.ID, 2, 2, 0, nil},
		{other.ID, 1, 1, 0, []store.Message{all[5]}},
	}
	for _, tc := range tests {
		what := fmt.Sprintf("Messages(world %d, season %d, camp %d, since %d)", tc.world, tc.season, tc.camp, tc.since)
		got, err := s.Messages(ctx, tc.world, tc.season, tc.camp, tc.since)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: got %+v; want %+v", what, got, tc.want)
			continue
		}
		for i := range tc.want {
			g, w := got[i], tc.want[i]
			g.SentAt, w.SentAt = toSecond(g.SentAt), toSecond(w.SentAt)
			if g != w {
				t.Errorf("%s[%d]: got %+v; want %+v", what, i, g, w)
			}
		}
	}
	missing := message(other.ID+100, 1, 1, 0, 1, "personne")
	if err := s.SaveMessage(ctx, &missing); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SaveMessage to an unknown world: got error %v; want ErrNotFound", err)
	}
}
