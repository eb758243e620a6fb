package web

import (
	"context"
	"net/http"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the camp's feats screen and research tree (seed 000's
// "Hauts faits" and "Arbre technologique"), pages of their own linked from
// the camp page's Progress tab: every feat and tier from
// GameService.GetCatalogue (SEA-CATALOGUE), the camp's own from its view.

// featRow is one feat on the feats screen.
type featRow struct {
	N                     int
	Code, Name, Condition string
	Held                  bool
}

// featsBody is the feats screen.
type featsBody struct {
	Camp        string
	Held, Total int
	Feats       []featRow
}

// tierRow is one tier of the research tree: Held once the camp reached
// it; the next one to reach is Next.
type tierRow struct {
	Tier         int32
	Name, Effect string
	Research     int64
	Held, Next   bool
	// Left is the research the next tier still needs.
	Left int64
}

// ageRows is one age of the tree and its tiers.
type ageRows struct {
	Name  string
	Tiers []tierRow
}

// researchBody is the research tree.
type researchBody struct {
	Camp        string
	Tier, Tiers int32
	Research    int64
	Ages        []ageRows
}

// campCatalogue reads the camp's view and its ruleset's catalogue for the
// pages of this file; it answers the request itself and returns false when
// it cannot: not a camp's token, a failed call, or a ruleset with nothing
// to unlock.
func (s *Server) campCatalogue(ctx context.Context, w http.ResponseWriter, r *http.Request) (*pb.CampView, *pb.Catalogue, bool) {
	l := langOf(r)
	if tokenKind(token(r)) != "camp" {
		s.notCamp(w, r, signInCamp)
		return nil, nil, false
	}
	v, err := s.game.GetView(ctx, &pb.GetViewRequest{})
	if err != nil {
		s.fail(w, r, err)
		return nil, nil, false
	}
	c, err := s.game.GetCatalogue(ctx, &pb.GetCatalogueRequest{WorldId: v.GetWorldId()})
	if err != nil {
		s.fail(w, r, err)
		return nil, nil, false
	}
	if len(c.GetAchievements()) == 0 && len(c.GetTiers()) == 0 {
		s.refuse(w, r, http.StatusNotFound, l.Sprintf("Your world's game has no feats nor research tree.",
			"Le jeu de votre monde n'a ni hauts faits ni arbre de recherche."))
		return nil, nil, false
	}
	return v, c, true
}

// featsPage lists every feat with its condition, the camp's unlocked ones
// marked.
func (s *Server) featsPage(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := s.call(r)
	defer cancel()
	v, c, ok := s.campCatalogue(ctx, w, r)
	if !ok {
		return
	}
	held := map[string]bool{}
	for _, a := range v.GetGrisonval().GetAchievements() {
		held[a.GetCode()] = true
	}
	b := featsBody{Camp: v.GetCampName(), Total: len(c.GetAchievements())}
	for i, a := range c.GetAchievements() {
		b.Feats = append(b.Feats, featRow{N: i + 1, Code: a.GetCode(), Name: a.GetName(), Condition: a.GetCondition(), Held: held[a.GetCode()]})
		if held[a.GetCode()] {
			b.Held++
		}
	}
	l := langOf(r)
	s.render(w, r, http.StatusOK, "feats", page{Title: l.Sprintf("%s: feats", "%s : hauts faits", v.GetCampName()), Body: b})
}

// researchPage draws the research tree by age, the tiers the camp holds
// marked and the next one's progress shown.
func (s *Server) researchPage(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := s.call(r)
	defer cancel()
	v, c, ok := s.campCatalogue(ctx, w, r)
	if !ok {
		return
	}
	g := v.GetGrisonval()
	b := researchBody{Camp: v.GetCampName(), Tier: g.GetTier(), Tiers: int32(len(c.GetTiers())), Research: g.GetResources().GetResearch()}
	for _, t := range c.GetTiers() {
		age := int(t.GetAge())
		for len(b.Ages) < age {
			name := ""
			if len(b.Ages) < len(c.GetAges()) {
				name = c.GetAges()[len(b.Ages)]
			}
			b.Ages = append(b.Ages, ageRows{Name: name})
		}
		if age < 1 {
			continue
		}
		b.Ages[age-1].Tiers = append(b.Ages[age-1].Tiers, tierRow{Tier: t.GetTier(), Name: t.GetName(), Effect: t.GetEffect(),
			Research: t.GetResearch(), Held: t.GetTier() <= b.Tier, Next: t.GetTier() == b.Tier+1, Left: max(0, t.GetResearch()-b.Research)})
	}
	l := langOf(r)
	s.render(w, r, http.StatusOK, "research", page{Title: l.Sprintf("%s: research tree", "%s : arbre de recherche", v.GetCampName()), Body: b})
}
