package server

import (
	"context"
	"errors"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/protoadapt"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// This file is what the server does while its store cannot serve (a
// database down or out of reach, a full disk): calls that need the store
// are answered Unavailable with the reason `unavailable`, the outage's
// cause and a RetryInfo; their log lines are sampled (one per cause and
// window, then a count); and the health service says NOT_SERVING for the
// whole server (service "") until the store answers again. Views and
// everything else the world loops keep are still served.

// storeCheck is how often the server checks that its store answers (the
// health service's status), and the retry delay of a call refused for an
// outage.
const storeCheck = time.Second

// LivenessService is the health service's name that says SERVING while the
// process serves at all, whatever its store does: a liveness probe asks
// it, so that a database outage makes replicas unready (service "", NOT_SERVING)
// without restarting them.
const LivenessService = "liveness"

// storeOutage is the answer of a call that failed for a store outage: its
// status is Unavailable, and the outage interceptors write it in the
// caller's language and log it in windows.
type storeOutage struct {
	outage *store.Outage
}

func (e *storeOutage) Error() string { return e.outage.Error() }

// GRPCStatus is the status in English, for a caller the interceptors did
// not see.
func (e *storeOutage) GRPCStatus() *status.Status { return outageStatus(lang.EN, e.outage.Cause) }

// outageStatus returns the status of a call refused for a store outage of
// cause, its message in l.
func outageStatus(l lang.Lang, cause string) *status.Status {
	var what lang.Text
	switch cause {
	case store.CauseDiskFull:
		what = lang.T("the server's database is out of disk space", "la base de données du serveur n'a plus d'espace disque")
	case store.CauseResources:
		what = lang.T("the server's database is out of resources", "la base de données du serveur manque de ressources")
	default:
		what = lang.T("the server's database cannot be reached", "la base de données du serveur est injoignable")
	}
	msg := lang.T(what.EN+" now; nothing it acknowledged is lost: retry in %s",
		what.FR+" pour l'instant ; rien de ce qu'il a confirmé n'est perdu : réessayez dans %s", storeCheck).In(l)
	st := status.New(codes.Unavailable, msg)
	details := []protoadapt.MessageV1{
		&errdetails.ErrorInfo{Reason: reasonUnavailable.Code(), Domain: errorDomain, Metadata: map[string]string{"cause": cause}},
		&errdetails.RetryInfo{RetryDelay: durationpb.New(storeCheck)},
	}
	if withDetails, err := st.WithDetails(details...); err == nil {
		st = withDetails
	}
	return st
}

// outageUnary answers a call that failed for a store outage in its
// language, and logs it in windows.
func (s *Server) outageUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	resp, err := handler(ctx, req)
	return resp, s.outageAnswer(ctx, info.FullMethod, err)
}

// outageStream is outageUnary for streams.
func (s *Server) outageStream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	return s.outageAnswer(ss.Context(), info.FullMethod, handler(srv, ss))
}

// outageAnswer returns err, or its status in the call's language when it is
// a store outage, which it notes in the sampled log.
func (s *Server) outageAnswer(ctx context.Context, method string, err error) error {
	e, ok := errors.AsType[*storeOutage](err)
	if !ok {
		return err
	}
	fields := map[string]any{"cause": e.outage.Cause, "error": e.outage.Err.Error(), "method": method}
	if id, ok := worldOf(ctx, nil); ok {
		fields["world"] = id
	}
	s.outages.Note("store-unavailable:"+e.outage.Cause, zerolog.ErrorLevel, "store unavailable: call answered Unavailable", fields)
	return outageStatus(pb.LangOf(ctx), e.outage.Cause).Err()
}

// watchStore checks every storeCheck, until quit closes, that the store
// answers, and sets the health service's status of the whole server
// accordingly: NOT_SERVING while the store cannot be reached. Each change
// is logged once.
func (s *Server) watchStore(quit <-chan struct{}) {
	serving := true
	s.every(quit, nil, storeCheck, func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, storeCheck)
		err := s.cfg.Store.Ping(ctx)
		cancel()
		if (err == nil) == serving {
			return
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.stopped {
			return // Stop has set NOT_SERVING for good
		}
		serving = err == nil
		if serving {
			s.health.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
			s.log.Info().Msg("store reachable again: health SERVING")
			return
		}
		s.health.SetServingStatus("", healthpb.HealthCheckResponse_NOT_SERVING)
		s.log.Error().Err(err).Msg("store unreachable: health NOT_SERVING until it answers")
	})
}
