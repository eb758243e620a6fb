package server

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file keeps a panic to the call or the world it happened in
// (docs/security.md): a handler's panic is answered Internal and logged
// with its stack; a panic on a world's loop pauses that world, logged with
// its tick, until an admin resumes it (ResumeWorld). A tick is committed
// before the loop's state moves, so a panic never loses a committed tick:
// the world stays at its last one, its pending orders kept.

// panicked logs a recovered panic of a call to method and returns its
// status.
func panicked(log zerolog.Logger, method string, p any) error {
	log.Error().Str("method", method).Str("panic", fmt.Sprint(p)).Str("stack", string(debug.Stack())).Msg("call panicked")
	return refuse(reasonInternal, "", "internal error")
}

// recoverUnary answers a unary call whose handler (or a later interceptor)
// panicked with Internal.
func (s *Server) recoverUnary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
	defer func() {
		if p := recover(); p != nil {
			resp, err = nil, panicked(s.log, info.FullMethod, p)
		}
	}()
	return handler(ctx, req)
}

// recoverStream ends a stream whose handler (or a later interceptor)
// panicked with Internal.
func (s *Server) recoverStream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = panicked(s.log, info.FullMethod, p)
		}
	}()
	return handler(srv, ss)
}

// safely runs fn, a step of the world loop; if it panics, the world is
// paused and safely reports it. It runs on the loop's goroutine.
func (r *runner) safely(step string, fn func()) (panicked bool) {
	defer func() {
		if p := recover(); p != nil {
			r.pauseOnPanic(step, p)
			panicked = true
		}
	}()
	fn()
	return false
}

// worldPanicked answers a call whose step on the world loop panicked, in
// the call's language.
func worldPanicked(ctx context.Context) error {
	msg := lang.T("internal error: the world is paused until an admin resumes it",
		"erreur interne : le monde est en pause jusqu'à ce qu'un admin le relance")
	return refuse(reasonInternal, "", msg.In(pb.LangOf(ctx)))
}

// pauseOnPanic logs a panic of the world loop with the world's tick and
// pauses the world: its clock stops, in the store too when it can be
// written, until an admin resumes it. The views kept are dropped, as the
// step may have left them behind.
func (r *runner) pauseOnPanic(step string, p any) {
	r.log.Error().Str("step", step).Str("panic", fmt.Sprint(p)).Str("stack", string(debug.Stack())).
		Msg("world loop panicked: the world is paused until an admin resumes it")
	r.dropViews()
	r.disarm()
	if !r.settings.Paused {
		w := r.settings
		w.Paused = true
		if err := r.updateSettings(context.Background(), w); err != nil {
			r.settings.Paused = true
			r.log.Error().Err(err).Msg("paused world not stored: it runs again after a restart")
		}
	}
}
