package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// TestSendSchema checks that the message's length bound is the view's
// max_message_len, that the recipients are the camp's own council
// (SEAT-TALK) and the view's recipients, and that no bound is made up
// without a view.
func TestSendSchema(t *testing.T) {
	s := sendSchema(lang.EN, &pb.CampView{Camp: 1, MessageRecipients: []int32{2}, MaxMessageLen: 280})
	if m := s.Properties["text"].MaxLength; m == nil || *m != 70 {
		t.Errorf("got text max length %v; want 70, the characters that always fit the view's 280 bytes", m)
	}
	if e := s.Properties["to_camp"].Enum; !slices.Equal(e, []any{int32(1), int32(2)}) {
		t.Errorf("got recipients %v; want [1 2]: its own council, then camp 2", e)
	}
	if m := sendSchema(lang.EN, nil).Properties["text"].MaxLength; m != nil {
		t.Errorf("got text max length %d without a view; want none", *m)
	}
}

// actions returns the action names of the order schema's branches.
func actions(s *jsonschema.Schema) []string {
	var names []string
	for _, b := range s.Properties["order"].OneOf {
		names = append(names, (*b.Properties["action"].Const).(string))
	}
	return names
}

// TestSubmitSchemaOtherRuleset checks that the order schema is built from
// the legal actions whatever the ruleset: one branch per action, a count's
// bounds as a range.
func TestSubmitSchemaOtherRuleset(t *testing.T) {
	v := &pb.CampView{Day: 3, Ruleset: "dice", LegalActions: []*pb.LegalAction{
		{Action: "draw"}, {Action: "raise", Args: []*pb.ArgSpec{{Name: "gauge", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 5}}},
	}}
	s := submitSchema(lang.EN, v)
	if got := actions(s); !slices.Equal(got, []string{"draw", "raise"}) {
		t.Errorf("got actions %v; want [draw raise]", got)
	}
	raise := s.Properties["order"].OneOf[1].Properties["args"]
	if g := raise.PrefixItems[0]; *g.Minimum != 1 || *g.Maximum != 5 || g.Title != "GAUGE" || *raise.MinItems != 1 || *raise.MaxItems != 1 {
		t.Errorf("got raise's args %+v; want one GAUGE from 1 to 5", raise)
	}
	if d := s.Properties["order"].Description; !strings.Contains(d, "legal actions for day 4") {
		t.Errorf("got order description %q; want the day it is for", d)
	}
}

// TestSubmitSchemaCastle checks that the order schema of a Castle city
// that drafts lists its actions and gives each argument of the draft its
// choices: card slots.
func TestSubmitSchemaCastle(t *testing.T) {
	slots := []int32{1, 2, 3}
	v := &pb.CampView{Day: 4, Ruleset: "castle", LegalActions: []*pb.LegalAction{
		{Action: "default"},
		{Action: "draft", Args: []*pb.ArgSpec{{Name: "keep", Kind: pb.ArgKind_ARG_KIND_CARD, Choices: slots},
			{Name: "to_city_2", Kind: pb.ArgKind_ARG_KIND_CARD, Choices: slots}, {Name: "to_city_0", Kind: pb.ArgKind_ARG_KIND_CARD, Choices: slots}}},
	}}
	s := submitSchema(lang.EN, v)
	if got := actions(s); !slices.Equal(got, []string{"default", "draft"}) {
		t.Errorf("got actions %v; want [default draft]", got)
	}
	draft := s.Properties["order"].OneOf[1].Properties["args"]
	if len(draft.PrefixItems) != 3 || draft.Description != "KEEP TO_CITY_2 TO_CITY_0" {
		t.Fatalf("got draft's args %+v; want KEEP TO_CITY_2 TO_CITY_0", draft)
	}
	keep := draft.PrefixItems[0]
	if keep.Title != "KEEP" || keep.Description != "a slot of the cards you drew, from 1" || !slices.Equal(keep.Enum, []any{int32(1), int32(2), int32(3)}) {
		t.Errorf("got KEEP %+v; want a card slot of 1, 2, 3", keep)
	}
}

