package arena

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/grisonval/server/server/rating"
)

// Row is one entrant's line of the leaderboard.
type Row struct {
	Entrant string `json:"entrant"`
	Kind    string `json:"kind"`
	// Rating is the batch Plackett-Luce fit (anchored at 1000 on the
	// anchor), Low and High its 95 % bootstrap interval.
	Rating float64 `json:"rating"`
	Low    float64 `json:"low"`
	High   float64 `json:"high"`
	// Mu, Sigma and Ordinal are the online Weng-Lin rating (mu - 3 sigma).
	Mu      float64 `json:"mu"`
	Sigma   float64 `json:"sigma"`
	Ordinal float64 `json:"ordinal"`
	Matches int     `json:"matches"`
	// WinShare is the share of its matches it finished first (a first
	// place shared by k camps counts 1/k).
	WinShare float64 `json:"win_share"`
	// Days are the days it was asked to play (every day of each match but
	// those its camp waited or had fallen: it posted, or timed out).
	Days int `json:"days"`
	// IllegalRate is the share of those days with an illegal order: one
	// refused when posted (by the server or, for an LLM, by the MCP
	// tools), or found stale when the day resolved. TimeoutRate is the
	// share it did not answer within the move clock.
	IllegalRate float64 `json:"illegal_rate"`
	TimeoutRate float64 `json:"timeout_rate"`
	// MeanTimeMS is the mean time it took to answer, over the days
	// measured (the arena's own players; -1 when none).
	MeanTimeMS float64 `json:"mean_time_ms"`
	// TokensPerDay and CostPerDay are the model's, as its endpoint
	// reported them (zero for a bot).
	TokensPerDay float64 `json:"tokens_per_day"`
	CostPerDay   float64 `json:"cost_per_day"`
	Retries      int     `json:"retries"`
}

// Board is a tournament's leaderboard.
type Board struct {
	Tournament string `json:"tournament"`
	Ruleset    string `json:"ruleset"`
	Camps      int    `json:"camps"`
	Anchor     string `json:"anchor"`
	Played     int    `json:"matches_played"`
	Planned    int    `json:"matches_planned"`
	Failed     int    `json:"matches_failed"`
	// Rows are the entrants, best rating first.
	Rows []Row `json:"rows"`
	// Seats are the camp positions' advantages, in rating points over
	// the average seat, with their intervals.
	Seats []rating.Estimate `json:"seats"`
	// HeadToHead[i][j] is the share of the matches rows i and j (in the
	// order of Rows) played together where i finished ahead of j, a tie
	// counting half; -1 when they never met.
	HeadToHead [][]float64 `json:"head_to_head"`
}

// Resamples is the number of bootstrap resamples of a leaderboard.
const Resamples = 200

// Table computes the leaderboard of the tournament called name.
func (a *Arena) Table(ctx context.Context, name string) (Board, error) {
	t, err := a.DB.TournamentByName(ctx, name)
	if err != nil {
		return Board{}, err
	}
	ms, err := a.DB.Matches(ctx, t.ID)
	if err != nil {
		return Board{}, err
	}
	days, err := a.DB.Days(ctx, t.ID)
	if err != nil {
		return Board{}, err
	}
	return board(t, ms, days)
}

