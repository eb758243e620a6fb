package server

import (
	"context"
	"math"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
)

// malformedRequests holds the requests whose bytes did not decode, from
// the codec's Unmarshal to the interceptor that refuses them. It is safe
// for concurrent use.
type malformedRequests struct {
	m sync.Map // proto.Message -> error
}

// add records that m's bytes did not decode.
func (r *malformedRequests) add(m proto.Message, err error) {
	r.m.Store(m, err)
}

// take returns why m's bytes did not decode, or nil, and forgets m.
func (r *malformedRequests) take(m any) error {
	err, _ := r.m.LoadAndDelete(m)
	e, _ := err.(error)
	return e
}

// checkRequest refuses, with InvalidArgument, what no handler should see:
// bytes that are not a valid encoding of the request, and a world_id that
// no world can have (the stores' identifiers are signed 64-bit integers).
func (s *Server) checkRequest(req any) error {
	if err := s.malformed.take(req); err != nil {
		return invalidArgument("", "the request is not a valid protobuf encoding of its message: %v", err)
	}
	if r, ok := req.(interface{ GetWorldId() uint64 }); ok && r.GetWorldId() > math.MaxInt64 {
		return invalidArgument("world_id", "world_id must be at most %d; got %d", uint64(math.MaxInt64), r.GetWorldId())
	}
	return nil
}

// checkUnary is the interceptor of checkForwarded and checkRequest for
// unary calls.
func (s *Server) checkUnary(ctx context.Context, req any, _ *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	if err := s.checkForwarded(ctx); err != nil {
		return nil, err
	}
	if err := s.checkRequest(req); err != nil {
		return nil, err
	}
	return handler(ctx, req)
}

// checkStream is the interceptor of checkForwarded and checkRequest for
// streams: every message received is checked.
func (s *Server) checkStream(srv any, ss grpc.ServerStream, _ *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	if err := s.checkForwarded(ss.Context()); err != nil {
		return err
	}
	return handler(srv, &checkedStream{ServerStream: ss, s: s})
}

// checkedStream is a stream whose received messages pass checkRequest.
type checkedStream struct {
	grpc.ServerStream
	s *Server
}

func (c *checkedStream) RecvMsg(m any) error {
	if err := c.ServerStream.RecvMsg(m); err != nil {
		return err
	}
	return c.s.checkRequest(m)
}
