package server_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server"
	"github.com/grisonval/server/server/clock"
	"github.com/grisonval/server/server/gateway"
	"github.com/grisonval/server/server/store"
)

// in returns a context carrying token and, unless code is "", the language
// code in the call's metadata.
func in(token, code string) context.Context {
	ctx := as(token)
	if code == "" {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, pb.LangKey, code)
}

// foreignWords are, for each language code, words of the other language
// that no text in this one holds.
var foreignWords = map[string][]string{
	"en": {" le ", " la ", " les ", " des ", " du ", " et ", " une ", " jour "},
	"fr": {" the ", " and ", " with ", " day ", " your "},
}

// checkJournal fails the test unless entries, in language code, hold
// want and none of the other language's words.
func checkJournal(t *testing.T, what, code string, entries []*pb.JournalEntry, want string) {
	t.Helper()
	found := false
	for _, e := range entries {
		for _, text := range []string{e.GetNarration(), e.GetWhy()} {
			found = found || strings.Contains(text, want)
			for _, w := range foreignWords[code] {
				if strings.Contains(" "+text+" ", w) {
					t.Errorf("%s in %s: %q holds %q", what, code, text, w)
				}
			}
		}
	}
	if !found {
		t.Errorf("%s in %s: no entry says %q in %d entries", what, code, want, len(entries))
	}
}

