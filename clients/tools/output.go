package tools

import (
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"google.golang.org/protobuf/reflect/protoreflect"

	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// outputs are the output schemas (MCP's outputSchema) of the tools whose
// structured result an agent parses: the standing, the council, the
// journal and the messages. Each names the
// fields an agent reads, with their JSON types, as JSON writes them (every
// field without presence is always there); other fields may come too. The
// other tools have none: their structured result is the whole view
// (view_structured, legal_actions: the CampView's own fields), an
// acknowledgement (submit_order, send_message ...), a text (rules) or a
// passing notice (wait_next_tick, news), or they answer in text alone
// (view, zones, people); and every schema costs tokens in a tool list bound
// to 3,000 (docs/agents.md, "Output schemas").
var outputs = map[string]*jsonschema.Schema{
	SeasonStanding: protoOutput((&pb.SeasonStanding{}).ProtoReflect().Descriptor(), "day", "days_left", "closed", "rank", "score", "ranking"),
	Council:        protoOutput((&pb.Council{}).ProtoReflect().Descriptor(), "day", "seats", "proposals"),
	Journal:        protoOutput((&pb.GetJournalResponse{}).ProtoReflect().Descriptor(), "entries"),
	Messages:       protoOutput((&pb.ListMessagesResponse{}).ProtoReflect().Descriptor(), "messages"),
}

// Output returns t's output schema, or nil when it has none (outputs).
func (t Tool) Output() *jsonschema.Schema { return outputs[t.Name] }

// protoOutput is the output schema of message md as JSON writes it: an
// object with the named fields (their proto names, which every face's JSON
// writes, tools.JSON), each with its JSON type. It panics on a name md does not have: the table above is checked
// when the package loads.
func protoOutput(md protoreflect.MessageDescriptor, names ...string) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}}
	for _, n := range names {
		fd := md.Fields().ByName(protoreflect.Name(n))
		if fd == nil {
			panic(fmt.Sprintf("tools: %s has no field %q", md.FullName(), n))
		}
		s.Properties[n] = &jsonschema.Schema{Type: jsonType(fd)}
	}
	return s
}

// jsonType is the JSON type JSON writes field fd's value as.
func jsonType(fd protoreflect.FieldDescriptor) string {
	switch {
	case fd.IsList():
		return "array"
	case fd.IsMap():
		return "object"
	}
	switch fd.Kind() {
	case protoreflect.BoolKind:
		return "boolean"
	case protoreflect.StringKind, protoreflect.BytesKind, protoreflect.EnumKind:
		return "string"
	case protoreflect.FloatKind, protoreflect.DoubleKind:
		return "number"
	case protoreflect.MessageKind, protoreflect.GroupKind:
		if fd.Message().FullName().Parent() == "google.protobuf" {
			return "string"
		}
		return "object"
	}
	return "integer"
}
