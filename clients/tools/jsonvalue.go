package tools

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/grisonval/server/lang"
)

// JSON encodes a message of the API for programs: the proto's field names
// (snake_case, as the HTTP JSON face writes them: protojson's UseProtoNames)
// in the order the .proto declares them, but every field
// of a message with its value, zero values too (camp 0 as an owner or a
// sender, an empty list as []), and 64-bit integers as JSON numbers where
// protojson writes strings. A field with explicit presence (a message, an
// optional scalar, a member of a oneof) is written only when set. Well-known
// types (Timestamp, Duration, ...) keep protojson's form. The result
// decodes with protojson.Unmarshal back into the same message.
func JSON(m proto.Message) (json.RawMessage, error) {
	var b bytes.Buffer
	if err := writeMessage(&b, m.ProtoReflect()); err != nil {
		return nil, fmt.Errorf("encode %s: %w", m.ProtoReflect().Descriptor().Name(), err)
	}
	return b.Bytes(), nil
}

// writeMessage writes m as a JSON object.
func writeMessage(b *bytes.Buffer, m protoreflect.Message) error {
	md := m.Descriptor()
	if strings.HasPrefix(string(md.FullName()), "google.protobuf.") {
		raw, err := protojson.Marshal(m.Interface())
		if err != nil {
			return err
		}
		b.Write(raw)
		return nil
	}
	b.WriteByte('{')
	first := true
	fields := md.Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		if fd.HasPresence() && !m.Has(fd) {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		writeString(b, string(fd.Name()))
		b.WriteByte(':')
		var err error
		switch {
		case fd.IsList():
			err = writeList(b, fd, m.Get(fd).List())
		case fd.IsMap():
			err = writeMap(b, fd, m.Get(fd).Map())
		default:
			err = writeValue(b, fd, m.Get(fd))
		}
		if err != nil {
			return fmt.Errorf("%s: %w", fd.Name(), err)
		}
	}
	b.WriteByte('}')
	return nil
}

func writeList(b *bytes.Buffer, fd protoreflect.FieldDescriptor, l protoreflect.List) error {
	b.WriteByte('[')
	for i := range l.Len() {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := writeValue(b, fd, l.Get(i)); err != nil {
			return err
		}
	}
	b.WriteByte(']')
	return nil
}

// writeMap writes a map field as an object whose keys are sorted, as
// protojson writes them; JSON keys are strings, whatever the key's kind.
func writeMap(b *bytes.Buffer, fd protoreflect.FieldDescriptor, m protoreflect.Map) error {
	type entry struct {
		key string
		v   protoreflect.Value
	}
	var entries []entry
	m.Range(func(k protoreflect.MapKey, v protoreflect.Value) bool {
		entries = append(entries, entry{k.String(), v})
		return true
	})
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.key, b.key) })
	b.WriteByte('{')
	for i, e := range entries {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(b, e.key)
		b.WriteByte(':')
		if err := writeValue(b, fd.MapValue(), e.v); err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}

// writeValue writes one value of field fd (an element, for a list).
func writeValue(b *bytes.Buffer, fd protoreflect.FieldDescriptor, v protoreflect.Value) error {
	switch fd.Kind() {
	case protoreflect.BoolKind:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind,
		protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		b.WriteString(strconv.FormatInt(v.Int(), 10))
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind, protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		b.WriteString(strconv.FormatUint(v.Uint(), 10))
	case protoreflect.FloatKind, protoreflect.DoubleKind:
		bits := 64
		if fd.Kind() == protoreflect.FloatKind {
			bits = 32
		}
		switch f := v.Float(); {
		case math.IsNaN(f):
			writeString(b, "NaN")
		case math.IsInf(f, 1):
			writeString(b, "Infinity")
		case math.IsInf(f, -1):
			writeString(b, "-Infinity")
		default:
			b.WriteString(strconv.FormatFloat(f, 'g', -1, bits))
		}
	case protoreflect.StringKind:
		writeString(b, v.String())
	case protoreflect.BytesKind:
		writeString(b, base64.StdEncoding.EncodeToString(v.Bytes()))
	case protoreflect.EnumKind:
		if ev := fd.Enum().Values().ByNumber(v.Enum()); ev != nil {
			writeString(b, string(ev.Name()))
		} else {
			b.WriteString(strconv.Itoa(int(v.Enum())))
		}
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return writeMessage(b, v.Message())
	default:
		return fmt.Errorf("unknown kind %v", fd.Kind())
	}
	return nil
}

// writeString writes s as a JSON string, without escaping HTML's
// characters (protojson does not either).
func writeString(b *bytes.Buffer, s string) {
	var q bytes.Buffer
	e := json.NewEncoder(&q)
	e.SetEscapeHTML(false)
	_ = e.Encode(s) // a string always encodes
	b.Write(bytes.TrimSuffix(q.Bytes(), []byte("\n")))
}

// reply answers a tool call whose client call returned m and err: the
// error described in l, else m in words by text and as structured JSON.
func reply[M proto.Message](l lang.Lang, m M, err error, text func(lang.Lang, M) string) (*Result, error) {
	if err != nil {
		return nil, Describe(l, err)
	}
	js, err := JSON(m)
	if err != nil {
		return nil, err
	}
	return &Result{Text: text(l, m), Structured: js}, nil
}
