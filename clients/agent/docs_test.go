package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/llm"
	"github.com/grisonval/server/clients/tools"
	"github.com/grisonval/server/lang"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// block is a fenced code block of a Markdown page: its language (the
// fence's info string), its text and the line it starts on.
type block struct {
	lang, text string
	line       int
}

// fencedBlocks returns the fenced code blocks of a Markdown page, and its
// text outside them.
func fencedBlocks(page string) (blocks []block, prose string) {
	var cur *block
	var out strings.Builder
	for i, l := range strings.Split(page, "\n") {
		switch {
		case cur == nil && strings.HasPrefix(l, "```"):
			cur = &block{lang: strings.TrimSpace(strings.TrimPrefix(l, "```")), line: i + 1}
		case cur != nil && strings.TrimSpace(l) == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.text += l + "\n"
		default:
			out.WriteString(l + "\n")
		}
	}
	return blocks, out.String()
}

// shellCommands returns the commands of a sh block: its lines, a line
// ending in a backslash joined to the next, comments and blank lines left
// out.
func shellCommands(text string) []string {
	var cmds []string
	cur := ""
	for l := range strings.Lines(text) {
		l = strings.TrimSpace(l)
		if cont, ok := strings.CutSuffix(l, "\\"); ok {
			cur += strings.TrimSpace(cont) + " "
			continue
		}
		cur += l
		if cur != "" && !strings.HasPrefix(cur, "#") {
			cmds = append(cmds, cur)
		}
		cur = ""
	}
	return cmds
}

// programs are the names that start a command a page may show.
var programs = regexp.MustCompile("^(go|grisonval-agent|grisonval-llm|grisonvald|cli|make) ")

// docEnv is what the page's commands run against: a real server (its
// development world, world 1, as make run starts it), the folders of the
// binaries and of scratch files, a fake chat-completions endpoint, and
// the placeholders of the page with what stands for them.
type docEnv struct {
	t *testing.T
	// page is the page whose commands run.
	page    string
	root    string
	srv     *testserver.Server
	bin     string
	scratch string
	subst   *strings.Replacer
	// agentToken is camp 1's (the agent's camp): the page's gvc_...; the
	// CLI's commands play camp 0, from $GRISONVAL_TOKEN.
	agentToken, humanToken string
	model                  *fakeModel
	// cache is the CLI's cache folder (its last look at each camp).
	cache string
	// goCache is the go command's build cache, which the page's go
	// commands keep (it would else move under cache, empty).
	goCache string
	// cliAddr and cliToken are the server and the camp the CLI's commands
	// play: camp 0 of the development world, until an export line of
	// the page names another (the Castle's).
	cliAddr, cliToken string
	// castle and castleToken are the Castle's server and city 0's token
	// once the page has started it.
	castle, castleToken string
	// mains are the binaries that stand for the page's go run lines: by
	// package ("./clients/cli"), the package's binary.
	mains map[string]string
}

// goRun matches a go run line of a page; its group is the package run.
var goRun = regexp.MustCompile(`^go run (\./\S+)`)

// TestAgentsDoc runs every command docs/agents.md shows, so that none can
// rot: each line of its sh blocks in the page's order (go commands at the
// module's root, the others in a scratch folder, with the page's
// placeholders replaced: gvc_... by a camp's token, the model API's address
// by a fake endpoint on loopback, the game server's and the HTTP server's
// addresses by the test's), and the stdio MCP server its JSON configuration
// describes. Each command has a check of what it must do (a binary built, a
// server that answers, a day played, an exit code 0); a command without one
// fails the test. A go test line is checked with go test -list, or this
// test binary's -test.list for this package's tests (the test it names runs
// in this suite anyway). It also checks that every code block
// says its language, that every JSON block parses, that the example schema
// branch is the real one, and that no command hides in the prose outside
// the sh blocks.
func TestAgentsDoc(t *testing.T) {
	runDoc(t, "docs/agents.md", 8)
}

// TestReadme runs every command README.md shows as TestAgentsDoc runs
// docs/agents.md's, against the default world of make run: the first
// order as printed must be legal there. make's targets are checked with
// make -n (make run starts the server this test runs; make test is this
// suite), the Castle's server is started as printed (on a free address and
// a scratch data folder) and each Castle step's command must reach the
// server and be either accepted or refused only for being out of its step.
func TestReadme(t *testing.T) {
	runDoc(t, "README.md", 12)
}

