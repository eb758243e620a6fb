package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/rs/zerolog"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// This file is the one place where the server's refusals become gRPC
// statuses: every status carries an ErrorInfo whose reason is an
// pb.ErrorReason (the proto's append-only catalogue), and its gRPC code is
// the reason's, from reasonCodes.

// errorDomain is the domain of every google.rpc.ErrorInfo the server sends.
const errorDomain = "grisonval.v1"

// reasonCodes gives each reason its gRPC code. A reason missing here is
// FailedPrecondition.
var reasonCodes = map[pb.ErrorReason]codes.Code{
	pb.ErrorReason_ERROR_REASON_BAD_REQUEST:          codes.InvalidArgument,
	pb.ErrorReason_ERROR_REASON_UNKNOWN_ACTION:       codes.InvalidArgument,
	pb.ErrorReason_ERROR_REASON_BAD_ARGUMENTS:        codes.InvalidArgument,
	pb.ErrorReason_ERROR_REASON_UNKNOWN_ZONE:         codes.InvalidArgument,
	pb.ErrorReason_ERROR_REASON_UNKNOWN_RULESET:      codes.InvalidArgument,
	pb.ErrorReason_ERROR_REASON_TOO_MANY_MESSAGES:    codes.ResourceExhausted,
	pb.ErrorReason_ERROR_REASON_TOO_MANY_NOTES:       codes.ResourceExhausted,
	pb.ErrorReason_ERROR_REASON_STREAM_BEHIND:        codes.ResourceExhausted,
	pb.ErrorReason_ERROR_REASON_WORLD_STOPPED:        codes.Unavailable,
	pb.ErrorReason_ERROR_REASON_WORLD_MOVED:          codes.Unavailable,
	pb.ErrorReason_ERROR_REASON_WORLD_WITHOUT_SERVER: codes.Unavailable,
	pb.ErrorReason_ERROR_REASON_UNAVAILABLE:          codes.Unavailable,
	pb.ErrorReason_ERROR_REASON_UNAUTHENTICATED:      codes.Unauthenticated,
	pb.ErrorReason_ERROR_REASON_PERMISSION_DENIED:    codes.PermissionDenied,
	pb.ErrorReason_ERROR_REASON_NOT_YOUR_SEAT:        codes.PermissionDenied,
	pb.ErrorReason_ERROR_REASON_OUT_OF_DOMAIN:        codes.PermissionDenied,
	pb.ErrorReason_ERROR_REASON_NOT_FOUND:            codes.NotFound,
	pb.ErrorReason_ERROR_REASON_ALREADY_ENROLLED:     codes.AlreadyExists,
	pb.ErrorReason_ERROR_REASON_INTERNAL:             codes.Internal,
}

// Shorter names of the reasons the server refuses with itself.
const (
	reasonBadRequest       = pb.ErrorReason_ERROR_REASON_BAD_REQUEST
	reasonSeasonOver       = pb.ErrorReason_ERROR_REASON_SEASON_OVER
	reasonWorldStopped     = pb.ErrorReason_ERROR_REASON_WORLD_STOPPED
	reasonSeasonRunning    = pb.ErrorReason_ERROR_REASON_SEASON_RUNNING
	reasonNotRecipient     = pb.ErrorReason_ERROR_REASON_NOT_A_RECIPIENT
	reasonTooManyMessages  = pb.ErrorReason_ERROR_REASON_TOO_MANY_MESSAGES
	reasonWorldMoved       = pb.ErrorReason_ERROR_REASON_WORLD_MOVED
	reasonNoOwner          = pb.ErrorReason_ERROR_REASON_WORLD_WITHOUT_SERVER
	reasonUnauthenticated  = pb.ErrorReason_ERROR_REASON_UNAUTHENTICATED
	reasonPermission       = pb.ErrorReason_ERROR_REASON_PERMISSION_DENIED
	reasonNotFound         = pb.ErrorReason_ERROR_REASON_NOT_FOUND
	reasonAlreadyEnrolled  = pb.ErrorReason_ERROR_REASON_ALREADY_ENROLLED
	reasonSeasonClosed     = pb.ErrorReason_ERROR_REASON_SEASON_CLOSED
	reasonSeasonNotStarted = pb.ErrorReason_ERROR_REASON_SEASON_NOT_STARTED
	reasonCareerRefused    = pb.ErrorReason_ERROR_REASON_CAREER_REFUSED
	reasonStreamBehind     = pb.ErrorReason_ERROR_REASON_STREAM_BEHIND
	reasonUnavailable      = pb.ErrorReason_ERROR_REASON_UNAVAILABLE
	reasonInternal         = pb.ErrorReason_ERROR_REASON_INTERNAL
	reasonUnknownRuleset   = pb.ErrorReason_ERROR_REASON_UNKNOWN_RULESET
	reasonNotYourSeat      = pb.ErrorReason_ERROR_REASON_NOT_YOUR_SEAT
	reasonOutOfDomain      = pb.ErrorReason_ERROR_REASON_OUT_OF_DOMAIN
	reasonNoProposal       = pb.ErrorReason_ERROR_REASON_NO_PROPOSAL
)