// TestLanguages checks rule LANG-2 (DESIGN decision 8) on the wire: the
// same camp's view, menu, journal, tick notices and refusals, and the
// closed season's chronicle, asked in English and in French (the
// grisonval-lang metadata), come in that language only; a call without a language, or with one the server does
// not know, is answered in English; codes, reasons and fields are the same
// in both.
func TestLanguages(t *testing.T) {
	st := openSQLite(t)
	w := metWorld(t, st)
	h := startServer(t, st, clock.NewFake(start))
	tok := h.tokens(t, w.ID)[0]
	admin := as(h.adminToken)

	ctx, cancel := context.WithCancel(in(tok, "fr"))
	defer cancel()
	stream, err := h.game.WatchTicks(ctx, &pb.WatchTicksRequest{})
	if err != nil {
		t.Fatalf("watch ticks in French: %v", err)
	}
	if _, err := stream.Recv(); err != nil {
		t.Fatalf("first notice: %v", err)
	}
	var notices []*pb.TickNotice
	for _, action := range []string{"rest", "chop_wood"} {
		h.submit(t, tok, action)
		if _, err := h.admin.ForceTick(admin, &pb.WorldRequest{WorldId: w.ID}); err != nil {
			t.Fatalf("force a day: %v", err)
		}
		n, err := stream.Recv()
		if err != nil {
			t.Fatalf("notice after %s: %v", action, err)
		}
		notices = append(notices, n)
	}
	checkJournal(t, "the French notice of day 1", "fr", notices[0].GetJournal(), "Le camp se repose")
	checkJournal(t, "the French notice of day 2", "fr", notices[1].GetJournal(), "Corvée de bois")

	views := map[string]*pb.CampView{}
	for _, code := range []string{"en", "fr", "", "de", "EN", "fr-CH"} {
		v, err := h.game.GetView(in(tok, code), &pb.GetViewRequest{})
		if err != nil {
			t.Fatalf("view in %q: %v", code, err)
		}
		views[code] = v
	}
	phrases := map[string]struct{ rest, chop, summary, government string }{
		"en": {"The camp rests", "Wood duty", "rest: +4 morale (cap 100)", "autocracy"},
		"fr": {"Le camp se repose", "Corvée de bois", "rest : +4 moral (plafond 100)", "autocratie"},
	}
	for code, p := range phrases {
		v := views[code]
		checkJournal(t, "the view's journal", code, v.GetJournal(), p.rest)
		checkJournal(t, "the view's journal", code, v.GetJournal(), p.chop)
		var summary string
		for _, la := range v.GetLegalActions() {
			if la.GetAction() == "rest" {
				summary = la.GetSummary()
			}
			for _, w := range foreignWords[code] {
				if strings.Contains(" "+la.GetSummary()+" ", w) {
					t.Errorf("menu in %s: %q holds %q", code, la.GetSummary(), w)
				}
			}
		}
		if summary != p.summary {
			t.Errorf("rest's summary in %s: %q; want %q", code, summary, p.summary)
		}
		if g := v.GetGrisonval().GetGovernments()[0].GetName(); g != p.government {
			t.Errorf("the first form of government in %s: %q; want %q", code, g, p.government)
		}
		j, err := h.game.GetJournal(in(tok, code), &pb.GetJournalRequest{})
		if err != nil {
			t.Fatalf("journal in %s: %v", code, err)
		}
		checkJournal(t, "GetJournal", code, j.GetEntries(), p.chop)
	}
	for _, code := range []string{"", "de", "EN"} {
		if !proto.Equal(views[code], views["en"]) {
			t.Errorf("the view asked in %q differs from the English one", code)
		}
	}
	if !proto.Equal(views["fr-CH"], views["fr"]) {
		t.Error("the view asked in fr-CH differs from the French one")
	}
	if again, err := h.game.GetView(in(tok, "en"), &pb.GetViewRequest{}); err != nil || !proto.Equal(again, views["en"]) {
		t.Errorf("the English view asked again after the French one: %v", err)
	}

	// The same refusal in both languages: settlers to a zone far from
	// camp 0's land.
	far := int32(engine.ZoneAt(engine.CapitalSites[1]))
	refusals := map[string]error{}
	for code, want := range map[string]string{"en": "does not border your land", "fr": "ne borde pas vos terres", "": "does not border your land"} {
		_, err := h.game.SubmitOrder(in(tok, code), &pb.SubmitOrderRequest{Order: &pb.Order{Action: "expand_to", Args: []int32{far}}})
		if msg := status.Convert(err).Message(); !strings.Contains(msg, want) || !strings.HasPrefix(msg, "not_allowed: args[0]: ") {
			t.Errorf("expand_to %d refused in %q: %v; want not_allowed: args[0]: and %q", far, code, err, want)
		}
		refusals[code] = err
	}
	// The server's own refusals too: a token unknown, another world's view,
	// an empty message.
	if _, err := h.game.GetView(in("gvc_unknown", "fr"), &pb.GetViewRequest{}); !strings.Contains(status.Convert(err).Message(), "jeton inconnu") {
		t.Errorf("an unknown token in fr: %v", err)
	}
	if _, err := h.game.GetView(in(tok, "fr"), &pb.GetViewRequest{WorldId: w.ID + 1}); !strings.Contains(status.Convert(err).Message(), "ce jeton joue le monde") {
		t.Errorf("another world's view asked in fr: %v", err)
	}
	for code, want := range map[string]string{"en": "text is empty", "fr": "le texte est vide"} {
		_, err := h.game.SendMessage(in(tok, code), &pb.SendMessageRequest{ToCamp: 1, Text: " "})
		if msg := status.Convert(err).Message(); !strings.Contains(msg, want) {
			t.Errorf("an empty message refused in %s: %v; want it to say %q", code, err, want)
		}
		if reason, fields := errorInfo(err); reason != "bad_request" || len(fields) != 1 || fields[0] != "text" {
			t.Errorf("an empty message refused in %s: reason %q fields %v; want bad_request on text", code, reason, fields)
		}
	}
	for code, err := range refusals {
		wantCode(t, err, codes.FailedPrecondition)
		reason, fields := errorInfo(err)
		if reason != "not_allowed" || len(fields) != 1 || fields[0] != "args[0]" {
			t.Errorf("refusal in %q: reason %q fields %v; want not_allowed on args[0]", code, reason, fields)
		}
	}

	// The chronicle of the closed season, public, in the caller's language.
	if _, err := h.admin.CloseSeason(admin, &pb.CloseSeasonRequest{WorldId: w.ID}); err != nil {
		t.Fatalf("close the season: %v", err)
	}
	chronicles := pb.NewChronicleServiceClient(h.conn)
	for code, p := range phrases {
		ch, err := chronicles.GetChronicle(in("", code), &pb.GetChronicleRequest{WorldId: w.ID, Season: 1})
		if err != nil {
			t.Fatalf("chronicle in %s: %v", code, err)
		}
		for _, cj := range ch.GetJournals() {
			if cj.GetCamp() == 0 {
				checkJournal(t, "the chronicle", code, cj.GetEntries(), p.rest)
			}
		}
	}
}