// runDoc runs every command of the page docPath (from the module's root)
// with its check, and fails unless it ran at least atLeast.
func runDoc(t *testing.T, docPath string, atLeast int) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(root, docPath))
	if err != nil {
		t.Fatalf("read %s: %v", docPath, err)
	}
	blocks, prose := fencedBlocks(string(page))
	var commands []string
	for _, b := range blocks {
		switch b.lang {
		case "sh":
			commands = append(commands, shellCommands(b.text)...)
		case "json", "text":
		default:
			t.Errorf("%s:%d: a code block of language %q; want sh (run by this test), json or text", docPath, b.line, b.lang)
		}
	}
	t.Run("no command outside the sh blocks", func(t *testing.T) {
		for _, m := range regexp.MustCompile("`([^`\n]+)`").FindAllStringSubmatch(prose, -1) {
			span := strings.Join(strings.Fields(m[1]), " ")
			if programs.MatchString(span) && !contains(commands, span) {
				t.Errorf("%s shows the command %q in its prose; put it in a sh block, which this test runs", docPath, span)
			}
		}
	})

	srv := testserver.Start(t)
	e := &docEnv{t: t, page: docPath, root: root, srv: srv, bin: t.TempDir(), scratch: t.TempDir(), cache: t.TempDir(),
		agentToken: srv.CampToken(t, 1), humanToken: srv.CampToken(t, 0), model: &fakeModel{key: "sk-test"}}
	e.cliAddr, e.cliToken = srv.Addr, e.humanToken
	goCache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOCACHE: %v", err)
	}
	e.goCache = strings.TrimSpace(string(goCache))
	chat := httptest.NewServer(e.model)
	defer chat.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	httpAddr := l.Addr().String()
	l.Close()
	e.subst = strings.NewReplacer("gvc_...", e.agentToken, "sk-...", e.model.key,
		"https://api.openai.com/v1", chat.URL+"/v1", "127.0.0.1:7777", srv.Addr, "127.0.0.1:8080", httpAddr)
	// The page's commands find the binaries it installs on the PATH.
	t.Setenv("PATH", e.bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	// The page's go run lines run the binaries of their packages, built
	// once for the test process (testserver.Build), as a player's later
	// runs run the build go run cached at the first.
	e.mains = map[string]string{}
	for _, c := range commands {
		if m := goRun.FindStringSubmatch(c); m != nil && e.mains[m[1]] == "" {
			e.mains[m[1]] = testserver.Build(t, m[1], path.Base(m[1]))
		}
	}
	ran := 0
	for _, b := range blocks {
		switch b.lang {
		case "json":
			var v any
			if err := json.Unmarshal([]byte(b.text), &v); err != nil {
				t.Errorf("%s:%d: a JSON block that does not parse: %v", docPath, b.line, err)
				continue
			}
			if strings.Contains(b.text, `"mcpServers"`) {
				t.Run(fmt.Sprintf("line %d: MCP configuration", b.line), func(t *testing.T) { e.mcpConfig(t, v) })
				ran++
			}
			if strings.Contains(b.text, `"title": "explore"`) {
				t.Run(fmt.Sprintf("line %d: explore's schema", b.line), func(t *testing.T) { e.exploreSchema(t, v) })
			}
		case "sh":
			for _, c := range shellCommands(b.text) {
				t.Run(c, func(t *testing.T) { e.run(t, c) })
				ran++
			}
		}
	}
	if ran < atLeast {
		t.Errorf("ran %d commands of %s; want every one (at least %d)", ran, docPath, atLeast)
	}
}

// contains reports whether the command x is one of xs, whose comments
// after a " #" are left out.
func contains(xs []string, x string) bool {
	for _, y := range xs {
		if cmd, _, _ := strings.Cut(y, " #"); strings.Join(strings.Fields(cmd), " ") == x {
			return true
		}
	}
	return false
}

