package tools

import (
	"context"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
)

// TestDialSendsLang checks that every call of a connection Dial makes,
// unary or stream, carries its language in the grisonval-lang metadata:
// a gRPC server on loopback records the metadata of each call it gets.
func TestDialSendsLang(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	got := map[string][]string{}
	srv := grpc.NewServer(grpc.UnknownServiceHandler(func(_ any, stream grpc.ServerStream) error {
		method, _ := grpc.MethodFromServerStream(stream)
		md, _ := metadata.FromIncomingContext(stream.Context())
		mu.Lock()
		got[method] = md.Get(pb.LangKey)
		mu.Unlock()
		return status.Error(codes.Unimplemented, "recorded")
	}))
	go srv.Serve(lis)
	t.Cleanup(srv.Stop)
	for _, l := range lang.All {
		conn, err := Dial(lis.Addr().String(), l, Transport{})
		if err != nil {
			t.Fatal(err)
		}
		game := pb.NewGameServiceClient(conn)
		_, _ = game.GetView(context.Background(), &pb.GetViewRequest{})
		if st, err := game.WatchTicks(context.Background(), &pb.WatchTicksRequest{}); err == nil {
			_, _ = st.Recv()
		}
		conn.Close()
		mu.Lock()
		for _, m := range []string{"/grisonval.v1.GameService/GetView", "/grisonval.v1.GameService/WatchTicks"} {
			if v := got[m]; len(v) != 1 || v[0] != l.String() {
				t.Errorf("%s in %s: got %s metadata %q; want [%q]", m, l, pb.LangKey, v, l.String())
			}
		}
		mu.Unlock()
	}
}

// TestChooseLang checks the flag before the environment, English by
// default, and an error that names where a bad value came from.
func TestChooseLang(t *testing.T) {
	env := func(v string) func(string) string {
		return func(k string) string {
			if k == lang.EnvVar {
				return v
			}
			return ""
		}
	}
	for _, tt := range []struct {
		flag, env string
		want      lang.Lang
		err       string
	}{
		{"", "", lang.EN, ""},
		{"", "fr", lang.FR, ""},
		{"en", "fr", lang.EN, ""},
		{"fr", "", lang.FR, ""},
		{"de", "fr", lang.EN, `--lang: unknown language "de": en (English) or fr (French)`},
		{"", "klingon", lang.EN, `$GRISONVAL_LANG: unknown language "klingon"`},
	} {
		l, err := ChooseLang(tt.flag, env(tt.env))
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ChooseLang(%q, %q) = %v, %v; want error %q", tt.flag, tt.env, l, err, tt.err)
		case tt.err == "" && (err != nil || l != tt.want):
			t.Errorf("ChooseLang(%q, %q) = %v, %v; want %v", tt.flag, tt.env, l, err, tt.want)
		}
	}
}
