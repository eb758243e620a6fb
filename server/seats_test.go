package server_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestSeats plays a season of the counters ruleset with two players in
// camp 0, on each store: a ruler serving Patron 0 and a thief serving
// Rival 0 (docs/seats.md). It checks enrolment by seat and the seats'
// tokens (SEAT-ENROL, SEAT-SHEET), a seat no player holds (SEAT-UNHELD:
// the steward), who may post what (SEAT-ORDER,
// SEAT-PROPOSE, SEAT-DOMAIN), adoption and refusal (SEAT-ADOPT,
// SEAT-COUNCIL), council messages (SEAT-TALK), the feats credited to the
// seat whose order they stem from (SEAT-FEATS), each player's own days
// (EP-DONE), each patron's glory, and the private judgment (JUD-PRIVATE).
func TestSeats(t *testing.T) {
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.open(t)
			h := startCounters(t, st)
			admin := as(h.adminToken)
			info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "seats", Seed: 3, Camps: 2,
				SeasonLength: 4, Cadence: durationpb.New(cadence)})
			if err != nil {
				t.Fatalf("create world: %v", err)
			}
			id := info.GetId()
			if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: id}); err != nil {
				t.Fatalf("pause: %v", err)
			}
			enrol := func(player, seat, patron string) (string, error) {
				resp, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: id, Camp: 0, Player: player, Mode: "agent",
					Seat: seat, Patron: patron, Package: "levy", Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{1, 1, 1, 1, 0}})
				want := seat
				if want == "" {
					want = "ruler"
				}
				if err == nil && resp.GetSeat() != want {
					t.Errorf("enrol %s: got seat %q; want %q", player, resp.GetSeat(), want)
				}
				return resp.GetToken(), err
			}
			ruler, err := enrol("ana", "", "Patron 0")
			if err != nil {
				t.Fatalf("enrol the ruler: %v", err)
			}
			thief, err := enrol("bo", "thief", "Rival 0")
			if err != nil {
				t.Fatalf("enrol the thief: %v", err)
			}
			_, err = enrol("cy", "thief", "Patron 0")
			wantCode(t, err, codes.AlreadyExists)
			_, err = enrol("cy", "cook", "Patron 0")
			wantCode(t, err, codes.InvalidArgument)
			// The setup counts the ruler's enrolment alone (SEAT-SHEET):
			// camp 0 starts with one point, not two.
			ws, err := h.admin.GetWorldState(admin, &pb.WorldRequest{WorldId: id})
			if err != nil || !strings.Contains(ws.GetStateJson(), `"points":[1,0]`) {
				t.Errorf("setup after two enrolments in camp 0: got %s, %v; want points [1,0]", ws.GetStateJson(), err)
			}
			other, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: 1})
			if err != nil {
				t.Fatalf("token of camp 1: %v", err)
			}
			force := func() {
				t.Helper()
				if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id}); err != nil {
					t.Fatalf("force tick: %v", err)
				}
			}
			reasonOf := func(err error) pb.ErrorReason {
				r, _ := errorInfo(err)
				return pb.ReasonOf(r)
			}
			propose := func(token, action string, args []int32, reason string) error {
				_, err := h.game.ProposeOrder(as(token), &pb.ProposeOrderRequest{Order: &pb.Order{Action: action, Args: args, Reason: reason}})
				return err
			}

			// Who posts what: the ruler's token still works after the
			// thief's enrolment; the thief may not post the camp's order.
			_, err = h.game.SubmitOrder(as(thief), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "rest"}})
			if wantCode(t, err, codes.PermissionDenied); reasonOf(err) != pb.ErrorReason_ERROR_REASON_NOT_YOUR_SEAT {
				t.Errorf("the thief's order: got %v; want not_your_seat", err)
			}
			_, err = h.game.SetStandingOrder(as(thief), &pb.SetStandingOrderRequest{Order: &pb.Order{Action: "rest"}})
			wantCode(t, err, codes.PermissionDenied)
			if err := propose(ruler, "gain", []int32{1}, "why not"); reasonOf(err) != pb.ErrorReason_ERROR_REASON_NOT_YOUR_SEAT {
				t.Errorf("the ruler's proposal: got %v; want not_your_seat", err)
			}
			if err := propose(thief, "gain", []int32{1}, "points"); reasonOf(err) != pb.ErrorReason_ERROR_REASON_OUT_OF_DOMAIN {
				t.Errorf("a gain proposed by the thief: got %v; want out_of_domain", err)
			}
			// Day 1: no camp has a point to steal; the ruler gains, camp 1
			// gains 2.
			if err := propose(thief, "steal", []int32{1}, "they are rich"); reasonOf(err) != pb.ErrorReason_ERROR_REASON_NOT_ALLOWED {
				t.Errorf("a steal from a camp with no point: got %v; want not_allowed", err)
			}
			h.submit(t, ruler, "gain", 1)
			h.submit(t, other.GetToken(), "gain", 2)
			force()

			// Day 2: the thief proposes a steal; the ruler adopts it.
			if err := propose(thief, "steal", []int32{1}, ""); reasonOf(err) != pb.ErrorReason_ERROR_REASON_BAD_REQUEST {
				t.Errorf("a proposal without a reason: got %v; want bad_request", err)
			}
			if err := propose(thief, "steal", []int32{1}, "camp 1 sleeps"); err != nil {
				t.Fatalf("the thief's proposal: %v", err)
			}
			// The camp's view shows the council's open proposals, and a
			// restarted server still has them.
			openIn := func(v *pb.CampView) bool {
				ps := v.GetProposals()
				return len(ps) == 1 && ps[0].GetSeat() == "thief" && ps[0].GetStatus() == "open" && ps[0].GetOrder().GetReason() == "camp 1 sleeps"
			}
			if v := h.view(t, ruler); !openIn(v) {
				t.Errorf("the ruler's view on day 2: got proposals %v; want the thief's, open", v.GetProposals())
			}
			h.stop()
			h = startCounters(t, st)
			admin = as(h.adminToken)
			if v := h.view(t, ruler); !openIn(v) {
				t.Errorf("the ruler's view after a restart: got proposals %v; want the thief's, open", v.GetProposals())
			}
			_, err = h.game.SubmitOrder(as(ruler), &pb.SubmitOrderRequest{Adopt: "steward"})
			if wantCode(t, err, codes.FailedPrecondition); reasonOf(err) != pb.ErrorReason_ERROR_REASON_NO_PROPOSAL {
				t.Errorf("adopting a seat with no proposal: got %v; want no_proposal", err)
			}
			_, err = h.game.SubmitOrder(as(ruler), &pb.SubmitOrderRequest{Adopt: "thief", Order: &pb.Order{Action: "rest"}})
			wantCode(t, err, codes.InvalidArgument)
			got, err := h.game.SubmitOrder(as(ruler), &pb.SubmitOrderRequest{Adopt: "thief"})
			if err != nil || got.GetAuthor() != "thief" || got.GetOrder().GetAction() != "steal" || got.GetOrder().GetReason() != "camp 1 sleeps" {
				t.Fatalf("adopt the thief's proposal: got %v, %v; want the steal, authored by the thief", got, err)
			}
			if v := h.view(t, thief); !openIn(v) || v.GetPendingOrder().GetAction() != "steal" {
				t.Errorf("the thief's view after the adoption: got proposals %v, pending %v; want its proposal and the steal posted", v.GetProposals(), v.GetPendingOrder())
			}
			// The council talks privately: camp 1 never reads it.
			if _, err := h.game.SendMessage(as(thief), &pb.SendMessageRequest{ToCamp: 0, Text: "thank you"}); err != nil {
				t.Fatalf("council message: %v", err)
			}
			msgs, err := h.game.ListMessages(as(ruler), &pb.ListMessagesRequest{})
			if err != nil || len(msgs.GetMessages()) != 1 || msgs.GetMessages()[0].GetSeat() != "thief" {
				t.Errorf("the ruler's messages: got %v, %v; want the thief's council message", msgs, err)
			}
			if msgs, err := h.game.ListMessages(as(other.GetToken()), &pb.ListMessagesRequest{}); err != nil || len(msgs.GetMessages()) != 0 {
				t.Errorf("camp 1's messages: got %v, %v; want none", msgs, err)
			}
			force()

			// Day 3: the thief proposes again; the ruler plays its own.
			if err := propose(thief, "steal", []int32{1}, "again"); err != nil {
				t.Fatalf("the thief's second proposal: %v", err)
			}
			h.submit(t, ruler, "gain", 1)
			// A day's cap of messages is a seat's: the thief's twenty
			// leave the ruler's own (SEAT-TALK).
			for i := range 21 {
				_, err := h.game.SendMessage(as(thief), &pb.SendMessageRequest{ToCamp: 0, Text: "encore"})
				if i < 20 && err != nil {
					t.Fatalf("the thief's council message %d: %v", i+1, err)
				}
				if i == 20 {
					wantCode(t, err, codes.ResourceExhausted)
				}
			}
			if _, err := h.game.SendMessage(as(ruler), &pb.SendMessageRequest{ToCamp: 1, Text: "peace?"}); err != nil {
				t.Errorf("the ruler's message after the thief's twenty: %v", err)
			}
			c, err := h.game.GetCouncil(as(thief), &pb.GetCouncilRequest{})
			if err != nil {
				t.Fatalf("council: %v", err)
			}
			var statuses []string
			for _, p := range c.GetProposals() {
				statuses = append(statuses, p.GetSeat()+":"+p.GetStatus())
			}
			if c.GetSeat() != "thief" || c.GetDay() != 3 || len(c.GetSeats()) != 3 || c.GetSeats()[0].GetPlayer() != "ana" ||
				c.GetSeats()[1].GetPatron() != "Rival 0" || c.GetSeats()[2].GetPlayer() != "" ||
				!slices.Equal(statuses, []string{"thief:adopted", "thief:open"}) {
				t.Errorf("council on day 3: got %v; want the thief's view, ana ruling, bo thieving for Rival 0, the steward free, proposals adopted then open", c)
			}
			// The thief's standing counts the steal it proposed; the
			// ruler's does not.
			ss, err := h.game.GetSeasonStanding(as(thief), &pb.GetSeasonStandingRequest{})
			if err != nil || ss.GetSeat() != "thief" || ss.GetPlayer() != "bo" || ss.GetFeats().GetMissionsSucceeded() != 1 {
				t.Errorf("the thief's standing: got %v, %v; want bo's, one mission", ss, err)
			}
			ss, err = h.game.GetSeasonStanding(as(ruler), &pb.GetSeasonStandingRequest{})
			if err != nil || ss.GetPlayer() != "ana" || ss.GetFeats().GetMissionsSucceeded() != 0 {
				t.Errorf("the ruler's standing: got %v, %v; want ana's, no mission", ss, err)
			}
			force()
			force() // day 4 ends the season: the camp plays its standing rest.

			c, err = h.game.GetCouncil(as(ruler), &pb.GetCouncilRequest{SinceDay: 3})
			if err != nil || len(c.GetProposals()) != 1 || c.GetProposals()[0].GetStatus() != "refused" {
				t.Errorf("council after day 3: got %v, %v; want the second proposal refused", c, err)
			}
			ch, _, _ := chronicle(t, h, id, 1)
			results := map[string]*pb.PlayerResult{}
			for _, p := range ch.GetPlayers() {
				results[p.GetPlayer()] = p
			}
			if a, b := results["ana"], results["bo"]; a.GetSeat() != "ruler" || b.GetSeat() != "thief" ||
				a.GetFeats().GetMissionsSucceeded() != 0 || b.GetFeats().GetMissionsSucceeded() != 1 ||
				a.GetPostedTicks() != 3 || b.GetPostedTicks() != 2 || a.GetJudgment() != "" || b.GetJudgment() != "" {
				t.Errorf("chronicle players: got %v; want ana ruling with 3 own days and no mission, bo thieving with 2 and the mission, no private words", ch.GetPlayers())
			}
			gained := map[string]int32{}
			for _, b := range ch.GetGloryBoards() {
				for _, p := range b.GetPatrons() {
					gained[p.GetPatron()] = p.GetSeasonGlory()
				}
			}
			if gained["Rival 0"] <= 0 || gained["Patron 0"] != 0 {
				t.Errorf("glory of the season: got %v; want Rival 0's from bo's mission, none for Patron 0", gained)
			}
			ss, err = h.game.GetSeasonStanding(as(thief), &pb.GetSeasonStandingRequest{})
			if words := ss.GetResult().GetJudgment(); err != nil || !strings.Contains(words, "Rival 0") || !strings.Contains(words, "bo") {
				t.Errorf("the thief's judgment: got %q, %v; want Rival 0's words to bo", words, err)
			}
		})
	}
}

