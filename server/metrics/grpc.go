package metrics

import (
	"context"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// ForwardedKey is the metadata key a replica sets on a call it forwards to
// the world's owner (server/forward.go): the owner counts such a call as
// forwarded, apart from the calls its own clients make, so that a sum over
// replicas counts each client's call once (on the replica it reached).
const ForwardedKey = "grisonval-forwarded-by"

// forwarded reports whether ctx's call was forwarded by another replica.
func forwarded(ctx context.Context) bool {
	md, _ := metadata.FromIncomingContext(ctx)
	return len(md.Get(ForwardedKey)) > 0
}

// Full method names whose calls are also counted as orders and messages.
const (
	submitOrder = "/grisonval.v1.GameService/SubmitOrder"
	sendMessage = "/grisonval.v1.GameService/SendMessage"
)

// split returns a full method name's service and method.
func split(full string) (service, method string) {
	service, method, _ = strings.Cut(strings.TrimPrefix(full, "/"), "/")
	return service, method
}

// reasonOf returns the reason a refusal gives (its ErrorInfo, as every
// refusal of the server carries), else its gRPC code's name.
func reasonOf(err error) string {
	st := status.Convert(err)
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info.GetReason()
		}
	}
	return st.Code().String()
}

// UnaryInterceptor counts and times every unary call, and the orders and
// messages by result and reason; a call another replica forwarded is
// counted in grisonval_forwarded_calls_total alone (the replica that
// forwarded it counted it). Put it first in the chain, so that it sees
// what every other interceptor refused.
func (m *Metrics) UnaryInterceptor(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if m == nil {
		return handler(ctx, req)
	}
	service, method := split(info.FullMethod)
	if forwarded(ctx) {
		resp, err := handler(ctx, req)
		m.forwarded.WithLabelValues(service, method, "unary", status.Code(err).String()).Inc()
		return resp, err
	}
	m.rpcStarted.WithLabelValues(service, method, "unary").Inc()
	start := time.Now()
	resp, err := handler(ctx, req)
	m.rpcSeconds.WithLabelValues(service, method, "unary").Observe(time.Since(start).Seconds())
	m.rpcHandled.WithLabelValues(service, method, "unary", status.Code(err).String()).Inc()
	var counted *prometheus.CounterVec
	switch info.FullMethod {
	case submitOrder:
		counted = m.orders
	case sendMessage:
		counted = m.messages
	default:
		return resp, err
	}
	if err != nil {
		counted.WithLabelValues("refused", reasonOf(err)).Inc()
	} else {
		counted.WithLabelValues("accepted", "").Inc()
	}
	return resp, err
}

// StreamInterceptor counts and times every stream and keeps the gauge of
// the streams open by kind.
func (m *Metrics) StreamInterceptor(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	if m == nil {
		return handler(srv, ss)
	}
	service, method := split(info.FullMethod)
	kind := streamKind(info)
	if forwarded(ss.Context()) {
		err := handler(srv, ss)
		m.forwarded.WithLabelValues(service, method, kind, status.Code(err).String()).Inc()
		return err
	}
	m.rpcStarted.WithLabelValues(service, method, kind).Inc()
	m.streams.WithLabelValues(method).Inc()
	start := time.Now()
	err := handler(srv, ss)
	m.streams.WithLabelValues(method).Dec()
	m.rpcSeconds.WithLabelValues(service, method, kind).Observe(time.Since(start).Seconds())
	m.rpcHandled.WithLabelValues(service, method, kind, status.Code(err).String()).Inc()
	return err
}

// streamKind names a stream's type as grpc-ecosystem's metrics do.
func streamKind(info *grpc.StreamServerInfo) string {
	switch {
	case info.IsClientStream && info.IsServerStream:
		return "bidi_stream"
	case info.IsClientStream:
		return "client_stream"
	default:
		return "server_stream"
	}
}
