package server

import (
	"slices"
	"time"

	"google.golang.org/protobuf/types/known/durationpb"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/grisonval/server/engine"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// This file is the one place where engine and store values become wire
// values and back.

var terrainToPB = map[engine.Terrain]pb.Terrain{
	engine.Plains:   pb.Terrain_TERRAIN_PLAINS,
	engine.Forest:   pb.Terrain_TERRAIN_FOREST,
	engine.Mountain: pb.Terrain_TERRAIN_MOUNTAIN,
	engine.Coast:    pb.Terrain_TERRAIN_COAST,
}

var knowledgeToPB = map[engine.Knowledge]pb.Visibility{
	engine.Unknown:    pb.Visibility_VISIBILITY_UNKNOWN,
	engine.Remembered: pb.Visibility_VISIBILITY_REMEMBERED,
	engine.Visible:    pb.Visibility_VISIBILITY_VISIBLE,
}

var argKindToPB = map[engine.ArgKind]pb.ArgKind{
	engine.ArgZone:  pb.ArgKind_ARG_KIND_ZONE,
	engine.ArgCount: pb.ArgKind_ARG_KIND_COUNT,
	engine.ArgCamp:  pb.ArgKind_ARG_KIND_CAMP,

	engine.ArgGovernment: pb.ArgKind_ARG_KIND_GOVERNMENT,
}

var columnKindToPB = map[engine.ColumnKind]pb.ColumnKind{
	engine.ArmyColumn:    pb.ColumnKind_COLUMN_KIND_ARMY,
	engine.SettlerColumn: pb.ColumnKind_COLUMN_KIND_SETTLERS,
}

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

// columnToPB converts a column.
func columnToPB(col engine.Column) *pb.Column {
	return &pb.Column{
		Id: int32(col.ID), Kind: columnKindToPB[col.Kind], Men: int32(col.Men),
		FromZone: int32(col.From), ToZone: int32(col.To),
		DepartedDay: int32(col.Depart), ArrivalDay: int32(col.Arrive), Home: col.Home,
	}
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

// worldInfoToPB describes a world whose current state is at day with hash.
func worldInfoToPB(w store.World, day int, hash string) *pb.WorldInfo {
	info := &pb.WorldInfo{
		Id:           w.ID,
		Name:         w.Name,
		Seed:         w.Seed,
		Cadence:      durationpb.New(w.Cadence),
		Day:          int32(day),
		Paused:       w.Paused,
		CampNames:    engine.CampNames[:],
		StateHash:    hash,
		SeasonLength: int32(w.SeasonLength),
		Season:       int32(w.Season),
	}
	for _, c := range w.Controllers {
		info.Controllers = append(info.Controllers, controllerToPB(c))
	}
	return info
}

// viewExtras are the facts of a camp's view that come from the world loop
// rather than from the engine.
type viewExtras struct {
	WorldID      uint64
	Pending      *store.Order
	Deadline     time.Time // zero when the world has no deadline
	Paused       bool
	Controller   store.Controller
	SeasonLength int
	Journal      []store.JournalEntry
	// Standing is the camp's standing order (nil: rest); Played is its
	// order of the day just resolved, with its result (nil on day 0).
	Standing *store.StandingOrder
	Played   *store.Order
	// Late is set when the deadline has passed without the day being
	// resolved; SeasonOver when no day remains to post for.
	Late, SeasonOver bool
	// Recipients are the camps the camp may write to; Messages its recent
	// messages.
	Recipients []int
	Messages   []store.Message
}

// viewToPB converts a camp's fogged view.
func viewToPB(v engine.CampView, x viewExtras) *pb.CampView {
	out := &pb.CampView{
		WorldId:      x.WorldID,
		Camp:         int32(v.Camp),
		CampName:     v.Name,
		Day:          int32(v.Day),
		YearSeason:   v.YearSeason,
		Resources:    resourcesToPB(v.Resources),
		Morale:       int32(v.Morale),
		Population:   int32(v.Population),
		FieldArmy:    int32(v.FieldArmy),
		MenUnderArms: int32(v.UnderArms),
		MaxUnderArms: int32(v.MaxUnderArms),
		Housing:      int32(v.Housing),
		Paused:       x.Paused,
		Alive:        v.Alive,
		Controller:   controllerToPB(x.Controller),
		SeasonLength: int32(x.SeasonLength),
	}
	for _, zv := range v.Zones[1:] {
		out.Zones = append(out.Zones, zoneToPB(zv))
	}
	for _, col := range v.Columns {
		out.Columns = append(out.Columns, columnToPB(col))
	}
	for _, o := range v.Others {
		cs := &pb.CampSummary{Camp: int32(o.Camp), Name: o.Name, Met: o.Met, Alive: o.Alive}
		if o.Met {
			cs.Relation, cs.TradeRoute = o.Relation.String(), o.Route
			cs.Government, cs.Infamy, cs.Fame = engine.Governments[o.Government].Code, int32(o.Infamy), int32(o.Fame)
			cs.Archetype = o.Archetype.String()
			cs.RelationSince, cs.BreakableFrom = int32(o.Pact.Since), int32(o.Pact.Since+engine.PactLockDays)
			cs.DoorClosedUntil, cs.Refusals = int32(o.Pact.ClosedUntil), int32(o.Pact.Refusals)
			if o.Pact.Offer != engine.War {
				cs.Proposal = &pb.Proposal{Pact: o.Pact.Offer.String(), FromCamp: int32(o.Pact.From),
					Day: int32(o.Pact.Day), ExpiresDay: int32(o.Pact.Expires()), Willingness: int32(o.Willingness)}
			}
		}
		out.Camps = append(out.Camps, cs)
	}
	out.Tier, out.Title = int32(v.Tier), v.Title
	if v.Next != nil {
		out.NextTier = techToPB(*v.Next)
	}
	for _, a := range v.Achievements {
		out.Achievements = append(out.Achievements, &pb.Achievement{Code: a.Code, Name: a.Name, Condition: a.Condition})
	}
	out.Upkeep = &pb.Upkeep{
		Buildings: resourcesToPB(v.Upkeep.Buildings), Territory: resourcesToPB(v.Upkeep.Territory),
		Governance: resourcesToPB(v.Upkeep.Governance), Degraded: v.Degraded,
	}
	out.People = peopleToPB(v.People)
	out.Archetype = v.Archetype().String()
	out.Politics = &pb.Politics{
		Government: engine.Governments[v.Government].Code, GovernmentDay: int32(v.GovernmentDay),
		NextChangeDay: int32(v.GovernmentDay + engine.GovernmentLockDays), Legitimacy: int32(v.Legitimacy),
		LowLegitimacyDays: int32(v.LowLegitimacy), Infamy: int32(v.Infamy), Fame: int32(v.Fame),
	}
	for g := 1; g <= engine.NumGovernments; g++ {
		f := engine.Governments[g]
		out.Governments = append(out.Governments, &pb.GovernmentForm{Id: int32(g), Code: f.Code, Name: f.Name, Effect: f.Effect})
	}
	for _, p := range v.OtherPairs {
		out.OtherRelations = append(out.OtherRelations, &pb.PairRelation{A: int32(p.A), B: int32(p.B), Relation: p.Relation.String()})
	}
	for _, sv := range v.Sieges {
		out.Sieges = append(out.Sieges, &pb.Siege{Zone: int32(sv.Zone), Besieger: int32(sv.Besieger),
			Men: int32(sv.Men), StartDay: int32(sv.Start), AssaultDay: int32(sv.Assault)})
		out.Zones[sv.Zone-1].Besieged = true
	}
	for _, e := range x.Journal {
		out.Journal = append(out.Journal, journalToPB(e))
	}
	for _, la := range v.Legal {
		out.LegalActions = append(out.LegalActions, legalToPB(la))
	}
	if x.Pending != nil {
		out.PendingOrder = storeOrderToPB(*x.Pending)
	}
	if !x.Deadline.IsZero() {
		out.Deadline = timestamppb.New(x.Deadline)
	}
	switch {
	case x.SeasonOver:
	case x.Pending != nil:
		out.PostingStatus, out.PostedAt = pb.PostingStatus_POSTING_STATUS_POSTED, timestamppb.New(x.Pending.SubmittedAt)
	case x.Late:
		out.PostingStatus = pb.PostingStatus_POSTING_STATUS_LATE
	default:
		out.PostingStatus = pb.PostingStatus_POSTING_STATUS_STANDING
	}
	out.StandingOrder = standingToPB(x.Standing)
	if x.Played != nil {
		out.LastResult = orderResultToPB(*x.Played)
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

func techToPB(t engine.Tech) *pb.Tech {
	return &pb.Tech{Tier: int32(t.ID), Name: t.Name, Age: int32(t.Age), Research: t.Research, Effect: t.Effect}
}

func peopleToPB(p engine.People) *pb.People {
	out := &pb.People{Children: int32(p.Children), Adults: int32(p.Adults), Elders: int32(p.Elders), MeanMood: int32(p.MeanMood)}
	for j := 1; j <= engine.NumJobs; j++ {
		if n := p.Jobs[j].Count; n > 0 {
			out.Jobs = append(out.Jobs, &pb.JobSummary{Job: engine.Job(j).String(), Count: int32(n), MeanLevel: float64(p.Jobs[j].Level100) / 100})
		}
	}
	return out
}

func resourcesToPB(r engine.Resources) *pb.Resources {
	return &pb.Resources{Food: r.Food, Wood: r.Wood, Stone: r.Stone, Tools: r.Tools, Gold: r.Gold, Research: r.Research}
}

// zoneToPB converts a zone as a camp knows it. An unknown zone carries only
// its geometry, and owner -1 so that it never reads as camp 0's.
func zoneToPB(zv engine.ZoneView) *pb.Zone {
	h := engine.HexOf(zv.ID)
	z := &pb.Zone{Id: int32(zv.ID), Q: int32(h.Q), R: int32(h.R), Visibility: knowledgeToPB[zv.Knowledge], Owner: int32(engine.NoCamp)}
	for _, n := range engine.Neighbors(zv.ID) {
		z.Neighbors = append(z.Neighbors, int32(n))
	}
	if zv.Knowledge == engine.Unknown {
		return z
	}
	m := zv.Memory
	z.LastSeenDay = int32(m.Day)
	z.Terrain = terrainToPB[m.Terrain]
	z.Owner = int32(m.Owner)
	z.Capital = m.Capital
	z.Garrison = int32(m.Garrison)
	z.Development = int32(m.Dev)
	z.Monument = m.Monument
	for _, b := range m.Buildings {
		z.Buildings = append(z.Buildings, b.String())
	}
	z.Slots = int32(m.Slots())
	return z
}

func legalToPB(la engine.LegalAction) *pb.LegalAction {
	out := &pb.LegalAction{Action: la.Action.String(), Summary: la.Summary}
	for _, s := range la.Args {
		spec := &pb.ArgSpec{Name: s.Name, Kind: argKindToPB[s.Kind], Min: int32(s.Min), Max: int32(s.Max), Optional: s.Optional}
		for _, c := range s.Choices {
			spec.Choices = append(spec.Choices, int32(c))
		}
		out.Args = append(out.Args, spec)
	}
	return out
}

// orderFromPB converts a wire order. An unknown action name becomes action
// 0, which engine.Validate refuses with the list of known actions, so that
// it reads like every other refusal.
func orderFromPB(o *pb.Order) engine.Order {
	a, _ := engine.ParseAction(o.GetAction())
	out := engine.Order{Action: a, Reason: o.GetReason()}
	for _, v := range o.GetArgs() {
		out.Args = append(out.Args, int(v))
	}
	return out
}

func storeOrderToPB(o store.Order) *pb.Order {
	out := &pb.Order{Action: o.Action, Reason: o.Reason}
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

// orderResultToPB converts a played order and what became of it; it is
// for its own camp's eyes only, as it carries the order's reason.
func orderResultToPB(o store.Order) *pb.OrderResult {
	return &pb.OrderResult{
		Day: int32(o.Day), Order: storeOrderToPB(o), Status: orderStatusToPB[o.Status],
		Code: o.Code, Field: o.Field, Message: o.Message,
	}
}

// standingToPB converts a camp's standing order; nil is rest.
func standingToPB(s *store.StandingOrder) *pb.Order {
	if s == nil {
		return &pb.Order{Action: engine.Rest.String()}
	}
	return storeOrderToPB(store.Order{Action: s.Action, Args: s.Args, Reason: s.Reason})
}

func messageToPB(m store.Message) *pb.CampMessage {
	return &pb.CampMessage{
		Id: m.ID, Day: int32(m.Day), FromCamp: int32(m.From), ToCamp: int32(m.To), Text: m.Text,
		SentAt: timestamppb.New(m.SentAt),
	}
}

// storeOrderToEngine converts a stored order back to the engine's form.
func storeOrderToEngine(o store.Order) engine.Order {
	a, _ := engine.ParseAction(o.Action)
	return engine.Order{Action: a, Args: slices.Clone(o.Args), Reason: o.Reason}
}

func journalToPB(e store.JournalEntry) *pb.JournalEntry {
	out := &pb.JournalEntry{Day: int32(e.Day), Kind: e.Kind, Narration: e.Narration, Why: e.Why}
	for _, z := range e.Zones {
		out.Zones = append(out.Zones, int32(z))
	}
	return out
}

// journalToStore converts a tick's journal entries for the store.
func journalToStore(worldID uint64, season int, entries []engine.Entry) []store.JournalEntry {
	out := make([]store.JournalEntry, 0, len(entries))
	for _, e := range entries {
		je := store.JournalEntry{
			WorldID: worldID, Season: season, Day: e.Day, Camp: int(e.Camp),
			Kind: e.Kind, Narration: e.Narration, Why: e.Why,
		}
		for _, z := range e.Zones {
			je.Zones = append(je.Zones, int(z))
		}
		out = append(out, je)
	}
	return out
}

// pactsToStore converts a tick's pact events for the store's history.
func pactsToStore(worldID uint64, season, day int, events []engine.PactEvent) []store.PactChange {
	out := make([]store.PactChange, 0, len(events))
	for _, e := range events {
		out = append(out, store.PactChange{
			WorldID: worldID, Season: season, Day: day, A: int(e.A), B: int(e.B), By: int(e.By),
			Event: e.Event, Status: e.Status.String(),
		})
	}
	return out
}
