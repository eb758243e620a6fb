// Command grisonval-authflood measures whether bad tokens lock good players
// out (N1 of issue 34, docs/security.md "Failed authentications"): against
// a running grisonvald with its web and JSON faces, it sends -rate bad
// tokens a second for -duration, spread over gRPC, the JSON face and the
// web face's sign-in, from -addrs loopback addresses (127.0.0.2 on; Linux
// routes all of 127.0.0.0/8 to the loopback), while a good client, from
// 127.0.0.1, polls each second over each face: GetView over gRPC, GetView
// over the JSON face, and its signed-in camp page. It prints the good
// client's refusals by face and the flood's answers by outcome.
//
//	go run ./server/cmd/grisonval-authflood -addr 127.0.0.1:7777 -web http://127.0.0.1:7780/ \
//	    -http http://127.0.0.1:7781/ -token gvc_... -duration 2m -rate 100 -addrs 50
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

func main() {
	var (
		addr     = flag.String("addr", "127.0.0.1:7777", "the server's gRPC address")
		webURL   = flag.String("web", "", "the web face's URL")
		httpURL  = flag.String("http", "", "the JSON face's URL")
		token    = flag.String("token", "", "the good client's camp token")
		duration = flag.Duration("duration", 2*time.Minute, "how long the flood lasts")
		rate     = flag.Int("rate", 100, "bad tokens a second, all faces together")
		addrs    = flag.Int("addrs", 1, "how many loopback addresses the flood comes from (127.0.0.2 on)")
	)
	flag.Parse()
	if *token == "" || *webURL == "" || *httpURL == "" {
		fmt.Fprintln(os.Stderr, "-token, -web and -http are required")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *duration)
	defer cancel()

	var good sync.Map // face -> *counts
	var flood sync.Map
	count := func(m *sync.Map, key string) {
		v, _ := m.LoadOrStore(key, new(atomic.Int64))
		v.(*atomic.Int64).Add(1)
	}
	var wg sync.WaitGroup

	// The flood: one client of each face per address.
	type attacker struct {
		game pb.GameServiceClient
		http *http.Client
		web  *http.Client
		csrf string
	}
	var attackers []*attacker
	for i := range *addrs {
		local := net.ParseIP(fmt.Sprintf("127.0.0.%d", 2+i))
		dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: local}}
		conn, err := grpc.NewClient(*addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithContextDialer(func(ctx context.Context, a string) (net.Conn, error) { return dialer.DialContext(ctx, "tcp", a) }))
		if err != nil {
			fail(err)
		}
		defer conn.Close()
		tr := &http.Transport{DialContext: dialer.DialContext, MaxIdleConnsPerHost: 16}
		jar, _ := cookiejar.New(nil)
		a := &attacker{game: pb.NewGameServiceClient(conn), http: &http.Client{Transport: tr, Timeout: 10 * time.Second},
			web: &http.Client{Transport: tr, Jar: jar, Timeout: 10 * time.Second,
				CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
		a.csrf = csrfOf(a.web, *webURL)
		attackers = append(attackers, a)
	}
	wg.Go(func() {
		tick := time.NewTicker(time.Second / time.Duration(*rate))
		defer tick.Stop()
		for n := 0; ; n++ {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			a := attackers[n%len(attackers)]
			bad := fmt.Sprintf("gvc_bad_%d", n)
			face := [3]string{"grpc", "json", "web"}[n/len(attackers)%3]
			wg.Go(func() {
				cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				switch face {
				case "grpc":
					_, err := a.game.GetView(metadata.AppendToOutgoingContext(cctx, "authorization", "Bearer "+bad), &pb.GetViewRequest{})
					count(&flood, "grpc "+status.Code(err).String())
				case "json":
					count(&flood, "json "+postJSON(a.http, *httpURL, bad))
				case "web":
					form := url.Values{"csrf": {a.csrf}, "token": {bad}}
					req, _ := http.NewRequest(http.MethodPost, *webURL+"signin", strings.NewReader(form.Encode()))
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					resp, err := a.web.Do(req)
					if err != nil {
						count(&flood, "web error")
						return
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					count(&flood, fmt.Sprintf("web %d", resp.StatusCode))
				}
			})
		}
	})

	// The good client, from 127.0.0.1.
	conn, err := grpc.NewClient(*addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		fail(err)
	}
	defer conn.Close()
	game := pb.NewGameServiceClient(conn)
	hc := &http.Client{Timeout: 10 * time.Second}
	jar, _ := cookiejar.New(nil)
	web := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	csrf := csrfOf(web, *webURL)
	resp, err := web.PostForm(*webURL+"signin", url.Values{"csrf": {csrf}, "token": {*token}})
	if err != nil || resp.StatusCode != http.StatusOK {
		fail(fmt.Errorf("the good client's sign-in: %v %v", resp, err))
	}
	resp.Body.Close()
	polls := 0
	var worst time.Duration
	poll := time.NewTicker(time.Second)
	defer poll.Stop()
	for done := false; !done; {
		select {
		case <-ctx.Done():
			done = true
			continue
		case <-poll.C:
		}
		polls++
		start := time.Now()
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := game.GetView(metadata.AppendToOutgoingContext(cctx, "authorization", "Bearer "+*token), &pb.GetViewRequest{})
		cancel()
		if err != nil {
			count(&good, "grpc "+status.Code(err).String())
		}
		if got := postJSON(hc, *httpURL, *token); got != "200" {
			count(&good, "json "+got)
		}
		r, err := web.Get(*webURL + "camp")
		switch {
		case err != nil:
			count(&good, "web error")
		default:
			io.Copy(io.Discard, r.Body)
			r.Body.Close()
			if r.StatusCode != http.StatusOK {
				count(&good, fmt.Sprintf("web %d", r.StatusCode))
			}
		}
		worst = max(worst, time.Since(start))
	}
	wg.Wait()
	fmt.Printf("flood: %d bad tokens/s for %s from %d address(es); good client: %d polls of each face, slowest round %s\n",
		*rate, *duration, *addrs, polls, worst.Round(time.Millisecond))
	print := func(name string, m *sync.Map) {
		var lines []string
		m.Range(func(k, v any) bool {
			lines = append(lines, fmt.Sprintf("  %s: %d", k, v.(*atomic.Int64).Load()))
			return true
		})
		sort.Strings(lines)
		if len(lines) == 0 {
			lines = []string{"  none"}
		}
		fmt.Printf("%s\n%s\n", name, strings.Join(lines, "\n"))
	}
	print("good client's refusals:", &good)
	print("flood's answers:", &flood)
}

// postJSON calls GetView on the JSON face at base with token and returns
// the HTTP status, or "error".
func postJSON(c *http.Client, base, token string) string {
	req, _ := http.NewRequest(http.MethodPost, base+"grisonval.v1.GameService/GetView", strings.NewReader("{}"))
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := c.Do(req)
	if err != nil {
		return "error"
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return fmt.Sprint(resp.StatusCode)
}

// csrfField finds a form's CSRF token in a page.
var csrfField = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// csrfOf loads the web face's front page with c and returns its forms'
// CSRF token.
func csrfOf(c *http.Client, web string) string {
	resp, err := c.Get(web)
	if err != nil {
		fail(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := csrfField.FindStringSubmatch(string(b))
	if m == nil {
		fail(fmt.Errorf("no CSRF token on %s", web))
	}
	return m[1]
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
