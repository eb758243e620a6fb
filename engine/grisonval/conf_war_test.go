package grisonval_test

import (
	"fmt"
	"strconv"

	"github.com/grisonval/server/engine/grisonval"
)

// The conformance lines of issue 16's rules (RulesWar):
//
//	setup:
//	  rules N               the world is played by rules version N (RULES-1)
//	  people CAMP none      camp CAMP has no living inhabitant left
//	expect:
//	  people CAMP N first=ID  camp CAMP has N inhabitants, the first with ID
func init() {
	setupKinds["rules"] = setupRules
	setupKinds["people"] = setupPeople
	expectKinds["people"] = expectPeople
}

func setupRules(w *grisonval.World, f []string) error {
	n, err := strconv.Atoi(f[1])
	if err != nil || len(f) != 2 || n < 0 || n > int(grisonval.RulesWar) {
		return fmt.Errorf("want rules N (0 to %d), got %v", grisonval.RulesWar, f)
	}
	w.Rules = grisonval.Rules(n)
	return nil
}

func setupPeople(w *grisonval.World, f []string) error {
	if len(f) != 3 || f[2] != "none" {
		return fmt.Errorf("want people CAMP none, got %v", f)
	}
	c, err := campArg(f[1])
	if err != nil {
		return err
	}
	w.Camps[c].Citizens = nil
	return nil
}

func expectPeople(out grisonval.Outcome, f []string) error {
	if len(f) < 3 {
		return fmt.Errorf("want people CAMP N [first=ID], got %v", f)
	}
	c, err := campArg(f[1])
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(f[2])
	if err != nil {
		return fmt.Errorf("bad count %q", f[2])
	}
	cit := out.World.Camps[c].Citizens
	if len(cit) != n {
		return fmt.Errorf("camp %d people: got %d; want %d", c, len(cit), n)
	}
	pairs, err := kv(f[3:])
	if err != nil {
		return err
	}
	for _, p := range pairs {
		id, err := strconv.Atoi(p[1])
		if err != nil || p[0] != "first" {
			return fmt.Errorf("want first=ID, got %v", p)
		}
		if len(cit) == 0 || cit[0].ID != int32(id) {
			return fmt.Errorf("camp %d first citizen: got %v; want ID %d", c, cit, id)
		}
	}
	return nil
}
