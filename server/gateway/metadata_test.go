package gateway

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// recorder is a game service that records the metadata of GetJournal.
type recorder struct {
	pb.UnimplementedGameServiceServer
	got chan metadata.MD
}

func (r *recorder) GetJournal(ctx context.Context, _ *pb.GetJournalRequest) (*pb.GetJournalResponse, error) {
	md, _ := metadata.FromIncomingContext(ctx)
	r.got <- md
	return &pb.GetJournalResponse{}, nil
}

// TestReservedMetadata checks that a JSON caller cannot forge the server's
// own metadata through Grpc-Metadata- headers (issue 34): grpc-gateway's
// default header matcher passes none of them (its LegacyHeaderMatcher
// would), so the faces' credential is the face's alone, the caller's
// address is its HTTP peer's, and no page is named.
func TestReservedMetadata(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{got: make(chan metadata.MD, 1)}
	g := grpc.NewServer()
	pb.RegisterGameServiceServer(g, rec)
	go g.Serve(lis)
	defer g.Stop()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithPerRPCCredentials(pb.FaceCredentials("real")))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	face, err := New(t.Context(), conn)
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/grisonval.v1.GameService/GetJournal", strings.NewReader("{}"))
	req.RemoteAddr = "192.0.2.7:4242"
	for k, v := range map[string]string{
		"Grpc-Metadata-Grisonval-Face":         "forged",
		"Grpc-Metadata-Grisonval-Client-Addr":  "198.51.100.1",
		"Grpc-Metadata-Grisonval-Page":         "p1",
		"Grpc-Metadata-Grisonval-Forwarded-By": "10.0.0.1:7777",
		"Grpc-Metadata-Grisonval-Lang":         "fr",
		"Grpc-Metadata-Something-Else":         "kept",
	} {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	face.ServeHTTP(w, req)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	md := <-rec.got
	for key, want := range map[string][]string{
		pb.FaceKey:               {"real"},
		pb.ClientAddrKey:         {"192.0.2.7"},
		pb.PageKey:               nil,
		"grisonval-forwarded-by": nil,
		pb.LangKey:               nil,
		"something-else":         nil,
	} {
		if got := md.Get(key); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("metadata %s: got %q; want %q", key, got, want)
		}
	}
}
