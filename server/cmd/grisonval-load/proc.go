package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"google.golang.org/grpc"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// startTimeout bounds how long a server process may take to serve.
const startTimeout = 60 * time.Second

// process is a server process started by the tool, on a loopback address.
type process struct {
	name string
	cmd  *exec.Cmd
	addr string
	log  string // the path of its log (stdout and stderr)
	done chan struct{}
	// creds are the transport of its health checks.
	creds grpc.DialOption
}

// freeAddr returns a loopback address with a free port.
func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("pick a port: %w", err)
	}
	defer l.Close()
	return l.Addr().String(), nil
}

// startProcess runs bin with args, its output in logPath, and waits until
// the gRPC health service at addr, reached over creds, says it serves.
func startProcess(ctx context.Context, name, bin string, args []string, addr, logPath string, creds grpc.DialOption) (*process, error) {
	f, err := os.Create(logPath)
	if err != nil {
		return nil, fmt.Errorf("create log: %w", err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	p := &process{name: name, cmd: cmd, addr: addr, log: logPath, done: make(chan struct{}), creds: creds}
	go func() {
		cmd.Wait()
		f.Close()
		close(p.done)
	}()
	if err := p.waitServing(ctx); err != nil {
		p.kill()
		return nil, err
	}
	return p, nil
}

// waitServing polls the health service until it answers SERVING.
func (p *process) waitServing(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	conn, err := grpc.NewClient(p.addr, p.creds)
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
		case <-p.done:
			return fmt.Errorf("%s exited before serving; its log:\n%s", p.name, p.logTail(20))
		case <-ctx.Done():
			return fmt.Errorf("%s not serving after %s: %v", p.name, startTimeout, err)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// stop ends the process with SIGTERM, and SIGKILL if it lingers.
func (p *process) stop() error {
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return fmt.Errorf("stop %s: %w", p.name, err)
	}
	select {
	case <-p.done:
		return nil
	case <-time.After(20 * time.Second):
		p.kill()
		return fmt.Errorf("%s still running 20s after SIGTERM; killed", p.name)
	}
}

func (p *process) kill() {
	p.cmd.Process.Kill()
	<-p.done
}

// logTail returns the last lines of the process's log.
func (p *process) logTail(lines int) string {
	b, err := os.ReadFile(p.log)
	if err != nil {
		return err.Error()
	}
	all := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	return strings.Join(all[max(0, len(all)-lines):], "\n")
}

// memory returns the process's resident set size now and at its peak, in
// bytes.
func (p *process) memory() (rss, peak int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return -1, -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		var dst *int64
		switch k {
		case "VmRSS":
			dst = &rss
		case "VmHWM":
			dst = &peak
		default:
			continue
		}
		kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		*dst = kb << 10
	}
	return rss, peak
}

// fds returns how many file descriptors the process holds, and how many of
// them are files (a database, its journal), not sockets or pipes.
func (p *process) fds() (all, files int) {
	dir := fmt.Sprintf("/proc/%d/fd", p.cmd.Process.Pid)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return -1, -1
	}
	for _, e := range ents {
		all++
		if t, err := os.Readlink(filepath.Join(dir, e.Name())); err == nil && strings.HasPrefix(t, "/") {
			files++
		}
	}
	return all, files
}

// cpu returns the CPU time the process has used, user and system.
func (p *process) cpu() time.Duration {
	return pidCPU(p.cmd.Process.Pid)
}

// pidCPU returns the CPU time process pid has used, user and system; -1
// when /proc does not tell.
func pidCPU(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	// The command name, in parentheses, may hold spaces: fields count from
	// the last ')'.
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 13 {
		return -1
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	// Clock ticks are 1/100 s on Linux.
	return time.Duration(utime+stime) * 10 * time.Millisecond
}
