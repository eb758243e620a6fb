package server_test

import (
	"testing"

	"google.golang.org/grpc/codes"

	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/grisonval/server/server/clock"
)

// TestCatalogue checks rule SEA-CATALOGUE on the gRPC stack: a camp token
// reads its ruleset's 26 achievements with their conditions under its
// world's rules (Full Granaries' 2500 food, ACH-GRANARY) and the 29 tiers
// with their titles, thresholds and effects and their six ages, in the
// reader's language; a ruleset without them gives empty lists; another
// world and a token that is not a camp's are refused.
func TestCatalogue(t *testing.T) {
	h := startServer(t, openSQLite(t), clock.NewFake(start))
	w := h.createWorld(t, &pb.CreateWorldRequest{})
	other := h.createWorld(t, &pb.CreateWorldRequest{Seed: 7})
	for _, l := range []lang.Lang{lang.EN, lang.FR} {
		c, err := h.game.GetCatalogue(pb.WithLang(as(w.tokens[1]), l), &pb.GetCatalogueRequest{})
		if err != nil {
			t.Fatalf("%v: catalogue: %v", l, err)
		}
		if c.GetRuleset() != "grisonval" || len(c.GetAchievements()) != engine.NumAchievements || len(c.GetTiers()) != engine.NumTechs || len(c.GetAges()) != 6 {
			t.Fatalf("%v: got ruleset %q, %d achievements, %d tiers, %d ages; want grisonval, 26, 29, 6", l, c.GetRuleset(),
				len(c.GetAchievements()), len(c.GetTiers()), len(c.GetAges()))
		}
		for i, a := range c.GetAchievements() {
			e := &engine.Achievements[i+1]
			if a.GetCode() != e.Code || a.GetName() != e.Name.In(l) || a.GetCondition() != e.ConditionUnder(engine.CurrentRules).In(l) {
				t.Errorf("%v: achievement %d is %v; want %s, %q, %q", l, i+1, a, e.Code, e.Name.In(l), e.ConditionUnder(engine.CurrentRules).In(l))
			}
		}
		if got, want := c.GetAchievements()[5].GetCondition(), map[lang.Lang]string{lang.EN: "2500 food in stock", lang.FR: "2500 nourriture en réserve"}[l]; got != want {
			t.Errorf("%v: Full Granaries asks %q; want %q under the world's rules (ACH-GRANARY)", l, got, want)
		}
		for i, tier := range c.GetTiers() {
			e := engine.Techs[i+1]
			if tier.GetTier() != int32(i+1) || tier.GetName() != e.Name.In(l) || tier.GetAge() != int32(e.Age) || tier.GetResearch() != e.Research || tier.GetEffect() != e.Effect.In(l) {
				t.Errorf("%v: tier %d is %v; want %q at %d research, age %d: %q", l, i+1, tier, e.Name.In(l), e.Research, e.Age, e.Effect.In(l))
			}
		}
		if got, want := c.GetAges()[0], map[lang.Lang]string{lang.EN: "Age of Foundations", lang.FR: "Âge des fondations"}[l]; got != want {
			t.Errorf("%v: the first age is %q; want %q", l, got, want)
		}
	}
	_, err := h.game.GetCatalogue(as(w.tokens[0]), &pb.GetCatalogueRequest{WorldId: other.info.GetId()})
	wantCode(t, err, codes.PermissionDenied)
	_, err = h.game.GetCatalogue(as(h.adminToken), &pb.GetCatalogueRequest{WorldId: w.info.GetId()})
	wantCode(t, err, codes.PermissionDenied)

	hc := startCounters(t, openSQLite(t))
	cw := hc.createWorld(t, &pb.CreateWorldRequest{Camps: 3})
	c, err := hc.game.GetCatalogue(as(cw.tokens[0]), &pb.GetCatalogueRequest{})
	if err != nil {
		t.Fatalf("counters' catalogue: %v", err)
	}
	if c.GetRuleset() != "counters" || len(c.GetAchievements())+len(c.GetTiers())+len(c.GetAges()) != 0 {
		t.Errorf("counters' catalogue %v; want its name and nothing to unlock", c)
	}
}
