// Package deploy holds the production shape (docs/deploy.md): the image's
// build script and Dockerfile, docker-compose.yml and the Kubernetes
// manifests. No container engine runs here, so its tests check what can be
// checked without one: the build script builds binaries that serve, and the
// compose file and the manifests name flags, files and probes the binaries
// really have.
package deploy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// built is the folder deploy/build.sh built the image's binaries into,
// once for the package's tests; buildErr says why it failed.
var (
	buildOnce sync.Once
	built     string
	buildErr  error
)

// build runs deploy/build.sh, the image's build steps, into a temporary
// folder (once) and returns it.
func build(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		built, buildErr = os.MkdirTemp("", "grisonval-image-")
		if buildErr != nil {
			return
		}
		cmd := exec.Command("sh", "deploy/build.sh", built)
		cmd.Dir = ".."
		if b, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("deploy/build.sh: %v\n%s", err, b)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return built
}

// TestMain removes the built binaries after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if built != "" {
		os.RemoveAll(built)
	}
	os.Exit(code)
}

// flags returns the flags a binary's usage lists.
func flags(t *testing.T, bin string) map[string]bool {
	t.Helper()
	out, _ := exec.Command(bin, "-h").CombinedOutput()
	set := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+--?([a-z][a-z-]*)`).FindAllStringSubmatch(string(out), -1) {
		set[m[1]] = true
	}
	for _, m := range regexp.MustCompile(`--([a-z][a-z-]*)`).FindAllStringSubmatch(string(out), -1) {
		set[m[1]] = true
	}
	if len(set) == 0 {
		t.Fatalf("%s -h lists no flag:\n%s", bin, out)
	}
	return set
}

// flagName returns the name of a command-line argument "-name=value" or
// "--name=value", or "".
func flagName(arg string) string {
	if !strings.HasPrefix(arg, "-") {
		return ""
	}
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	return name
}

// documents reads the YAML documents of a file.
func documents(t *testing.T, path string) []map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	var docs []map[string]any
	for {
		var d map[string]any
		err := dec.Decode(&d)
		if errors.Is(err, io.EOF) {
			return docs
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		docs = append(docs, d)
	}
}

// get walks a YAML value by keys and indexes.
func get(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			l, _ := v.([]any)
			if k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

// TestImageServes builds the image's binaries with its build script and
// checks that the server serves the gRPC health service the manifests probe
// (SERVING for the whole server, service ""), and that the bot and the CLI
// run.
func TestImageServes(t *testing.T) {
	bin := build(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	srv := exec.Command(filepath.Join(bin, "grisonvald"), "-addr", addr, "-data", t.TempDir())
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		srv.Process.Kill()
		srv.Wait()
	}()
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		resp, err := healthpb.NewHealthClient(conn).Check(ctx, &healthpb.HealthCheckRequest{})
		if err == nil && resp.GetStatus() == healthpb.HealthCheckResponse_SERVING {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the server's health service: %v %v", resp, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, b := range []string{"grisonval-bot", "grisonval"} {
		if len(flags(t, filepath.Join(bin, b))) == 0 {
			t.Errorf("%s lists no flag", b)
		}
	}
}

// TestKubernetes checks the manifests of deploy/k8s against what the server
// really has: a StatefulSet advertising each replica by its stable name
// behind the headless service, gRPC probes on the port it listens on, a
// termination grace longer than its lease, flags the binary knows, the
// database URL from a secret, and a PodDisruptionBudget over its pods.
func TestKubernetes(t *testing.T) {
	bin := build(t)
	known := flags(t, filepath.Join(bin, "grisonvald"))
	kinds := map[string]map[string]any{}
	var headless string
	for _, d := range documents(t, "k8s/grisonval.yaml") {
		kind, name := get(d, "kind").(string), get(d, "metadata", "name").(string)
		if kind == "Service" && get(d, "spec", "clusterIP") == "None" {
			headless = name
		}
		kinds[kind+"/"+name] = d
	}
	sts := kinds["StatefulSet/grisonval"]
	if sts == nil || headless == "" || kinds["PodDisruptionBudget/grisonval"] == nil || kinds["Service/grisonval-api"] == nil {
		t.Fatalf("got %d documents; want a headless service, a service for clients, a StatefulSet and a PodDisruptionBudget", len(kinds))
	}
	if get(sts, "spec", "serviceName") != headless {
		t.Errorf("the StatefulSet's serviceName %v; want the headless service %s", get(sts, "spec", "serviceName"), headless)
	}
	c := get(sts, "spec", "template", "spec", "containers", 0)
	var port, lease string
	for _, a := range get(c, "args").([]any) {
		arg := a.(string)
		name := flagName(arg)
		if !known[name] {
			t.Errorf("argument %q: grisonvald has no flag %q", arg, name)
		}
		_, val, _ := strings.Cut(arg, "=")
		switch name {
		case "addr":
			_, port, _ = net.SplitHostPort(val)
		case "advertise":
			if !strings.HasPrefix(val, "$(POD_NAME)."+headless+".") {
				t.Errorf("-advertise=%s; want the pod's stable name under the headless service %s", val, headless)
			}
		case "lease-ttl":
			lease = val
		}
	}
	for _, probe := range []string{"readinessProbe", "livenessProbe"} {
		if p := get(c, probe, "grpc", "port"); p == nil || port == "" || strings.TrimSpace(strings.Trim(toString(p), `"`)) != port {
			t.Errorf("%s: gRPC probe on port %v; want the port the server listens on (%s)", probe, p, port)
		}
	}
	ttl, err := time.ParseDuration(lease)
	if err != nil {
		t.Fatalf("-lease-ttl %q: %v", lease, err)
	}
	if grace := toString(get(sts, "spec", "template", "spec", "terminationGracePeriodSeconds")); grace == "" || mustSeconds(t, grace) <= ttl {
		t.Errorf("terminationGracePeriodSeconds %s; want longer than the lease (%s)", grace, ttl)
	}
	env := map[string]any{}
	for _, e := range get(c, "env").([]any) {
		env[get(e, "name").(string)] = e
	}
	if get(env["DATABASE_URL"], "valueFrom", "secretKeyRef", "name") == nil {
		t.Errorf("DATABASE_URL does not come from a secret")
	}
	labels := get(sts, "spec", "template", "metadata", "labels").(map[string]any)
	for k, v := range get(kinds["PodDisruptionBudget/grisonval"], "spec", "selector", "matchLabels").(map[string]any) {
		if labels[k] != v {
			t.Errorf("the PodDisruptionBudget selects %s=%v; the pods have %v", k, v, labels[k])
		}
	}
}