// run runs one command of the page with its check.
func (e *docEnv) run(t *testing.T, command string) {
	line := e.subst.Replace(command)
	if strings.Contains(line, "...") {
		t.Fatalf("%q keeps a placeholder this test does not fill: add it to the test's replacements", line)
	}
	switch {
	case strings.HasPrefix(line, "go install "):
		e.shell(t, line, 2*time.Minute)
		for _, pkg := range strings.Fields(strings.TrimPrefix(line, "go install ")) {
			if _, err := os.Stat(filepath.Join(e.bin, filepath.Base(pkg))); err != nil {
				t.Errorf("%s made no binary %s: %v", line, filepath.Base(pkg), err)
			}
		}
	case strings.HasPrefix(line, "go build ") && !strings.Contains(line, " -o"):
		// Without -o, go build writes a main package's binary in the
		// current folder, and none when it builds several packages.
		var made []string
		for _, pkg := range strings.Fields(strings.TrimPrefix(line, "go build ")) {
			made = append(made, filepath.Join(e.root, filepath.Base(pkg)))
			if _, err := os.Stat(made[len(made)-1]); err == nil {
				t.Fatalf("%s is there before %s runs", made[len(made)-1], line)
			}
		}
		e.shell(t, line, 2*time.Minute)
		for _, bin := range made {
			if _, err := os.Stat(bin); err != nil {
				t.Errorf("%s made no binary %s", line, filepath.Base(bin))
			} else if err := os.Remove(bin); err != nil {
				t.Errorf("remove %s: %v", bin, err)
			}
		}
	case strings.HasPrefix(line, "grisonval-agent --http "):
		e.httpServer(t, line)
	case strings.Contains(line, "grisonval-llm "):
		e.runner(t, line)
	case regexp.MustCompile(`^go test -run \S+ -v \./\S+$`).MatchString(line):
		f := strings.Fields(line)
		out := e.listTests(t, f[3], f[5])
		if !regexp.MustCompile(`(?m)^` + f[3] + `$`).MatchString(out) {
			t.Errorf("go test -list %s %s lists %q; want the test %s", f[3], f[5], out, f[3])
		}
	case strings.HasPrefix(line, "go run ./clients/cli wait"):
		e.cliWait(t, line)
	case strings.HasPrefix(line, "go run ./clients/cli ") && e.castle != "":
		e.castleStep(t, line)
	case strings.HasPrefix(line, "go run ./clients/cli "):
		out := e.shell(t, line, goRunLimit)
		t.Logf("%s:\n%s", line, out)
		if strings.Contains(line, "--lang fr") && !strings.Contains(out, "Actions permises pour le jour") {
			t.Errorf("%s: got\n%s\nwant the view in French", line, out)
		}
	case regexp.MustCompile(`^make [a-z-]+\b`).MatchString(line):
		// A dry run in the module's root: the target exists and its
		// recipe expands.
		target := strings.Fields(line)[1]
		e.shell(t, "make -C "+e.root+" -n "+target, time.Minute)
	case strings.HasPrefix(line, "export "):
		e.export(t, line)
	case strings.HasPrefix(line, "go run ./server/cmd/grisonvald -dev -stand-in -ruleset castle "):
		e.castleServer(t, line)
	default:
		t.Fatalf("no check for the command %q of %s: add one to TestAgentsDoc", command, e.page)
	}
}

// listTests returns the tests of the package pkg (from the module's root)
// that match the pattern run, as go test -list lists them: this package's
// from this test binary (its -test.list), which holds the same tests as
// go test would build again; another package's from go test -list.
func (e *docEnv) listTests(t *testing.T, run, pkg string) string {
	t.Helper()
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Join(e.root, pkg) != here {
		return e.shell(t, fmt.Sprintf("go test -list '%s' %s", run, pkg), 2*time.Minute)
	}
	out, err := exec.Command(os.Args[0], "-test.list", run).CombinedOutput()
	if err != nil {
		t.Fatalf("%s -test.list %s: %v\n%s", os.Args[0], run, err, out)
	}
	return string(out)
}

