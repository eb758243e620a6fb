package viewtext

import (
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestOverEntry: the journal line of a season over names the winner as the
// view tells, in both languages (rule CAS-WIN for the Castle); no line
// while the season runs.
func TestOverEntry(t *testing.T) {
	castle := func(fell ...int32) *pb.CampView {
		c := &pb.CastleView{}
		for i, f := range fell {
			c.Cities = append(c.Cities, &pb.CastleCity{Camp: int32(i), FellTurn: f})
		}
		return &pb.CampView{Day: 9, SeasonOver: true, Camp: 1, Alive: fell[1] == 0, Detail: &pb.CampView_Castle{Castle: c}}
	}
	for _, c := range []struct {
		what   string
		v      *pb.CampView
		en, fr string
	}{
		{"running", &pb.CampView{Day: 3}, "", ""},
		{"fallen together", castle(2, 4, 4), "The game is over: city 1 and city 2 share the victory, fallen together last on turn 4.",
			"La partie est finie : la cité 1 et la cité 2 se partagent la victoire, tombées ensemble en dernier au tour 4."},
		{"another won", castle(0, 3, 2), "The game is over: city 0 won, the last city standing.", "La partie est finie : la cité 0 a gagné, dernière cité debout."},
		{"a season's best score", &pb.CampView{Day: 200, SeasonOver: true, Alive: true, Score: 10, Contacts: []*pb.Contact{
			{Camp: 2, Name: "Nord", Alive: true, Scored: true, Score: 30, ScoreSummary: "30 zones"}}},
			"The season is over: camp 2 Nord leads with 30 (30 zones).", "La saison est finie : le camp 2 Nord mène avec 30 (30 zones)."},
	} {
		for l, want := range map[lang.Lang]string{lang.EN: c.en, lang.FR: c.fr} {
			e := OverEntry(l, c.v)
			switch {
			case want == "" && e != nil:
				t.Errorf("%s, %v: got %q; want no line", c.what, l, e.GetNarration())
			case want != "" && (e == nil || e.GetNarration() != want || e.GetKind() != OverKind || e.GetDay() != c.v.GetDay()):
				t.Errorf("%s, %v: got %v; want %q on day %d", c.what, l, e, want, c.v.GetDay())
			}
		}
		got := WithOver(lang.EN, c.v, []*pb.JournalEntry{{Day: 1}})
		if n := map[bool]int{true: 1, false: 2}[c.en == ""]; len(got) != n {
			t.Errorf("%s: WithOver gave %d entries; want %d", c.what, len(got), n)
		}
	}
}