// TestFall plays three seasons of the counters ruleset on each store: a
// player judged blame falls into the other camp, keeping its career but
// not its eminence points (FALL-DOOR, FALL-COST), the ledger saying why; a
// player not blamed, whose camp still plays, may not change camp; a fall
// buys nothing; the fallen career earns at most FallenEminence (FALL-EP).
func TestFall(t *testing.T) {
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) {
			st := tc.open(t)
			h := startCounters(t, st)
			admin := as(h.adminToken)
			info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "fall", Seed: 4, Camps: 2,
				SeasonLength: 2, Cadence: durationpb.New(cadence)})
			if err != nil {
				t.Fatalf("create world: %v", err)
			}
			id := info.GetId()
			if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: id}); err != nil {
				t.Fatalf("pause: %v", err)
			}
			enrol := func(player string, camp int32, patron string, purchases ...string) (*pb.EnrollPlayerResponse, error) {
				return h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: id, Camp: camp, Player: player, Mode: "agent",
					Patron: patron, Package: "levy", Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{1, 1, 1, 1, 0},
					Purchases: purchases})
			}
			ana, err := enrol("ana", 0, "Patron 0")
			if err != nil {
				t.Fatalf("enrol ana: %v", err)
			}
			bo, err := enrol("bo", 1, "Patron 1")
			if err != nil {
				t.Fatalf("enrol bo: %v", err)
			}
			force := func() {
				t.Helper()
				if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: id}); err != nil {
					t.Fatalf("force tick: %v", err)
				}
			}
			// Season 1: ana steals bo's point and is not blamed, bo
			// attempts nothing and is; both post each day.
			day := func(a, b string, args ...int32) {
				t.Helper()
				h.submit(t, ana.GetToken(), a, args...)
				h.submit(t, bo.GetToken(), b)
				force()
			}
			verdicts := func(season int32) map[string]string {
				t.Helper()
				ch, _, _ := chronicle(t, h, id, season)
				out := map[string]string{}
				for _, p := range ch.GetPlayers() {
					out[p.GetPlayer()] = p.GetVerdict()
				}
				return out
			}
			day("steal", "rest", 1)
			day("rest", "rest")
			if v := verdicts(1); v["ana"] == "blame" || v["bo"] != "blame" {
				t.Fatalf("season 1's verdicts: got %v; want ana not blamed, bo blamed", v)
			}
			if _, err := h.admin.CreateSeason(admin, &pb.CreateSeasonRequest{WorldId: id}); err != nil {
				t.Fatalf("create season 2: %v", err)
			}
			_, err = enrol("ana", 1, "Patron 1")
			if wantCode(t, err, codes.FailedPrecondition); !strings.Contains(err.Error(), "falls only after blame") {
				t.Errorf("ana, not blamed, into camp 1: got %v; want career_refused, no fall earned", err)
			}
			// Season 2: ana takes her camp back and is blamed.
			if ana, err = enrol("ana", 0, ""); err != nil {
				t.Fatalf("ana takes camp 0 back: %v", err)
			}
			if bo, err = enrol("bo", 1, ""); err != nil {
				t.Fatalf("bo takes camp 1 back: %v", err)
			}
			day("rest", "rest")
			day("rest", "rest")
			if v := verdicts(2); v["ana"] != "blame" {
				t.Fatalf("season 2's verdicts: got %v; want ana blamed", v)
			}
			if _, err := h.admin.CreateSeason(admin, &pb.CreateSeasonRequest{WorldId: id}); err != nil {
				t.Fatalf("create season 3: %v", err)
			}
			_, err = enrol("ana", 1, "Rival 1", "max_pp")
			wantCode(t, err, codes.InvalidArgument)
			before, err := st.Career(context.Background(), id, "ana")
			if err != nil {
				t.Fatalf("ana's career: %v", err)
			}
			if before.EP == 0 {
				t.Fatalf("ana's career before her fall: %+v; want season 1's points to forfeit", before)
			}
			fell, err := enrol("ana", 1, "Rival 1")
			if err != nil {
				t.Fatalf("ana's fall into camp 1: %v", err)
			}
			if c := fell.GetCareer(); c.GetCamp() != 1 || c.GetPatron() != "Rival 1" || !c.GetFallen() || c.GetEminencePoints() != 0 || c.GetSeasons() != 3 {
				t.Errorf("ana's career after her fall: got %v; want camp 1, Rival 1, fallen, no EP, her third season", c)
			}
			ledger, err := st.EminenceLedger(context.Background(), id, "ana")
			if err != nil {
				t.Fatalf("ana's ledger: %v", err)
			}
			if len(ledger) == 0 || ledger[len(ledger)-1].Points != -before.EP || !strings.Contains(ledger[len(ledger)-1].Reason, "fall") {
				t.Errorf("ana's ledger after her fall: got %+v; want her %d EP forfeited by the fall", ledger, before.EP)
			}
			// Season 3: ana steals for camp 1, and posts every day; a
			// fallen career earns at most one point.
			h.submit(t, fell.GetToken(), "steal", 0)
			force()
			h.submit(t, fell.GetToken(), "gain", 1)
			force()
			after, err := st.Career(context.Background(), id, "ana")
			if err != nil || after.EP > 1 || after.Camp != 1 {
				t.Errorf("ana's career after a fallen season: got %+v, %v; want camp 1 and at most 1 EP", after, err)
			}
		})
	}
}
