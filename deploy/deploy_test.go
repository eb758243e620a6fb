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
	"path"
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
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	psapi "k8s.io/pod-security-admission/api"
	"k8s.io/pod-security-admission/policy"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/grisonval/server/server"
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

// manifests decodes the documents of deploy/k8s/grisonval.yaml into
// Kubernetes' own API types, strictly: a field the type does not have (a
// misspelt one, one of another API version) fails the test. It returns
// them by kind and name.
func manifests(t *testing.T) map[string]any {
	t.Helper()
	b, err := os.ReadFile("k8s/grisonval.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]any{}
	for _, doc := range regexp.MustCompile(`(?m)^---$`).Split(string(b), -1) {
		var meta struct {
			Kind     string `json:"kind"`
			Metadata struct {
				Name string `json:"name"`
			} `json:"metadata"`
		}
		if err := sigsyaml.Unmarshal([]byte(doc), &meta); err != nil {
			t.Fatalf("a manifest: %v", err)
		}
		var obj any
		switch meta.Kind {
		case "Service":
			obj = &corev1.Service{}
		case "StatefulSet":
			obj = &appsv1.StatefulSet{}
		case "PodDisruptionBudget":
			obj = &policyv1.PodDisruptionBudget{}
		case "NetworkPolicy":
			obj = &networkingv1.NetworkPolicy{}
		default:
			t.Fatalf("a manifest of kind %q, which the test does not know", meta.Kind)
		}
		if err := sigsyaml.UnmarshalStrict([]byte(doc), obj); err != nil {
			t.Errorf("%s %s against Kubernetes' types: %v", meta.Kind, meta.Metadata.Name, err)
		}
		out[meta.Kind+"/"+meta.Metadata.Name] = obj
	}
	return out
}

// TestKubernetes checks the manifests of deploy/k8s against Kubernetes'
// types (strict decoding) and the "restricted" Pod Security Standard (the
// admission plugin's own checks, k8s.io/pod-security-admission), and
// against what the server really has: a StatefulSet advertising each
// replica by its stable name behind the headless service; readiness on the
// health service "" and liveness and startup on the service that stays
// SERVING through a database outage, on the port the server listens on; a
// preStop pause and a termination grace longer than it, the graceful stop
// and the lease; flags the binary knows; the database URL from a secret and
// the admin token from a secret's file; an image by version, never latest;
// replicas spread over nodes; a PodDisruptionBudget over its pods; and a
// NetworkPolicy that opens the gRPC and JSON ports to clients and the
// metrics port to Prometheus alone.
func TestKubernetes(t *testing.T) {
	bin := build(t)
	known := flags(t, filepath.Join(bin, "grisonvald"))
	objs := manifests(t)
	sts, _ := objs["StatefulSet/grisonval"].(*appsv1.StatefulSet)
	pdb, _ := objs["PodDisruptionBudget/grisonval"].(*policyv1.PodDisruptionBudget)
	np, _ := objs["NetworkPolicy/grisonval"].(*networkingv1.NetworkPolicy)
	api, _ := objs["Service/grisonval-api"].(*corev1.Service)
	var headless string
	for _, o := range objs {
		if svc, ok := o.(*corev1.Service); ok && svc.Spec.ClusterIP == corev1.ClusterIPNone {
			headless = svc.Name
		}
	}
	if sts == nil || pdb == nil || np == nil || api == nil || headless == "" {
		t.Fatalf("got %d documents; want a headless service, a service for clients, a StatefulSet, a PodDisruptionBudget and a NetworkPolicy", len(objs))
	}
	pod := &sts.Spec.Template

	// The restricted profile, as the admission plugin checks it.
	eval, err := policy.NewEvaluator(policy.DefaultChecks(), nil)
	if err != nil {
		t.Fatal(err)
	}
	result := policy.AggregateCheckResults(eval.EvaluatePod(
		psapi.LevelVersion{Level: psapi.LevelRestricted, Version: psapi.LatestVersion()}, &pod.ObjectMeta, &pod.Spec))
	if !result.Allowed {
		t.Errorf("the pod breaks the restricted Pod Security Standard: %s: %s", result.ForbiddenReason(), result.ForbiddenDetail())
	}

	if sts.Spec.ServiceName != headless {
		t.Errorf("the StatefulSet's serviceName %s; want the headless service %s", sts.Spec.ServiceName, headless)
	}
	if len(pod.Spec.Containers) != 1 {
		t.Fatalf("%d containers; want the server's", len(pod.Spec.Containers))
	}
	c := pod.Spec.Containers[0]
	if tag, ok := strings.CutPrefix(c.Image[strings.LastIndex(c.Image, "/")+1:], "grisonval:"); !ok || tag == "" || strings.HasPrefix(tag, "latest") {
		t.Errorf("image %q; want grisonval by a released version's tag, never latest", c.Image)
	}
	var port, tokenFile string
	var lease time.Duration
	for _, arg := range c.Args {
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
			if lease, err = time.ParseDuration(val); err != nil {
				t.Errorf("-lease-ttl=%s: %v", val, err)
			}
		case "admin-token-file":
			tokenFile = val
		case "database-url", "replica-secret":
			t.Errorf("argument %q: a secret on the command line, which /debug/pprof/cmdline shows", arg)
		}
	}
	probes := []struct {
		name    string
		p       *corev1.Probe
		service string
	}{
		{"readinessProbe", c.ReadinessProbe, ""},
		{"livenessProbe", c.LivenessProbe, server.LivenessService},
		{"startupProbe", c.StartupProbe, server.LivenessService},
	}
	for _, pr := range probes {
		if pr.p == nil || pr.p.GRPC == nil || port == "" || strconv.Itoa(int(pr.p.GRPC.Port)) != port ||
			(pr.p.GRPC.Service == nil && pr.service != "") || (pr.p.GRPC.Service != nil && *pr.p.GRPC.Service != pr.service) {
			t.Errorf("%s: %+v; want a gRPC probe on the server's port %s, health service %q", pr.name, pr.p, port, pr.service)
		}
	}
	var pause time.Duration
	if c.Lifecycle == nil || c.Lifecycle.PreStop == nil || c.Lifecycle.PreStop.Sleep == nil || c.Lifecycle.PreStop.Sleep.Seconds < 1 {
		t.Errorf("no preStop pause: the server would stop listening while endpoints still route to it")
	} else {
		pause = time.Duration(c.Lifecycle.PreStop.Sleep.Seconds) * time.Second
	}
	// The graceful stop of the gRPC server takes 10 s at most
	// (shutdownTimeout in grisonvald).
	if grace := pod.Spec.TerminationGracePeriodSeconds; grace == nil || time.Duration(*grace)*time.Second <= pause+lease+10*time.Second {
		t.Errorf("terminationGracePeriodSeconds %v; want longer than the preStop pause (%s), the lease (%s) and the graceful stop (10s)", grace, pause, lease)
	}
	env := map[string]corev1.EnvVar{}
	for _, e := range c.Env {
		env[e.Name] = e
	}
	for _, name := range []string{"DATABASE_URL", "GRISONVAL_REPLICA_SECRET"} {
		if e := env[name]; e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil {
			t.Errorf("%s does not come from a secret", name)
		}
	}
	secretDir := ""
	for _, m := range c.VolumeMounts {
		for _, v := range pod.Spec.Volumes {
			if v.Name == m.Name && v.Secret != nil {
				secretDir = m.MountPath
			}
		}
	}
	if tokenFile == "" || secretDir == "" || filepath.Dir(tokenFile) != secretDir {
		t.Errorf("-admin-token-file=%q; want a file of a secret's volume (%q)", tokenFile, secretDir)
	}
	spread := false
	for _, sc := range pod.Spec.TopologySpreadConstraints {
		spread = spread || sc.TopologyKey == "kubernetes.io/hostname"
	}
	if !spread {
		t.Errorf("no spread of the replicas over the nodes")
	}
	labels := pod.Labels
	for what, sel := range map[string]map[string]string{
		"the PodDisruptionBudget": pdb.Spec.Selector.MatchLabels,
		"the NetworkPolicy":       np.Spec.PodSelector.MatchLabels,
		"grisonval-api":           api.Spec.Selector,
	} {
		if len(sel) == 0 {
			t.Errorf("%s selects every pod", what)
		}
		for k, v := range sel {
			if labels[k] != v {
				t.Errorf("%s selects %s=%s; the pods have %q", what, k, v, labels[k])
			}
		}
	}
	open := map[string]bool{}
	for _, rule := range np.Spec.Ingress {
		for _, p := range rule.Ports {
			if p.Port == nil {
				t.Errorf("a NetworkPolicy rule opens every port")
				continue
			}
			if len(rule.From) == 0 {
				open[p.Port.String()] = true
			} else if p.Port.String() != "metrics" {
				t.Errorf("NetworkPolicy: port %s open to some pods only; want the clients' ports open to all", p.Port.String())
			}
		}
	}
	if !open["grpc"] || !open["http"] || open["metrics"] {
		t.Errorf("NetworkPolicy opens %v to every pod; want grpc and http, and metrics to Prometheus only", open)
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
	// The database's password never on the command line, which the
	// profiles' cmdline page shows: the URL comes through the environment.
	for _, a := range get(services, "server", "command").([]any) {
		if name := flagName(a.(string)); name == "database-url" || name == "replica-secret" {
			t.Errorf("the server's command line holds a secret: %s", a)
		}
	}
	if url := toString(get(services, "server", "environment", "DATABASE_URL")); !strings.HasPrefix(url, "postgres://") {
		t.Errorf("the server's DATABASE_URL %q; want the database's URL in its environment", url)
	}
}

// TestDockerfile checks the image's Dockerfile and the build context's
// .dockerignore without a container engine: every base is pinned by a tag
// and a digest; the final image is distroless's static one, which holds
// CA certificates, and runs as its numeric non-root user; the local data
// folders (databases, token files, connect.txt, TLS keys) stay out of the
// build context while the sources go in.
func TestDockerfile(t *testing.T) {
	b, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	froms := regexp.MustCompile(`(?m)^FROM (\S+)`).FindAllStringSubmatch(string(b), -1)
	if len(froms) != 2 {
		t.Fatalf("%d FROM lines; want the build's and the image's", len(froms))
	}
	pinned := regexp.MustCompile(`^[a-z0-9./-]+:[A-Za-z0-9._-]+@sha256:[0-9a-f]{64}$`)
	for _, f := range froms {
		if !pinned.MatchString(f[1]) {
			t.Errorf("FROM %s: want a base pinned by tag and digest", f[1])
		}
	}
	if final := froms[1][1]; !strings.HasPrefix(final, "gcr.io/distroless/static-debian12:nonroot@") {
		t.Errorf("the image's base %s; want distroless static (CA certificates, no shell), nonroot", final)
	}
	if !regexp.MustCompile(`(?m)^USER 65532:65532$`).Match(b) {
		t.Errorf("the image does not run as the numeric user 65532, which the manifests' runAsUser names")
	}
	ignore, err := os.ReadFile("../.dockerignore")
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for _, l := range strings.Split(string(ignore), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			patterns = append(patterns, l)
		}
	}
	for file, want := range map[string]bool{
		"data/grisonval.db": true, "data/connect.txt": true, "data/tokens/camp-0.token": true,
		"data-castle/tls/key.pem": true, "server/cmd/grisonvald/data/grisonval.db-wal": true, ".git/config": true,
		"go.mod": false, "server/server.go": false, "deploy/build.sh": false, "docs/deploy.md": false,
	} {
		if got := dockerIgnored(patterns, file); got != want {
			t.Errorf(".dockerignore: %s ignored %v; want %v", file, got, want)
		}
	}
}