// board computes a leaderboard from a tournament's matches and days.
func board(t Tournament, ms []Match, days []DayRecord) (Board, error) {
	spec := t.Spec
	n := len(spec.Entrants)
	b := Board{Tournament: spec.Name, Ruleset: spec.Ruleset, Camps: spec.Camps, Anchor: spec.Entrants[spec.anchor()].ID, Planned: len(ms)}
	rows := make([]Row, n)
	index := map[string]int{}
	for i, e := range spec.Entrants {
		rows[i] = Row{Entrant: e.ID, Kind: e.Kind, MeanTimeMS: -1}
		index[e.ID] = i
	}
	var fit []rating.Match
	for _, m := range ms {
		switch m.Status {
		case MatchFailed:
			b.Failed++
			continue
		case MatchDone:
		default:
			continue
		}
		b.Played++
		fit = append(fit, rating.Match{Entrants: m.Seats, Ranks: m.Ranks})
		firsts := 0
		for _, r := range m.Ranks {
			if r == 1 {
				firsts++
			}
		}
		for c, e := range m.Seats {
			rows[e].Matches++
			if m.Ranks[c] == 1 {
				rows[e].WinShare += 1 / float64(firsts)
			}
		}
	}
	done := map[int64]bool{}
	for _, m := range ms {
		done[m.ID] = m.Status == MatchDone
	}
	type acc struct {
		illegal, timeouts, timed, tokens int
		ms                               int64
		cost                             float64
	}
	accs := make([]acc, n)
	for _, d := range days {
		i, ok := index[d.Entrant]
		if !ok || !done[d.Match] || d.Status == "" {
			continue
		}
		answered := d.TimedOut || d.Status == "applied" || d.Status == "stale"
		if !answered {
			// A day its camp waited, had fallen, or was forced: nobody
			// asked it for an order.
			continue
		}
		rows[i].Days++
		x := &accs[i]
		if d.TimedOut {
			x.timeouts++
		}
		if d.Refused > 0 || d.Status == "stale" {
			x.illegal++
		}
		if d.TimeMS >= 0 && !d.TimedOut {
			x.timed++
			x.ms += d.TimeMS
		}
		x.tokens += d.PromptTokens + d.CompletionTokens
		x.cost += d.Cost
		rows[i].Retries += d.Retries
	}
	for i := range rows {
		r, x := &rows[i], accs[i]
		if r.Matches > 0 {
			r.WinShare /= float64(r.Matches)
		}
		if r.Days > 0 {
			r.IllegalRate = float64(x.illegal) / float64(r.Days)
			r.TimeoutRate = float64(x.timeouts) / float64(r.Days)
			r.TokensPerDay = float64(x.tokens) / float64(r.Days)
			r.CostPerDay = x.cost / float64(r.Days)
		}
		if x.timed > 0 {
			r.MeanTimeMS = float64(x.ms) / float64(x.timed)
		}
	}
	on := online(spec, ms)
	for i := range rows {
		rows[i].Mu, rows[i].Sigma, rows[i].Ordinal = on[i].Mu, on[i].Sigma, on[i].Ordinal()
	}
	if len(fit) > 0 {
		tab, err := rating.Fit(fit, rating.FitOptions{Entrants: n, Anchor: spec.anchor(), Positions: true,
			Prior: rating.DefaultPrior, Resamples: Resamples, Seed: spec.Seeds[0]})
		if err != nil {
			return Board{}, fmt.Errorf("fit the table: %w", err)
		}
		for i, e := range tab.Entrants {
			rows[i].Rating, rows[i].Low, rows[i].High = e.Rating, e.Low, e.High
		}
		b.Seats = tab.Positions
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return rows[order[x]].Rating > rows[order[y]].Rating })
	ahead, met := make([][]float64, n), make([][]int, n)
	for i := range ahead {
		ahead[i], met[i] = make([]float64, n), make([]int, n)
	}
	for _, m := range ms {
		if m.Status != MatchDone {
			continue
		}
		for c, e := range m.Seats {
			for d, f := range m.Seats {
				if c == d {
					continue
				}
				met[e][f]++
				switch {
				case m.Ranks[c] < m.Ranks[d]:
					ahead[e][f]++
				case m.Ranks[c] == m.Ranks[d]:
					ahead[e][f] += 0.5
				}
			}
		}
	}
	b.HeadToHead = make([][]float64, n)
	for i, e := range order {
		b.Rows = append(b.Rows, rows[e])
		b.HeadToHead[i] = make([]float64, n)
		for j, f := range order {
			b.HeadToHead[i][j] = -1
			if met[e][f] > 0 {
				b.HeadToHead[i][j] = ahead[e][f] / float64(met[e][f])
			}
		}
	}
	return b, nil
}

