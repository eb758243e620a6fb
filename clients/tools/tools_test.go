package tools

import (
	"context"
	"encoding/json"
	"errors"
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
	v := &pb.CampView{Day: 3, Ruleset: "castle", LegalActions: []*pb.LegalAction{
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
