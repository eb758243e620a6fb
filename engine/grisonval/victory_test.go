package grisonval_test

import (
	"encoding/json"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// TestArmsDays covers CAR-VETERANS' counter and RULES-1: under RulesVictory
// each camp's men-under-arms-days grow each day by its men under arms at
// the day's end; under
// RulesMastery the counter stays 0 and, the counter and the version set
// aside, the same season resolves to the same states (version 4 resolves
// a day as version 3 does).
func TestArmsDays(t *testing.T) {
	const seed, days = 11, 40
	raise := grisonval.Order{Action: grisonval.RaiseArmy, Args: []int{2}}
	play := func(rules grisonval.Rules) []*grisonval.World {
		w := grisonval.NewSeasonWorld(seed, rules, 1)
		out := []*grisonval.World{w}
		for d := 1; d <= days; d++ {
			var o [grisonval.NumCamps]grisonval.Order
			if d%5 == 1 { // levies now and then, so that the army moves
				o = orders(raise, raise, grisonval.Order{})
			}
			w = grisonval.Resolve(w, o).World
			out = append(out, w)
		}
		return out
	}
	v4, v3 := play(grisonval.RulesVictory), play(grisonval.RulesMastery)
	var sum [grisonval.NumCamps]int
	moved := false
	for d := 1; d <= days; d++ {
		for c := range grisonval.CampID(grisonval.NumCamps) {
			men := v4[d].MenUnderArms(c)
			moved = moved || men != v4[1].MenUnderArms(c)
			sum[c] += men
			if got := v4[d].Camps[c].ArmsDays; got != sum[c] {
				t.Fatalf("CAR-VETERANS day %d camp %d: %d men-under-arms-days; want %d (the men under arms at each day's end, summed)", d, c, got, sum[c])
			}
			if v3[d].Camps[c].ArmsDays != 0 {
				t.Errorf("RULES-1 day %d camp %d: RulesMastery counted %d men-under-arms-days; want none", d, c, v3[d].Camps[c].ArmsDays)
			}
		}
		same := *v4[d] // Camps is an array: changing its copy changes nothing of v4
		same.Rules = grisonval.RulesMastery
		for c := range same.Camps {
			same.Camps[c].ArmsDays = 0
		}
		a, _ := json.Marshal(&same)
		b, _ := json.Marshal(v3[d])
		if string(a) != string(b) {
			t.Fatalf("RULES-1 day %d: RulesVictory resolved otherwise than RulesMastery (beyond its counter)", d)
		}
	}
	if !moved || v4[0].Camps[0].ArmsDays != 0 {
		t.Errorf("CAR-VETERANS: the army never moved (%v) or day 0 counts %d men-under-arms-days", moved, v4[0].Camps[0].ArmsDays)
	}
}