// TestOldJournalReadsAsFrench checks rule LANG-2's old journals: an entry
// stored before the texts had two languages (a bare French column) reads
// as the French it was, in both languages, next to new ones.
func TestOldJournalReadsAsFrench(t *testing.T) {
	st := openSQLite(t)
	w := store.World{
		Name: "old", Ruleset: grisonval.Name, Camps: 3, Seed: metSeed, Cadence: cadence, SeasonLength: 24, Season: 1,
		Controllers: []store.Controller{{Kind: store.Human}, {Kind: store.Human}, {Kind: store.Human}},
		CreatedAt:   start,
	}
	if err := st.CreateWorld(context.Background(), &w); err != nil {
		t.Fatalf("create world: %v", err)
	}
	enc, hash, err := server.EncodeState(grisonval.Ruleset{}, grisonval.StateOf(engine.NewWorld(metSeed)))
	if err != nil {
		t.Fatalf("encode state: %v", err)
	}
	old := store.JournalEntry{WorldID: w.ID, Season: 1, Camp: 0, Kind: "rest",
		Narration: "Le camp se repose ; les feux brûlent tard.", Why: "rest : moral 60 -> 64"}
	if err := st.CommitTick(context.Background(), store.Tick{WorldID: w.ID, Season: 1, State: enc, Hash: hash, CommittedAt: start,
		Journal: []store.JournalEntry{old}}); err != nil {
		t.Fatalf("commit day 0: %v", err)
	}
	h := startServer(t, st, clock.NewFake(start))
	tok := h.tokens(t, w.ID)[0]
	for _, code := range []string{"en", "fr"} {
		j, err := h.game.GetJournal(in(tok, code), &pb.GetJournalRequest{})
		if err != nil {
			t.Fatalf("journal in %s: %v", code, err)
		}
		if len(j.GetEntries()) != 1 || j.GetEntries()[0].GetNarration() != old.Narration || j.GetEntries()[0].GetWhy() != old.Why {
			t.Errorf("the old entry read in %s: %v; want %q, %q", code, j.GetEntries(), old.Narration, old.Why)
		}
	}
}

// TestJSONFaceLanguage checks rule LANG-2 on the JSON face: the language of
// an HTTP call (the Grisonval-Lang header, ?lang=, Accept-Language) reaches
// the server, which answers in it.
func TestJSONFaceLanguage(t *testing.T) {
	st := openSQLite(t)
	w := metWorld(t, st)
	h := startServer(t, st, clock.NewFake(start))
	tok := h.tokens(t, w.ID)[0]
	mux, err := gateway.New(context.Background(), h.conn)
	if err != nil {
		t.Fatal(err)
	}
	web := httptest.NewServer(mux)
	defer web.Close()
	for _, tc := range []struct {
		name, query, header, accept, want string
	}{
		{"no language", "", "", "", "rest: +4 morale (cap 100)"},
		{"header", "", "fr", "", "rest : +4 moral (plafond 100)"},
		{"query", "?lang=fr", "", "", "rest : +4 moral (plafond 100)"},
		{"accept-language", "", "", "fr-CH, en;q=0.5", "rest : +4 moral (plafond 100)"},
		{"header over accept-language", "", "en", "fr", "rest: +4 morale (cap 100)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", web.URL+"/grisonval.v1.GameService/GetView"+tc.query, strings.NewReader("{}"))
			req.Header.Set("Authorization", "Bearer "+tok)
			if tc.header != "" {
				req.Header.Set("Grisonval-Lang", tc.header)
			}
			if tc.accept != "" {
				req.Header.Set("Accept-Language", tc.accept)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), tc.want) {
				t.Errorf("status %d; want 200 and %q in the view", resp.StatusCode, tc.want)
			}
		})
	}
}
