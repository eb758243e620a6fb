package grisonval

import (
	engine "github.com/grisonval/server/engine/grisonval"
	"github.com/grisonval/server/game"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// Catalogue lists the 26 achievements with their conditions under the
// rules s is played by (ACH-1, ACH-GRANARY) and the 29 tiers of the tech
// tree with their ages (TECH-1 to TECH-6), in l: the feats screen and
// research tree of the camp's page.
func (r Ruleset) Catalogue(s game.State, l lang.Lang) *pb.Catalogue {
	w := Of(s)
	c := &pb.Catalogue{Ruleset: r.Info().Name}
	for id := 1; id <= engine.NumAchievements; id++ {
		a := &engine.Achievements[id]
		c.Achievements = append(c.Achievements, &pb.Achievement{Code: a.Code, Name: a.Name.In(l), Condition: a.ConditionUnder(w.Rules).In(l)})
	}
	for id := 1; id <= engine.NumTechs; id++ {
		c.Tiers = append(c.Tiers, techToPB(engine.Techs[id], l))
	}
	for age := 1; age < len(engine.AgeNames); age++ {
		c.Ages = append(c.Ages, engine.AgeNames[age].In(l))
	}
	return c
}