// command returns line to run in bash: go commands at the module's root,
// the others in the scratch folder; go run ./X as the binary of ./X built
// for the test (mains), with the same arguments; the CLI's address and
// token (camp 0) in the environment; in a process group of its own.
func (e *docEnv) command(line string) *exec.Cmd {
	dir := e.scratch
	if strings.HasPrefix(line, "go ") {
		dir = e.root
	}
	if m := goRun.FindStringSubmatch(line); m != nil && e.mains[m[1]] != "" {
		line = "'" + e.mains[m[1]] + "'" + strings.TrimPrefix(line, m[0])
	}
	cmd := exec.Command("bash", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOBIN="+e.bin, "GRISONVAL_ADDR="+e.cliAddr, "GRISONVAL_TOKEN="+e.cliToken, "NO_COLOR=1",
		"XDG_CACHE_HOME="+e.cache, "GOCACHE="+e.goCache)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd
}

// shell runs line and fails unless it exits 0 within timeout; it returns
// the output.
func (e *docEnv) shell(t *testing.T, line string, timeout time.Duration) string {
	t.Helper()
	cmd := e.command(line)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", line, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out.String())
		}
	case <-time.After(timeout):
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
		t.Fatalf("%s still runs after %s:\n%s", line, timeout, out.String())
	}
	return out.String()
}

// background starts line; stop interrupts it (as Ctrl-C does) and fails
// unless it exits 0.
func (e *docEnv) background(t *testing.T, line string) (out *testserver.Buffer, stop func()) {
	t.Helper()
	cmd := e.command(line)
	out = &testserver.Buffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", line, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s ended with %v after an interrupt; want exit 0:\n%s", line, err, out.String())
			}
		case <-time.After(15 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
			t.Errorf("%s still runs 15 s after an interrupt:\n%s", line, out.String())
		}
	}
	t.Cleanup(stop)
	return out, stop
}

// mcpConfig starts each server of an MCP client's configuration as the
// client would (command, args, env) and plays a call through it.
func (e *docEnv) mcpConfig(t *testing.T, v any) {
	var conf struct {
		Servers map[string]struct {
			Command string            `json:"command"`
			Args    []string          `json:"args"`
			Env     map[string]string `json:"env"`
		} `json:"mcpServers"`
	}
	b, _ := json.Marshal(v)
	if err := json.Unmarshal(b, &conf); err != nil || len(conf.Servers) == 0 {
		t.Fatalf("got configuration %s (%v); want mcpServers", b, err)
	}
	for name, s := range conf.Servers {
		var args []string
		for _, a := range s.Args {
			args = append(args, e.subst.Replace(a))
		}
		cmd := exec.Command(e.subst.Replace(s.Command), args...)
		cmd.Env = os.Environ()
		for k, val := range s.Env {
			cmd.Env = append(cmd.Env, k+"="+e.subst.Replace(val))
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "docs"}, nil).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatalf("%s: start %s %v: %v", name, s.Command, args, err)
		}
		text, res := callTool(t, cs, tools.View, nil)
		if res.IsError || !strings.Contains(text, `camp 1 "Carmin" (agent)`) {
			t.Errorf("%s: got view:\n%s\nwant the camp of the configuration's token", name, text)
		}
		checkLang(t, text, s.Args, s.Env[lang.EnvVar])
		cs.Close()
	}
}

// exploreSchema checks the page's example branch of the order's schema:
// explore's for day 1 of a new world, in the daily schema.
func (e *docEnv) exploreSchema(t *testing.T, doc any) {
	_, token := e.srv.NewWorld(t, 1, 0, nil)
	v, err := (&tools.Camp{Game: e.srv.Game, Token: token, Now: time.Now}).GetView(context.Background())
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	tool, _ := tools.Lookup(tools.SubmitOrder)
	for _, branch := range tool.SchemaFor(lang.EN, v, true).Properties["order"].OneOf {
		if branch.Title != "explore" {
			continue
		}
		b, _ := json.Marshal(branch)
		var got any
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, doc) {
			t.Errorf("got explore's branch:\n%s\nwant the page's", b)
		}
		return
	}
	t.Errorf("no explore in day 1's menu")
}

