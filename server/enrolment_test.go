package server_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
)

// TestEnrolDefaults: an enrolment that gives only a camp and a player
// takes the defaults of REN-DEFAULT (mode human, the camp's first patron,
// the default package and sheet), which GetEnrolmentOptions announces; a
// request wrong in many fields is refused once, naming each of them
// (InvalidArgument, a BadRequest violation per field), in the caller's
// language; validate_only answers the career without storing it, issuing a
// token or writing the audit. Both stores.
func TestEnrolDefaults(t *testing.T) {
	for _, sc := range stores {
		t.Run(sc.name, func(t *testing.T) {
			h := startServer(t, sc.open(t), clock.NewFake(start))
			admin := as(h.adminToken)
			info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "defaults", Seed: 5})
			if err != nil {
				t.Fatalf("create world: %v", err)
			}
			id := info.GetId()
			opts, err := h.admin.GetEnrolmentOptions(admin, &pb.WorldRequest{WorldId: id})
			if err != nil {
				t.Fatalf("GetEnrolmentOptions: %v", err)
			}
			if len(opts.GetCamps()) != 3 || len(opts.GetCamps()[1].GetPatrons()) == 0 || opts.GetSeats()[0] != "ruler" ||
				len(opts.GetPackages()) != career.NumPackages || opts.GetCharacteristicsSum() != career.CharacteristicsNew ||
				opts.GetTalentsSum() != career.TalentsNew || opts.GetDefaultPackage() != "granary" || opts.GetDefaultMode() != "human" {
				t.Fatalf("GetEnrolmentOptions: got %v; want 3 camps with patrons, the ruler's seat first, %d packages, sums %d and %d, defaults granary and human",
					opts, career.NumPackages, career.CharacteristicsNew, career.TalentsNew)
			}
			if g := opts.GetPackages()[0]; g.GetName() != "granary" || g.GetGives() != "+300 food" {
				t.Errorf("the first package: got %v; want granary giving +300 food", g)
			}

			// Many wrong fields: one refusal naming them all.
			fr := pb.WithLang(admin, lang.FR)
			_, err = h.admin.EnrollPlayer(fr, &pb.EnrollPlayerRequest{WorldId: id, Camp: 1, Player: "ada", Mode: "robot", Package: "gold",
				Patron: "Nobody", Seat: "jester", Characteristics: []int32{4, 2, 2, 2}, Talents: []int32{3, 1, 0, 0, 0}})
			if status.Code(err) != codes.InvalidArgument {
				t.Fatalf("a request wrong everywhere: got %v; want InvalidArgument", err)
			}
			_, fields := errorInfo(err)
			want := []string{"mode", "package", "seat", "patron", "characteristics", "talents[0]"}
			if !slices.Equal(fields, want) {
				t.Errorf("fields named: got %v; want %v", fields, want)
			}
			if msg := status.Convert(err).Message(); !strings.HasPrefix(msg, "6 champs sont faux") || !strings.Contains(msg, "talents[0]") {
				t.Errorf("message: got %q; want it to list the 6 fields, in French", msg)
			}

			// validate_only with the defaults: the career, nothing stored.
			dry, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: id, Camp: 1, Player: "ada", ValidateOnly: true})
			if err != nil {
				t.Fatalf("validate_only: %v", err)
			}
			c := dry.GetCareer()
			if dry.GetToken() != "" || c.GetMode() != "human" || c.GetPatron() != opts.GetCamps()[1].GetPatrons()[0] || c.GetPackage() != "granary" ||
				!slices.Equal(c.GetCharacteristics(), opts.GetDefaultCharacteristics()) || !slices.Equal(c.GetTalents(), opts.GetDefaultTalents()) {
				t.Errorf("validate_only: got %v; want no token and the defaults", dry)
			}
			audit, err := h.admin.ListAudit(admin, &pb.ListAuditRequest{Action: "EnrollPlayer"})
			if err != nil || len(audit.GetEntries()) != 1 {
				t.Fatalf("audit of EnrollPlayer after a refusal and a validation: got %v, %v; want the refusal alone", audit.GetEntries(), err)
			}
			if toks, err := h.admin.ListTokens(admin, &pb.ListTokensRequest{WorldId: id}); err != nil || slices.ContainsFunc(toks.GetTokens(), func(t *pb.TokenInfo) bool { return t.GetPlayer() == "ada" }) {
				t.Fatalf("tokens after validate_only: got %v, %v; want none of ada", toks.GetTokens(), err)
			}

			// The same enrolment for real: the same career, a token.
			got, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: id, Camp: 1, Player: "ada"})
			if err != nil {
				t.Fatalf("enrol with the defaults: %v", err)
			}
			if got.GetToken() == "" || !slices.Equal(got.GetCareer().GetCharacteristics(), c.GetCharacteristics()) || got.GetCareer().GetPatron() != c.GetPatron() {
				t.Errorf("enrolment with the defaults: got %v; want the validated career and a token", got)
			}
			if _, err := h.game.GetView(as(got.GetToken()), &pb.GetViewRequest{}); err != nil {
				t.Errorf("the enrolled player's token: %v", err)
			}
			// A second validation of the same seat says it is taken.
			_, err = h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: id, Camp: 1, Player: "bo", ValidateOnly: true})
			wantCode(t, err, codes.AlreadyExists)
		})
	}
}

