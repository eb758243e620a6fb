package main

import (
	"fmt"
	"io"

	"github.com/grisonval/server/engine/grisonval"
)

// Issue 16's bars for the stocks at the end of a season: no camp ends on
// more food than foodDaysBar days of its own eating, nor on idleBar stone
// or wood while it has free building slots.
const (
	foodDaysBar = 100
	idleBar     = 2500
)

// reportStocks prints, per archetype (camp), the stocks the runs ended on
// against issue 16's bars, and the share of all sieges won.
func reportStocks(out io.Writer, runs []run) {
	laid, won := 0, 0
	ends := map[string]int{}
	for _, r := range runs {
		for c := range r.war {
			laid += r.war[c].started
			won += r.war[c].won
		}
		for k, n := range r.siegeEnds {
			ends[k] += n
		}
	}
	fmt.Fprintf(out, "\nSieges laid %d, won %d (%.0f %%); ended by the journal's news:", laid, won, 100*float64(won)/float64(max(1, laid)))
	for _, k := range siegeEndKinds {
		fmt.Fprintf(out, " %s %d", k, ends[k])
	}
	fmt.Fprint(out, ".\n\n")
	fmt.Fprintf(out, "| camp | food (mean, max) | days of eating (mean, max) | over %d days | gold (mean, max) | stone (mean, max) | wood (mean, max) | %d idle stone or wood with free slots | colonies collapsed |\n", foodDaysBar, idleBar)
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|")
	for c := range grisonval.CampID(grisonval.NumCamps) {
		var s summary
		over, idle, collapsed := 0, 0, 0
		for _, r := range runs {
			collapsed += r.war[c].collapses
			w := r.final
			if !w.Camps[c].Alive {
				continue
			}
			res := w.Camps[c].Resources
			days := res.Food / max(1, w.FoodNeed(c, w.Day))
			free := 0
			for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
				if w.Zone(z).Owner == c {
					free += w.FreeSlots(z)
				}
			}
			if days > foodDaysBar {
				over++
			}
			if free > 0 && (res.Stone >= idleBar || res.Wood >= idleBar) {
				idle++
			}
			s.add([]int64{res.Food, days, res.Gold, res.Stone, res.Wood})
		}
		m := s.mean()
		fmt.Fprintf(out, "| %s | %d, %d | %d, %d | %d | %d, %d | %d, %d | %d, %d | %d | %d |\n", grisonval.CampNames[c],
			m[0], s.max[0], m[1], s.max[1], over, m[2], s.max[2], m[3], s.max[3], m[4], s.max[4], idle, collapsed)
	}
}