// WriteText writes the leaderboard as a table a person reads.
func (b Board) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%s: %s, %d camps a match; %d of %d matches played", b.Tournament, b.Ruleset, b.Camps, b.Played, b.Planned)
	if b.Failed > 0 {
		fmt.Fprintf(w, ", %d failed", b.Failed)
	}
	fmt.Fprintf(w, "; ratings anchored on %s = 1000, 95 %% bootstrap intervals\n\n", b.Anchor)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "rank\tentrant\tkind\trating\t95 % interval\tmatches\twin share\tillegal\ttimeouts\tms/day\ttokens/day\tcost/day\tordinal\t")
	for i, r := range b.Rows {
		ms := "-"
		if r.MeanTimeMS >= 0 {
			ms = strconv.FormatFloat(r.MeanTimeMS, 'f', 0, 64)
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%.0f\t[%.0f, %.0f]\t%d\t%.1f %%\t%.1f %%\t%.1f %%\t%s\t%.0f\t%.4f\t%.1f\t\n", i+1, r.Entrant, r.Kind,
			r.Rating, r.Low, r.High, r.Matches, 100*r.WinShare, 100*r.IllegalRate, 100*r.TimeoutRate, ms, r.TokensPerDay, r.CostPerDay, r.Ordinal)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(b.Rows) > 1 {
		fmt.Fprintf(w, "\nhead to head (the row's share of finishes ahead of the column, ties half):\n")
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "\t")
		for _, r := range b.Rows {
			fmt.Fprintf(tw, "%s\t", r.Entrant)
		}
		fmt.Fprintln(tw)
		for i, r := range b.Rows {
			fmt.Fprintf(tw, "%s\t", r.Entrant)
			for j := range b.Rows {
				if x := b.HeadToHead[i][j]; x >= 0 {
					fmt.Fprintf(tw, "%.0f %%\t", 100*x)
				} else {
					fmt.Fprint(tw, "-\t")
				}
			}
			fmt.Fprintln(tw)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(b.Seats) > 0 {
		var parts []string
		for p, s := range b.Seats {
			parts = append(parts, fmt.Sprintf("camp %d %+.0f [%+.0f, %+.0f]", p, s.Rating, s.Low, s.High))
		}
		fmt.Fprintf(w, "\nseat advantage (points over the average seat): %s\n", strings.Join(parts, "; "))
	}
	return nil
}

// Export is every match of a tournament with every camp's days, for
// others to re-fit: the JSON export's shape.
type Export struct {
	Spec    Spec          `json:"spec"`
	Matches []ExportMatch `json:"matches"`
}

// ExportMatch is one match in an export.
type ExportMatch struct {
	Seq      int         `json:"seq"`
	Round    int         `json:"round"`
	Seed     uint64      `json:"seed"`
	World    uint64      `json:"world"`
	Entrants []string    `json:"entrants"` // by camp
	Ranks    []int       `json:"ranks"`    // by camp
	Status   string      `json:"status"`
	Days     int         `json:"days"`
	Hash     string      `json:"hash"`
	Error    string      `json:"error,omitempty"`
	Camps    []DayRecord `json:"camp_days"`
}

// Export returns every match of the tournament called name.
func (a *Arena) Export(ctx context.Context, name string) (Export, error) {
	t, err := a.DB.TournamentByName(ctx, name)
	if err != nil {
		return Export{}, err
	}
	ms, err := a.DB.Matches(ctx, t.ID)
	if err != nil {
		return Export{}, err
	}
	days, err := a.DB.Days(ctx, t.ID)
	if err != nil {
		return Export{}, err
	}
	byMatch := map[int64][]DayRecord{}
	for _, d := range days {
		byMatch[d.Match] = append(byMatch[d.Match], d)
	}
	out := Export{Spec: t.Spec}
	for _, m := range ms {
		em := ExportMatch{Seq: m.Seq, Round: m.Round, Seed: m.Seed, World: m.WorldID, Ranks: m.Ranks, Status: m.Status,
			Days: m.Days, Hash: m.Hash, Error: m.Error, Camps: byMatch[m.ID]}
		for _, e := range m.Seats {
			em.Entrants = append(em.Entrants, t.Spec.Entrants[e].ID)
		}
		out.Matches = append(out.Matches, em)
	}
	return out, nil
}

// WriteJSON writes the export as indented JSON.
func (x Export) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(x)
}

// WriteCSV writes the export as CSV, one row per match and camp: the
// match, its seed, the camp, the entrant, its rank, and its days' sums.
func (x Export) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"match", "round", "seed", "world", "status", "camp", "entrant", "rank", "days", "illegal_days", "timeouts",
		"prompt_tokens", "completion_tokens", "cost", "retries", "hash"})
	for _, m := range x.Matches {
		for c, e := range m.Entrants {
			var days, illegal, timeouts, pt, ct, retries int
			var cost float64
			for _, d := range m.Camps {
				if d.Camp != c {
					continue
				}
				days++
				if d.Refused > 0 || d.Status == "stale" {
					illegal++
				}
				if d.TimedOut {
					timeouts++
				}
				pt, ct, cost, retries = pt+d.PromptTokens, ct+d.CompletionTokens, cost+d.Cost, retries+d.Retries
			}
			rank := ""
			if c < len(m.Ranks) {
				rank = strconv.Itoa(m.Ranks[c])
			}
			cw.Write([]string{strconv.Itoa(m.Seq + 1), strconv.Itoa(m.Round), strconv.FormatUint(m.Seed, 10), strconv.FormatUint(m.World, 10),
				m.Status, strconv.Itoa(c), e, rank, strconv.Itoa(days), strconv.Itoa(illegal), strconv.Itoa(timeouts),
				strconv.Itoa(pt), strconv.Itoa(ct), strconv.FormatFloat(cost, 'f', 6, 64), strconv.Itoa(retries), m.Hash})
		}
	}
	cw.Flush()
	return cw.Error()
}