// grisonvalMenu is a Grisonval menu of day 5 with actions of every shape:
// none, a zone, two arguments, an optional one.
func grisonvalMenu() *pb.CampView {
	return &pb.CampView{Day: 4, Ruleset: "grisonval", LegalActions: []*pb.LegalAction{
		{Action: "rest", Summary: "rest: +4 morale"},
		{Action: "explore", Args: []*pb.ArgSpec{{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: []int32{4, 10, 18, 21, 27, 28, 29}}}},
		{Action: "raise_army", Args: []*pb.ArgSpec{{Name: "men", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 5}},
			Cost: []*pb.Amount{{Resource: "food", Amount: 2}}, CostPer: "men"},
		{Action: "send_army", Args: []*pb.ArgSpec{{Name: "men", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 4},
			{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: []int32{11, 19}}}},
		{Action: "recall_army", Args: []*pb.ArgSpec{{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: []int32{12}},
			{Name: "men", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 4, Optional: true}}},
	}, MessageRecipients: []int32{1}, MaxMessageLen: 80}
}

// TestValidate checks every tool's arguments against the strict daily
// schema it publishes for a view (Camp.Daily; TestStableSchema checks the
// stable ones): what conforms passes, and what does not is a
// bad_request naming the field at fault and saying what it may be. The
// JSON Schema validator of the SDK's library must agree on each case.
func TestValidate(t *testing.T) {
	v := grisonvalMenu()
	tests := []struct {
		name  string
		tool  string
		args  string
		field string // "" when the arguments conform
		msg   string
	}{
		{"no arguments", SubmitOrder, `{"order": {"action": "rest"}, "reason": "x"}`, "", ""},
		{"empty arguments", SubmitOrder, `{"order": {"action": "rest", "args": []}, "reason": "x"}`, "", ""},
		{"a zone", SubmitOrder, `{"order": {"action": "explore", "args": [27]}, "reason": "x"}`, "", ""},
		{"two arguments", SubmitOrder, `{"order": {"action": "send_army", "args": [4, 19]}, "reason": "x"}`, "", ""},
		{"optional left out", SubmitOrder, `{"order": {"action": "recall_army", "args": [12]}, "reason": "x"}`, "", ""},
		{"optional given", SubmitOrder, `{"order": {"action": "recall_army", "args": [12, 3]}, "reason": "x"}`, "", ""},
		{"zone not a choice", SubmitOrder, `{"order": {"action": "explore", "args": [999]}, "reason": "x"}`,
			"order.args[0]", "explore's ZONE 999 is not one of 4, 10, 18, 21, 27-29"},
		{"count above its range", SubmitOrder, `{"order": {"action": "raise_army", "args": [6]}, "reason": "x"}`,
			"order.args[0]", "raise_army's MEN 6 is above the maximum, 5"},
		{"count below its range", SubmitOrder, `{"order": {"action": "send_army", "args": [0, 11]}, "reason": "x"}`,
			"order.args[0]", "send_army's MEN 0 is below the minimum, 1"},
		{"second argument", SubmitOrder, `{"order": {"action": "send_army", "args": [2, 12]}, "reason": "x"}`,
			"order.args[1]", "send_army's ZONE 12 is not one of 11, 19"},
		{"not a whole number", SubmitOrder, `{"order": {"action": "explore", "args": [4.5]}, "reason": "x"}`,
			"order.args[0]", "explore's ZONE is 4.5; want a whole number"},
		{"a string for a zone", SubmitOrder, `{"order": {"action": "explore", "args": ["4"]}, "reason": "x"}`,
			"order.args[0]", `explore's ZONE is "4"; want a whole number`},
		{"missing argument", SubmitOrder, `{"order": {"action": "explore"}, "reason": "x"}`,
			"order.args", "missing; it is required"},
		{"too few arguments", SubmitOrder, `{"order": {"action": "send_army", "args": [2]}, "reason": "x"}`,
			"order.args", "send_army takes 2 arguments (MEN ZONE); got 1"},
		{"too many arguments", SubmitOrder, `{"order": {"action": "explore", "args": [4, 10]}, "reason": "x"}`,
			"order.args", "explore takes 1 argument (ZONE); got 2"},
		{"arguments to an action without", SubmitOrder, `{"order": {"action": "rest", "args": [1]}, "reason": "x"}`,
			"order.args", "rest takes no argument; got 1"},
		{"optional: too many", SubmitOrder, `{"order": {"action": "recall_army", "args": [12, 1, 1]}, "reason": "x"}`,
			"order.args", "recall_army takes 1 to 2 arguments (ZONE MEN); got 3"},
		{"action not legal", SubmitOrder, `{"order": {"action": "fly"}, "reason": "x"}`,
			"order.action", `"fly" is not one of the legal actions: "rest", "explore", "raise_army", "send_army", "recall_army"`},
		{"no action", SubmitOrder, `{"order": {"args": [4]}, "reason": "x"}`,
			"order.action", `missing; want one of "rest", "explore", "raise_army", "send_army", "recall_army"`},
		{"the flat form of before", SubmitOrder, `{"action": "rest", "reason": "x"}`,
			"action", "unknown field; the fields are order, reason"},
		{"no reason", SubmitOrder, `{"order": {"action": "rest"}}`, "reason", "missing; it is required"},
		{"unknown field in the order", SubmitOrder, `{"order": {"action": "rest", "zone": 4}, "reason": "x"}`,
			"order.zone", "unknown field; the fields are action, args"},
		{"standing order too", SetStanding, `{"order": {"action": "explore", "args": [5]}, "reason": "x"}`,
			"order.args[0]", "explore's ZONE 5 is not one of 4, 10, 18, 21, 27-29"},
		{"no arguments for view", View, ``, "", ""},
		{"null for view", View, `null`, "", ""},
		{"an argument to view", View, `{"day": 3}`, "day", "unknown field; this takes no field"},
		{"a recipient", SendMessage, `{"to_camp": 1, "text": "bonjour"}`, "", ""},
		{"not a recipient", SendMessage, `{"to_camp": 2, "text": "bonjour"}`, "to_camp", "2 is not one of 0, 1"},
		{"an empty message", SendMessage, `{"to_camp": 1, "text": ""}`, "text", "is 0 characters long; want at least 1"},
		{"a long message", SendMessage, `{"to_camp": 1, "text": "vingt et un caractères"}`, "text", "is 22 characters long; want at most 20"},
		{"a wait", WaitNextTick, `{"after_day": 3, "timeout_seconds": 5}`, "", ""},
		{"a wait too long", WaitNextTick, `{"timeout_seconds": 601}`, "timeout_seconds", "601 is above the maximum, 600"},
		{"a wait before day 0", WaitNextTick, `{"after_day": -1}`, "after_day", "-1 is below the minimum, 0"},
		{"journal", Journal, `{"since_day": 2}`, "", ""},
		{"journal as text", Journal, `{"since_day": "2"}`, "since_day", `is "2"; want a whole number`},
		{"a rules section", Rules, `{"section": "Time"}`, "", ""},
		{"a proposal", ProposeOrder, `{"order": {"action": "explore", "args": [27]}, "reason": "x"}`, "", ""},
		{"a proposal without its reason", ProposeOrder, `{"order": {"action": "rest"}, "reason": ""}`, "reason", "is 0 characters long; want at least 1"},
		{"a proposal out of the menu", ProposeOrder, `{"order": {"action": "explore", "args": [5]}, "reason": "x"}`,
			"order.args[0]", "explore's ZONE 5 is not one of 4, 10, 18, 21, 27-29"},
		{"an adoption", Adopt, `{"seat": "general"}`, "", ""},
		{"an adoption of no seat", Adopt, `{"seat": ""}`, "seat", "is 0 characters long; want at least 1"},
		{"the council", Council, `{"since_day": 2}`, "", ""},
		{"not JSON", Messages, `{since_day: 2}`, "", "the arguments are not JSON"},
		{"not an object", Messages, `[2]`, "", "is [2]; want an object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tool, ok := Lookup(tt.tool)
			if !ok {
				t.Fatalf("no tool %s", tt.tool)
			}
			s := tool.SchemaFor(lang.EN, v, true)
			err := Validate(lang.EN, tt.tool, s, json.RawMessage(tt.args))
			var in any
			libErr := json.Unmarshal([]byte(tt.args), &in)
			if libErr == nil && tt.args != "" {
				rs, rerr := s.Resolve(nil)
				if rerr != nil {
					t.Fatalf("resolve the schema: %v", rerr)
				}
				libErr = rs.Validate(in)
			}
			if tt.msg == "" {
				if err != nil || (tt.args != "" && tt.args != "null" && libErr != nil) {
					t.Fatalf("got %v (the library: %v); want the arguments to conform", err, libErr)
				}
				return
			}
			var f *Failure
			if !errors.As(err, &f) {
				t.Fatalf("got %v; want a *Failure", err)
			}
			if libErr == nil {
				t.Errorf("the library finds %s valid; want it to refuse them too", tt.args)
			}
			if pb.ReasonOf(f.Reason) != pb.ErrorReason_ERROR_REASON_BAD_REQUEST || f.Code != "InvalidArgument" {
				t.Errorf("got code %s, reason %q; want InvalidArgument and bad_request", f.Code, f.Reason)
			}
			if tt.field == "" {
				if !strings.Contains(f.Message, tt.msg) {
					t.Errorf("got %q; want it to contain %q", f.Message, tt.msg)
				}
				return
			}
			if got := f.Fields[tt.field]; got != tt.msg {
				t.Errorf("got fields %q; want %s: %q", f.Fields, tt.field, tt.msg)
			}
			if want := tt.field + ": " + tt.msg; !strings.Contains(f.Text, want) || !strings.HasPrefix(f.Text, "error (InvalidArgument): bad arguments for "+tt.tool) {
				t.Errorf("got text %q; want it to name the tool and contain %q", f.Text, want)
			}
		})
	}
}

