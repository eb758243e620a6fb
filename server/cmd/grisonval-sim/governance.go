package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/grisonval/server/engine/grisonval"
)

// govStats are one camp's governance figures over a season (issue 15):
// days at each level of each edict, the vacancies of its council seats, and
// the special terrains it had found at days 50 and 200.
type govStats struct {
	edictDays [grisonval.NumEdicts][grisonval.EdictLevels]int
	// vacancies are the lengths of the seats' vacancies, in days, each
	// counted once it ends (or at the season's end); open[s] is the
	// running one of seat s.
	vacancies []int
	open      [grisonval.NumSeats]int
	found     map[int]int // day -> specials found by then
}

// foundDays are the days at which the special terrains found are counted.
var foundDays = []int{50, 200}

// recordGov adds day w.Day of camp c to st.
func recordGov(st *govStats, w *grisonval.World, c grisonval.CampID) {
	camp := &w.Camps[c]
	if !camp.Alive {
		return
	}
	for e := range grisonval.NumEdicts {
		st.edictDays[e][camp.Edicts[e]]++
	}
	for s, seat := range camp.Council {
		switch {
		case seat.Citizen == 0:
			st.open[s]++
		case st.open[s] > 0:
			st.vacancies = append(st.vacancies, st.open[s])
			st.open[s] = 0
		}
	}
	for _, d := range foundDays {
		if w.Day == d {
			if st.found == nil {
				st.found = map[int]int{}
			}
			n := 0
			for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
				if camp.Memory[z].Special != 0 {
					n++
				}
			}
			st.found[d] = n
		}
	}
}

// closeGov counts the vacancies still open at the season's end.
func closeGov(st *govStats) {
	for s, n := range st.open {
		if n > 0 {
			st.vacancies = append(st.vacancies, n)
			st.open[s] = 0
		}
	}
}

// reportGov prints the governance table of runs: per camp, the share of
// camp-days at each edict level, the council's vacancies, and the special
// terrains found.
func reportGov(out io.Writer, runs []run) {
	fmt.Fprintln(out, "\n| camp | taxation none / light / normal / heavy / crushing | holidays none / 1 / 6 / 12 / 24 | promotion none / token / standard / aggressive / expansive | vacancies (count, mean days, longest) | specials found d50 / d200 (mean, all zones: "+fmt.Sprint(countSpecials(runs))+") |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|")
	for c := range grisonval.CampID(grisonval.NumCamps) {
		var days [grisonval.NumEdicts][grisonval.EdictLevels]int
		var vac []int
		found := map[int]int{}
		for _, r := range runs {
			g := &r.gov[c]
			for e := range days {
				for l := range days[e] {
					days[e][l] += g.edictDays[e][l]
				}
			}
			vac = append(vac, g.vacancies...)
			for d, n := range g.found {
				found[d] += n
			}
		}
		cols := make([]string, 0, grisonval.NumEdicts)
		for e := range days {
			total := 0
			for _, n := range days[e] {
				total += n
			}
			var ps []string
			for _, n := range days[e] {
				ps = append(ps, fmt.Sprintf("%.0f %%", 100*float64(n)/float64(max(1, total))))
			}
			cols = append(cols, strings.Join(ps, " / "))
		}
		sum, longest := 0, 0
		for _, n := range vac {
			sum += n
			longest = max(longest, n)
		}
		mean := 0.0
		if len(vac) > 0 {
			mean = float64(sum) / float64(len(vac))
		}
		var fs []string
		for _, d := range foundDays {
			fs = append(fs, fmt.Sprintf("%.1f", float64(found[d])/float64(len(runs))))
		}
		fmt.Fprintf(out, "| %s | %s | %d, %.1f, %d | %s |\n", grisonval.CampNames[c], strings.Join(cols, " | "), len(vac), mean, longest, strings.Join(fs, " / "))
	}
}

// countSpecials returns the mean number of zones with a special terrain in
// the runs' worlds.
func countSpecials(runs []run) string {
	n := 0
	for _, r := range runs {
		for z := grisonval.ZoneID(1); z <= grisonval.NumZones; z++ {
			if r.final.Zone(z).Special != 0 {
				n++
			}
		}
	}
	return fmt.Sprintf("%.1f", float64(n)/float64(max(1, len(runs))))
}
