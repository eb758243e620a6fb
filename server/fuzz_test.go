package server_test

import (
	"context"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/store/sqlite"
)

// rpc is one method of the server's services, as a fuzz target calls it.
type rpc struct {
	name   string // "/grisonval.v1.GameService/GetView"
	stream bool
	input  protoreflect.MessageDescriptor
}

// rpcs returns every method of the game, admin and chronicle services, in
// a stable order.
func rpcs(t testing.TB) []rpc {
	var out []rpc
	for _, svc := range []string{pb.GameService_ServiceDesc.ServiceName, pb.AdminService_ServiceDesc.ServiceName, pb.ChronicleService_ServiceDesc.ServiceName} {
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(svc))
		if err != nil {
			t.Fatalf("service %s: %v", svc, err)
		}
		methods := d.(protoreflect.ServiceDescriptor).Methods()
		for i := range methods.Len() {
			m := methods.Get(i)
			out = append(out, rpc{name: "/" + svc + "/" + string(m.Name()), stream: m.IsStreamingServer(), input: m.Input()})
		}
	}
	slices.SortFunc(out, func(a, b rpc) int { return strings.Compare(a.name, b.name) })
	return out
}

// FuzzRequestDecoding sends any bytes as the request of every RPC of the
// game, admin and chronicle services, with the token the service needs:
// the server answers each with a status of the caller's fault or an
// answer, never Internal or Unknown, and logs no error (issue 14, point
// 8). The seed corpus holds, for every RPC, an empty request, a valid one
// about the test world, a world_id past 2^63 and bytes that do not decode.
func FuzzRequestDecoding(f *testing.F) {
	methods := rpcs(f)
	for i, m := range methods {
		mt, err := protoregistry.GlobalTypes.FindMessageByName(m.input.FullName())
		if err != nil {
			f.Fatal(err)
		}
		valid := mt.New().Interface()
		if fd := m.input.Fields().ByName("world_id"); fd != nil {
			valid.ProtoReflect().Set(fd, protoreflect.ValueOfUint64(1))
		}
		b, err := proto.Marshal(valid)
		if err != nil {
			f.Fatal(err)
		}
		huge := []byte{0x08, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01} // world_id 2^63
		for _, body := range [][]byte{nil, b, huge, {0x08, 0xff}, {0x0a, 0x05, 'a'}} {
			f.Add(uint8(i), body)
		}
	}

	logs := &logBuffer{}
	st, err := sqlite.Open(f.TempDir())
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	srv, err := server.New(context.Background(), server.Config{Store: st, Clock: clock.NewFake(start), Rulesets: rulesets, Log: zerolog.New(logs)})
	if err != nil {
		f.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		f.Fatal(err)
	}
	g := srv.NewGRPCServer()
	go g.Serve(lis)
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() {
		conn.Close()
		srv.Stop()
		g.Stop()
	})
	ctx := context.Background()
	adminTok, err := srv.IssueAdminToken(ctx, "fuzz")
	if err != nil {
		f.Fatal(err)
	}
	w, err := pb.NewAdminServiceClient(conn).CreateWorld(as(adminTok), &pb.CreateWorldRequest{Name: "fuzz", Seed: 42})
	if err != nil {
		f.Fatal(err)
	}
	camp, err := pb.NewAdminServiceClient(conn).IssueToken(as(adminTok), &pb.IssueTokenRequest{WorldId: w.GetId(), Camp: 0})
	if err != nil {
		f.Fatal(err)
	}

	f.Fuzz(func(t *testing.T, method uint8, body []byte) {
		m := methods[int(method)%len(methods)]
		token := ""
		switch {
		case strings.Contains(m.name, "GameService"):
			token = camp.GetToken()
		case strings.Contains(m.name, "AdminService"):
			token = adminTok
		}
		cctx, cancel := context.WithTimeout(as(token), 2*time.Second)
		defer cancel()
		var err error
		if m.stream {
			var s grpc.ClientStream
			s, err = conn.NewStream(cctx, &grpc.StreamDesc{ServerStreams: true}, m.name, grpc.ForceCodec(rawCodec{}))
			if err == nil {
				if err = s.SendMsg(body); err == nil {
					s.CloseSend()
					var reply []byte
					err = s.RecvMsg(&reply)
				}
			}
		} else {
			err = invokeRaw(cctx, conn, m.name, body)
		}
		if c := status.Code(err); c == codes.Internal || c == codes.Unknown {
			t.Fatalf("%s with %x: %v", m.name, body, err)
		}
		if errs := logs.errors(); len(errs) > 0 {
			t.Fatalf("%s with %x logged errors:\n%s", m.name, body, strings.Join(errs, "\n"))
		}
	})
}