// toString returns a YAML scalar as a string.
func toString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	}
	return ""
}

func mustSeconds(t *testing.T, s string) time.Duration {
	t.Helper()
	d, err := time.ParseDuration(s + "s")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestCompose checks docker-compose.yml against the image: its Dockerfile
// exists, the server's and the bot's arguments are flags they know, and the
// bot reads the token file the server's -dev start writes.
func TestCompose(t *testing.T) {
	bin := build(t)
	docs := documents(t, "../docker-compose.yml")
	if len(docs) != 1 {
		t.Fatalf("docker-compose.yml: %d documents", len(docs))
	}
	services := get(docs[0], "services").(map[string]any)
	if df, _ := get(services, "server", "build", "dockerfile").(string); df == "" {
		t.Errorf("the server service builds no Dockerfile")
	} else if _, err := os.Stat(filepath.Join("..", df)); err != nil {
		t.Errorf("the server's Dockerfile: %v", err)
	}
	for svc, b := range map[string]string{"server": "grisonvald", "bot": "grisonval-bot"} {
		known := flags(t, filepath.Join(bin, b))
		cmd, _ := get(services, svc, "command").([]any)
		if len(cmd) == 0 {
			t.Errorf("service %s has no command", svc)
		}
		for _, a := range cmd {
			if name := flagName(a.(string)); !known[name] {
				t.Errorf("service %s: %s has no flag %q", svc, b, name)
			}
		}
	}
	if f := toString(get(services, "bot", "command", 1)); !strings.HasSuffix(f, "/tokens/camp-1.token") {
		t.Errorf("the bot reads %q; the server's -dev start writes <data>/tokens/camp-N.token", f)
	}
}