// dockerIgnored reports whether a .dockerignore of patterns keeps file out
// of the build context, for the forms of pattern deploy's file uses: a
// path or glob from the root ("data/", "data-*/", ".git"), and one at any
// depth ("**/connect.txt", "**/tls/"); a pattern matches a file or, ending
// or not in "/", a folder holding it.
func dockerIgnored(patterns []string, file string) bool {
	parts := strings.Split(file, "/")
	for _, p := range patterns {
		p = strings.TrimSuffix(p, "/")
		anyDepth := strings.HasPrefix(p, "**/")
		p = strings.TrimPrefix(p, "**/")
		n := strings.Count(p, "/") + 1
		for start := 0; start+n <= len(parts); start++ {
			if start > 0 && !anyDepth {
				break
			}
			for end := start + n; end <= len(parts); end++ {
				if end-start != n {
					continue
				}
				if ok, _ := path.Match(p, strings.Join(parts[start:end], "/")); ok {
					return true
				}
			}
		}
	}
	return false
}

// TestBuildSettings checks that deploy/build.sh builds as BuildCommand
// does (buildEnv, buildFlags): the tests' binaries and the image's then
// share one compilation of the tree.
func TestBuildSettings(t *testing.T) {
	script, err := os.ReadFile("build.sh")
	if err != nil {
		t.Fatal(err)
	}
	var env []string
	builds := 0
	for _, line := range strings.Split(string(script), "\n") {
		fields := strings.Fields(line)
		switch {
		case len(fields) == 2 && fields[0] == "export":
			env = append(env, fields[1])
		case len(fields) > 2 && fields[0] == "go" && fields[1] == "build":
			builds++
			want := append(append([]string{"go", "build"}, buildFlags...), "-o")
			if len(fields) != len(want)+2 || strings.Join(fields[:len(want)], " ") != strings.Join(want, " ") {
				t.Errorf("build.sh: %q; want %q OUT PACKAGE (BuildCommand's flags)", line, strings.Join(want, " "))
			}
		}
	}
	if builds == 0 {
		t.Fatal("build.sh builds nothing")
	}
	if strings.Join(env, " ") != strings.Join(buildEnv, " ") {
		t.Errorf("build.sh exports %q; want %q (BuildCommand's environment)", env, buildEnv)
	}
}
