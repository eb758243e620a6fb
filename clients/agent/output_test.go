package agent

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
)

// TestOutputSchemas: the tools an agent parses (season_standing, council,
// journal, messages) list an outputSchema, and no other tool does; on the
// real server, each one's structured content conforms to it and has every
// field it names, and a value of the wrong type does not conform.
func TestOutputSchemas(t *testing.T) {
	srv := testserver.Start(t)
	world, token := srv.NewWorld(t, 1, 30, nil)
	camp := &tools.Camp{Game: srv.Game, Token: token, Now: time.Now}
	cs := connect(t, camp)
	callTool(t, cs, tools.SendMessage, map[string]any{"to_camp": 0, "text": "note"})
	srv.ForceTick(t, world)
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var with []string
	for _, tool := range list.Tools {
		if tool.OutputSchema == nil {
			continue
		}
		with = append(with, tool.Name)
		b, err := json.Marshal(tool.OutputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: outputSchema %s: %v", tool.Name, b, err)
		}
		rs, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: resolve %s: %v", tool.Name, b, err)
		}
		out := structured(t, cs, tool.Name, nil)
		if err := rs.Validate(out); err != nil {
			t.Errorf("%s: the structured content does not conform to %s: %v", tool.Name, b, err)
		}
		for name, p := range s.Properties {
			v, ok := out[name]
			if !ok {
				t.Errorf("%s: no field %q in %v", tool.Name, name, out)
				continue
			}
			// The wrong JSON type for the field is refused.
			out[name] = map[bool]any{true: "x", false: 1.0}[p.Type != "string"]
			if rs.Validate(out) == nil {
				t.Errorf("%s: a %q of the wrong type conforms to %s", tool.Name, name, b)
			}
			out[name] = v
		}
	}
	slices.Sort(with)
	if want := []string{tools.Council, tools.Journal, tools.Messages, tools.SeasonStanding}; !slices.Equal(with, want) {
		t.Errorf("got output schemas on %v; want %v", with, want)
	}
}
