// Command cli is the Grisonval command-line client: a thin client that shows
// a camp's fogged view and posts its orders through the game server's public
// gRPC API.
//
// Usage:
//
//	cli [flags] view
//	cli [flags] order ACTION [ARGS...] [--reason "..."]
//	cli [flags] ACTION [ARGS...] [--reason "..."]
//	cli [flags] journal [--since DAY]
//	cli [flags] wait
//
// Flags may come before or after the command: --addr (default $GRISONVAL_ADDR
// or 127.0.0.1:7777), --token (default $GRISONVAL_TOKEN), --world (0: the
// token's world) and --json (print the protobuf answer as protojson).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

const defaultAddr = "127.0.0.1:7777"

const usage = `usage: cli [flags] COMMAND [ARGS...]

Commands:
  view                          your camp's view: resources, zones, columns,
                                journal, the numbered menu of legal actions
  order ACTION [ARGS...]        post (or replace) your order for the next day
  ACTION [ARGS...]              the same, short form: cli expand_to 12,
                                cli send_army 4 15, cli rest
  journal [--since DAY]         your journal, with the "why" of each entry
  wait                          wait for the next day, then show what you learned

Flags (before or after the command):
  --addr HOST:PORT   game server (default $GRISONVAL_ADDR or 127.0.0.1:7777)
  --token TOKEN      your camp's token (default $GRISONVAL_TOKEN)
  --world ID         world id (default 0: your token's world)
  --json             print the server's answer as protojson
  --reason TEXT      order, ACTION: why you give this order (shown in your journal)
  --since DAY        journal: entries from this day on
`

const usageHint = "run 'cli help' for usage\n"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// invocation is a parsed command line.
type invocation struct {
	addr   string
	token  string
	world  uint64
	json   bool
	reason string
	since  int
	cmd    string
	args   []string
}

// usageError is a mistake on the command line; it exits with code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// run is the whole command: it parses args, calls the server and writes the
// answer to stdout and errors to stderr. It returns the exit code: 0, 1 for
// errors, 2 for usage errors.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	inv, err := parseArgs(args, os.Getenv)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "cli: %v\n%s", err, usageHint)
		return 2
	}
	conn, err := grpc.NewClient(inv.addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		fmt.Fprintf(stderr, "cli: bad server address %q: %v\n", inv.addr, err)
		return 2
	}
	defer conn.Close()
	ctx = metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+inv.token)
	if err := execute(ctx, pb.NewGameServiceClient(conn), inv, stdout); err != nil {
		var u *usageError
		if errors.As(err, &u) {
			fmt.Fprintf(stderr, "cli: %v\n%s", err, usageHint)
			return 2
		}
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "cli: interrupted")
			return 1
		}
		fmt.Fprint(stderr, formatError(err))
		if status.Code(err) == codes.Unavailable {
			fmt.Fprintf(stderr, "  is the server running at %s? (--addr or $GRISONVAL_ADDR)\n", inv.addr)
		}
		return 1
	}
	return 0
}

// parseArgs parses the command line; flags may come before or after the
// command and its arguments. getenv supplies the environment defaults.
func parseArgs(args []string, getenv func(string) string) (*invocation, error) {
	inv := &invocation{addr: getenv("GRISONVAL_ADDR"), token: getenv("GRISONVAL_TOKEN")}
	if inv.addr == "" {
		inv.addr = defaultAddr
	}
	fs := flag.NewFlagSet("cli", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&inv.addr, "addr", inv.addr, "")
	fs.StringVar(&inv.token, "token", inv.token, "")
	fs.Uint64Var(&inv.world, "world", 0, "")
	fs.BoolVar(&inv.json, "json", false, "")
	fs.StringVar(&inv.reason, "reason", "", "")
	fs.IntVar(&inv.since, "since", 0, "")
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usagef("%v", err)
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) == 0 {
		return nil, usagef("no command")
	}
	inv.cmd, inv.args = pos[0], pos[1:]
	if inv.cmd == "help" {
		return nil, flag.ErrHelp
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch inv.cmd {
	case "view", "wait", "journal":
		if len(inv.args) > 0 {
			return nil, usagef("%s takes no argument; got %q", inv.cmd, inv.args)
		}
		if set["reason"] {
			return nil, usagef("--reason goes with an order, not with %s", inv.cmd)
		}
		if set["since"] && inv.cmd != "journal" {
			return nil, usagef("--since goes with journal, not with %s", inv.cmd)
		}
	case "order":
		if len(inv.args) == 0 {
			return nil, usagef("order needs an action: order ACTION [ARGS...]; see the menu of the view command")
		}
		fallthrough
	default:
		if set["since"] {
			return nil, usagef("--since goes with journal, not with an order")
		}
	}
	if inv.token == "" {
		return nil, usagef("no token: pass --token or set GRISONVAL_TOKEN")
	}
	return inv, nil
}

// parseOrder builds the order of an order command: the action name and its
// integer arguments. The server judges whether the action and arguments are
// legal.
func parseOrder(words []string, reason string) (*pb.Order, error) {
	o := &pb.Order{Action: words[0], Reason: reason}
	for i, w := range words[1:] {
		n, err := strconv.ParseInt(w, 10, 32)
		if err != nil {
			return nil, usagef("argument %d of %s is %q; want a whole number (a zone, a count or a camp)", i+1, o.Action, w)
		}
		o.Args = append(o.Args, int32(n))
	}
	return o, nil
}

// execute runs the parsed command against the game service.
func execute(ctx context.Context, c pb.GameServiceClient, inv *invocation, stdout io.Writer) error {
	var (
		msg  proto.Message
		text string
	)
	switch inv.cmd {
	case "view":
		v, err := c.GetView(ctx, &pb.GetViewRequest{WorldId: inv.world})
		if err != nil {
			return err
		}
		msg, text = v, formatView(v, time.Now())
	case "journal":
		r, err := c.GetJournal(ctx, &pb.GetJournalRequest{WorldId: inv.world, SinceDay: int32(inv.since)})
		if err != nil {
			return err
		}
		msg, text = r, formatJournal(r.GetEntries())
		if len(r.GetEntries()) == 0 {
			text = fmt.Sprintf("No journal entry from day %d on.\n", inv.since)
		}
	case "wait":
		n, err := waitTick(ctx, c, inv.world)
		if err != nil {
			return err
		}
		msg, text = n, formatNotice(n, time.Now())
	default:
		words := append([]string{inv.cmd}, inv.args...)
		if inv.cmd == "order" {
			words = inv.args
		}
		o, err := parseOrder(words, inv.reason)
		if err != nil {
			return err
		}
		r, err := c.SubmitOrder(ctx, &pb.SubmitOrderRequest{WorldId: inv.world, Order: o})
		if err != nil {
			return err
		}
		msg, text = r, formatSubmitted(r)
	}
	if inv.json {
		var err error
		if text, err = formatJSON(msg); err != nil {
			return err
		}
	}
	_, err := io.WriteString(stdout, text)
	return err
}

// waitTick blocks until the world resolves the tick after the current one
// and returns its notice.
func waitTick(ctx context.Context, c pb.GameServiceClient, world uint64) (*pb.TickNotice, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stream, err := c.WatchTicks(ctx, &pb.WatchTicksRequest{WorldId: world})
	if err != nil {
		return nil, err
	}
	current, err := stream.Recv()
	if err != nil {
		return nil, fmt.Errorf("read the current day: %w", err)
	}
	for {
		n, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil, errors.New("the server closed the tick stream before the next day")
		}
		if err != nil {
			return nil, err
		}
		if n.GetDay() > current.GetDay() {
			return n, nil
		}
	}
}
