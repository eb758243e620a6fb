package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/grisonval/server/clients/internal/testserver"
	"github.com/grisonval/server/clients/tools"
	pb "github.com/grisonval/server/proto/grisonval/v1"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// connect serves camp c's tools over an in-memory MCP connection.
func connect(t *testing.T, c *tools.Camp) *mcp.ClientSession {
	t.Helper()
	v, err := c.GetView(context.Background())
	if err != nil {
		t.Fatalf("get view: %v", err)
	}
	return connectView(t, c, v)
}

// connectView serves camp c's tools, built from view v, over an
// in-memory MCP connection.
func connectView(t *testing.T, c *tools.Camp, v *pb.CampView) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	if _, err := NewServer(c, v).Connect(ctx, st, nil); err != nil {
		t.Fatalf("server connect: %v", err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatalf("client connect: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// structured calls a tool and returns its structured content as a JSON
// object, as a client decodes it.
func structured(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any) map[string]any {
	t.Helper()
	text, res := callTool(t, cs, tool, args)
	if res.IsError {
		t.Fatalf("%s: %s", tool, text)
	}
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatalf("%s: encode: %v", tool, err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: got %s; want an object: %v", tool, b, err)
	}
	return m
}

// stocks are the fields of a Resources message, every one an int64.
var stocks = []string{"food", "wood", "stone", "tools", "gold", "research"}

// checkNumbers walks a JSON value and checks every set of stocks (an
// object with a stock's field: resources, upkeep, incomes, costs) and
// every amount: each stock present, and a JSON number.
func checkNumbers(t *testing.T, path string, v any) (found int) {
	t.Helper()
	switch x := v.(type) {
	case map[string]any:
		if _, ok := x["food"]; ok {
			found++
			for _, s := range stocks {
				if _, ok := x[s].(float64); !ok {
					t.Errorf("%s.%s is %#v; want a number", path, s, x[s])
				}
			}
		}
		if a, ok := x["amount"]; ok {
			found++
			if _, ok := a.(float64); !ok {
				t.Errorf("%s.amount is %#v; want a number", path, a)
			}
		}
		for k, e := range x {
			found += checkNumbers(t, path+"."+k, e)
		}
	case []any:
		for i, e := range x {
			found += checkNumbers(t, fmt.Sprintf("%s[%d]", path, i), e)
		}
	}
	return found
}

// TestStructuredZeroValues checks that the structured content of the
// tools carries zero values and 64-bit numbers as numbers: camp 0 owns
// its capital, a message from camp 0 names its sender, every stock is a
// number; and that it still decodes as the protobuf message.
func TestStructuredZeroValues(t *testing.T) {
	srv := testserver.Start(t)
	_, token := srv.NewWorld(t, 3, 0, nil)
	camp0 := &tools.Camp{Game: srv.Game, Token: token, Now: time.Now}
	cs := connect(t, camp0)
	view := structured(t, cs, tools.ViewStructured, nil)

	t.Run("camp 0's capital has an owner", func(t *testing.T) {
		if c, ok := view["camp"].(float64); !ok || c != 0 {
			t.Errorf("got camp %#v; want 0", view["camp"])
		}
		zones, _ := view["grisonval"].(map[string]any)["zones"].([]any)
		var capitals int
		for _, z := range zones {
			z := z.(map[string]any)
			if _, ok := z["owner"].(float64); !ok {
				t.Errorf("zone %v: got owner %#v; want a number (-1 when free or unknown)", z["id"], z["owner"])
			}
			if z["capital"] == true && z["visibility"] == "VISIBILITY_VISIBLE" {
				capitals++
				if z["owner"] != 0.0 {
					t.Errorf("got capital %v owned by %#v; want camp 0", z["id"], z["owner"])
				}
			}
		}
		if len(zones) != 91 || capitals != 1 {
			t.Errorf("got %d zones, %d capitals seen; want 91 and camp 0's", len(zones), capitals)
		}
	})
	t.Run("stocks are numbers", func(t *testing.T) {
		if _, ok := view["world_id"].(float64); !ok {
			t.Errorf("got world_id %#v; want a number", view["world_id"])
		}
		res := view["grisonval"].(map[string]any)["resources"].(map[string]any)
		if res["research"] != 0.0 {
			t.Errorf("got research %#v on day 0; want 0, written", res["research"])
		}
		if n := checkNumbers(t, "view", view); n < 5 {
			t.Errorf("checked %d sets of stocks and amounts; want the resources, the upkeep, the rules' and the menu's", n)
		}
		legal := structured(t, cs, tools.LegalActions, nil)
		if n := checkNumbers(t, "legal_actions", legal); n == 0 || legal["day"] != 0.0 {
			t.Errorf("got legal actions %v; want day 0 and costs as numbers", legal)
		}
	})
	t.Run("the same in text, and as protojson", func(t *testing.T) {
		text, _ := callTool(t, cs, tools.ViewStructured, nil)
		var fromText map[string]any
		if err := json.Unmarshal([]byte(text), &fromText); err != nil || fmt.Sprint(fromText) != fmt.Sprint(view) {
			t.Errorf("got text %.200s (%v); want the structured content", text, err)
		}
		var v pb.CampView
		if err := unmarshalProto(view, &v); err != nil || v.GetGrisonval().GetResources().GetFood() == 0 {
			t.Errorf("got %v decoding the structured view, food %d; want a CampView", err, v.GetGrisonval().GetResources().GetFood())
		}
	})

	t.Run("a message from camp 0", func(t *testing.T) {
		// Every city of a Castle has met every other: camp 0 may write
		// at once.
		w := srv.NewGame(t, testserver.Game{Ruleset: "castle", Camps: 2, Seed: 8})
		from := connect(t, &tools.Camp{Game: srv.Game, Token: w.Tokens[0], Now: time.Now})
		to := connect(t, &tools.Camp{Game: srv.Game, Token: w.Tokens[1], Now: time.Now})
		sent := structured(t, from, tools.SendMessage, map[string]any{"to_camp": 1, "text": "Alliance ?"})
		if sent["from_camp"] != 0.0 || sent["to_camp"] != 1.0 || sent["day"] != 1.0 {
			t.Errorf("got sent %v; want from camp 0 to camp 1 for day 1", sent)
		}
		for name, m := range map[string]map[string]any{
			"the sender's view":       structured(t, from, tools.ViewStructured, nil),
			"the recipient's view":    structured(t, to, tools.ViewStructured, nil),
			"the recipient's message": structured(t, to, tools.Messages, nil),
		} {
			msgs, _ := m["messages"].([]any)
			if len(msgs) != 1 {
				t.Errorf("%s: got messages %v; want the one sent", name, m["messages"])
				continue
			}
			msg := msgs[0].(map[string]any)
			if msg["from_camp"] != 0.0 || msg["to_camp"] != 1.0 || msg["text"] != "Alliance ?" {
				t.Errorf("%s: got %v; want from camp 0 to camp 1", name, msg)
			}
			if _, ok := msg["id"].(float64); !ok {
				t.Errorf("%s: got id %#v; want a number", name, msg["id"])
			}
		}
	})
}
