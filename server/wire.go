package server

import (
	"sync"

	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/encoding/proto"
	"google.golang.org/grpc/mem"
	protobuf "google.golang.org/protobuf/proto"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// wireViews holds the wire encoding of every view and frame the world
// loops keep (views.go), made once when it is kept, so that the gRPC
// server writes it as it is to each caller instead of encoding it again.
// It is safe for concurrent use.
type wireViews struct {
	m sync.Map // *pb.CampView or *pb.Frame -> []byte
}

// keep encodes v, a view or frame that will not change, for the wire.
func (w *wireViews) keep(v protobuf.Message) {
	if w == nil {
		return
	}
	if b, err := protobuf.Marshal(v); err == nil {
		w.m.Store(v, b)
	}
}

// forget drops v's encoding. A call still answering with v then encodes it
// again.
func (w *wireViews) forget(v protobuf.Message) {
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
	switch m := v.(type) {
	case *pb.CampView, *pb.Frame:
		if b, ok := c.views.m.Load(m); ok {
			return mem.BufferSlice{mem.SliceBuffer(b.([]byte))}, nil
		}
	case *sharedNotice:
		b, err := m.encoded()
		if err != nil {
			return nil, err
		}
		return mem.BufferSlice{mem.SliceBuffer(b)}, nil
	}
	return c.base.Marshal(v)
}

// sharedNotice is a tick notice the world loop sends to every stream of a
// camp (or to every spectator) in one language: the first stream that
// writes it encodes it, the others write that encoding as it is: a notice
// costs one encoding, not one per stream. It is safe for concurrent use;
// msg must not change.
type sharedNotice struct {
	msg  *pb.TickNotice
	once sync.Once
	b    []byte
	err  error
}

// encoded returns the notice's wire encoding, made once.
func (n *sharedNotice) encoded() ([]byte, error) {
	n.once.Do(func() { n.b, n.err = protobuf.Marshal(n.msg) })
	return n.b, n.err
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
