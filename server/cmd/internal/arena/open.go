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

// Options say where an arena's server listens and who administers it.
type Options struct {
	// Addr is the gRPC address its players, the external entrants and
	// the admins reach (a loopback port of the system's choice when
	// empty).
	Addr string
	// AdminToken, when set, is the operator's admin token (as grisonvald's
	// -admin-token-file): it opens AdminService, the tournament methods
	// included.
	AdminToken string
}

// Open starts a server on the store (the embedded one in dir, or
// PostgreSQL) with the arena serving its tournament methods, serves its
// gRPC API at o.Addr, and returns the arena over it; closeAll stops
// everything. The tournaments RunTournament starts run until closeAll.
func Open(ctx context.Context, dir, dbURL string, log zerolog.Logger, o Options) (*Arena, func(), error) {
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
	life, stopLife := context.WithCancel(context.WithoutCancel(ctx))
	adm := &admin{ctx: life, playing: map[string]bool{}}
	srv, err := server.New(ctx, server.Config{Store: st, Rulesets: served.Rulesets(), Log: log.With().Str("face", "server").Logger(),
		Arena: adm,
		// The arena's own players post a day's order every few
		// milliseconds: the per-token limits meant for the public would
		// hold them back.
		Limits: limits.Config{Orders: off, Writes: off, Reads: off, StreamOpens: off}})
	if err != nil {
		stopLife()
		st.Close()
		return nil, nil, err
	}
	if o.AdminToken != "" {
		if err := srv.SetOperatorToken(ctx, o.AdminToken); err != nil {
			stopLife()
			srv.Stop()
			st.Close()
			return nil, nil, err
		}
	}
	addr := o.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	fail := func(err error, closers ...func()) (*Arena, func(), error) {
		for _, c := range closers {
			c()
		}
		stopLife()
		srv.Stop()
		st.Close()
		return nil, nil, err
	}
	db, err := OpenDB(dir)
	if err != nil {
		return fail(err)
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return fail(err, func() { db.Close() })
	}
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return fail(err, func() { lis.Close(); db.Close() })
	}
	a := &Arena{Admin: srv.Admin(), Game: pb.NewGameServiceClient(conn), Store: st, DB: db, Dir: dir, Log: log,
		Poll: 100 * time.Millisecond, Conn: conn, Addr: lis.Addr().String(), srv: srv}
	// The arena is whole before the first call reaches it.
	adm.arena = a
	g := srv.NewGRPCServer()
	go g.Serve(lis)
	return a, func() {
		stopLife()
		conn.Close()
		srv.Stop()
		g.Stop()
		db.Close()
		st.Close()
	}, nil
}
