package server

import (
	"sync"

	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/mem"
	protobuf "google.golang.org/protobuf/proto"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// wireViews holds the wire encoding of every view the world loops keep
// (views.go), made once when the view is kept, so that the gRPC server
// writes it as it is to each caller instead of encoding it again. It is
// safe for concurrent use.
type wireViews struct {
	m sync.Map // *pb.CampView -> []byte
}

// keep encodes v, a view that will not change, for the wire.
func (w *wireViews) keep(v *pb.CampView) {
	if w == nil {
		return
	}
	if b, err := protobuf.Marshal(v); err == nil {
		w.m.Store(v, b)
	}
}

// forget drops v's encoding. A call still answering with v then encodes it
// again.
func (w *wireViews) forget(v *pb.CampView) {
	if w != nil && v != nil {
		w.m.Delete(v)
	}
}

// viewCodec is gRPC's proto codec, except that a kept view is written from
// its encoding made once. The server speaks only proto.
type viewCodec struct {
	views *wireViews
	// malformed holds the requests whose bytes did not decode, for the
	// interceptors to refuse (request.go): gRPC answers a codec's error
	// with Internal, a fault of the caller's is InvalidArgument.
	malformed *malformedRequests
	base      encoding.CodecV2
}

func newViewCodec(views *wireViews, malformed *malformedRequests) viewCodec {
	return viewCodec{views: views, malformed: malformed, base: encoding.GetCodecV2(proto.Name)}
}

func (c viewCodec) Name() string { return c.base.Name() }

func (c viewCodec) Marshal(v any) (mem.BufferSlice, error) {
	if cv, ok := v.(*pb.CampView); ok {
		if b, ok := c.views.m.Load(cv); ok {
			return mem.BufferSlice{mem.SliceBuffer(b.([]byte))}, nil
		}
	}
	return c.base.Marshal(v)
}

// Unmarshal decodes a request; one whose bytes are not a valid encoding is
// left empty and kept in c.malformed, for the interceptors to refuse.
func (c viewCodec) Unmarshal(data mem.BufferSlice, v any) error {
	err := c.base.Unmarshal(data, v)
	if m, ok := v.(protobuf.Message); ok && err != nil {
		protobuf.Reset(m)
		c.malformed.add(m, err)
		return nil
	}
	return err
}
