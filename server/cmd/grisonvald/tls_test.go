package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/engine/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
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
