package main

import (
	"context"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/metadata"
	protobuf "google.golang.org/protobuf/proto"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// rawReply is a reply the load clients do not decode: on a machine of two
// cores, the clients' decoding would be charged to the server they share
// the cores with. It keeps the size of the reply; sampled replies are
// decoded and checked.
type rawReply struct {
	n    int
	buf  []byte // the reply's bytes, when keep is set
	keep bool
}

// rawCodec is the proto codec, but for rawReply, which it fills without
// decoding.
type rawCodec struct{}

var protoCodec = encoding.GetCodecV2(proto.Name)

func (rawCodec) Name() string { return proto.Name }

func (rawCodec) Marshal(v any) (mem.BufferSlice, error) { return protoCodec.Marshal(v) }

func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	if r, ok := v.(*rawReply); ok {
		r.n = data.Len()
		if r.keep {
			r.buf = data.Materialize()
		}
		return nil
	}
	return protoCodec.Unmarshal(data, v)
}

// dial returns a client connection to a loopback address over creds.
func dial(addr string, creds grpc.DialOption) (*grpc.ClientConn, error) {
	conn, err := grpc.NewClient(addr, creds)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", addr, err)
	}
	return conn, nil
}

// as returns ctx carrying token.
func as(ctx context.Context, token string) context.Context {
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
}

// getView calls GetView, leaving the reply undecoded in r.
func getView(ctx context.Context, conn *grpc.ClientConn, r *rawReply) error {
	return conn.Invoke(ctx, pb.GameService_GetView_FullMethodName, &pb.GetViewRequest{}, r, grpc.ForceCodecV2(rawCodec{}))
}

// getFrame calls GetFrame, leaving the reply undecoded in r.
func getFrame(ctx context.Context, conn *grpc.ClientConn, r *rawReply) error {
	return conn.Invoke(ctx, pb.GameService_GetFrame_FullMethodName, &pb.GetFrameRequest{}, r, grpc.ForceCodecV2(rawCodec{}))
}

// checkFrame decodes a reply of GetFrame and checks that it is a world's
// frame, or an empty one from the no-op baseline.
func checkFrame(b []byte, noop bool) error {
	var f pb.Frame
	if err := protobuf.Unmarshal(b, &f); err != nil {
		return fmt.Errorf("decode frame: %w", err)
	}
	if !noop && len(f.GetCamps()) == 0 {
		return fmt.Errorf("frame of day %d without camps; want a world's", f.GetDay())
	}
	return nil
}

// checkView decodes a reply of GetView and checks that it is camp's view,
// or an empty one from the no-op baseline.
func checkView(b []byte, camp int, noop bool) error {
	var v pb.CampView
	if err := protobuf.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("decode view: %w", err)
	}
	if noop {
		return nil
	}
	if int(v.GetCamp()) != camp || len(v.GetLegalActions()) == 0 {
		return fmt.Errorf("view of camp %d with %d legal actions; want camp %d's", v.GetCamp(), len(v.GetLegalActions()), camp)
	}
	return nil
}
