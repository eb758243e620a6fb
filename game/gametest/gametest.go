// Package gametest is the conformance suite every ruleset runs, as
// server/store/storetest is for stores (STYLE.md example 17): a ruleset's
// description, its determinism, its codec's round trip, the agreement of
// Validate and Resolve on refusals, the shape of its views and frames, its
// season layer, and its fog, each checked the same way for every game.
//
// Run plays games of the ruleset with orders drawn from each camp's own
// legal actions (and, for the refusal checks, orders that are not), from a
// seeded source: a failure names the seed, the number of camps and the day,
// and replays.
package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"google.golang.org/protobuf/proto"

	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Config says what Run plays. Its zero value plays the defaults.
type Config struct {
	// Seeds are the seeds of the games played; nil plays 1, 2 and 3.
	Seeds []uint64
	// Days bounds each game, which stops sooner when it is over; 0 plays
	// 40 days.
	Days int
	// Camps are the numbers of camps played; nil plays the ruleset's
	// least, default and most.
	Camps []int
	// Secret returns a copy of s in which camp's private detail differs
	// (what no other camp may see: the Castle's card in hand, Grisonval's
	// stocks), or nil when camp has none on s. Run checks on every day
	// that no other camp's view changes. nil for a ruleset without fog.
	// It must not modify s.
	Secret func(s game.State, camp int) game.State
}

// withDefaults fills the zero fields of c for rs.
func (c Config) withDefaults(info game.Info) Config {
	if c.Seeds == nil {
		c.Seeds = []uint64{1, 2, 3}
	}
	if c.Days == 0 {
		c.Days = 40
	}
	if c.Camps == nil {
		for _, n := range []int{info.MinCamps, info.DefaultCamps, info.MaxCamps} {
			if len(c.Camps) == 0 || c.Camps[len(c.Camps)-1] != n {
				c.Camps = append(c.Camps, n)
			}
		}
	}
	return c
}

// Run runs the conformance suite on rs.
func Run(t *testing.T, rs game.Ruleset, cfg Config) {
	info := rs.Info()
	t.Run("Info", func(t *testing.T) { checkInfo(t, rs, info) })
	cfg = cfg.withDefaults(info)
	for _, n := range cfg.Camps {
		for _, seed := range cfg.Seeds {
			t.Run(fmt.Sprintf("camps=%d/seed=%d", n, seed), func(t *testing.T) {
				play(t, rs, cfg, n, seed)
			})
		}
	}
}

// checkInfo checks the ruleset's description and its bounds on camps.
func checkInfo(t *testing.T, rs game.Ruleset, info game.Info) {
	if info.Name == "" {
		t.Errorf("Info().Name is empty")
	}
	if info.MinCamps < 1 || info.MinCamps > info.DefaultCamps || info.DefaultCamps > info.MaxCamps {
		t.Errorf("Info() camps: got min %d, default %d, max %d; want 1 <= min <= default <= max",
			info.MinCamps, info.DefaultCamps, info.MaxCamps)
	}
	checkText(t, "Info().Title", info.Title)
	if info.SeasonLength < 0 {
		t.Errorf("Info().SeasonLength: got %d; want 0 or more", info.SeasonLength)
	}
	for _, n := range []int{info.MinCamps - 1, info.MaxCamps + 1} {
		if _, err := rs.Setup(game.Setup{Seed: 1, Camps: n}); err == nil {
			t.Errorf("Setup with %d camps (out of %d to %d): got no error", n, info.MinCamps, info.MaxCamps)
		}
	}
}

// checkText fails unless t has its text in both languages.
func checkText(t *testing.T, what string, text lang.Text) {
	t.Helper()
	if text.EN == "" || text.FR == "" {
		t.Errorf("%s: got %q / %q; want a text in English and in French", what, text.EN, text.FR)
	}
}

