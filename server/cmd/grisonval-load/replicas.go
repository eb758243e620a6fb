package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/types/known/durationpb"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// replicasLoad is the replicas mode: replicas server processes on one
// PostgreSQL, the worlds mode's worlds created through the first, then a
// rolling restart of every replica, the highest first.
type replicasLoad struct {
	replicas int
	// idle is how long the store's load is measured once the worlds are
	// even.
	idle time.Duration
}

// evenLimit bounds how long the worlds may take to be even again.
const evenLimit = 2 * time.Minute

// replicaCounts are the worlds each replica runs, by its index, and those
// that none runs.
type replicaCounts struct {
	by   []int
	none int
}

func (c replicaCounts) String() string {
	parts := make([]string, len(c.by))
	for i, n := range c.by {
		parts[i] = fmt.Sprint(n)
	}
	return strings.Join(parts, "/") + fmt.Sprintf(" (%d run by none)", c.none)
}

// even reports whether every world runs and no replica runs more than its
// share of them (the worlds over the replicas, rounded up).
func (c replicaCounts) even(worlds int) bool {
	share := (worlds + len(c.by) - 1) / len(c.by)
	return c.none == 0 && slices.Max(c.by) <= share
}

// replicasMode runs the replicas mode and prints its table. It measures,
// for the first server given, how long the worlds take to spread evenly
// over the replicas once created, the store's writes per world while they
// run, and, at each step of a rolling restart (SIGTERM, the process
// started again, as a StatefulSet's rolling update does), the worlds per
// replica and the time until they are even again.
func replicasMode(ctx context.Context, c config, dir string, out io.Writer) (bool, error) {
	if c.store.kind != "postgres" {
		return false, fmt.Errorf("the replicas mode needs -store postgres")
	}
	l, wl := c.replicas, c.worlds
	url, err := createDatabase(ctx, c.store.pgBase)
	if err != nil {
		return false, err
	}
	defer dropDatabase(url)
	dir = filepath.Join(dir, "replicas")
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return false, err
	}
	admin := "gva_load_" + rand.Text()
	tokenFile := filepath.Join(dir, "admin.token")
	if err := os.WriteFile(tokenFile, []byte(admin+"\n"), 0o600); err != nil {
		return false, err
	}
	secret := rand.Text()
	bin := c.servers[0].bin
	addrs := make([]string, l.replicas)
	procs := make([]*process, l.replicas)
	creds := grpc.WithTransportCredentials(insecure.NewCredentials())
	start := func(i int) error {
		data := filepath.Join(dir, fmt.Sprint("replica-", i))
		if err := os.MkdirAll(data, 0o750); err != nil {
			return err
		}
		args := []string{"-addr", addrs[i], "-data", data, "-database-url", url, "-admin-token-file", tokenFile, "-replica-secret", secret}
		if c.store.leaseTTL > 0 {
			args = append(args, "-lease-ttl", c.store.leaseTTL.String())
		}
		p, err := startProcess(ctx, fmt.Sprint("replica-", i), bin, args, addrs[i], filepath.Join(dir, fmt.Sprintf("replica-%d.log", i)), creds)
		procs[i] = p
		return err
	}
	defer func() {
		for _, p := range procs {
			if p != nil {
				p.stop()
			}
		}
	}()
	for i := range addrs {
		if addrs[i], err = freeAddr(); err != nil {
			return false, err
		}
		if err := start(i); err != nil {
			return false, err
		}
	}
	db, err := pgx.Connect(ctx, url)
	if err != nil {
		return false, err
	}
	defer db.Close(context.Background())
	counts := func() (replicaCounts, error) {
		rc := replicaCounts{by: make([]int, len(addrs))}
		rows, _ := db.Query(ctx, `SELECT coalesce(l.owner, ''), count(*) FROM worlds w LEFT JOIN leases l ON l.world_id = w.id
			AND l.expires_at > now() AND NOT EXISTS (SELECT FROM replicas r WHERE r.owner = l.owner AND r.expires_at <= now())
			GROUP BY 1`)
		type row struct {
			Owner string
			N     int
		}
		got, err := pgx.CollectRows(rows, pgx.RowToStructByPos[row])
		for _, r := range got {
			if i := slices.Index(addrs, r.Owner); i >= 0 {
				rc.by[i] = r.N
			} else {
				rc.none += r.N
			}
		}
		return rc, err
	}
	waitEven := func(since time.Time) (time.Duration, replicaCounts, error) {
		for {
			rc, err := counts()
			if err != nil {
				return 0, rc, err
			}
			if rc.even(wl.worlds) {
				return time.Since(since), rc, nil
			}
			if time.Since(since) > evenLimit {
				return 0, rc, fmt.Errorf("worlds not even after %s: %s", evenLimit, rc)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	conn, err := dial(addrs[0], creds)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	adminClient := pb.NewAdminServiceClient(conn)
	agent := &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AGENT}
	began := time.Now()
	for i := range wl.worlds {
		if d := time.Duration(float64(i)/wl.rate*float64(time.Second)) - time.Since(began); d > 0 {
			time.Sleep(d)
		}
		_, err := adminClient.CreateWorld(as(ctx, admin), &pb.CreateWorldRequest{
			Name: fmt.Sprint("replicas ", i), Seed: uint64(i + 1), Cadence: durationpb.New(wl.cadence),
			Controllers: []*pb.Controller{agent, agent, agent},
		})
		if err != nil {
			return false, fmt.Errorf("create world %d: %w", i, err)
		}
	}
	created := time.Now()
	took, rc, err := waitEven(created)
	if err != nil {
		return false, err
	}
	fmt.Fprintf(out, "replicas: %d replicas on one PostgreSQL, %d worlds (a day every %s each) created through replica 0 in %s\n",
		l.replicas, wl.worlds, wl.cadence, created.Sub(began).Round(time.Millisecond))
	fmt.Fprintf(out, "  even %s after the last creation: %s\n", took.Round(time.Millisecond), rc)

	// The store's writes while the worlds run: the leases' renewals (one
	// row a world, renewed together) and the heartbeats (one row a
	// replica).
	writes := func() (leases, replicas int64, err error) {
		err = db.QueryRow(ctx, `SELECT
			coalesce((SELECT n_tup_upd FROM pg_stat_user_tables WHERE relname = 'leases'), 0),
			coalesce((SELECT n_tup_upd + n_tup_ins FROM pg_stat_user_tables WHERE relname = 'replicas'), 0)`).Scan(&leases, &replicas)
		return leases, replicas, err
	}
	l0, r0, err := writes()
	if err != nil {
		return false, err
	}
	time.Sleep(l.idle)
	l1, r1, err := writes()
	if err != nil {
		return false, err
	}
	secs := l.idle.Seconds()
	fmt.Fprintf(out, "  over %s: %.1f lease rows written a second (%.2f a world), %.1f heartbeat rows (%.3f a world)\n",
		l.idle, float64(l1-l0)/secs, float64(l1-l0)/secs/float64(wl.worlds), float64(r1-r0)/secs, float64(r1-r0)/secs/float64(wl.worlds))

	fmt.Fprintf(out, "  rolling restart, the highest replica first (SIGTERM, started again):\n")
	fmt.Fprintf(out, "  | replica | before | once stopped (time until every world runs) | once started again: even after | worlds per replica then |\n")
	fmt.Fprintf(out, "  |---|---|---|---|---|\n")
	for i := l.replicas - 1; i >= 0; i-- {
		before, err := counts()
		if err != nil {
			return false, err
		}
		stopped := time.Now()
		if err := procs[i].stop(); err != nil {
			return false, err
		}
		procs[i] = nil
		var moved time.Duration
		var after replicaCounts
		for {
			if after, err = counts(); err != nil {
				return false, err
			}
			if after.none == 0 && after.by[i] == 0 {
				moved = time.Since(stopped)
				break
			}
			if time.Since(stopped) > evenLimit {
				return false, fmt.Errorf("replica %d's worlds not taken after %s: %s", i, evenLimit, after)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := start(i); err != nil {
			return false, err
		}
		took, rc, err := waitEven(time.Now())
		if err != nil {
			return false, err
		}
		fmt.Fprintf(out, "  | %d | %s | %s (%s) | %s | %s |\n", i, before, after, moved.Round(time.Millisecond), took.Round(time.Millisecond), rc)
	}
	return false, nil
}