// errStopped is returned by a world runner that no longer runs.
var errStopped = errors.New("world runner stopped")

// refuse returns the status of a refusal: reason's gRPC code, msg, an
// ErrorInfo with the reason and, when field is set, a BadRequest violation
// naming it with msg.
func refuse(reason pb.ErrorReason, field, msg string) error {
	return refuseField(reason, field, msg, msg)
}

// refuseField is refuse with the field violation's own description.
func refuseField(reason pb.ErrorReason, field, msg, desc string) error {
	c, ok := reasonCodes[reason]
	if !ok {
		c = codes.FailedPrecondition
	}
	st := status.New(c, msg)
	details := []protoadapt.MessageV1{&errdetails.ErrorInfo{Reason: reason.Code(), Domain: errorDomain}}
	if field != "" {
		details = append(details, &errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{
			{Field: field, Description: desc, Reason: reason.Code()},
		}})
	}
	if withDetails, err := st.WithDetails(details...); err == nil {
		st = withDetails
	}
	return st.Err()
}

// refusef is refuse with a formatted message.
func refusef(reason pb.ErrorReason, field, format string, args ...any) error {
	return refuse(reason, field, fmt.Sprintf(format, args...))
}

// invalidArgument refuses a malformed request field.
func invalidArgument(field, format string, args ...any) error {
	return refusef(reasonBadRequest, field, format, args...)
}

// sinceDayText refuses a negative since_day.
func sinceDayText(day int32) lang.Text {
	return lang.T("since_day must be 0 or more; got %d", "since_day doit valoir 0 ou plus ; reçu %d", day)
}

// refuseIn is refuse with its message in l, written in both languages.
func refuseIn(l lang.Lang, reason pb.ErrorReason, field string, msg lang.Text) error {
	return refuse(reason, field, msg.In(l))
}

// ruleStatus returns the status of an order a ruleset refused, in l: the
// rule's message prefixed with its code and field, and its field described
// by the rule's message alone. The code, the reason and the field are the
// same in every language.
func ruleStatus(r *game.Refusal, l lang.Lang) error {
	return refuseField(r.Reason, r.Field, r.In(l), r.Message.In(l))
}

// toStatus turns any error of the server into a gRPC status error. Errors
// that are already statuses pass through; a store outage is Unavailable
// (outage.go); unexpected ones are logged and answered as Internal, without
// their text.
func toStatus(log zerolog.Logger, err error) error {
	if err == nil {
		return nil
	}
	if o, ok := errors.AsType[*storeOutage](err); ok {
		return o // answered and logged by the outage interceptors
	}
	if st, ok := errors.AsType[grpcStatus](err); ok {
		// The status as it was made, without the context wrapped around
		// it on its way (a client reads its message).
		return st.GRPCStatus().Err()
	}
	if o, ok := store.Unavailable(err); ok {
		// Answered and logged by the outage interceptors (outage.go).
		return &storeOutage{outage: o}
	}
	var re *game.Refusal
	switch {
	case errors.As(err, &re):
		return ruleStatus(re, lang.EN)
	case errors.Is(err, errStopped):
		return refuse(reasonWorldStopped, "", "the server is stopping; retry shortly")
	case errors.Is(err, errTooSlow):
		return refuse(reasonStreamBehind, "", "the stream fell behind the world; call WatchTicks again")
	case errors.Is(err, store.ErrNotFound):
		return refuse(reasonNotFound, "", "not found")
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return status.FromContextError(err).Err()
	}
	log.Error().Err(err).Msg("internal error")
	return refuse(reasonInternal, "", "internal error")
}

// grpcStatus is an error that is a gRPC status.
type grpcStatus interface {
	error
	GRPCStatus() *status.Status
}

// seasonOver refuses an order once the world's season has ended.
func seasonOver(l lang.Lang, day int) error {
	return refuseIn(l, reasonSeasonOver, "", lang.T("the season ended on day %d; an admin can reset it",
		"la saison s'est achevée le jour %d ; un administrateur peut la relancer", day))
}

// worldNotFound answers a request naming a world that does not exist.
func worldNotFound(id uint64) error {
	return refusef(reasonNotFound, "", "no world %d", id)
}
