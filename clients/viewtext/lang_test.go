package viewtext

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// englishWords are phrases of the text view's own English; frenchWords of
// its French. A text in one language has none of the other's.
var (
	englishWords = regexp.MustCompile(`\b(Resources|People|Legal actions|Journal \(latest|Messages \(\d+\):|You may write|Zones: \d|Unknown zones|Other camps|Deadline|orders are for day|Columns|Standing order|cost:|day \d+ \[|Camps: |Terrain: |Menu for day|Your order|Order accepted|reason: |error \(|error: |Kingdom: |Council \(|Edicts \(|Notables without|Ongoing events|Special terrain: )`)
	frenchWords  = regexp.MustCompile(`\b(Ressources|Peuple|Actions permises|Journal \(les|Messages \(\d+\) :|Vous pouvez écrire|Zones : \d|Zones inconnues|Autres camps|Échéance|les ordres sont|Colonnes|Ordre permanent|coût :|jour \d+ \[|Camps : |Terrain : |Menu du jour|Votre ordre|Ordre accepté|raison : |erreur \(|erreur : |Royaume : |Conseil \(|Édits \(|Notables sans|Événements en cours|Terrains spéciaux : )`)
)

// TestLanguages renders every text of the package in English and in
// French (DESIGN decision 8): each has its language's phrases and none of
// the other's; the map's terrain letters are the same in both.
func TestLanguages(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	v := sampleView()
	submitted := &pb.SubmitOrderResponse{Day: 8, Order: &pb.Order{Action: "rest", Reason: "souffler"}, Replaced: true}
	notice := &pb.TickNotice{Day: 7, Result: &pb.OrderResult{Day: 7, Order: &pb.Order{Action: "rest"}, Status: pb.OrderStatus_ORDER_STATUS_APPLIED},
		Journal: []*pb.JournalEntry{{Day: 7, Kind: "rest", Narration: "Repos."}}}
	texts := func(l lang.Lang) map[string]string {
		return map[string]string{
			"view":       View(l, v, now),
			"governance": View(l, govView(), now) + Brief(l, govView(), now, 0, 0),
			"brief":      Brief(l, v, now, 0, 0),
			"map":        Map(l, hexView(), false),
			"castle":     View(l, castleView(), now),
			"other":      View(l, otherView(), now),
			"submitted":  Submitted(l, submitted),
			"notice":     Notice(l, notice, now),
			"error":      Error(l, errors.New("boom")),
		}
	}
	for _, tt := range []struct {
		l         lang.Lang
		want, not *regexp.Regexp
	}{{lang.EN, englishWords, frenchWords}, {lang.FR, frenchWords, englishWords}} {
		for name, text := range texts(tt.l) {
			if !tt.want.MatchString(text) {
				t.Errorf("%s, %s: no phrase of its language in\n%s", tt.l, name, text)
			}
			if m := tt.not.FindString(text); m != "" {
				t.Errorf("%s, %s: %q, of the other language, in\n%s", tt.l, name, m, text)
			}
		}
	}
	for _, want := range []string{"p plaine, f forêt, m montagne, c côte", "Votre ordre du jour", "Actions permises pour le jour 13"} {
		if all := strings.Join([]string{Map(lang.FR, hexView(), false), View(lang.FR, v, now)}, ""); !strings.Contains(all, want) {
			t.Errorf("French: no %q", want)
		}
	}
}

// TestCodesNamed: the codes of the wire a text view shows (the season of
// the year, governments, archetypes, jobs, buildings, relations) are named
// in the reader's language, and the French text keeps none in English.
func TestCodesNamed(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	v := sampleView()
	for _, tt := range []struct {
		l         lang.Lang
		want, not []string
	}{
		{lang.EN, []string{"(spring)", "2 Le Clan: warrior clan, overlordship", "Politics: builders (republic)", "farmer 6 (level 1.5)", "farm (cost", "proposes alliance", "(public): war"},
			[]string{"warrior_clan", "printemps", "république"}},
		{lang.FR, []string{"(printemps)", "2 Le Clan : clan guerrier, suzeraineté", "Politique : bâtisseurs (république)", "fermier 6 (niveau 1.5)", "ferme (coût", "il propose alliance", "(public) : guerre"},
			[]string{"spring", "warrior", "overlord", "republic", "builders", "farmer", "farm ", "(public) : war", "vivres"}},
	} {
		text := View(tt.l, v, now) + Brief(tt.l, v, now, 0, 0)
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in\n%s", tt.l, w, text)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(text, w) {
				t.Errorf("%s: %q in\n%s", tt.l, w, text)
			}
		}
	}
}
