package server

import (
	"context"
	"fmt"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// violations gathers every wrong field of a request, so that one answer
// names them all (InvalidArgument with a BadRequest violation per field)
// rather than one per call. The zero value is empty and ready.
type violations struct {
	l    lang.Lang
	list []*errdetails.BadRequest_FieldViolation
}

// add records that field is wrong, saying why in v's language.
func (v *violations) add(field string, why lang.Text) {
	v.list = append(v.list, &errdetails.BadRequest_FieldViolation{Field: field, Description: why.In(v.l), Reason: reasonBadRequest.Code()})
}

// addStatus records that field is wrong with the message of a refusal.
func (v *violations) addStatus(field string, err error) {
	v.list = append(v.list, &errdetails.BadRequest_FieldViolation{Field: field, Description: status.Convert(err).Message(), Reason: reasonBadRequest.Code()})
}

// err returns nil when no field is wrong, else the InvalidArgument status
// whose message lists every wrong field ("field: why; ...") and whose
// details carry the reason and one field violation each.
func (v *violations) err() error {
	if len(v.list) == 0 {
		return nil
	}
	parts := make([]string, len(v.list))
	for i, f := range v.list {
		parts[i] = f.GetField() + ": " + f.GetDescription()
	}
	msg := parts[0]
	if len(parts) > 1 {
		msg = v.l.Sprintf("%d fields are wrong: %s", "%d champs sont faux : %s", len(parts), strings.Join(parts, "; "))
	}
	st := status.New(codes.InvalidArgument, msg)
	if d, err := st.WithDetails(&errdetails.ErrorInfo{Reason: reasonBadRequest.Code(), Domain: errorDomain},
		&errdetails.BadRequest{FieldViolations: v.list}); err == nil {
		st = d
	}
	return st.Err()
}

// fieldOf returns the reason and the first violated field of a refusal.
func fieldOf(err error) (reason, field string) {
	for _, d := range status.Convert(err).Details() {
		switch d := d.(type) {
		case *errdetails.ErrorInfo:
			reason = d.GetReason()
		case *errdetails.BadRequest:
			if len(d.GetFieldViolations()) > 0 && field == "" {
				field = d.GetFieldViolations()[0].GetField()
			}
		}
	}
	return reason, field
}

// Defaults of an enrolment that leaves them out (docs/career.md,
// REN-DEFAULT).
var defaultMode = career.Human

// GetEnrolmentOptions returns the choices of an enrolment in a world and
// the defaults EnrollPlayer takes.
func (a *adminService) GetEnrolmentOptions(ctx context.Context, req *pb.WorldRequest) (*pb.EnrolmentOptions, error) {
	r, err := a.s.world(req.GetWorldId())
	if err != nil {
		return nil, err
	}
	l := pb.LangOf(ctx)
	out := &pb.EnrolmentOptions{WorldId: req.GetWorldId(), DefaultMode: defaultMode.String(), DefaultPackage: career.DefaultPackage.String(),
		CharacteristicsSum: career.CharacteristicsNew, TalentsSum: career.TalentsNew}
	var se game.Season
	err = r.do(ctx, func() error {
		se = r.rs.Season(r.settings.Camps)
		names := game.CampNames(r.rs, r.settings.Camps)
		for c := range r.settings.Camps {
			out.Camps = append(out.Camps, &pb.EnrolmentCamp{Camp: int32(c), Name: campName(names, c), Patrons: se.Patrons(c)})
		}
		for _, s := range game.SeatsOf(se) {
			out.Seats = append(out.Seats, s.Code)
		}
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	for _, n := range career.PackageNames() {
		p, _ := career.ParsePackage(n)
		out.Packages = append(out.Packages, &pb.EnrolmentPackage{Name: n, Gives: game.PackageGivesOf(se, p).In(l)})
	}
	for c := career.Characteristic(1); int(c) <= career.NumCharacteristics; c++ {
		out.Characteristics = append(out.Characteristics, &pb.SheetTrait{Name: c.String(), Min: career.CharacteristicMinNew, Max: career.CharacteristicMaxNew})
		out.DefaultCharacteristics = append(out.DefaultCharacteristics, int32(career.DefaultCharacteristics[c-1]))
	}
	for t := career.Talent(1); int(t) <= career.NumTalents; t++ {
		out.Talents = append(out.Talents, &pb.SheetTrait{Name: t.String(), Min: 0, Max: career.TalentMaxNew})
		out.DefaultTalents = append(out.DefaultTalents, int32(career.DefaultTalents[t-1]))
	}
	return out, nil
}

// checkNewSheet records every wrong trait of a new career's sheet (rule
// SHEET-NEW): a count other than five, a value out of its bounds, a sum
// other than the rule's. An empty sheet is the default one (REN-DEFAULT).
func checkNewSheet(bad *violations, chars, talents []int32) (c [career.NumCharacteristics]int, t [career.NumTalents]int) {
	if len(chars) == 0 && len(talents) == 0 {
		return career.DefaultCharacteristics, career.DefaultTalents
	}
	check := func(field string, vals []int32, n, lo, hi, sum int, name func(i int) string) []int {
		if len(vals) != n {
			bad.add(field, lang.T("give %d numbers, one per trait in the order %s; got %d (or none at all: the default sheet)",
				"donnez %d nombres, un par trait dans l'ordre %s ; reçu %d (ou aucun : la feuille par défaut)", n, traitNames(n, name), len(vals)))
			return nil
		}
		out, total := make([]int, n), 0
		for i, v := range vals {
			if int(v) < lo || int(v) > hi {
				bad.add(fmt.Sprintf("%s[%d]", field, i), lang.T("%s is %d; a new sheet's is %d to %d",
					"%s vaut %d ; celle d'une nouvelle feuille va de %d à %d", name(i), v, lo, hi))
			}
			out[i] = int(v)
			total += int(v)
		}
		if total != sum {
			bad.add(field, lang.T("the %s sum to %d; a new sheet's sum to exactly %d", "les %s font %d ; ceux d'une nouvelle feuille font exactement %d",
				field, total, sum))
		}
		return out
	}
	if cs := check("characteristics", chars, career.NumCharacteristics, career.CharacteristicMinNew, career.CharacteristicMaxNew, career.CharacteristicsNew,
		func(i int) string { return career.Characteristic(i + 1).String() }); cs != nil {
		copy(c[:], cs)
	}
	if ts := check("talents", talents, career.NumTalents, 0, career.TalentMaxNew, career.TalentsNew,
		func(i int) string { return career.Talent(i + 1).String() }); ts != nil {
		copy(t[:], ts)
	}
	return c, t
}

// traitNames joins the names of n traits.
func traitNames(n int, name func(i int) string) string {
	names := make([]string, n)
	for i := range names {
		names[i] = name(i)
	}
	return strings.Join(names, ", ")
}

// ListTokens lists the live camp, seat and spectator tokens of a world,
// without their text.
func (a *adminService) ListTokens(ctx context.Context, req *pb.ListTokensRequest) (*pb.ListTokensResponse, error) {
	if _, err := a.s.world(req.GetWorldId()); err != nil {
		return nil, err
	}
	toks, err := a.s.cfg.Store.CampTokens(ctx, req.GetWorldId())
	if err != nil {
		return nil, toStatus(a.s.log, err)
	}
	resp := &pb.ListTokensResponse{}
	for _, t := range toks {
		resp.Tokens = append(resp.Tokens, &pb.TokenInfo{Camp: int32(t.Camp), Seat: store.SeatOrRuler(t.Seat), Player: pb.Printable(t.Player, false)})
	}
	specs, err := a.s.cfg.Store.SpectatorTokens(ctx, req.GetWorldId())
	if err != nil {
		return nil, toStatus(a.s.log, err)
	}
	for _, t := range specs {
		resp.Tokens = append(resp.Tokens, &pb.TokenInfo{Camp: -1, Spectator: pb.Printable(t.Name, false)})
	}
	return resp, nil
}

// RevokeToken revokes the tokens of a world's camp's seat, or a spectator
// token (admintokens.go), and drops them from the cache.
func (a *adminService) RevokeToken(ctx context.Context, req *pb.RevokeTokenRequest) (*pb.RevokeTokenResponse, error) {
	r, err := a.s.world(req.GetWorldId())
	if err != nil {
		return nil, err
	}
	if req.GetSpectator() != "" {
		return a.revokeSpectator(ctx, r, req)
	}
	seat := store.SeatOrRuler(req.GetSeat())
	bad := violations{l: pb.LangOf(ctx)}
	err = r.do(ctx, func() error {
		if r.checkCamp(req.GetCamp()) != nil {
			bad.add("camp", lang.T("camp must be 0 to %d (the world has %d camps); got %d",
				"camp va de 0 à %d (le monde a %d camps) ; reçu %d", r.settings.Camps-1, r.settings.Camps, req.GetCamp()))
		}
		seats := game.SeatsOf(r.rs.Season(r.settings.Camps))
		if _, ok := findSeat(seats, seat); !ok {
			bad.add("seat", lang.T("seat must be one of %s; got %q", "seat est l'un de %s ; reçu %q", seatCodes(seats), req.GetSeat()))
		}
		return bad.err()
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	n, err := a.s.auth.revokeCamp(ctx, r.id, int(req.GetCamp()), seat)
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	if n == 0 {
		return nil, refuseIn(pb.LangOf(ctx), reasonNotFound, "seat", lang.T("camp %d's %s seat has no token to revoke",
			"le siège %[2]s du camp %[1]d n'a aucun jeton à révoquer", req.GetCamp(), seat))
	}
	r.log.Info().Int("camp", int(req.GetCamp())).Str("seat", seat).Int("revoked", n).Msg("admin: seat tokens revoked")
	return &pb.RevokeTokenResponse{Revoked: int32(n)}, nil
}

// revokeCamp deletes the tokens of a world's camp's seat, drops them from
// the cache and the vouched tokens, and ends their open streams on this
// process before it returns (as put does for the tokens a new one
// replaces).
func (a *authenticator) revokeCamp(ctx context.Context, worldID uint64, camp int, seat string) (int, error) {
	n, err := a.store.RevokeCampTokens(ctx, worldID, camp, seat)
	if err != nil {
		return 0, err
	}
	a.forget(worldID, func(p principal) bool {
		return p.role == store.RoleCamp && p.camp == camp && store.SeatOrRuler(p.seat) == seat
	}, n > 0)
	return n, nil
}

// ListEnrolments lists the players enrolled in a season of a world: the
// season being prepared when the request names none.
func (a *adminService) ListEnrolments(ctx context.Context, req *pb.ListEnrolmentsRequest) (*pb.ListEnrolmentsResponse, error) {
	r, err := a.s.world(req.GetWorldId())
	if err != nil {
		return nil, err
	}
	season := int(req.GetSeason())
	err = r.do(ctx, func() error {
		prepared := r.settings.Season
		if r.closed {
			prepared++
		}
		switch {
		case season == 0:
			season = prepared
		case season < 0 || season > prepared:
			return refuseIn(pb.LangOf(ctx), reasonBadRequest, "season", lang.T("season must be 1 to %d (the season being prepared), or 0 for it; got %d",
				"season va de 1 à %d (la saison en préparation), ou 0 pour elle ; reçu %d", prepared, season))
		}
		return nil
	})
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	es, err := a.s.cfg.Store.Enrolments(ctx, r.id, season)
	if err != nil {
		return nil, toStatus(r.base, err)
	}
	resp := &pb.ListEnrolmentsResponse{Season: int32(season)}
	for _, e := range es {
		resp.Enrolments = append(resp.Enrolments, &pb.EnrolmentInfo{Camp: int32(e.Camp), Seat: store.SeatOrRuler(e.Seat), Player: pb.Printable(e.Player, false),
			Patron: e.Patron, Package: e.Package, Purchases: e.Purchases, Spent: int32(e.Spent), BeforeSetup: e.BeforeSetup})
	}
	return resp, nil
}
