package server_test

import (
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/prototext"
	"google.golang.org/protobuf/proto"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
)

// TestViewsFollowEvents checks that the views the server keeps between two
// events are never stale and never another camp's: after each event, each
// camp's view (asked twice: built, then kept) is the view built at that
// moment for that camp.
func TestViewsFollowEvents(t *testing.T) {
	for _, sc := range stores {
		t.Run(sc.name, func(t *testing.T) {
			st := &failingStore{Store: sc.open(t)}
			w := metWorld(t, st)
			h := startServer(t, st, clock.NewFake(start))
			tok := h.tokens(t, w.ID)
			admin := as(h.adminToken)
			check := func(t *testing.T) {
				t.Helper()
				for c := range 3 {
					for range 2 {
						got := h.view(t, tok[c])
						want, err := server.FreshView(h.srv, w.ID, c)
						if err != nil {
							t.Fatalf("build camp %d's view: %v", c, err)
						}
						if !proto.Equal(got, want) {
							t.Fatalf("camp %d's view differs from the view built now:\ngot  %s\nwant %s",
								c, prototext.Format(got), prototext.Format(want))
						}
					}
				}
			}
			next, _ := h.watch(t, tok[0])
			steps := []struct {
				name string
				do   func(t *testing.T)
			}{
				{"at start", func(*testing.T) {}},
				{"camp 0 posts an order", func(t *testing.T) { h.submit(t, tok[0], "rest") }},
				{"camp 0 replaces it", func(t *testing.T) { h.submit(t, tok[0], "chop_wood") }},
				{"camp 1 sets a standing order", func(t *testing.T) {
					if _, err := h.game.SetStandingOrder(as(tok[1]), &pb.SetStandingOrderRequest{Order: &pb.Order{Action: "chop_wood"}}); err != nil {
						t.Fatal(err)
					}
				}},
				{"camp 0 writes to camp 1", func(t *testing.T) { h.send(t, tok[0], 1, "paix ?") }},
				{"camp 1 answers", func(t *testing.T) { h.send(t, tok[1], 0, "jamais") }},
				{"camp 2 opens a stream", func(t *testing.T) { h.watch(t, tok[2]) }},
				{"the admin pauses the world", func(t *testing.T) {
					if _, err := h.admin.PauseWorld(admin, &pb.WorldRequest{WorldId: w.ID}); err != nil {
						t.Fatal(err)
					}
				}},
				{"the admin resumes it", func(t *testing.T) {
					if _, err := h.admin.ResumeWorld(admin, &pb.WorldRequest{WorldId: w.ID}); err != nil {
						t.Fatal(err)
					}
				}},
				{"the day resolves at its deadline", func(t *testing.T) {
					h.advance(t, cadence)
					if n := next(); n.GetDay() != 1 {
						t.Fatalf("notice of day %d; want 1", n.GetDay())
					}
				}},
				{"camp 1 writes for day 2", func(t *testing.T) { h.send(t, tok[1], 0, "encore") }},
				{"the admin forces a day", func(t *testing.T) {
					if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: w.ID}); err != nil {
						t.Fatal(err)
					}
					next()
				}},
				{"the admin gives camp 2 to the AI", func(t *testing.T) {
					_, err := h.admin.SetController(admin, &pb.SetControllerRequest{WorldId: w.ID, Camp: 2,
						Controller: &pb.Controller{Kind: pb.ControllerKind_CONTROLLER_KIND_AI, Posture: pb.Posture_POSTURE_PRUDENT}})
					if err != nil {
						t.Fatal(err)
					}
				}},
				{"a day fails to commit", func(t *testing.T) {
					st.fail.Store(true)
					h.advance(t, cadence)
					deadline := time.Now().Add(waitLimit)
					for h.view(t, tok[0]).GetPostingStatus() != pb.PostingStatus_POSTING_STATUS_LATE {
						if time.Now().After(deadline) {
							t.Fatalf("camp 0 not late %s after a failed commit", waitLimit)
						}
						time.Sleep(time.Millisecond)
					}
				}},
				{"the next day commits", func(t *testing.T) {
					st.fail.Store(false)
					h.advance(t, cadence)
					if n := next(); n.GetDay() != 3 {
						t.Fatalf("notice of day %d; want 3", n.GetDay())
					}
				}},
				{"camp 0 writes to its council", func(t *testing.T) { h.send(t, tok[0], 0, "conseil") }},
				{"camp 1 writes its notebook", func(t *testing.T) {
					if _, err := h.game.SetNotebook(as(tok[1]), &pb.SetNotebookRequest{Text: "notes"}); err != nil {
						t.Fatal(err)
					}
				}},
				{"three more days: the journal's first days leave the view", func(t *testing.T) {
					for day := int32(4); day <= 6; day++ {
						h.send(t, tok[1], 0, "jour")
						if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: w.ID}); err != nil {
							t.Fatal(err)
						}
						// Day 4's notice has the council's message too.
						want := 1
						if day == 4 {
							want = 2
						}
						if n := next(); n.GetDay() != day || len(n.GetMessages()) != want {
							t.Fatalf("notice of day %d with messages %v; want day %d with %d", n.GetDay(), n.GetMessages(), day, want)
						}
					}
				}},
			}
			for _, s := range steps {
				t.Run(s.name, func(t *testing.T) {
					s.do(t)
					check(t)
				})
			}
			t.Run("the server stops", func(t *testing.T) {
				h.view(t, tok[0])
				h.srv.Stop()
				_, err := h.game.GetView(as(tok[0]), &pb.GetViewRequest{})
				wantCode(t, err, codes.Unavailable)
			})
		})
	}
}
