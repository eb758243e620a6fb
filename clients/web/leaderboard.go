package web

import (
	"context"
	"fmt"
	"html/template"
	"net/http"

	"github.com/rs/zerolog"

	"github.com/grisonval/server/lang"
)

// LeaderboardTable is one tournament of the arena's public leaderboard
// (docs/arena.md), as the arena hands it to the web face: a ruleset, its
// entrants' ratings and rates, and its matches.
type LeaderboardTable struct {
	Tournament string
	Ruleset    string
	Camps      int
	Played     int
	Planned    int
	// Anchor is the entrant held at 1000.
	Anchor  string
	Rows    []LeaderboardRow
	Matches []LeaderboardMatch
}

// LeaderboardRow is one entrant's line: its rating and 95 % interval,
// matches, win share, illegal-order and timeout rates (shares of its
// days), the mean time it took to answer a day (MeanTimeMS, in
// milliseconds; negative when no day was measured), and the model's
// tokens and cost per day.
type LeaderboardRow struct {
	Entrant, Kind                      string
	Rating, Low, High                  float64
	Matches                            int
	WinShare, IllegalRate, TimeoutRate float64
	MeanTimeMS                         float64
	TokensPerDay, CostPerDay           float64
}

// LeaderboardMatch is one played match: its world (whose timelapse the
// page links to), its entrants by camp and their ranks.
type LeaderboardMatch struct {
	Seq      int
	World    uint64
	Entrants []string
	Ranks    []int
}

// Leaderboard serves the arena's public leaderboard page at any path it
// is mounted on: every tournament tables gives, best rating first, each
// match linked to its timelapse (/chronicle/WORLD/1, the web face's), in
// the visitor's language. The page needs no token and no script; it
// carries the web face's security headers and uses its stylesheet
// (/static/web.css).
func Leaderboard(tables func(ctx context.Context) ([]LeaderboardTable, error), log zerolog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		l := langOf(r)
		ts, err := tables(r.Context())
		if err != nil {
			log.Error().Err(err).Msg("leaderboard not read")
			http.Error(w, l.Sprintf("The leaderboard cannot be read now; try again in a moment.",
				"Le classement ne peut être lu pour l'instant ; réessayez dans un moment."), http.StatusServiceUnavailable)
			return
		}
		h.Set("Content-Type", "text/html; charset=utf-8")
		if err := leaderboardPage.Execute(w, struct {
			Lang   lang.Lang
			Tables []LeaderboardTable
		}{l, ts}); err != nil {
			log.Error().Err(err).Msg("leaderboard page not written")
		}
	})
}

var leaderboardPage = template.Must(template.New("leaderboard").Funcs(template.FuncMap{
	"pct":  func(x float64) string { return fmt.Sprintf("%.1f %%", 100*x) },
	"pts":  func(x float64) string { return fmt.Sprintf("%.0f", x) },
	"inc":  func(i int) int { return i + 1 },
	"cost": func(x float64) string { return fmt.Sprintf("%.4f", x) },
	"tok":  func(x float64) string { return fmt.Sprintf("%.0f", x) },
	"ms": func(x float64) string {
		if x < 0 {
			return "-"
		}
		return fmt.Sprintf("%.0f", x)
	},
}).Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>{{.Lang.Sprintf "Grisonval arena: leaderboard" "Arène de Grisonval : classement"}}</title><link rel="stylesheet" href="/static/web.css"></head>
<body><header class="top"><a href="/" class="brand">Grisonval</a></header><main>
<h1>{{.Lang.Sprintf "The arena: who plays best" "L'arène : qui joue le mieux"}}</h1>
<p>{{.Lang.Sprintf "Ratings from a Plackett-Luce fit of every match's final ranking, with the seats' advantage removed; the anchor holds 1000, and 400 points are ten times the strength. The interval is a 95 % bootstrap interval over the matches: two entrants whose intervals do not overlap differ clearly." "Cotes tirées d'un ajustement de Plackett-Luce sur le classement final de chaque partie, l'avantage des places retiré ; la référence vaut 1000, et 400 points font dix fois la force. L'intervalle est un intervalle bootstrap à 95 % sur les parties : deux participants dont les intervalles ne se chevauchent pas diffèrent nettement."}}</p>
{{$l := .Lang}}{{if not .Tables}}<p>{{$l.Sprintf "No tournament has been played yet." "Aucun tournoi n'a encore été joué."}}</p>{{end}}
{{range .Tables}}<section class="tournament" id="t-{{.Tournament}}">
<h2>{{.Tournament}}: {{.Ruleset}}</h2>
<p>{{$l.Sprintf "%d of %d matches played, %d camps a match; anchored on %s." "%d parties jouées sur %d, %d camps par partie ; référence : %s." .Played .Planned .Camps .Anchor}}</p>
<table class="leaderboard"><thead><tr><th>#</th><th>{{$l.Sprintf "entrant" "participant"}}</th><th>{{$l.Sprintf "kind" "genre"}}</th><th>{{$l.Sprintf "rating" "cote"}}</th><th>{{$l.Sprintf "95 % interval" "intervalle à 95 %"}}</th><th>{{$l.Sprintf "matches" "parties"}}</th><th>{{$l.Sprintf "win share" "part de victoires"}}</th><th>{{$l.Sprintf "illegal orders" "ordres illégaux"}}</th><th>{{$l.Sprintf "timeouts" "hors délai"}}</th><th>{{$l.Sprintf "ms a day" "ms par jour"}}</th><th>{{$l.Sprintf "tokens a day" "jetons par jour"}}</th><th>{{$l.Sprintf "cost a day" "coût par jour"}}</th></tr></thead>
<tbody>{{range $i, $r := .Rows}}<tr><td>{{inc $i}}</td><td>{{.Entrant}}</td><td>{{.Kind}}</td><td>{{pts .Rating}}</td><td>[{{pts .Low}}, {{pts .High}}]</td><td>{{.Matches}}</td><td>{{pct .WinShare}}</td><td>{{pct .IllegalRate}}</td><td>{{pct .TimeoutRate}}</td><td>{{ms .MeanTimeMS}}</td><td>{{tok .TokensPerDay}}</td><td>{{cost .CostPerDay}}</td></tr>{{end}}</tbody></table>
<details><summary>{{$l.Sprintf "Matches (each links to its timelapse)" "Parties (chacune mène à son film)"}}</summary><ol class="matches">
{{range .Matches}}{{$m := .}}<li><a href="/chronicle/{{.World}}/1">{{$l.Sprintf "match %d, world %d" "partie %d, monde %d" .Seq .World}}</a>: {{range $c, $e := .Entrants}}{{if $c}}, {{end}}{{$e}} ({{$l.Sprintf "rank %d" "rang %d" (index $m.Ranks $c)}}){{end}}</li>{{end}}
</ol></details></section>{{end}}
</main></body></html>
`))