// play plays one game of n camps from seed, checking every day.
func play(t *testing.T, rs game.Ruleset, cfg Config, n int, seed uint64) {
	s, err := rs.Setup(game.Setup{Seed: seed, Camps: n})
	if err != nil {
		t.Fatalf("Setup: %v", err)
	}
	again, err := rs.Setup(game.Setup{Seed: seed, Camps: n})
	if err != nil || rs.Hash(again) != rs.Hash(s) {
		t.Fatalf("Setup twice from seed %d: hashes %s and %s (%v); want the same state", seed, rs.Hash(s), rs.Hash(again), err)
	}
	if s.Day() != 0 {
		t.Errorf("Setup: day %d; want 0", s.Day())
	}
	names := game.CampNames(rs, n)
	if len(names) != n {
		t.Fatalf("CampNames(%d): got %d names", n, len(names))
	}
	checkSeason(t, rs, n, s)
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	for s.Day() < cfg.Days && !s.Over() {
		day := s.Day()
		checkCodec(t, rs, s, day)
		checkFrame(t, rs, s, day)
		checkScores(t, rs, n, s, day)
		orders := make([]game.Order, n)
		for c := range n {
			v := rs.View(s, c, lang.EN)
			checkView(t, rs, s, c, names, v, day)
			checkFog(t, rs, cfg, s, n, c, day)
			orders[c] = pick(r, rs, s, c, v)
			checkRefusals(t, rs, s, c, r, v, day)
		}
		before := rs.Hash(s)
		out := rs.Resolve(s, orders)
		if after := rs.Hash(s); after != before {
			t.Fatalf("day %d: Resolve modified the state it resolved (hash %s, then %s)", day+1, before, after)
		}
		checkOutcome(t, s, orders, out, n)
		// The same orders on the decoded state give the same day.
		if enc, _, err := rs.Encode(s); err == nil {
			if copy, err := rs.Decode(enc); err == nil {
				if got, want := rs.Hash(rs.Resolve(copy, orders).State), rs.Hash(out.State); got != want {
					t.Fatalf("day %d: the same orders on a decoded copy of the state gave %s; want %s (determinism)", day+1, got, want)
				}
			}
		}
		checkFeats(t, rs, n, seed, s, out)
		s = out.State
	}
	if s.Day() == 0 {
		t.Errorf("the game played no day")
	}
}

// pick returns an order for camp: one of its legal actions with arguments
// drawn from their specs that Validate accepts, or the idle order.
func pick(r *rand.Rand, rs game.Ruleset, s game.State, camp int, v *pb.CampView) game.Order {
	legal := v.GetLegalActions()
	for range 20 {
		if len(legal) == 0 {
			break
		}
		o := draw(r, legal[r.IntN(len(legal))])
		if rs.Validate(s, camp, o) == nil {
			return o
		}
	}
	return rs.Idle()
}

// draw returns an order of action la with arguments drawn from its specs.
func draw(r *rand.Rand, la *pb.LegalAction) game.Order {
	o := game.Order{Action: la.GetAction(), Reason: "conformance"}
	for _, a := range la.GetArgs() {
		switch {
		case len(a.GetChoices()) > 0:
			o.Args = append(o.Args, int(a.GetChoices()[r.IntN(len(a.GetChoices()))]))
		case a.GetMax() >= a.GetMin():
			o.Args = append(o.Args, int(a.GetMin())+r.IntN(int(a.GetMax()-a.GetMin())+1))
		default:
			o.Args = append(o.Args, int(a.GetMin()))
		}
	}
	return o
}

// checkCodec checks that s's encoding decodes to a state of the same
// encoding, hash and answers, and that its JSON is JSON.
func checkCodec(t *testing.T, rs game.Ruleset, s game.State, day int) {
	t.Helper()
	enc, hash, err := rs.Encode(s)
	if err != nil {
		t.Fatalf("day %d: Encode: %v", day, err)
	}
	if h := rs.Hash(s); h != hash || h == "" {
		t.Errorf("day %d: Hash gives %q, Encode %q; want the same, not empty", day, h, hash)
	}
	back, err := rs.Decode(enc)
	if err != nil {
		t.Fatalf("day %d: Decode of Encode: %v", day, err)
	}
	enc2, hash2, err := rs.Encode(back)
	if err != nil || !bytes.Equal(enc, enc2) || hash2 != hash {
		t.Fatalf("day %d: Encode, Decode, Encode changed the encoding (hash %s, then %s; %v)", day, hash, hash2, err)
	}
	if back.Day() != s.Day() || back.Over() != s.Over() {
		t.Errorf("day %d: the decoded state says day %d, over %v; want %d, %v", day, back.Day(), back.Over(), s.Day(), s.Over())
	}
	if _, err := rs.Decode([]byte("\x00not a state")); err == nil {
		t.Errorf("Decode of garbage: got no error")
	}
	js, err := rs.JSON(s)
	if err != nil || !json.Valid(js) {
		t.Errorf("day %d: JSON: %v (valid: %v)", day, err, json.Valid(js))
	}
}