// TestValidateWithoutView checks the schema of an order without a view:
// the order's shape only, the server judging the rest.
func TestValidateWithoutView(t *testing.T) {
	s := submitSchema(lang.EN, nil)
	if err := Validate(lang.EN, SubmitOrder, s, json.RawMessage(`{"order": {"action": "explore", "args": [999]}, "reason": "x"}`)); err != nil {
		t.Errorf("got %v; want any action and whole numbers to pass", err)
	}
	err := Validate(lang.EN, SubmitOrder, s, json.RawMessage(`{"order": {"action": "explore", "args": ["a"]}, "reason": "x"}`))
	var f *Failure
	if !errors.As(err, &f) || f.Fields["order.args[0]"] != `is "a"; want a whole number` {
		t.Errorf("got %v; want order.args[0] refused", err)
	}
}

// TestBadArgs checks that a tool's own refusal reads like the server's,
// with a reason of the ErrorReason catalogue.
func TestBadArgs(t *testing.T) {
	_, err := callRules(context.Background(), &Camp{}, json.RawMessage(`{"chapter": 1}`))
	var f *Failure
	if !errors.As(err, &f) {
		t.Fatalf("got %v; want a *Failure", err)
	}
	if pb.ReasonOf(f.Reason) != pb.ErrorReason_ERROR_REASON_BAD_REQUEST || f.Code != "InvalidArgument" {
		t.Errorf("got code %s, reason %q; want InvalidArgument and bad_request", f.Code, f.Reason)
	}
}

