package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/metadata"

	"github.com/grisonval/server/deploy"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// startTimeout bounds how long a server process may take to serve.
const startTimeout = 30 * time.Second

// cluster is a set of grisonvald processes on one Postgres database, each
// with a fixed loopback address kept across restarts. Its methods are not
// safe for concurrent use.
type cluster struct {
	bin string // the grisonvald binary
	url string // the database
	dir string // shared data folder: connect.txt, the admin token's file and the logs
	// admin is the operator's admin token every process sets at its start
	// (-admin-token-file).
	admin string
	addrs []string
	procs []*exec.Cmd // nil when not running
	logs  []*os.File
}

// buildServer builds grisonvald into dir as the image does
// (deploy.BuildCommand) and returns its path.
func buildServer(ctx context.Context, dir string) (string, error) {
	bin := filepath.Join(dir, "grisonvald")
	cmd := deploy.BuildCommand(ctx, bin, "github.com/grisonval/server/server/cmd/grisonvald")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build grisonvald: %w\n%s", err, out)
	}
	return bin, nil
}

// newCluster prepares n processes of bin on the database at url; none is
// started.
func newCluster(bin, url, dir string, n int) (*cluster, error) {
	c := &cluster{bin: bin, url: url, dir: dir, procs: make([]*exec.Cmd, n), admin: "gva_crash_" + rand.Text()}
	if err := os.WriteFile(c.adminFile(), []byte(c.admin+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("write the admin token's file: %w", err)
	}
	for i := range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("pick a port: %w", err)
		}
		c.addrs = append(c.addrs, l.Addr().String())
		l.Close()
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("server-%d.log", i)))
		if err != nil {
			return nil, fmt.Errorf("create log: %w", err)
		}
		c.logs = append(c.logs, f)
	}
	return c, nil
}

// start starts process i and waits until it serves.
func (c *cluster) start(ctx context.Context, i int) error {
	cmd := exec.Command(c.bin, "-database-url", c.url, "-addr", c.addrs[i], "-data", c.dir, "-admin-token-file", c.adminFile())
	// The processes forward calls to each other: they share a secret.
	cmd.Env = append(os.Environ(), "GRISONVAL_REPLICA_SECRET=grisonval-crash")
	cmd.Stdout, cmd.Stderr = c.logs[i], c.logs[i]
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start server %d: %w", i, err)
	}
	c.procs[i] = cmd
	ctx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	conn, err := grpc.NewClient(c.addrs[i], grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return err
	}
	defer conn.Close()
	health := healthpb.NewHealthClient(conn)
	for {
		resp, err := health.Check(ctx, &healthpb.HealthCheckRequest{})
		if err == nil && resp.GetStatus() == healthpb.HealthCheckResponse_SERVING {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("server %d not serving after %s: %v", i, startTimeout, err)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// kill kills process i with SIGKILL and reaps it.
func (c *cluster) kill(i int) error {
	cmd := c.procs[i]
	c.procs[i] = nil
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		return fmt.Errorf("kill server %d: %w", i, err)
	}
	cmd.Wait()
	return nil
}

// term stops process i with SIGTERM and returns its exit error, if it did
// not exit with status 0 within timeout.
func (c *cluster) term(i int, timeout time.Duration) error {
	cmd := c.procs[i]
	c.procs[i] = nil
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return fmt.Errorf("terminate server %d: %w", i, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("server %d after SIGTERM: %w", i, err)
		}
		return nil
	case <-time.After(timeout):
		cmd.Process.Kill()
		<-done
		return fmt.Errorf("server %d still running %s after SIGTERM", i, timeout)
	}
}

// close kills every process still running and closes the logs.
func (c *cluster) close() {
	for i, cmd := range c.procs {
		if cmd != nil {
			c.kill(i)
		}
	}
	for _, f := range c.logs {
		f.Close()
	}
}

// logTail returns the last lines of process i's log.
func (c *cluster) logTail(i, lines int) string {
	b, err := os.ReadFile(c.logs[i].Name())
	if err != nil {
		return err.Error()
	}
	all := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return strings.Join(all[max(0, len(all)-lines):], "\n")
}

// adminFile is the path of the operator's admin token's file.
func (c *cluster) adminFile() string {
	return filepath.Join(c.dir, "admin.token")
}

// dial returns a client connection to process i.
func (c *cluster) dial(i int) (*grpc.ClientConn, error) {
	return grpc.NewClient(c.addrs[i], grpc.WithTransportCredentials(insecure.NewCredentials()))
}

// as returns ctx carrying token.
func as(ctx context.Context, token string) context.Context {
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+token)
}

// campTokens issues a token for each of the three camps of world id with
// the admin token admin.
func campTokens(ctx context.Context, client pb.AdminServiceClient, admin string, id uint64) ([3]string, error) {
	var tokens [3]string
	for camp := range tokens {
		resp, err := client.IssueToken(as(ctx, admin), &pb.IssueTokenRequest{WorldId: id, Camp: int32(camp)})
		if err != nil {
			return tokens, fmt.Errorf("issue token of camp %d: %w", camp, err)
		}
		tokens[camp] = resp.GetToken()
	}
	return tokens, nil
}