// checkFrame checks the frame's day.
func checkFrame(t *testing.T, rs game.Ruleset, s game.State, day int) {
	t.Helper()
	for _, l := range lang.All {
		if f := game.FrameOf(rs, s, l); f.GetDay() != int32(day) {
			t.Errorf("day %d: the frame in %s says day %d", day, l, f.GetDay())
		}
	}
}

// checkScores checks that every camp has a score with its words.
func checkScores(t *testing.T, rs game.Ruleset, n int, s game.State, day int) {
	t.Helper()
	scores, err := rs.Season(n).Score(s)
	if err != nil {
		t.Fatalf("day %d: Score: %v", day, err)
	}
	if len(scores) != n {
		t.Fatalf("day %d: Score gave %d scores for %d camps", day, len(scores), n)
	}
	for c, sc := range scores {
		checkText(t, fmt.Sprintf("day %d: camp %d's score summary", day, c), sc.Summary)
	}
}

// checkView checks the shared part of camp's view, which every face
// renders whatever the ruleset (game.SharedView), in both languages.
func checkView(t *testing.T, rs game.Ruleset, s game.State, camp int, names []string, v *pb.CampView, day int) {
	t.Helper()
	if v.GetCamp() != int32(camp) || v.GetCampName() != names[camp] || v.GetDay() != int32(day) || v.GetAlive() != s.Alive(camp) {
		t.Errorf("day %d: camp %d's view says camp %d %q, day %d, alive %v; want camp %d %q, day %d, alive %v",
			day, camp, v.GetCamp(), v.GetCampName(), v.GetDay(), v.GetAlive(), camp, names[camp], day, s.Alive(camp))
	}
	if got := len(v.GetContacts()); got != len(names)-1 {
		t.Errorf("day %d: camp %d's view has %d contacts; want every other camp, %d", day, camp, got, len(names)-1)
	}
	for _, ct := range v.GetContacts() {
		c := int(ct.GetCamp())
		if c < 0 || c >= len(names) || c == camp {
			t.Errorf("day %d: camp %d's view has a contact %d", day, camp, c)
			continue
		}
		if ct.GetMet() != s.Met(camp, c) || (ct.GetMet() && ct.GetAlive() != s.Alive(c)) {
			t.Errorf("day %d: camp %d's contact %d: met %v, alive %v; the state says met %v, alive %v",
				day, camp, c, ct.GetMet(), ct.GetAlive(), s.Met(camp, c), s.Alive(c))
		}
	}
	fr := rs.View(s, camp, lang.FR)
	if len(fr.GetLegalActions()) != len(v.GetLegalActions()) {
		t.Errorf("day %d: camp %d has %d legal actions in English and %d in French", day, camp, len(v.GetLegalActions()), len(fr.GetLegalActions()))
	}
	if s.Alive(camp) && !s.Waits(camp) {
		if re := rs.Validate(s, camp, rs.Idle()); re != nil {
			t.Errorf("day %d: camp %d, playing, may not play the idle order %v: %v", day, camp, rs.Idle(), re)
		}
	}
}

// checkFog checks that changing camp's private detail changes no other
// camp's view.
func checkFog(t *testing.T, rs game.Ruleset, cfg Config, s game.State, n, camp, day int) {
	t.Helper()
	if cfg.Secret == nil {
		return
	}
	before := rs.Hash(s)
	other := cfg.Secret(s, camp)
	if rs.Hash(s) != before {
		t.Fatalf("day %d: Config.Secret modified the state", day)
	}
	if other == nil {
		return
	}
	if rs.Hash(other) == before {
		t.Fatalf("day %d: Config.Secret(camp %d) gave the same state", day, camp)
	}
	for o := range n {
		if o == camp {
			continue
		}
		for _, l := range lang.All {
			if a, b := rs.View(s, o, l), rs.View(other, o, l); !proto.Equal(a, b) {
				t.Errorf("day %d: camp %d's view (%s) changes with camp %d's private detail: the fog leaks", day, o, l, camp)
			}
		}
	}
}

