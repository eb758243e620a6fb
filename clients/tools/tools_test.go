package tools

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestSendSchema checks that the message's length bound is the view's
// max_message_len, and that no bound is made up without a view.
func TestSendSchema(t *testing.T) {
	s := sendSchema(&pb.CampView{MessageRecipients: []int32{2}, MaxMessageLen: 280})
	if m := s.Properties["text"].MaxLength; m == nil || *m != 280 {
		t.Errorf("got text max length %v; want 280, the view's", m)
	}
	if e := s.Properties["to_camp"].Enum; len(e) != 1 || e[0] != int32(2) {
		t.Errorf("got recipients %v; want [2]", e)
	}
	if m := sendSchema(nil).Properties["text"].MaxLength; m != nil {
		t.Errorf("got text max length %d without a view; want none", *m)
	}
}

// TestSubmitSchemaOtherRuleset checks that the order schema is built from
// the legal actions whatever the ruleset.
func TestSubmitSchemaOtherRuleset(t *testing.T) {
	v := &pb.CampView{Day: 3, Ruleset: "dice", LegalActions: []*pb.LegalAction{
		{Action: "draw"}, {Action: "raise", Args: []*pb.ArgSpec{{Name: "gauge", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 5}}},
	}}
	s := submitSchema(v)
	if e := s.Properties["action"].Enum; len(e) != 2 || e[0] != "draw" || e[1] != "raise" {
		t.Errorf("got actions %v; want [draw raise]", e)
	}
	if d := s.Properties["args"].Description; d == "" {
		t.Errorf("got no description of the arguments")
	}
}

// TestBadArgs checks that a tool's own refusal reads like the server's,
// with a reason of the ErrorReason catalogue.
func TestBadArgs(t *testing.T) {
	_, err := callRules(context.Background(), nil, json.RawMessage(`{"chapter": 1}`))
	var f *Failure
	if !errors.As(err, &f) {
		t.Fatalf("got %v; want a *Failure", err)
	}
	if pb.ReasonOf(f.Reason) != pb.ErrorReason_ERROR_REASON_BAD_REQUEST || f.Code != "InvalidArgument" {
		t.Errorf("got code %s, reason %q; want InvalidArgument and bad_request", f.Code, f.Reason)
	}
}

// TestSubmitSchemaCastle checks that the order schema of a Castle city
// that drafts lists its actions and documents its arguments: card slots.
func TestSubmitSchemaCastle(t *testing.T) {
	slots := []int32{1, 2, 3}
	v := &pb.CampView{Day: 4, Ruleset: "castle", LegalActions: []*pb.LegalAction{
		{Action: "default"},
		{Action: "draft", Args: []*pb.ArgSpec{{Name: "keep", Kind: pb.ArgKind_ARG_KIND_CARD, Choices: slots},
			{Name: "to_city_2", Kind: pb.ArgKind_ARG_KIND_CARD, Choices: slots}, {Name: "to_city_0", Kind: pb.ArgKind_ARG_KIND_CARD, Choices: slots}}},
	}}
	s := submitSchema(v)
	if e := s.Properties["action"].Enum; len(e) != 2 || e[0] != "default" || e[1] != "draft" {
		t.Errorf("got actions %v; want [default draft]", e)
	}
	want := "draft: KEEP (a slot of the cards you drew, from 1) one of 1-3; TO_CITY_2 (a slot of the cards you drew, from 1) one of 1-3; TO_CITY_0"
	if d := s.Properties["args"].Description; !strings.Contains(d, want) {
		t.Errorf("got args description %q; want it to contain %q", d, want)
	}
}

// TestInstructions checks that the instructions speak of the camp's
// ruleset: Grisonval's zones to a Grisonval camp only, the Castle's turn
// to a Castle city, and where each one's rulebook is.
func TestInstructions(t *testing.T) {
	tests := []struct {
		ruleset      string
		want, absent []string
	}{
		{"grisonval", []string{"hex zones", "The rules tool holds its rulebook by section."}, []string{"Castle", "no rulebook"}},
		{"", []string{"hex zones", "The rules tool holds its rulebook by section."}, []string{"Castle"}},
		{"castle", []string{"In the Castle, each camp is a city", "draft step", "by its slot, from 1", "when you wait, your order is not needed",
			"The rules tool holds its rulebook by section."}, []string{"zone", "Grisonval's", "rest", "no rulebook"}},
		{"dice", []string{"the view names the world's ruleset", "no rulebook of this ruleset"}, []string{"zone", "Castle"}},
	}
	for _, tt := range tests {
		t.Run(tt.ruleset, func(t *testing.T) {
			got := Instructions(&pb.CampView{Ruleset: tt.ruleset})
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("got %q; want it to contain %q", got, w)
				}
			}
			for _, a := range tt.absent {
				if strings.Contains(got, a) {
					t.Errorf("got %q; want no %q", got, a)
				}
			}
		})
	}
}

// TestRulesSchema checks that the rules tool lists the sections of the
// camp's ruleset's rulebook (Grisonval's, the Castle's), and none for a
// ruleset without one.
func TestRulesSchema(t *testing.T) {
	if e := rulesSchema(&pb.CampView{Ruleset: "grisonval"}).Properties["section"].Enum; len(e) < 2 || e[0] != "Introduction" {
		t.Errorf("got Grisonval's sections %v; want its rulebook's, Introduction first", e)
	}
	if e := rulesSchema(&pb.CampView{Ruleset: "castle"}).Properties["section"].Enum; !slices.Contains(e, "The cards") {
		t.Errorf("got the Castle's sections %v; want its rulebook's, The cards among them", e)
	}
	if e := rulesSchema(&pb.CampView{Ruleset: "dice"}).Properties["section"].Enum; len(e) != 0 {
		t.Errorf("got sections %v for a ruleset without a rulebook; want none", e)
	}
	if RuleSections("dice") != nil {
		t.Errorf("got sections of a rulebook this program does not hold")
	}
}
