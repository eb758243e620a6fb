package tools

import (
	"crypto/tls"
	"crypto/x509"
	"flag"
	"fmt"
	"os"

	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/grisonval/server/lang"
)

// Environment variables of the transport flags' defaults.
const (
	EnvTLS        = "GRISONVAL_TLS"
	EnvCA         = "GRISONVAL_CA"
	EnvServerName = "GRISONVAL_SERVER_NAME"
)

// Transport is how a client reaches the game server: TLS, or plaintext
// (for a server on the loopback, in development).
type Transport struct {
	// TLS speaks TLS; a CA implies it.
	TLS bool
	// CA is a PEM file of the certificates to trust (the server's
	// self-signed one, say); the system's authorities when empty.
	CA string
	// ServerName is the name checked in the server's certificate; the
	// address's host when empty.
	ServerName string
}

// TransportFlags defines --tls, --ca and --server-name on fs, with their
// defaults from getenv (EnvTLS set to 1 or true, EnvCA, EnvServerName) and
// their usage in l, and returns the Transport they fill.
func TransportFlags(fs *flag.FlagSet, l lang.Lang, getenv func(string) string) *Transport {
	t := &Transport{CA: getenv(EnvCA), ServerName: getenv(EnvServerName)}
	switch getenv(EnvTLS) {
	case "1", "true":
		t.TLS = true
	}
	fs.BoolVar(&t.TLS, "tls", t.TLS, l.Sprintf("speak TLS to the server, trusting the system's authorities (default $%s)",
		"parler TLS au serveur, en se fiant aux autorités du système (par défaut $%s)", EnvTLS))
	fs.StringVar(&t.CA, "ca", t.CA, l.Sprintf("speak TLS, trusting the certificates of this PEM file, such as the server's self-signed one (default $%s)",
		"parler TLS en se fiant aux certificats de ce fichier PEM, comme celui, autosigné, du serveur (par défaut $%s)", EnvCA))
	fs.StringVar(&t.ServerName, "server-name", t.ServerName, l.Sprintf("with TLS: the name the server's certificate must carry, when not the address's host (default $%s)",
		"avec TLS : le nom que doit porter le certificat du serveur, s'il n'est pas l'hôte de l'adresse (par défaut $%s)", EnvServerName))
	return t
}

// Credentials returns the gRPC transport credentials of t.
func (t Transport) Credentials() (credentials.TransportCredentials, error) {
	if !t.TLS && t.CA == "" {
		return insecure.NewCredentials(), nil
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12, ServerName: t.ServerName}
	if t.CA != "" {
		pem, err := os.ReadFile(t.CA)
		if err != nil {
			return nil, fmt.Errorf("--ca: %w", err)
		}
		cfg.RootCAs = x509.NewCertPool()
		if !cfg.RootCAs.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--ca: no PEM certificate in %s", t.CA)
		}
	}
	return credentials.NewTLS(cfg), nil
}