// httpServer starts the MCP server over HTTP as line does and plays a call
// through it with the agent camp's token.
func (e *docEnv) httpServer(t *testing.T, line string) {
	addr := regexp.MustCompile(`--http (\S+)`).FindStringSubmatch(line)[1]
	out, stop := e.background(t, line)
	tr := &mcp.StreamableClientTransport{Endpoint: "http://" + addr + "/mcp", DisableStandaloneSSE: true,
		HTTPClient: &http.Client{Transport: bearer{e.agentToken, http.DefaultTransport}}}
	var cs *mcp.ClientSession
	var err error
	for range 100 {
		if cs, err = mcp.NewClient(&mcp.Implementation{Name: "docs"}, nil).Connect(context.Background(), tr, nil); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("connect to http://%s/mcp: %v\n%s", addr, err, out.String())
	}
	text, res := callTool(t, cs, tools.View, nil)
	if res.IsError || !strings.Contains(text, `camp 1 "Carmin" (agent)`) {
		t.Errorf("got view:\n%s\nwant the camp of the bearer token", text)
	}
	checkLang(t, text, strings.Fields(line), "")
	cs.Close()
	stop()
}

// checkLang checks that a view is in the language an MCP server was given
// by its arguments (--lang) or else its environment's GRISONVAL_LANG.
func checkLang(t *testing.T, view string, args []string, env string) {
	t.Helper()
	flag := ""
	for i, a := range args {
		if a == "--lang" && i+1 < len(args) {
			flag = args[i+1]
		}
	}
	l, err := lang.Choose(flag, env)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[lang.Lang]string{lang.EN: "World ", lang.FR: "Monde "}[l]; !strings.HasPrefix(view, want) {
		t.Errorf("got view:\n%.300s\nwant it in %s (starting %q)", view, l, want)
	}
}

