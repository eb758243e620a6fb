package tools

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestToolsLanguage checks that the tools speak the camp's language only
// (DESIGN decision 8): every description and the instructions exist in
// both, the schemas' texts and the refusals of bad arguments follow the
// language, and the field names of the structured results do not.
func TestToolsLanguage(t *testing.T) {
	for _, tool := range Table() {
		if d := tool.Description; d.EN == "" || d.FR == "" || d.EN == d.FR {
			t.Errorf("%s: description %+v; want one in each language", tool.Name, d)
		}
	}
	v := &pb.CampView{Day: 3, LegalActions: []*pb.LegalAction{{Action: "explore", Summary: "explore",
		Args: []*pb.ArgSpec{{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: []int32{4, 10}}}}}}
	for _, tt := range []struct {
		l         lang.Lang
		want, not []string
	}{
		{lang.EN, []string{"You play one camp", "why you give this order", "a zone", "the order: one of the legal actions for day 4",
			"its rulebook by section (in English): Introduction; Rolls."},
			[]string{"Vous jouez", "pourquoi", "une zone", "livre"}},
		{lang.FR, []string{"Vous jouez un camp", "pourquoi vous donnez cet ordre", "une zone", "l'ordre : l'une des actions permises pour le jour 4",
			"son livre de règles par section (en anglais) : Introduction; Rolls."},
			[]string{"You play", "why you give", "a zone", "rulebook"}},
	} {
		schema, err := json.Marshal(submitSchema(tt.l, v))
		if err != nil {
			t.Fatal(err)
		}
		text := Instructions(tt.l, v, &pb.Rulebook{Ruleset: "dice", Text: "# Dice\n## Rolls\n"}) + string(schema)
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: got %s\nwant %q", tt.l, text, w)
			}
		}
		for _, w := range tt.not {
			if strings.Contains(text, w) {
				t.Errorf("%s: got %s\nwant no %q (the other language)", tt.l, text, w)
			}
		}
	}
	refusals := map[lang.Lang]string{
		lang.EN: "error (InvalidArgument): bad arguments for submit_order: order.args[0]: explore's ZONE 999 is not one of 4, 10",
		lang.FR: "erreur (InvalidArgument) : arguments invalides pour submit_order : order.args[0] : le ZONE de explore 999 n'est pas l'une des valeurs 4, 10",
	}
	for l, want := range refusals {
		err := Validate(l, SubmitOrder, submitSchema(l, v), json.RawMessage(`{"order": {"action": "explore", "args": [999]}, "reason": "x"}`))
		var f *Failure
		if !errors.As(err, &f) || !strings.Contains(f.Text, want) || f.Reason != "bad_request" {
			t.Errorf("%s: got %v; want a bad_request saying %q", l, err, want)
		}
		if f != nil && f.Fields["order.args[0]"] == "" {
			t.Errorf("%s: got fields %v; want order.args[0] named", l, f.Fields)
		}
	}
}