// TestSeatTokens: ListTokens lists a world's live seat tokens (camp, seat,
// player, never the token); RevokeToken revokes one seat's, which is then
// refused at once while the others still work; a seat without token is
// NotFound, a camp and a seat out of the world are named in one refusal;
// the revocation is audited and the audit filters by world, admin and
// action.
func TestSeatTokens(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	admin := as(h.adminToken)
	info, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "tokens", Seed: 6})
	if err != nil {
		t.Fatalf("create world: %v", err)
	}
	id := info.GetId()
	camp0, err := h.admin.IssueToken(admin, &pb.IssueTokenRequest{WorldId: id, Camp: 0})
	if err != nil {
		t.Fatal(err)
	}
	ada, err := h.admin.EnrollPlayer(admin, &pb.EnrollPlayerRequest{WorldId: id, Camp: 2, Player: "ada", Seat: "general"})
	if err != nil {
		t.Fatalf("enrol ada as camp 2's general: %v", err)
	}
	toks, err := h.admin.ListTokens(admin, &pb.ListTokensRequest{WorldId: id})
	if err != nil {
		t.Fatal(err)
	}
	var seats []string
	for _, tk := range toks.GetTokens() {
		seats = append(seats, strings.Join([]string{string(rune('0' + tk.GetCamp())), tk.GetSeat(), tk.GetPlayer()}, "/"))
	}
	if want := []string{"0/ruler/", "2/general/ada"}; !slices.Equal(seats, want) {
		t.Errorf("ListTokens: got %v; want %v", seats, want)
	}
	enrolled := func() []string {
		t.Helper()
		es, err := h.admin.ListEnrolments(admin, &pb.ListEnrolmentsRequest{WorldId: id})
		if err != nil || es.GetSeason() != 1 {
			t.Fatalf("ListEnrolments: got %v, %v; want season 1's", es, err)
		}
		var out []string
		for _, e := range es.GetEnrolments() {
			out = append(out, fmt.Sprintf("%d/%s/%s/%s/%s/%t", e.GetCamp(), e.GetSeat(), e.GetPlayer(), e.GetPatron(), e.GetPackage(), e.GetBeforeSetup()))
		}
		return out
	}
	if got, want := enrolled(), []string{"2/general/ada/Gaspard/granary/false"}; !slices.Equal(got, want) {
		t.Errorf("ListEnrolments: got %v; want %v", got, want)
	}
	_, err = h.admin.ListEnrolments(admin, &pb.ListEnrolmentsRequest{WorldId: id, Season: 3})
	wantCode(t, err, codes.InvalidArgument)
	_, err = h.admin.RevokeToken(admin, &pb.RevokeTokenRequest{WorldId: id, Camp: 7, Seat: "jester"})
	if _, fields := errorInfo(err); status.Code(err) != codes.InvalidArgument || !slices.Equal(fields, []string{"camp", "seat"}) {
		t.Errorf("RevokeToken of camp 7's jester: got %v, fields %v; want InvalidArgument naming camp and seat", err, fields)
	}
	_, err = h.admin.RevokeToken(admin, &pb.RevokeTokenRequest{WorldId: id, Camp: 1})
	wantCode(t, err, codes.NotFound)
	if _, err := h.game.GetView(as(ada.GetToken()), &pb.GetViewRequest{}); err != nil {
		t.Fatalf("ada's token before its revocation: %v", err)
	}
	rev, err := h.admin.RevokeToken(admin, &pb.RevokeTokenRequest{WorldId: id, Camp: 2, Seat: "general"})
	if err != nil || rev.GetRevoked() != 1 {
		t.Fatalf("RevokeToken of camp 2's general: got %v, %v; want 1 revoked", rev, err)
	}
	_, err = h.game.GetView(as(ada.GetToken()), &pb.GetViewRequest{})
	wantCode(t, err, codes.Unauthenticated)
	if got := enrolled(); len(got) != 1 {
		t.Errorf("ListEnrolments after the revocation: got %v; want ada still enrolled", got)
	}
	if _, err := h.game.GetView(as(camp0.GetToken()), &pb.GetViewRequest{}); err != nil {
		t.Errorf("camp 0's token after camp 2's general's revocation: %v", err)
	}
	audit, err := h.admin.ListAudit(admin, &pb.ListAuditRequest{WorldId: id, Action: "RevokeToken"})
	if err != nil {
		t.Fatal(err)
	}
	var codesSeen []string
	for _, e := range audit.GetEntries() {
		codesSeen = append(codesSeen, e.GetCode())
	}
	if !slices.Equal(codesSeen, []string{"InvalidArgument", "NotFound", "OK"}) {
		t.Errorf("audit of RevokeToken: got codes %v; want InvalidArgument, NotFound, OK", codesSeen)
	}
	_, err = h.admin.ListAudit(admin, &pb.ListAuditRequest{Admin: strings.Repeat("a", 101), Action: "Force\x1bTick"})
	if _, fields := errorInfo(err); status.Code(err) != codes.InvalidArgument || !slices.Equal(fields, []string{"admin", "action"}) {
		t.Errorf("ListAudit with a filter of 101 bytes and one with a control: got %v, fields %v; want InvalidArgument naming admin and action", err, fields)
	}
	if all, err := h.admin.ListAudit(admin, &pb.ListAuditRequest{WorldId: id}); err != nil || all.GetEntries()[0].GetAction() != "CreateWorld" {
		t.Errorf("the world's audit: got %v, %v; want it to start with its CreateWorld", all.GetEntries(), err)
	}
	if other, err := h.admin.ListAudit(admin, &pb.ListAuditRequest{Admin: "nobody"}); err != nil || len(other.GetEntries()) != 0 {
		t.Errorf("audit of an admin without action: got %v, %v; want none", other.GetEntries(), err)
	}
}

