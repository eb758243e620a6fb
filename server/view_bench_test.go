package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/store"
)

// BenchmarkViewBuild measures building a camp's complete view at day 60
// and encoding it for the wire: what the first GetView after an event
// costs (the ruleset's view, the journal, messages and notebook as the loop
// keeps them, the conversion, the encoding).
func BenchmarkViewBuild(b *testing.B) {
	_, r, _ := benchWorld(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		err := r.read(ctx, func() error {
			v, err := r.buildView(ctx, 0, lang.EN)
			if err != nil {
				return err
			}
			_, err = proto.Marshal(v)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGetViewKept measures GetView's handler when the camp's view is
// kept (every call but the first after an event), with the encoding of
// its answer for the wire.
func BenchmarkGetViewKept(b *testing.B) {
	s, _, camps := benchWorld(b)
	g := &gameService{s: s}
	b.ReportAllocs()
	for b.Loop() {
		v, err := g.GetView(camps[0], &pb.GetViewRequest{})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := proto.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTickFanout measures what a resolved day costs to tell 1,000
// tick streams of a world at day 60 (a third of them per camp), each
// notice encoded for the wire: shared builds each camp's notice once on
// the loop and encodes it once for all its streams, as the server does;
// per-camp builds it once but encodes it per stream, as the server did
// before; per-stream builds each stream's notice with its own read of the
// store, as it did before that.
func BenchmarkTickFanout(b *testing.B) {
	_, r, _ := benchWorld(b)
	ctx := context.Background()
	const streams = 1000
	ev := tickEvent{season: r.settings.Season, day: r.state.Day(), deadline: time.Now(), played: r.played}
	fanout := func(b *testing.B, encode func(*sharedNotice) error) {
		ws := make([]*watcher, streams)
		err := r.read(ctx, func() error {
			for i := range ws {
				ws[i] = &watcher{camp: i % r.settings.Camps, ch: make(chan *sharedNotice, 1)}
				r.watchers[ws[i]] = struct{}{}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if err := r.read(ctx, func() error { r.notify(ev); return nil }); err != nil {
				b.Fatal(err)
			}
			for _, w := range ws {
				if err := encode(<-w.ch); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.StopTimer()
		r.read(ctx, func() error { clear(r.watchers); return nil })
	}
	b.Run("shared", func(b *testing.B) {
		fanout(b, func(n *sharedNotice) error { _, err := n.encoded(); return err })
	})
	b.Run("per-camp", func(b *testing.B) {
		fanout(b, func(n *sharedNotice) error { _, err := proto.Marshal(n.msg); return err })
	})
	b.Run("per-stream", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i := range streams {
				camp := i % r.settings.Camps
				msgs, err := dayMessages(ctx, r.store, r.id, ev.season, camp, ev.day)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := proto.Marshal(tickNotice(r.id, camp, ev, msgs, lang.EN)); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// dayMessages returns the messages camp received for day, read from the
// store, as each stream read them before the loop kept them.
func dayMessages(ctx context.Context, st store.Store, worldID uint64, season, camp, day int) ([]store.Message, error) {
	msgs, err := st.Messages(ctx, worldID, season, camp, day)
	if err != nil {
		return nil, fmt.Errorf("read messages of camp %d: %w", camp, err)
	}
	return receivedOn(msgs, camp, day), nil
}
