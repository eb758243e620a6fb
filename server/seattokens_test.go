package server_test

import (
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestSeatTokenRevoked checks N3 of issue 34 (SEAT-ENROL): an admin
// re-issues a councillor seat's token during its season; the seat's old
// token stops working at once, the new one plays the same seat for the
// same player, the ruler's token is untouched, and the issue is audited. A
// seat the council does not have is refused naming the field.
func TestSeatTokenRevoked(t *testing.T) {
	for _, tc := range seasonStores {
		t.Run(tc.name, func(t *testing.T) {
			h := startCounters(t, tc.open(t))
			admin := as(h.adminToken)
			info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "seat tokens", Seed: 3, Camps: 2,
				SeasonLength: 4, Cadence: durationpb.New(cadence)})
			if err != nil {
				t.Fatalf("create world: %v", err)
			}
			id := info.GetId()
			enrol := func(player, seat string) string {
				resp, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: id, Camp: 0, Player: player, Mode: "agent",
					Seat: seat, Patron: "Patron 0", Package: "levy", Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{1, 1, 1, 1, 0}})
				if err != nil {
					t.Fatalf("enrol %s: %v", player, err)
				}
				return resp.GetToken()
			}
			ruler, thief := enrol("ana", ""), enrol("bo", "thief")
			council := func(token string) (*pb.Council, error) {
				return h.game.GetCouncil(as(token), &pb.GetCouncilRequest{})
			}
			if c, err := council(thief); err != nil || c.GetSeat() != "thief" {
				t.Fatalf("the thief's council: %v, %v", c, err)
			}

			// Re-issuing the camp's token leaves the seats of others alone.
			if _, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: 0, Seat: "ruler"}); err != nil {
				t.Fatalf("re-issue the ruler's token: %v", err)
			}
			_, err = council(ruler)
			wantCode(t, err, codes.Unauthenticated)
			newRuler, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: 0})
			if err != nil {
				t.Fatalf("issue the camp's token: %v", err)
			}
			if _, err := council(thief); err != nil {
				t.Fatalf("the thief after the ruler's token was re-issued: %v", err)
			}

			resp, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: 0, Seat: "thief"})
			if err != nil {
				t.Fatalf("re-issue the thief's token: %v", err)
			}
			_, err = council(thief)
			wantCode(t, err, codes.Unauthenticated)
			c, err := council(resp.GetToken())
			if err != nil || c.GetSeat() != "thief" {
				t.Fatalf("the thief's new token: %v, %v; want the thief's seat", c, err)
			}
			for _, s := range c.GetSeats() {
				if s.GetSeat() == "thief" && s.GetPlayer() != "bo" {
					t.Errorf("the thief's seat holder: %q; want bo", s.GetPlayer())
				}
			}
			if c, err := council(newRuler.GetToken()); err != nil || c.GetSeat() != "ruler" {
				t.Errorf("the ruler's token after the thief's was re-issued: %v, %v", c, err)
			}

			_, err = h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: 0, Seat: "cook"})
			wantCode(t, err, codes.InvalidArgument)
			if _, fields := errorInfo(err); len(fields) != 1 || fields[0] != "seat" {
				t.Errorf("an unknown seat: fields %v; want [seat]", fields)
			}

			audit, err := h.admin.ListAudit(admin, &pb.ListAuditRequest{WorldId: id})
			if err != nil {
				t.Fatalf("audit: %v", err)
			}
			issued := 0
			for _, e := range audit.GetEntries() {
				if e.GetAction() == "IssueToken" && strings.Contains(e.GetDetail(), "thief") && e.GetCode() == "OK" {
					issued++
				}
			}
			if issued != 1 {
				t.Errorf("audited issues of the thief's token: %d; want 1", issued)
			}
		})
	}
}

// TestNotebookSeat checks N8 of issue 34 (SEAT-NOTES): only the ruler's
// seat writes the camp's notebook; a councillor reads it and is refused
// NOT_YOUR_SEAT when it writes, the notebook unchanged.
func TestNotebookSeat(t *testing.T) {
	h := startCounters(t, openSQLite(t))
	admin := as(h.adminToken)
	info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "notes", Seed: 3, Camps: 2,
		SeasonLength: 4, Cadence: durationpb.New(cadence)})
	if err != nil {
		t.Fatalf("create world: %v", err)
	}
	enrol := func(player, seat string) string {
		resp, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: info.GetId(), Camp: 0, Player: player, Mode: "agent",
			Seat: seat, Patron: "Patron 0", Package: "levy", Characteristics: []int32{2, 2, 2, 2, 2}, Talents: []int32{1, 1, 1, 1, 0}})
		if err != nil {
			t.Fatalf("enrol %s: %v", player, err)
		}
		return resp.GetToken()
	}
	ruler, thief := enrol("ana", ""), enrol("bo", "thief")
	if _, err := h.game.SetNotebook(as(ruler), &pb.SetNotebookRequest{Text: "the ruler's plan"}); err != nil {
		t.Fatalf("the ruler writes: %v", err)
	}
	_, err = h.game.SetNotebook(as(thief), &pb.SetNotebookRequest{Text: "overwritten"})
	wantCode(t, err, codes.PermissionDenied)
	if reason, _ := errorInfo(err); reason != pb.ErrorReason_ERROR_REASON_NOT_YOUR_SEAT.Code() {
		t.Errorf("the thief writes: reason %q; want not_your_seat", reason)
	}
	n, err := h.game.GetNotebook(as(thief), &pb.GetNotebookRequest{})
	if err != nil || n.GetText() != "the ruler's plan" {
		t.Errorf("the thief reads: %q, %v; want the ruler's plan", n.GetText(), err)
	}
}
