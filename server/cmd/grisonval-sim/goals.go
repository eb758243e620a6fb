package main

import (
	"fmt"
	"io"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/engine/grisonval"
	gamegrisonval "github.com/grisonval/server/game/grisonval"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// simSheet is the character sheet every camp's ruler gets with -sheets: a
// creation of the rules' own shape (SHEET-NEW), every characteristic at 2
// and a talent in each of four fields, so that no camp's ruler is better
// than another's.
var simSheet = func() career.Sheet {
	s, err := career.NewSheet([career.NumCharacteristics]int{2, 2, 2, 2, 2}, [career.NumTalents]int{1, 1, 1, 1, 0})
	if err != nil {
		panic(err)
	}
	return s
}()

// mixRuns are the seasons played under one mix of postures.
type mixRuns struct {
	mix  string
	ctrl [grisonval.NumCamps]*pb.Controller
	runs []run
}

// woundBy is the day by which issue 29 counts the rulers wounded.
const woundBy = 60

// postureNames name the postures of a mix, as the flags write them.
var postureNames = map[pb.Posture]string{
	pb.Posture_POSTURE_UNSPECIFIED: "auto", pb.Posture_POSTURE_AGGRESSIVE: "aggressive",
	pb.Posture_POSTURE_GROWTH: "growth", pb.Posture_POSTURE_PRUDENT: "prudent",
}

// winners returns the camp that won the season by each measure, or NoCamp on
// a shared first place: the most zones held (the sim's tables since issue
// 4), the camp score of the season's close under the rules the world was
// played by (CAR-SCORE, CAR-RANK; under RulesVictory CAR-VETERANS) and the
// camp score of RulesMastery's, which counts neither barracks in full nor
// the season's army (docs/career.md CAR-VETERANS), read on the same final state.
func winners(r run) (byZones, byScore, byOldScore grisonval.CampID) {
	first := func(v [grisonval.NumCamps]int) grisonval.CampID {
		best, at, tie := grisonval.NoCamp, -1, false
		for c := range grisonval.CampID(grisonval.NumCamps) {
			switch {
			case v[c] > at:
				best, at, tie = c, v[c], false
			case v[c] == at:
				tie = true
			}
		}
		if tie {
			return grisonval.NoCamp
		}
		return best
	}
	score := func(w *grisonval.World) (out [grisonval.NumCamps]int) {
		sc, err := gamegrisonval.Ruleset{}.Season(grisonval.NumCamps).Score(gamegrisonval.StateOf(w))
		if err != nil {
			return out
		}
		for c := range out {
			out[c] = sc[c].Score
		}
		return out
	}
	var zones [grisonval.NumCamps]int
	for c := range grisonval.CampID(grisonval.NumCamps) {
		zones[c] = r.final.HeldZones(c)
	}
	old := *r.final // read only: the score changes nothing
	old.Rules = min(old.Rules, grisonval.RulesMastery)
	return first(zones), first(score(r.final)), first(score(&old))
}

// ratio formats n of d with its percentage.
func ratio(n, d int) string {
	return fmt.Sprintf("%d of %d (%.0f %%)", n, d, 100*float64(n)/float64(max(1, d)))
}

// reportGoals prints issue 29's goals over every mix played: per mix, the
// share of sieges won, the share of orders that are appoint, the gold and
// the tiers at the season's end and the rulers wounded by day 60; per
// posture (in the mixes that fix it), the seasons it won by zones and by
// score, and the share of its days at the edicts' costly levels (the gold
// sinks of EDI-6) and at crushing taxes.
func reportGoals(out io.Writer, all []mixRuns, days int) {
	fmt.Fprintf(out, "\n### Goals (issue 29)\n\n")
	fmt.Fprintln(out, "| mix | sieges won | `appoint` share of orders (mean, worst camp) | gold at the end (mean, max) | tiers at the end (mean) | rulers wounded by day 60 |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|")
	type postureTally struct {
		seasons, byZones, byScore, byOldScore          int
		days, holidays, promotion, expansive, crushing int
	}
	tallies := map[string]*postureTally{}
	var order []string
	for _, m := range all {
		laid, won := 0, 0
		var appointSum float64
		worst := 0.0
		var gold summary
		tiers, camps, wounded, ruled := 0, 0, 0, 0
		for _, r := range m.runs {
			zw, sw, ow := winners(r)
			for c := range grisonval.CampID(grisonval.NumCamps) {
				laid += r.war[c].started
				won += r.war[c].won
				total, appoint := 0, r.orders[c]["appoint"]
				for _, n := range r.orders[c] {
					total += n
				}
				share := float64(appoint) / float64(max(1, total))
				appointSum += share
				worst = max(worst, share)
				gold.add([]int64{r.final.Camps[c].Resources.Gold})
				tiers += r.final.Tier(c)
				camps++
				if r.final.Rulers[c].PowerPoints > 0 || r.final.Rulers[c].Wounds > 0 {
					ruled++
					if r.woundDay[c] > 0 && r.woundDay[c] <= woundBy {
						wounded++
					}
				}
				name := postureNames[m.ctrl[c].GetPosture()]
				t := tallies[name]
				if t == nil {
					t = &postureTally{}
					tallies[name] = t
					order = append(order, name)
				}
				t.seasons++
				if zw == c {
					t.byZones++
				}
				if sw == c {
					t.byScore++
				}
				if ow == c {
					t.byOldScore++
				}
				g := &r.gov[c]
				for l := range grisonval.EdictLevels {
					t.days += g.edictDays[grisonval.Holidays-1][l]
					if l > 0 {
						t.holidays += g.edictDays[grisonval.Holidays-1][l]
						t.promotion += g.edictDays[grisonval.Promotion-1][l]
					}
				}
				t.expansive += g.edictDays[grisonval.Promotion-1][grisonval.EdictLevels-1]
				t.crushing += g.edictDays[grisonval.Taxation-1][grisonval.EdictLevels-1]
			}
		}
		woundText := "no ruler (run with -sheets)"
		if ruled > 0 {
			woundText = ratio(wounded, ruled)
		}
		m0 := gold.mean()
		fmt.Fprintf(out, "| %s | %s | %.1f %%, %.1f %% | %d, %d | %.1f | %s |\n", m.mix, ratio(won, laid),
			100*appointSum/float64(max(1, camps)), 100*worst, m0[0], gold.max[0], float64(tiers)/float64(max(1, camps)), woundText)
	}
	fmt.Fprintf(out, "\n| posture | camp-seasons | won by zones | won by score | won by version 3's score | days with holidays / promotion above none | days at expansive promotion / crushing taxes |\n")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|")
	for _, name := range order {
		t := tallies[name]
		pct := func(n int) string { return fmt.Sprintf("%.0f %%", 100*float64(n)/float64(max(1, t.days))) }
		fmt.Fprintf(out, "| %s | %d | %s | %s | %s | %s / %s | %s / %s |\n", name, t.seasons,
			ratio(t.byZones, t.seasons), ratio(t.byScore, t.seasons), ratio(t.byOldScore, t.seasons),
			pct(t.holidays), pct(t.promotion), pct(t.expansive), pct(t.crushing))
	}
	fmt.Fprintf(out, "\nA win is the only first place of the season's %d days (a shared first place is no one's); \"by score\" ranks the camps as the season's close does (CAR-SCORE).\n", days)
}
