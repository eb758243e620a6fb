package main

import (
	"context"
	"fmt"
	"net"
	"os/signal"
	"syscall"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// noopGame is the baseline: grpc-go serving GameService with handlers that
// do nothing. GetView and GetFrame answer an empty view or frame at once;
// WatchTicks holds the stream open and sends nothing.
type noopGame struct {
	pb.UnimplementedGameServiceServer
}

func (noopGame) GetView(context.Context, *pb.GetViewRequest) (*pb.CampView, error) {
	return &pb.CampView{}, nil
}

func (noopGame) GetFrame(context.Context, *pb.GetFrameRequest) (*pb.Frame, error) {
	return &pb.Frame{}, nil
}

func (noopGame) WatchTicks(_ *pb.WatchTicksRequest, s pb.GameService_WatchTicksServer) error {
	<-s.Context().Done()
	return s.Context().Err()
}

// serveNoop serves the baseline at addr until SIGTERM or SIGINT.
func serveNoop(addr string) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	g := grpc.NewServer()
	pb.RegisterGameServiceServer(g, noopGame{})
	healthpb.RegisterHealthServer(g, health.NewServer())
	errc := make(chan error, 1)
	go func() { errc <- g.Serve(lis) }()
	select {
	case <-ctx.Done():
		g.Stop()
		return nil
	case err := <-errc:
		return err
	}
}
