package tools

import (
	"testing"
	"time"

	pb "github.com/grisonval/server/proto/grisonval/v1"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// TestJSON checks the structured form of the API's messages: every field
// with its zero value, 64-bit integers as numbers, enums by name, unset
// messages left out, well-known types as protojson writes them, the
// .proto's order; and that protojson reads it back.
func TestJSON(t *testing.T) {
	at := time.Date(2026, 12, 1, 14, 57, 28, 0, time.UTC)
	tests := []struct {
		name string
		msg  proto.Message
		want string
	}{
		{"a message from camp 0", &pb.CampMessage{Id: 7, Day: 3, FromCamp: 0, ToCamp: 1, Text: "Paix & <pain>", SentAt: timestamppb.New(at)},
			`{"id":7,"day":3,"from_camp":0,"to_camp":1,"text":"Paix & <pain>","sent_at":"2026-12-01T14:57:28Z","seat":""}`},
		{"stocks, zero ones too", &pb.Resources{Food: 1500, Gold: -3, Research: 0},
			`{"food":1500,"wood":0,"stone":0,"tools":0,"gold":-3,"research":0}`},
		{"enums and lists", &pb.ArgSpec{Name: "zone", Kind: pb.ArgKind_ARG_KIND_ZONE, Choices: []int32{4, 10}},
			`{"name":"zone","kind":"ARG_KIND_ZONE","choices":[4,10],"min":0,"max":0,"optional":false}`},
		{"an empty list", &pb.ArgSpec{Name: "men", Kind: pb.ArgKind_ARG_KIND_COUNT, Min: 1, Max: 5},
			`{"name":"men","kind":"ARG_KIND_COUNT","choices":[],"min":1,"max":5,"optional":false}`},
		{"an unset message is left out", &pb.SubmitOrderResponse{Day: 1},
			`{"day":1,"replaced":false,"author":""}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := JSON(tt.msg)
			if err != nil {
				t.Fatalf("JSON: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
			back := tt.msg.ProtoReflect().New().Interface()
			if err := protojson.Unmarshal(got, back); err != nil || !proto.Equal(back, tt.msg) {
				t.Errorf("got %v reading it back as %v; want %v", err, back, tt.msg)
			}
		})
	}
}
