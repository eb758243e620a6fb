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

	"github.com/grisonval/server/engine"
	"github.com/grisonval/server/server/store"
)

// errorDomain is the domain of every google.rpc.ErrorInfo the server sends.
const errorDomain = "grisonval.v1"

// Reasons of errors that are not engine rule codes. Append only: clients
// match on them.
const (
	reasonSeasonOver   = "season_over"
	reasonWorldStopped = "world_stopped"
	// reasonSeasonRunning refuses the chronicle of a season that runs.
	reasonSeasonRunning = "season_running"
)

// errStopped is returned by a world runner that no longer runs.
var errStopped = errors.New("world runner stopped")

// ruleCodes maps the engine's refusal codes to gRPC codes.
var ruleCodes = map[engine.Code]codes.Code{
	engine.CodeUnknownAction: codes.InvalidArgument,
	engine.CodeBadArgs:       codes.InvalidArgument,
	engine.CodeUnknownZone:   codes.InvalidArgument,
	engine.CodeNotAllowed:    codes.FailedPrecondition,
	engine.CodeShortOf:       codes.FailedPrecondition,
	engine.CodeExtinct:       codes.FailedPrecondition,
}

// toStatus turns any error of the server into a gRPC status error. Errors
// that are already statuses pass through; unexpected ones are logged and
// answered as Internal, without their text.
func toStatus(log zerolog.Logger, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := status.FromError(err); ok {
		return err
	}
	var re *engine.RuleError
	switch {
	case errors.As(err, &re):
		return ruleStatus(re)
	case errors.Is(err, errStopped):
		return withInfo(codes.Unavailable, reasonWorldStopped, "the server is stopping; retry shortly", "")
	case errors.Is(err, errTooSlow):
		return status.Error(codes.ResourceExhausted, "the stream fell behind the world; call WatchTicks again")
	case errors.Is(err, store.ErrNotFound):
		return status.Error(codes.NotFound, "not found")
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return status.FromContextError(err).Err()
	}
	log.Error().Err(err).Msg("internal error")
	return status.Error(codes.Internal, "internal error")
}

// ruleStatus returns the status of an order the engine refused: the rule's
// message, its code as the ErrorInfo reason and its field as a BadRequest
// violation.
func ruleStatus(re *engine.RuleError) error {
	c, ok := ruleCodes[re.Code]
	if !ok {
		c = codes.FailedPrecondition
	}
	return withDetails(c, string(re.Code), re.Error(), re.Field, re.Message)
}

// withInfo builds a status with an ErrorInfo of the given reason and, when
// field is set, a BadRequest violation naming it with msg.
func withInfo(c codes.Code, reason, msg, field string) error {
	return withDetails(c, reason, msg, field, msg)
}

// withDetails is withInfo with the violation's own description.
func withDetails(c codes.Code, reason, msg, field, desc string) error {
	st := status.New(c, msg)
	details := []protoadapt.MessageV1{&errdetails.ErrorInfo{Reason: reason, Domain: errorDomain}}
	if field != "" {
		details = append(details, &errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{
			{Field: field, Description: desc, Reason: reason},
		}})
	}
	if withDetails, err := st.WithDetails(details...); err == nil {
		st = withDetails
	}
	return st.Err()
}

// invalidArgument refuses a malformed request field.
func invalidArgument(field, format string, args ...any) error {
	return withInfo(codes.InvalidArgument, "bad_request", fmt.Sprintf(format, args...), field)
}

// seasonOver refuses an order once the world's season has ended.
func seasonOver(day int) error {
	return withInfo(codes.FailedPrecondition, reasonSeasonOver,
		fmt.Sprintf("the season ended on day %d; an admin can reset it", day), "")
}

// worldNotFound answers a request naming a world that does not exist.
func worldNotFound(id uint64) error {
	return status.Errorf(codes.NotFound, "no world %d", id)
}