// TestCreateWorldNamesEveryField: a CreateWorld wrong in four fields is
// refused once, naming the four, and creates nothing.
func TestCreateWorldNamesEveryField(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	admin := as(h.adminToken)
	before, err := h.admin.ListWorlds(admin, &pb.ListWorldsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Camps: 99, Cadence: durationpb.New(time.Nanosecond), SeasonLength: -5,
		Controllers: []*pb.Controller{{Kind: pb.ControllerKind_CONTROLLER_KIND_HUMAN, Posture: pb.Posture_POSTURE_GROWTH}}})
	_, fields := errorInfo(err)
	if want := []string{"camps", "seed", "cadence", "season_length", "controllers[0].posture"}; status.Code(err) != codes.InvalidArgument || !slices.Equal(fields, want) {
		t.Errorf("CreateWorld wrong everywhere: got %v, fields %v; want InvalidArgument naming %v", err, fields, want)
	}
	// A fork wrong in three fields: named at once, in French.
	_, err = h.admin.ForkWorld(pb.WithLang(admin, lang.FR), &pb.ForkWorldRequest{WorldId: 1, Season: -1, Day: -2, Name: "a\x1bb"})
	if _, fields := errorInfo(err); status.Code(err) != codes.InvalidArgument || !slices.Equal(fields, []string{"season", "day", "name"}) ||
		!strings.Contains(status.Convert(err).Message(), "3 champs sont faux") {
		t.Errorf("ForkWorld wrong everywhere: got %v, fields %v; want InvalidArgument naming season, day and name, in French", err, fields)
	}
	// validate_only: the world it would create, nothing created or
	// audited.
	dry, err := h.admin.CreateWorld(admin, &pb.CreateWorldRequest{Name: "dry", Seed: 9, SeasonLength: 6, ValidateOnly: true})
	if err != nil || dry.GetId() != 0 || dry.GetName() != "dry" || dry.GetCamps() != 3 || dry.GetSeasonLength() != 6 {
		t.Errorf("CreateWorld validate_only: got %v, %v; want world 0 \"dry\" of 3 camps and 6 days", dry, err)
	}
	after, err := h.admin.ListWorlds(admin, &pb.ListWorldsRequest{})
	if err != nil || len(after.GetWorlds()) != len(before.GetWorlds()) {
		t.Errorf("worlds after the refusal and the check: got %d, %v; want %d", len(after.GetWorlds()), err, len(before.GetWorlds()))
	}
	if a, err := h.admin.ListAudit(admin, &pb.ListAuditRequest{Action: "CreateWorld"}); err != nil || len(a.GetEntries()) != 1 || a.GetEntries()[0].GetCode() != "InvalidArgument" {
		t.Errorf("audit of CreateWorld: got %v, %v; want the refusal alone", a.GetEntries(), err)
	}
}
