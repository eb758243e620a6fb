package bot

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// frenchWord finds a French word of the reasons in a text meant to be
// English (the cities' names have accents in both).
var frenchWord = regexp.MustCompile(`\b(croissance|belliqueu\w*|prudente|nourriture|zone libre|moral|armée|civils|posture recalculée|j'attends|je garde|diplomatie|aucune?|jour)\b`)

// TestReasonsInLanguage checks that the bot writes its reasons in the
// language asked (DESIGN decision 8): the same order in English and in
// French, the English one with no French word, Decide's being the French
// one (the golden replays' language) and a Player's default English.
func TestReasonsInLanguage(t *testing.T) {
	views := map[string]*pb.CampView{
		"growth":      baseView(pb.Posture_POSTURE_GROWTH),
		"aggressive":  baseView(pb.Posture_POSTURE_AGGRESSIVE),
		"prudent":     baseView(pb.Posture_POSTURE_PRUDENT),
		"unspecified": baseView(pb.Posture_POSTURE_UNSPECIFIED),
		"appoint":     edit(govView(), vacant(1)),
		"set_edict":   edit(govView(), all(level(1, 0), func(v *pb.CampView) { v.Day = 0 })),
		"survey":      edit(govView(), explorable(3)),
		"castle convert": castleTable{me: 0, current: 0, step: stepConvert,
			cities: []*pb.CastleCity{city(5, 5, 5, 2, 5), city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5)}}.view(),
		"castle draft": castleTable{me: 0, current: 0, step: stepDraft, drawn: []string{cardWelcome, cardAllegiance, cardHospital},
			cities: []*pb.CastleCity{city(5, 5, 5, 5, 5), city(5, 3, 5, 3, 3), city(8, 8, 8, 6, 5)}}.view(),
		"castle waits": castleTable{me: 1, current: 0, step: stepConvert,
			cities: []*pb.CastleCity{city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5), city(5, 5, 5, 5, 5)}}.view(),
	}
	for name, v := range views {
		t.Run(name, func(t *testing.T) {
			en, _ := DecideIn(lang.EN, v, State{Aggressiveness: attackAppetite})
			fr, _ := DecideIn(lang.FR, v, State{Aggressiveness: attackAppetite})
			old, _ := Decide(v, State{Aggressiveness: attackAppetite})
			if en.GetAction() != fr.GetAction() || !slices.Equal(en.GetArgs(), fr.GetArgs()) {
				t.Fatalf("English %s %v, French %s %v; want the same order", en.GetAction(), en.GetArgs(), fr.GetAction(), fr.GetArgs())
			}
			if en.GetReason() == "" || en.GetReason() == fr.GetReason() || frenchWord.MatchString(en.GetReason()) {
				t.Errorf("English reason %q (French %q); want English words only", en.GetReason(), fr.GetReason())
			}
			if old.GetReason() != fr.GetReason() {
				t.Errorf("Decide's reason %q; want the French %q", old.GetReason(), fr.GetReason())
			}
		})
	}
	if (&Player{}).Lang != lang.EN {
		t.Error("a Player's default language is not English")
	}
	if en, _ := DecideIn(lang.EN, views["castle waits"], State{}); !strings.HasPrefix(en.GetReason(), "I wait: ") {
		t.Errorf("got %q; want the waiting city's English reason", en.GetReason())
	}
}