// TestInstructions checks that the instructions speak of the camp's
// ruleset: Grisonval's zones to a Grisonval camp only, the Castle's turn
// to a Castle city, and the sections of the world's rulebook, whatever the
// ruleset, or that it has none.
func TestInstructions(t *testing.T) {
	book := &pb.Rulebook{Ruleset: "dice", Text: "# Dice\nA game.\n## Rolls\nRoll.\n## Scores, and ties\nCount.\n"}
	tests := []struct {
		ruleset      string
		book         *pb.Rulebook
		want, absent []string
	}{
		{"grisonval", book, []string{"hex zones", "The rules tool gives its rulebook by section (in English): Introduction; Rolls; Scores, and ties."},
			[]string{"Castle", "no rulebook"}},
		{"", nil, []string{"hex zones", "The rules tool gives your ruleset's rulebook by section, when it has one"}, []string{"Castle"}},
		{"castle", book, []string{"In the Castle, each camp is a city", "draft step", "by its slot, from 1", "when you wait, your order is not needed",
			"Introduction; Rolls"}, []string{"zone", "Grisonval's", "rest", "no rulebook"}},
		{"dice", book, []string{"the view names the world's ruleset", "Introduction; Rolls"}, []string{"zone", "Castle", "no rulebook"}},
		{"dice", &pb.Rulebook{Ruleset: "dice"}, []string{"the view names the world's ruleset", "This ruleset has no rulebook"},
			[]string{"zone", "Castle", "The rules tool gives"}},
	}
	for _, tt := range tests {
		t.Run(tt.ruleset, func(t *testing.T) {
			got := Instructions(lang.EN, &pb.CampView{Ruleset: tt.ruleset}, tt.book)
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

// TestRules checks the rules tool's answers from a rulebook: its sections
// (the text before the first heading is the Introduction), a section by
// its title in any case, a section it does not have refused as bad
// arguments naming the sections, and a ruleset without a rulebook; and
// that its schema lists no section, the same for every view.
func TestRules(t *testing.T) {
	book := &pb.Rulebook{Ruleset: "dice", Text: "# Dice\nA game.\n## Rolls\nRoll a die.\n## Scores\nCount.\n"}
	secs := RuleSections(book.GetText())
	if len(secs) != 3 || secs[0].Title != "Introduction" || secs[0].Text != "# Dice\nA game.\n" || secs[1].Text != "## Rolls\nRoll a die.\n" {
		t.Errorf("got sections %q; want Introduction, Rolls, Scores with their texts", secs)
	}
	for _, l := range []lang.Lang{lang.EN, lang.FR} {
		res, err := ReadRules(l, book, "")
		want := map[lang.Lang]string{lang.EN: "Sections of the dice rulebook (call rules with one of them):\n  Introduction (15 characters)\n  Rolls (21 characters)\n",
			lang.FR: "Sections du livre de règles dice, en anglais (appelez rules avec l'une d'elles) :\n  Introduction (15 caractères)\n  Rolls (21 caractères)\n"}[l]
		if err != nil || !strings.HasPrefix(res.Text, want) {
			t.Errorf("%s: got %v, %v; want %q", l, res, err, want)
		}
	}
	if res, err := ReadRules(lang.EN, book, "rolls"); err != nil || res.Text != "## Rolls\nRoll a die.\n" {
		t.Errorf("got %v, %v; want the Rolls section", res, err)
	}
	_, err := ReadRules(lang.EN, book, "Cards")
	var f *Failure
	if !errors.As(err, &f) || pb.ReasonOf(f.Reason) != pb.ErrorReason_ERROR_REASON_BAD_REQUEST ||
		!strings.Contains(f.Message, `no section "Cards" in the dice rulebook; sections: Introduction; Rolls; Scores`) {
		t.Errorf("got %v; want a bad request naming the sections", err)
	}
	for l, want := range map[lang.Lang]string{lang.EN: "The dice ruleset: This ruleset has no rulebook", lang.FR: "Les règles dice : Ces règles n'ont pas de livre"} {
		if res, err := ReadRules(l, &pb.Rulebook{Ruleset: "dice"}, ""); err != nil || !strings.HasPrefix(res.Text, want) {
			t.Errorf("%s: got %v, %v; want %q", l, res, err, want)
		}
	}
	a, _ := json.Marshal(rulesSchema(lang.EN, &pb.CampView{Ruleset: "grisonval"}))
	b, _ := json.Marshal(rulesSchema(lang.EN, nil))
	if string(a) != string(b) || strings.Contains(string(a), "enum") {
		t.Errorf("got schemas %s and %s; want one, without an enum, for every view", a, b)
	}
}

// TestStableSchema checks the schemas served by default: the whole tool
// list is the same bytes for two views of a world on different days (other
// menus, other recipients), in each language; an order's shape is checked
// (an action's name, whole numbers, a reason within the ruleset's bound),
// and its legality is left to the server, whose refusal lists the legal
// options (TestRefusalListsOptions).
func TestStableSchema(t *testing.T) {
	day4 := grisonvalMenu()
	day5 := grisonvalMenu()
	day5.Day, day5.LegalActions, day5.MessageRecipients = 5, day5.LegalActions[:2], []int32{1, 2}
	for _, v := range []*pb.CampView{day4, day5} {
		v.MaxReasonLen = 120 // bytes: 30 characters
	}
	for _, l := range lang.All {
		var lists [2][]byte
		for i, v := range []*pb.CampView{day4, day5} {
			var schemas []*jsonschema.Schema
			for _, tool := range Table() {
				schemas = append(schemas, tool.SchemaFor(l, v, false))
			}
			b, err := json.Marshal(schemas)
			if err != nil {
				t.Fatal(err)
			}
			lists[i] = b
		}
		if !bytes.Equal(lists[0], lists[1]) {
			t.Errorf("%s: the schemas of day 4 and day 5 differ:\n%s\n%s", l, lists[0], lists[1])
		}
	}
	tests := []struct {
		name, tool, args, field, msg string
	}{
		{"an action out of the menu", SubmitOrder, `{"order": {"action": "fly", "args": [999]}, "reason": "x"}`, "", ""},
		{"not a name", SubmitOrder, `{"order": {"action": "Fly!"}, "reason": "x"}`, "order.action", `"Fly!" does not match ^[a-z][a-z0-9_]*$`},
		{"not a whole number", SubmitOrder, `{"order": {"action": "explore", "args": [4.5]}, "reason": "x"}`, "order.args[0]", "is 4.5; want a whole number"},
		{"a reason too long", SubmitOrder, `{"order": {"action": "rest"}, "reason": "` + strings.Repeat("x", 31) + `"}`, "reason", "is 31 characters long; want at most 30"},
		{"a proposal's reason too long", ProposeOrder, `{"order": {"action": "rest"}, "reason": "` + strings.Repeat("x", 31) + `"}`, "reason", "is 31 characters long; want at most 30"},
		{"any camp", SendMessage, `{"to_camp": 7, "text": "bonjour"}`, "", ""},
		{"no camp", SendMessage, `{"to_camp": -1, "text": "bonjour"}`, "to_camp", "-1 is below the minimum, 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tool, _ := Lookup(tt.tool)
			err := Validate(lang.EN, tt.tool, tool.SchemaFor(lang.EN, day4, false), json.RawMessage(tt.args))
			if tt.field == "" {
				if err != nil {
					t.Fatalf("got %v; want the arguments to conform", err)
				}
				return
			}
			var f *Failure
			if !errors.As(err, &f) {
				t.Fatalf("got %v; want a *Failure", err)
			}
			if got := f.Fields[tt.field]; got != tt.msg {
				t.Errorf("got fields %q; want %s: %q", f.Fields, tt.field, tt.msg)
			}
		})
	}
}

// TestSeatSchemas checks that a camp that knows its council (LearnCouncil)
// narrows a seat's schemas: a councillor's propose_order to its domain's
// actions, in the stable schema (an enum, the same every day) and in the
// daily one (the branches of the domain); the ruler's adopt_proposal to
// the councillors' seats. A camp that does not know it keeps the shapes.
func TestSeatSchemas(t *testing.T) {
	v := grisonvalMenu()
	council := &pb.Council{Seat: "general", Seats: []*pb.SeatHolder{
		{Seat: "ruler"}, {Seat: "general", Domain: []string{"raise_army", "send_army"}}, {Seat: "treasurer", Domain: []string{"rest"}}}}
	propose, _ := Lookup(ProposeOrder)
	adopt, _ := Lookup(Adopt)
	unknown := &Camp{Lang: lang.EN}
	if e := propose.SchemaOf(unknown, v).Properties["order"].Properties["action"].Enum; e != nil {
		t.Errorf("got actions %v without a council; want none named", e)
	}
	general := &Camp{Lang: lang.EN}
	general.LearnCouncil(council)
	s := propose.SchemaOf(general, v)
	if e := s.Properties["order"].Properties["action"].Enum; !slices.Equal(e, []any{"raise_army", "send_army"}) {
		t.Errorf("got the general's actions %v; want its domain", e)
	}
	if err := Validate(lang.EN, ProposeOrder, s, json.RawMessage(`{"order": {"action": "rest"}, "reason": "x"}`)); err == nil {
		t.Errorf("got a proposal of rest accepted; want it refused, out of the general's domain")
	}
	daily := &Camp{Lang: lang.EN, Daily: true}
	daily.LearnCouncil(council)
	if got := orderTitles(propose.SchemaOf(daily, v)); !slices.Equal(got, []string{"raise_army", "send_army"}) {
		t.Errorf("got the general's daily branches %v; want its domain's", got)
	}
	ruler := &Camp{Lang: lang.EN}
	ruler.LearnCouncil(&pb.Council{Seat: "ruler", Seats: council.GetSeats()})
	if e := adopt.SchemaOf(ruler, v).Properties["seat"].Enum; !slices.Equal(e, []any{"general", "treasurer"}) {
		t.Errorf("got the ruler's adoptable seats %v; want general and treasurer", e)
	}
}

// orderTitles returns the titles of an order tool's daily branches.
func orderTitles(s *jsonschema.Schema) []string {
	var out []string
	for _, b := range s.Properties["order"].OneOf {
		out = append(out, b.Title)
	}
	return out
}
