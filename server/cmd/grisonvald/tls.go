package main

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/grisonval/server/server/cmd/internal/selfsigned"
)

// Files of the self-signed pair -dev-tls keeps in the data folder.
const (
	devTLSDir  = "tls"
	devTLSCert = selfsigned.CertFile
	devTLSKey  = selfsigned.KeyFile
)

// transport is how the server's listener speaks: TLS with cert, or
// plaintext when cert is nil.
type transport struct {
	cert *tls.Certificate
	// certFile is the certificate's PEM file, which clients trust with
	// --ca (the self-signed one of -dev-tls).
	certFile string
}

// loadTransport returns the listener's transport: the pair certFile and
// keyFile when both are set, a self-signed pair kept in data when devTLS
// (made for hosts on the first start, reused after), else plaintext.
func loadTransport(certFile, keyFile string, devTLS bool, data string, hosts []string) (transport, error) {
	switch {
	case (certFile == "") != (keyFile == ""):
		return transport{}, errors.New("-tls-cert and -tls-key go together")
	case certFile != "" && devTLS:
		return transport{}, errors.New("-dev-tls makes its own pair: give it or -tls-cert and -tls-key, not both")
	case devTLS:
		dir := filepath.Join(data, devTLSDir)
		certFile, keyFile = filepath.Join(dir, devTLSCert), filepath.Join(dir, devTLSKey)
		if _, err := os.Stat(certFile); errors.Is(err, os.ErrNotExist) {
			if err := selfsigned.Write(dir, hosts); err != nil {
				return transport{}, err
			}
		}
	case certFile == "":
		return transport{}, nil
	}
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return transport{}, fmt.Errorf("load the TLS pair: %w", err)
	}
	return transport{cert: &cert, certFile: certFile}, nil
}

// tlsHosts returns the names the self-signed certificate is made for: the
// loopback's, the machine's name, and the hosts of addrs (the listening
// and advertised addresses) that name one.
func tlsHosts(addrs ...string) []string {
	hosts := []string{"localhost", "127.0.0.1", "::1"}
	if name, err := os.Hostname(); err == nil {
		hosts = append(hosts, name)
	}
	for _, a := range addrs {
		h, _, err := net.SplitHostPort(a)
		if ip := net.ParseIP(h); err != nil || h == "" || (ip != nil && ip.IsUnspecified()) {
			continue
		}
		hosts = append(hosts, h)
	}
	return hosts
}

// serverOption returns the gRPC server's credentials, none in plaintext.
func (t transport) serverOption() []grpc.ServerOption {
	if t.cert == nil {
		return nil
	}
	return []grpc.ServerOption{grpc.Creds(credentials.NewTLS(&tls.Config{Certificates: []tls.Certificate{*t.cert}, MinVersion: tls.VersionTLS12}))}
}

// self returns the credentials of the server's own clients (the in-process
// bots and the HTTP faces, over loopback): in TLS, they trust the server's
// certificate itself, whatever names it carries.
func (t transport) self() grpc.DialOption {
	if t.cert == nil {
		return grpc.WithTransportCredentials(insecure.NewCredentials())
	}
	leaf := t.cert.Certificate[0]
	return grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{
		MinVersion: tls.VersionTLS12,
		// The chain is checked below: the server must present this very
		// certificate.
		InsecureSkipVerify: true,
		VerifyPeerCertificate: func(raw [][]byte, _ [][]*x509.Certificate) error {
			if len(raw) == 0 || !bytes.Equal(raw[0], leaf) {
				return errors.New("the server presented another certificate than its own")
			}
			return nil
		},
	}))
}

// replicas returns the credentials a replica forwards calls with: in TLS,
// it trusts the system's authorities and its own certificate's chain, so
// that replicas sharing a certificate, or holding ones of a common
// authority, reach each other.
func (t transport) replicas() (grpc.DialOption, error) {
	if t.cert == nil {
		return grpc.WithTransportCredentials(insecure.NewCredentials()), nil
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	for _, der := range t.cert.Certificate {
		c, err := x509.ParseCertificate(der)
		if err != nil {
			return nil, fmt.Errorf("parse the TLS certificate: %w", err)
		}
		pool.AddCert(c)
	}
	return grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12})), nil
}