// checkRefusals checks orders Validate refuses: each refusal has a reason
// and a message in both languages, and Resolve, given the order of a camp
// that plays the day with every other camp idle, does not play it and says
// why with the same reason (or, when the camp falls or the game ends before
// its turn of the day, says nothing).
func checkRefusals(t *testing.T, rs game.Ruleset, s game.State, camp int, r *rand.Rand, v *pb.CampView, day int) {
	t.Helper()
	bad := []game.Order{{Action: "no_such_action", Reason: "conformance"}}
	if legal := v.GetLegalActions(); len(legal) > 0 {
		o := draw(r, legal[r.IntN(len(legal))])
		o.Args = append(o.Args, 1<<20) // one argument too many, out of every range
		bad = append(bad, o)
		o = draw(r, legal[r.IntN(len(legal))])
		for i := range o.Args {
			o.Args[i] = -1 - r.IntN(1<<20)
		}
		if len(o.Args) > 0 {
			bad = append(bad, o)
		}
	}
	for _, o := range bad {
		re := rs.Validate(s, camp, o)
		if re == nil {
			t.Errorf("day %d: camp %d's order %v was accepted; want a refusal", day, camp, o)
			continue
		}
		if re.Reason == pb.ErrorReason_ERROR_REASON_UNSPECIFIED {
			t.Errorf("day %d: camp %d's order %v: a refusal without a reason: %v", day, camp, o, re)
		}
		checkText(t, fmt.Sprintf("day %d: the refusal of %v", day, o), re.Message)
		if !s.Alive(camp) || s.Waits(camp) {
			continue // the day plays the idle order of a camp with nothing to decide
		}
		orders := make([]game.Order, len(v.GetContacts())+1)
		for c := range orders {
			orders[c] = rs.Idle()
		}
		orders[camp] = o
		out := rs.Resolve(s, orders)
		if got := out.Refusals[camp]; (got == nil && out.State.Alive(camp) && !out.State.Over()) || (got != nil && got.Reason != re.Reason) {
			t.Errorf("day %d: camp %d's order %v, refused by Validate (%v), was resolved with refusal %v; want the same reason",
				day, camp, o, re, got)
		}
	}
}

// checkOutcome checks a day's outcome: the next day, a refusal slot per
// camp, a journal of that day's entries for camps of the world.
func checkOutcome(t *testing.T, s game.State, orders []game.Order, out game.Outcome, n int) {
	t.Helper()
	day := s.Day() + 1
	if out.State == nil || out.State.Day() != day {
		t.Fatalf("day %d: Resolve gave no state or another day", day)
	}
	if len(out.Refusals) != n {
		t.Fatalf("day %d: Resolve gave %d refusals for %d camps", day, len(out.Refusals), n)
	}
	for c, re := range out.Refusals {
		if re != nil && re.Reason == pb.ErrorReason_ERROR_REASON_UNSPECIFIED {
			t.Errorf("day %d: camp %d's order %v was not played, with no reason: %v", day, c, orders[c], re)
		}
	}
	for _, e := range out.Journal {
		if e.Day != day || e.Camp < 0 || e.Camp >= n || e.Kind == "" {
			t.Errorf("day %d: journal entry of day %d, camp %d, kind %q", day, e.Day, e.Camp, e.Kind)
		}
		checkText(t, fmt.Sprintf("day %d: journal entry %q", day, e.Kind), e.Narration)
	}
}

// checkSeason checks the season layer of a world of n camps on its setup.
func checkSeason(t *testing.T, rs game.Ruleset, n int, s game.State) {
	t.Helper()
	se := rs.Season(n)
	for c := range n {
		if len(se.Patrons(c)) == 0 {
			t.Errorf("camp %d has no patron", c)
		}
	}
	seats := game.SeatsOf(se)
	if len(seats) == 0 || seats[0].Code != game.RulerSeat || seats[0].Domain != nil {
		t.Errorf("seats: got %v; want the ruler's first, with every action", seats)
	}
	for _, st := range seats {
		checkText(t, "seat "+st.Code, st.Name)
	}
	checkScores(t, rs, n, s, 0)
}

// checkFeats checks the feat tracker on a day: a list of feats per camp.
func checkFeats(t *testing.T, rs game.Ruleset, n int, seed uint64, s game.State, out game.Outcome) {
	t.Helper()
	journal := make([][]game.Entry, n)
	for _, e := range out.Journal {
		journal[e.Camp] = append(journal[e.Camp], e)
	}
	feats, err := game.FeatsOf(rs.Season(n), seed, 1).Day(game.Day{Before: s, After: out.State, Journal: journal, Played: make([]string, n)})
	if err != nil || len(feats) != n {
		t.Errorf("day %d: feats of %d camps: got %d (%v)", out.State.Day(), n, len(feats), err)
	}
}
