package arena

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/cmd/internal/served"
	"github.com/grisonval/server/server/limits"
	"github.com/grisonval/server/server/store"
	"github.com/grisonval/server/server/store/postgres"
	"github.com/grisonval/server/server/store/sqlite"
)

// Open starts a server on the store (the embedded one in dir, or
// PostgreSQL), serves its gRPC API on a loopback port for the players,
// and returns the arena over it; closeAll stops everything.
func Open(ctx context.Context, dir, dbURL string, log zerolog.Logger) (*Arena, func(), error) {
	var st store.Store
	var err error
	if dbURL != "" {
		st, err = postgres.Open(ctx, dbURL)
	} else {
		st, err = sqlite.Open(filepath.Join(dir, "store"))
	}
	if err != nil {
		return nil, nil, fmt.Errorf("open the store: %w", err)
	}
	off := limits.Rate{PerSecond: -1, Burst: -1}
	srv, err := server.New(ctx, server.Config{Store: st, Rulesets: served.Rulesets(), Log: log.With().Str("face", "server").Logger(),
		// The arena's own players post a day's order every few
		// milliseconds: the per-token limits meant for the public would
		// hold them back.
		Limits: limits.Config{Orders: off, Writes: off, Reads: off, StreamOpens: off}})
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		srv.Stop()
		st.Close()
		return nil, nil, err
	}
	g := srv.NewGRPCServer()
	go g.Serve(lis)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		g.Stop()
		srv.Stop()
		st.Close()
		return nil, nil, err
	}
	db, err := OpenDB(dir)
	if err != nil {
		conn.Close()
		g.Stop()
		srv.Stop()
		st.Close()
		return nil, nil, err
	}
	a := &Arena{Admin: srv.Admin(), Game: pb.NewGameServiceClient(conn), Store: st, DB: db, Dir: dir, Log: log,
		Poll: 100 * time.Millisecond, Conn: conn}
	return a, func() {
		conn.Close()
		srv.Stop()
		g.Stop()
		db.Close()
		st.Close()
	}, nil
}