// runner runs the chat-completions runner as line does against the fake
// endpoint, which posts rest: the day resolves, the runner logs it, and an
// interrupt stops it.
func (e *docEnv) runner(t *testing.T, line string) {
	logPath := filepath.Join(e.scratch, regexp.MustCompile(`--log (\S+)`).FindStringSubmatch(line)[1])
	out, stop := e.background(t, line)
	camp := &tools.Camp{Game: e.srv.Game, Token: e.agentToken, Now: time.Now}
	ticked := false
	for range 300 {
		if !ticked {
			if v, err := camp.GetView(context.Background()); err == nil && v.GetPendingOrder().GetReason() == fakeReason {
				e.srv.ForceTick(t, v.GetWorldId())
				ticked = true
			}
		}
		if b, err := os.ReadFile(logPath); err == nil && bytes.Contains(b, []byte("\n")) {
			var rec llm.Record
			first, _, _ := bytes.Cut(b, []byte("\n"))
			if err := json.Unmarshal(first, &rec); err != nil || rec.Outcome != llm.OutcomePosted || rec.Applied == nil || rec.Applied.Status != llm.AppliedOrder {
				t.Errorf("got the log's line %s (%v); want an order posted and applied", first, err)
			}
			stop()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s logged no day in %s:\n%s", line, logPath, out.String())
}

// cliWait runs the CLI's wait as line does, moving the world until it
// returns.
// goRunLimit bounds a go run of the page (its prebuilt binary's call) on
// a loaded machine.
const goRunLimit = 3 * time.Minute

// export sets the CLI's server and token as the line exports them: the
// development world's camp 0, or the Castle's city 0 once its server runs
// (castleServer).
func (e *docEnv) export(t *testing.T, line string) {
	for _, kv := range strings.Fields(strings.TrimPrefix(line, "export ")) {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "GRISONVAL_TOKEN":
			// The page's gvc_... is the first token the server printed:
			// camp 0's (the human's), or city 0's.
			e.cliToken = e.humanToken
			if e.castle != "" {
				e.cliToken = e.castleToken
			}
		case "GRISONVAL_ADDR":
			e.cliAddr = v
		default:
			t.Fatalf("%s: no check for the variable %s", line, k)
		}
	}
}

// castleServer starts the Castle's server as line does, on a free address
// (which stands for the page's) and a scratch data folder, and reads city
// 0's token from its connection details.
func (e *docEnv) castleServer(t *testing.T, line string) {
	addr := regexp.MustCompile(`-addr (\S+)`).FindStringSubmatch(line)[1]
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	free := l.Addr().String()
	l.Close()
	data := filepath.Join(t.TempDir(), "data-castle")
	line = strings.NewReplacer(addr, free, "-data data-castle", "-data "+data).Replace(line)
	// Its web page and JSON face listen on free ports, as its gRPC.
	line = regexp.MustCompile(`-(web|http) \S+`).ReplaceAllString(line, "-$1 127.0.0.1:0")
	e.subst = strings.NewReplacer("gvc_...", e.agentToken, "sk-...", e.model.key, addr, free, "127.0.0.1:7777", e.srv.Addr)
	// Stopped by an interrupt at the end, as its reader stops it; its
	// exit is not checked.
	cmd := e.command(line)
	out := &testserver.Buffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", line, err)
	}
	e.t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	})
	for range 1500 {
		b, err := os.ReadFile(filepath.Join(data, "connect.txt"))
		if m := regexp.MustCompile(`camp 0 \S+ \(human\): (\S+)`).FindSubmatch(b); err == nil && m != nil {
			e.castle, e.castleToken = free, string(m[1])
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("%s: no connection details after 5 minutes:\n%s", line, out.String())
}

// castleStep runs a CLI command of the Castle's city 0 on the day its
// player has just read (the CLI's view first, as a player reads it before
// each step): it must be accepted, or refused only because it is not that
// step's (FailedPrecondition), never as a command the Castle does not know
// nor as meant for a day gone.
func (e *docEnv) castleStep(t *testing.T, line string) {
	// The other cities are played by the bot and a day resolves as soon as
	// they have answered (rule TICK-7): a day may resolve between the view
	// and the step, and the server then refuses the step day_resolved, as
	// the README says; the player reads the view again and steps again.
	for attempt := 1; ; attempt++ {
		if !strings.HasPrefix(line, "go run ./clients/cli view") {
			e.shell(t, "go run ./clients/cli view", goRunLimit)
		}
		cmd := e.command(line)
		timer := time.AfterFunc(goRunLimit, func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
		out, err := cmd.CombinedOutput()
		timer.Stop()
		var exit *exec.ExitError
		switch {
		case err == nil:
		case errors.As(err, &exit) && exit.ExitCode() == 1 && strings.Contains(string(out), "day_resolved") && attempt < 5:
			t.Logf("%s: the day resolved meanwhile; again on the new view:\n%s", line, out)
			continue
		case errors.As(err, &exit) && exit.ExitCode() == 1 && strings.Contains(string(out), "error (FailedPrecondition)") &&
			!strings.Contains(string(out), "day_resolved"):
		case errors.As(err, &exit) && exit.ExitCode() == 1 && strings.Contains(line, "cli play ") &&
			strings.Contains(string(out), "bad_arguments: args: play takes 0 argument(s)"):
			// The README's play names a city, as a card that strikes one
			// does; the card drawn today strikes none, as the README warns.
		default:
			t.Fatalf("%s: %v\n%s", line, err, out)
		}
		t.Logf("%s:\n%s", line, out)
		return
	}
}

func (e *docEnv) cliWait(t *testing.T, line string) {
	out, stop := e.background(t, line)
	for range 200 {
		if strings.Contains(out.String(), " resolved; orders are now for day ") {
			stop()
			return
		}
		e.srv.ForceTick(t, 1)
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("%s: no day resolved:\n%s", line, out.String())
}

// fakeReason is the reason of the fake model's orders.
const fakeReason = "d'après docs/agents.md"

// fakeModel is an OpenAI-compatible endpoint on loopback that answers
// every request with an order to rest, and checks the API key.
type fakeModel struct {
	key string
}

func (m *fakeModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer "+m.key {
		http.Error(w, "bad path or key", http.StatusUnauthorized)
		return
	}
	_, _ = io.Copy(io.Discard, r.Body)
	args, _ := json.Marshal(tools.OrderInput{Order: tools.OrderSpec{Action: "rest"}, Reason: fakeReason})
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"choices": []map[string]any{{"finish_reason": "tool_calls", "message": llm.Message{Role: "assistant",
			ToolCalls: []llm.ToolCall{{ID: "call_1", Type: "function", Function: llm.FunctionCall{Name: tools.SubmitOrder, Arguments: string(args)}}}}}},
		"usage": llm.Usage{PromptTokens: 1, CompletionTokens: 1, TotalTokens: 2},
	})
}
