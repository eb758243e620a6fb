package main

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/cmd/internal/selfsigned"
	"github.com/grisonval/server/server/store/pgtest"
)

// TestDevTLS: grisonvald -dev -dev-tls speaks TLS with a self-signed pair
// kept in the data folder (its key the owner's alone), which connect.txt
// tells the CLI to trust; its own clients (the JSON face here, the
// in-process bots alike) reach it over TLS; a client that trusts the
// certificate plays, a plaintext one or one that trusts only the system's
// authorities is refused (issue 14, point 5).
func TestDevTLS(t *testing.T) {
	d := startDevServer(t, "", security{devTLS: true})
	ca := filepath.Join(d.data, devTLSDir, devTLSCert)
	if fi, err := os.Stat(filepath.Join(d.data, devTLSDir, devTLSKey)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the key file: %v, %v; want mode 0600", fi, err)
	}
	text, err := os.ReadFile(filepath.Join(d.data, connectFile))
	if err != nil || !strings.Contains(string(text), "--ca "+ca) {
		t.Errorf("%s does not tell the CLI to trust %s:\n%s", connectFile, ca, text)
	}
	if code, body := d.post(t, "grisonval.v1.GameService/GetView", d.camp, "{}"); code != http.StatusOK {
		t.Errorf("the JSON face over TLS: got %d %v; want 200", code, body)
	}
	view := func(tr tools.Transport) error {
		conn, err := tools.Dial(d.grpcAddr, lang.EN, tr)
		if err != nil {
			return err
		}
		defer conn.Close()
		ctx := metadata.AppendToOutgoingContext(t.Context(), "authorization", "Bearer "+d.camp)
		_, err = pb.NewGameServiceClient(conn).GetView(ctx, &pb.GetViewRequest{})
		return err
	}
	if err := view(tools.Transport{CA: ca}); err != nil {
		t.Errorf("a client trusting the certificate: %v", err)
	}
	if err := view(tools.Transport{CA: ca, ServerName: "localhost"}); err != nil {
		t.Errorf("a client trusting the certificate, checking the name localhost: %v", err)
	}
	for name, tr := range map[string]tools.Transport{
		"plaintext":                   {},
		"trusting the system's roots": {TLS: true},
		"checking another name":       {CA: ca, ServerName: "example.org"},
	} {
		if err := view(tr); status.Code(err) != codes.Unavailable {
			t.Errorf("a client %s: got %v; want Unavailable", name, err)
		}
	}
}

// TestReplicasOverTLS: two server processes of one database, sharing a
// certificate and the replica secret, forward calls to each other over
// TLS: a world created through one is played through the other (issue
// 14, points 3 and 5).
func TestReplicasOverTLS(t *testing.T) {
	pair := t.TempDir()
	if err := selfsigned.Write(pair, []string{"127.0.0.1", "localhost"}); err != nil {
		t.Fatal(err)
	}
	admin := "operator-" + strings.Repeat("x", 32)
	tokenFile := filepath.Join(t.TempDir(), "admin.token")
	if err := os.WriteFile(tokenFile, []byte(admin+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	sec := security{replicaSecret: "shared", tlsCert: filepath.Join(pair, selfsigned.CertFile), tlsKey: filepath.Join(pair, selfsigned.KeyFile),
		adminTokenFile: tokenFile}
	url := pgtest.NewDatabase(t)
	start := func() (addr string) {
		t.Helper()
		data := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			done <- run(ctx, zerolog.Nop(), "127.0.0.1:0", data, url, devWorld{}, "", server.Replica{}, faces{}, sec)
		}()
		t.Cleanup(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("grisonvald: %v", err)
			}
		})
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			text, err := os.ReadFile(filepath.Join(data, connectFile))
			if err == nil {
				if strings.Contains(string(text), "token: ") {
					t.Errorf("%s holds a token outside -dev:\n%s", connectFile, text)
				}
				return regexp.MustCompile(`Grisonval server at (\S+)`).FindStringSubmatch(string(text))[1]
			}
			if time.Now().After(deadline) {
				t.Fatalf("no %s after 20s", connectFile)
			}
		}
	}
	dial := func(addr string) *grpc.ClientConn {
		t.Helper()
		conn, err := tools.Dial(addr, lang.EN, tools.Transport{CA: sec.tlsCert})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return conn
	}
	// Both set the operator's token: the second's start rotates nothing.
	addrA := start()
	addrB := start()
	ctx := metadata.AppendToOutgoingContext(t.Context(), "authorization", "Bearer "+admin)
	a, b := pb.NewAdminServiceClient(dial(addrA)), pb.NewAdminServiceClient(dial(addrB))
	w, err := a.CreateWorld(ctx, &pb.CreateWorldRequest{Name: "tls", Seed: 9})
	if err != nil {
		t.Fatalf("CreateWorld through the first: %v", err)
	}
	// Whichever runs the world, one of the two calls is forwarded.
	for name, c := range map[string]pb.AdminServiceClient{"first": a, "second": b} {
		if _, err := c.ForceTick(ctx, &pb.WorldRequest{WorldId: w.GetId()}); err != nil {
			t.Errorf("ForceTick through the %s: %v", name, err)
		}
	}
	if st, err := b.GetWorldState(ctx, &pb.WorldRequest{WorldId: w.GetId()}); err != nil || st.GetDay() != 2 {
		t.Errorf("the world after a tick through each: got %v, %v; want day 2", st.GetDay(), err)
	}
}
