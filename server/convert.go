package server

import (
	"time"

	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// This file is the one place where the server's own values (the seam's and
// the store's) become wire values and back; a ruleset converts its own
// detail.

var controllerKinds = map[string]pb.ControllerKind{
	store.Human: pb.ControllerKind_CONTROLLER_KIND_HUMAN,
	store.Agent: pb.ControllerKind_CONTROLLER_KIND_AGENT,
	store.AI:    pb.ControllerKind_CONTROLLER_KIND_AI,
}

var postures = map[string]pb.Posture{
	"aggressive": pb.Posture_POSTURE_AGGRESSIVE,
	"growth":     pb.Posture_POSTURE_GROWTH,
	"prudent":    pb.Posture_POSTURE_PRUDENT,
}

// keyOf returns the key of m whose value is v, and whether there is one.
func keyOf[K comparable, V comparable](m map[K]V, v V) (K, bool) {
	for k, mv := range m {
		if mv == v {
			return k, true
		}
	}
	var zero K
	return zero, false
}

// controllerToPB converts a store controller.
func controllerToPB(c store.Controller) *pb.Controller {
	return &pb.Controller{Kind: controllerKinds[c.Kind], Posture: postures[c.Posture]}
}

// controllerFromPB converts and checks a wire controller: its kind must be
// set, and the posture is required for the AI and refused otherwise. field
// names the request field for errors.
func controllerFromPB(c *pb.Controller, field string) (store.Controller, error) {
	kind, ok := keyOf(controllerKinds, c.GetKind())
	if !ok {
		return store.Controller{}, invalidArgument(field+".kind", "controller kind must be HUMAN, AGENT or AI")
	}
	if kind != store.AI {
		if c.GetPosture() != pb.Posture_POSTURE_UNSPECIFIED {
			return store.Controller{}, invalidArgument(field+".posture", "only an AI controller has a posture")
		}
		return store.Controller{Kind: kind}, nil
	}
	posture, ok := keyOf(postures, c.GetPosture())
	if !ok {
		return store.Controller{}, invalidArgument(field+".posture", "an AI controller needs a posture: AGGRESSIVE, GROWTH or PRUDENT")
	}
	return store.Controller{Kind: kind, Posture: posture}, nil
}

// worldInfoToPB describes a world of ruleset rs whose current state is at
// day with hash.
func worldInfoToPB(rs game.Ruleset, w store.World, day int, hash string) *pb.WorldInfo {
	info := &pb.WorldInfo{
		Id:           w.ID,
		Name:         pb.Printable(w.Name, false),
		Seed:         w.Seed,
		Cadence:      durationpb.New(w.Cadence),
		Day:          int32(day),
		Paused:       w.Paused,
		CampNames:    game.CampNames(rs, w.Camps),
		StateHash:    hash,
		SeasonLength: int32(w.SeasonLength),
		Season:       int32(w.Season),
		Ruleset:      w.Ruleset,
		Camps:        int32(w.Camps),
	}
	if w.MoveClock > 0 {
		info.MoveClock, info.Cadence = durationpb.New(w.MoveClock), nil
	}
	for _, c := range w.Controllers {
		info.Controllers = append(info.Controllers, controllerToPB(c))
	}
	return info
}

// rulesetInfoToPB describes a ruleset.
func rulesetInfoToPB(i game.Info, l lang.Lang) *pb.RulesetInfo {
	return &pb.RulesetInfo{Name: i.Name, MinCamps: int32(i.MinCamps), MaxCamps: int32(i.MaxCamps), DefaultCamps: int32(i.DefaultCamps),
		Title: i.Title.In(l), SeasonLength: int32(i.SeasonLength), PublicScores: i.PublicScores}
}

// viewExtras are the facts of a camp's view that come from the world loop
// rather than from the ruleset.
type viewExtras struct {
	// Lang is the language the view's texts are written in.
	Lang         lang.Lang
	WorldID      uint64
	Ruleset      string
	Pending      *play
	Deadline     time.Time // zero when the world has no deadline
	Paused       bool
	Controller   store.Controller
	SeasonLength int
	Journal      []store.JournalEntry
	// Standing is the camp's standing order (nil: the idle order); Played
	// is its play of the day just resolved (nil on day 0).
	Standing *play
	Played   *play
	// Idle is the ruleset's idle order, the standing order of a camp that
	// set none.
	Idle game.Order
	// Late is set when the deadline has passed without the day being
	// resolved; SeasonOver when no day remains to post for; Waits when the
	// camp has nothing to decide on the next day.
	Late, SeasonOver, Waits bool
	// Recipients are the camps the camp may write to; Messages its recent
	// messages.
	Recipients []int
	Messages   []store.Message
	// Proposals are the council's open proposals for the next day.
	Proposals []store.Proposal
}

// completeView adds to a ruleset's view of a camp what the world loop
// knows, and returns it.
func completeView(out *pb.CampView, x viewExtras) *pb.CampView {
	out.WorldId, out.Ruleset = x.WorldID, x.Ruleset
	out.Paused, out.Controller, out.SeasonLength, out.Waits = x.Paused, controllerToPB(x.Controller), int32(x.SeasonLength), x.Waits
	out.SeasonOver = x.SeasonOver
	for _, e := range x.Journal {
		out.Journal = append(out.Journal, journalToPB(e, x.Lang))
	}
	if x.Pending != nil {
		out.PendingOrder = orderToPB(x.Pending.order)
	}
	if !x.Deadline.IsZero() {
		out.Deadline = timestamppb.New(x.Deadline)
	}
	switch {
	case x.SeasonOver:
	case x.Pending != nil:
		out.PostingStatus, out.PostedAt = pb.PostingStatus_POSTING_STATUS_POSTED, timestamppb.New(x.Pending.at)
	case x.Late:
		out.PostingStatus = pb.PostingStatus_POSTING_STATUS_LATE
	default:
		out.PostingStatus = pb.PostingStatus_POSTING_STATUS_STANDING
	}
	out.StandingOrder = orderToPB(x.Idle)
	if x.Standing != nil {
		out.StandingOrder = orderToPB(x.Standing.order)
	}
	if x.Played != nil {
		out.LastResult = playToPB(out.GetDay(), *x.Played, x.Lang)
	}
	for _, p := range x.Proposals {
		out.Proposals = append(out.Proposals, proposalToPB(p, "open"))
	}
	for _, c := range x.Recipients {
		out.MessageRecipients = append(out.MessageRecipients, int32(c))
	}
	out.MaxMessageLen = store.MaxMessageLen
	for _, m := range x.Messages {
		out.Messages = append(out.Messages, messageToPB(m))
	}
	return out
}

// orderFromPB converts a wire order.
func orderFromPB(o *pb.Order) game.Order {
	out := game.Order{Action: o.GetAction(), Reason: o.GetReason()}
	for _, v := range o.GetArgs() {
		out.Args = append(out.Args, int(v))
	}
	return out
}

// orderToPB converts an order.
func orderToPB(o game.Order) *pb.Order {
	out := &pb.Order{Action: o.Action, Reason: pb.Printable(o.Reason, true)}
	for _, v := range o.Args {
		out.Args = append(out.Args, int32(v))
	}
	return out
}

// orderStatusToPB maps the stored status of a played order.
var orderStatusToPB = map[string]pb.OrderStatus{
	store.OrderApplied:       pb.OrderStatus_ORDER_STATUS_APPLIED,
	store.OrderStale:         pb.OrderStatus_ORDER_STATUS_STALE,
	store.OrderStanding:      pb.OrderStatus_ORDER_STATUS_STANDING,
	store.OrderStandingStale: pb.OrderStatus_ORDER_STATUS_STANDING_STALE,
}

// playToPB converts a camp's play of day and what became of it, its
// refusal's message in l; it is for its own camp's eyes only, as it
// carries the order's reason.
func playToPB(day int32, p play, l lang.Lang) *pb.OrderResult {
	out := &pb.OrderResult{Day: day, Order: orderToPB(p.order), Status: orderStatusToPB[p.status], TimedOut: p.timedOut}
	if r := p.refusal; r != nil {
		out.Code, out.Field, out.Message, out.Reason = r.Reason.Code(), r.Field, r.Message.In(l), r.Reason
	}
	return out
}

func messageToPB(m store.Message) *pb.CampMessage {
	out := &pb.CampMessage{
		Id: m.ID, Day: int32(m.Day), FromCamp: int32(m.From), ToCamp: int32(m.To), Text: pb.Printable(m.Text, true),
		SentAt: timestamppb.New(m.SentAt),
	}
	if m.From == m.To {
		// A council message names its seat; a message between camps the
		// camp alone (SEAT-TALK).
		out.Seat = store.SeatOrRuler(m.Seat)
	}
	return out
}

// journalToPB converts a stored journal entry, its texts in l. The store
// keeps each text as lang.Text.Encode wrote it; an entry stored before
// the texts had two languages is French (lang.Decode).
func journalToPB(e store.JournalEntry, l lang.Lang) *pb.JournalEntry {
	out := &pb.JournalEntry{Day: int32(e.Day), Kind: e.Kind, Narration: lang.Decode(e.Narration).In(l), Why: lang.Decode(e.Why).In(l)}
	for _, z := range e.Zones {
		out.Zones = append(out.Zones, int32(z))
	}
	return out
}

// journalToStore converts a tick's journal entries for the store.
func journalToStore(worldID uint64, season int, entries []game.Entry) []store.JournalEntry {
	out := make([]store.JournalEntry, 0, len(entries))
	for _, e := range entries {
		out = append(out, store.JournalEntry{
			WorldID: worldID, Season: season, Day: e.Day, Camp: e.Camp,
			Kind: e.Kind, Zones: e.Zones, Narration: e.Narration.Encode(), Why: e.Why.Encode(),
		})
	}
	return out
}

// journalFromStore converts stored journal entries back to the seam's.
func journalFromStore(entries []store.JournalEntry) []game.Entry {
	out := make([]game.Entry, 0, len(entries))
	for _, e := range entries {
		out = append(out, game.Entry{Day: e.Day, Camp: e.Camp, Kind: e.Kind, Zones: e.Zones,
			Narration: lang.Decode(e.Narration), Why: lang.Decode(e.Why)})
	}
	return out
}

// pactsToStore converts a tick's pact changes for the store's history.
func pactsToStore(worldID uint64, season, day int, changes []game.PactChange) []store.PactChange {
	out := make([]store.PactChange, 0, len(changes))
	for _, e := range changes {
		out = append(out, store.PactChange{
			WorldID: worldID, Season: season, Day: day, A: e.A, B: e.B, By: e.By, Event: e.Event, Status: e.Status,
		})
	}
	return out
}
