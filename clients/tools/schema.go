package tools

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/grisonval/server/clients/viewtext"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file is the order's input schema, built from the day's legal menu,
// and the validation of every tool's arguments against the schema the tool
// publishes.

// orderSchema is the schema of an order for v's next day: an object that
// is one of the legal actions, each with its own arguments (a oneOf with a
// branch per action: the action's name as a const, then each argument in
// the menu's order with its choices as an enum or its bounds as a range).
// Without a view, or with an empty menu, it says only an order's shape;
// the server judges it.
//
// The oneOf sits under the "order" property, not at the top of the tool's
// schema: some model APIs (Anthropic's) refuse a tool whose input schema
// has a oneOf, anyOf or allOf at its top level.
func orderSchema(v *pb.CampView) *jsonschema.Schema {
	actions := v.GetLegalActions()
	if len(actions) == 0 {
		return &jsonschema.Schema{Type: "object",
			Description: "the order: an action of the menu and its arguments as whole numbers, in the menu's order",
			Properties: map[string]*jsonschema.Schema{
				"action": {Type: "string", Description: "the action's name"},
				"args":   {Type: "array", Items: &jsonschema.Schema{Type: "integer"}, Description: "the action's arguments, in the menu's order"},
			},
			Required: []string{"action"}, AdditionalProperties: falseSchema(), PropertyOrder: []string{"action", "args"}}
	}
	s := &jsonschema.Schema{Type: "object",
		Description: fmt.Sprintf("the order: one of the legal actions for day %d, {\"action\": NAME, \"args\": [...]}, "+
			"its arguments as whole numbers in the menu's order (leave args out for an action without one)", v.GetDay()+1)}
	for _, a := range actions {
		s.OneOf = append(s.OneOf, actionSchema(a))
	}
	return s
}

// actionSchema is the branch of the order's oneOf for legal action a.
func actionSchema(a *pb.LegalAction) *jsonschema.Schema {
	var name any = a.GetAction()
	desc := a.GetSummary()
	if c := viewtext.Cost(a); c != "" {
		desc += "; cost: " + c
	}
	args := &jsonschema.Schema{Type: "array"}
	required := 0
	var names []string
	for _, s := range a.GetArgs() {
		item := &jsonschema.Schema{Type: "integer", Title: strings.ToUpper(s.GetName()), Description: argKind(s.GetKind())}
		switch {
		case s.GetKind() == pb.ArgKind_ARG_KIND_COUNT:
			item.Minimum, item.Maximum = jsonschema.Ptr(float64(s.GetMin())), jsonschema.Ptr(float64(s.GetMax()))
		case len(s.GetChoices()) > 0:
			for _, c := range s.GetChoices() {
				item.Enum = append(item.Enum, c)
			}
		default:
			// No value is valid; the menu would not list such an action.
			item.Not = &jsonschema.Schema{}
		}
		if s.GetOptional() {
			item.Description += " (may be left out)"
		} else {
			required++
		}
		args.PrefixItems = append(args.PrefixItems, item)
		names = append(names, item.Title)
	}
	args.MinItems, args.MaxItems = jsonschema.Ptr(required), jsonschema.Ptr(len(a.GetArgs()))
	if len(names) == 0 {
		args.Description = "none: leave args out"
	} else {
		args.Description = strings.Join(names, " ")
	}
	branch := &jsonschema.Schema{Type: "object", Title: a.GetAction(), Description: desc,
		Properties:           map[string]*jsonschema.Schema{"action": {Type: "string", Const: &name}, "args": args},
		Required:             []string{"action"},
		AdditionalProperties: falseSchema(), PropertyOrder: []string{"action", "args"}}
	if required > 0 {
		branch.Required = append(branch.Required, "args")
	}
	return branch
}

// falseSchema is the schema no value meets (JSON's false).
func falseSchema() *jsonschema.Schema { return &jsonschema.Schema{Not: &jsonschema.Schema{}} }

// Validate checks a tool's JSON arguments against s, the input schema the
// tool publishes, before anything is sent to the server. Arguments that do
// not conform come back as a *Failure (InvalidArgument, reason
// bad_request) whose fields name the argument at fault by its path, such
// as "order.args[0]", and say what it may be. Empty arguments are {}.
func Validate(tool string, s *jsonschema.Schema, args json.RawMessage) error {
	if len(bytes.TrimSpace(args)) == 0 || string(bytes.TrimSpace(args)) == "null" {
		args = json.RawMessage("{}")
	}
	var in any
	if err := json.Unmarshal(args, &in); err != nil {
		return badArgs(tool, fmt.Errorf("the arguments are not JSON: %v", err))
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		return fmt.Errorf("the input schema of %s: %w", tool, err)
	}
	verr := rs.Validate(in)
	if verr == nil {
		return nil
	}
	if v := explain(s, in, "", ""); v != nil {
		return badField(tool, v.field, v.msg)
	}
	return badField(tool, "", "they do not match the tool's input schema: "+verr.Error())
}

// badField is a Failure for a tool argument that does not conform to the
// tool's input schema: field names it ("" for the whole).
func badField(tool, field, msg string) *Failure {
	f := badArgs(tool, fmt.Errorf("%s", msg))
	if field != "" {
		f = badArgs(tool, fmt.Errorf("%s: %s", field, msg))
		f.Fields = map[string]string{field: msg}
		f.Text += "  " + field + ": " + msg + "\n"
	}
	return f
}

// violation is the first place where a value breaks a schema: the path of
// the field and what is wrong with it.
type violation struct {
	field, msg string
}

// explain finds where v breaks s, for the keywords the tools publish
// (type, const, enum, minimum, maximum, minLength, maxLength, properties,
// required, additionalProperties, prefixItems, items, minItems, maxItems,
// oneOf, not), and says it in words. path is v's path from the arguments'
// root; action is the legal action being checked ("" outside an order).
// It returns nil when it finds nothing.
func explain(s *jsonschema.Schema, v any, path, action string) *violation {
	bad := func(format string, args ...any) *violation {
		return &violation{field: path, msg: fmt.Sprintf(format, args...)}
	}
	label := func() string {
		if s.Title != "" && action != "" && s.Type != "object" {
			return fmt.Sprintf("%s's %s ", action, s.Title)
		}
		return ""
	}
	if s.Not != nil && isEmpty(s.Not) {
		return bad("%sadmits no value today", label())
	}
	if s.Type != "" && !hasType(v, s.Type) {
		return bad("%sis %s; want %s", label(), show(v), typeName(s.Type))
	}
	if s.Const != nil && !sameJSON(*s.Const, v) {
		return bad("is %s; want %s", show(v), show(*s.Const))
	}
	if s.Enum != nil && !slices.ContainsFunc(s.Enum, func(e any) bool { return sameJSON(e, v) }) {
		return bad("%s%s is not one of %s", label(), show(v), enumText(s.Enum))
	}
	if n, ok := v.(float64); ok {
		if s.Minimum != nil && n < *s.Minimum {
			return bad("%s%s is below the minimum, %s", label(), show(n), show(*s.Minimum))
		}
		if s.Maximum != nil && n > *s.Maximum {
			return bad("%s%s is above the maximum, %s", label(), show(n), show(*s.Maximum))
		}
	}
	if str, ok := v.(string); ok {
		n := utf8.RuneCountInString(str)
		if s.MinLength != nil && n < *s.MinLength {
			return bad("is %d characters long; want at least %d", n, *s.MinLength)
		}
		if s.MaxLength != nil && n > *s.MaxLength {
			return bad("is %d characters long; want at most %d", n, *s.MaxLength)
		}
	}
	switch x := v.(type) {
	case []any:
		if w := explainArray(s, x, path, action); w != nil {
			return w
		}
	case map[string]any:
		if w := explainObject(s, x, path, action); w != nil {
			return w
		}
	}
	if len(s.OneOf) > 0 {
		return explainOneOf(s, v, path)
	}
	return nil
}

// explainArray finds where array a breaks s's array keywords.
func explainArray(s *jsonschema.Schema, a []any, path, action string) *violation {
	if (s.MinItems != nil && len(a) < *s.MinItems) || (s.MaxItems != nil && len(a) > *s.MaxItems) {
		var want string
		switch lo, hi := ptrOr(s.MinItems, 0), ptrOr(s.MaxItems, -1); {
		case hi == 0:
			want = "no argument"
		case lo == hi:
			want = plural(lo, "argument")
		case hi < 0:
			want = "at least " + plural(lo, "argument")
		default:
			want = fmt.Sprintf("%d to %d arguments", lo, hi)
		}
		var names []string
		for _, p := range s.PrefixItems {
			names = append(names, p.Title)
		}
		who := "it takes"
		if action != "" {
			who = action + " takes"
		}
		if len(names) > 0 && !slices.Contains(names, "") {
			want += " (" + strings.Join(names, " ") + ")"
		}
		return &violation{field: path, msg: fmt.Sprintf("%s %s; got %d", who, want, len(a))}
	}
	for i, item := range a {
		is := s.Items
		if i < len(s.PrefixItems) {
			is = s.PrefixItems[i]
		}
		if is == nil {
			continue
		}
		if w := explain(is, item, fmt.Sprintf("%s[%d]", path, i), action); w != nil {
			return w
		}
	}
	return nil
}

// explainObject finds where object o breaks s's object keywords: an
// unknown field, a missing one, then each field's own value.
func explainObject(s *jsonschema.Schema, o map[string]any, path, action string) *violation {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	known := fieldNames(s)
	if s.AdditionalProperties != nil && isFalse(s.AdditionalProperties) {
		for _, k := range keys {
			if _, ok := s.Properties[k]; !ok {
				want := "this takes no field"
				if len(known) > 0 {
					want = "the fields are " + strings.Join(known, ", ")
				}
				return &violation{field: join(path, k), msg: "unknown field; " + want}
			}
		}
	}
	for _, r := range s.Required {
		if _, ok := o[r]; !ok {
			return &violation{field: join(path, r), msg: "missing; it is required"}
		}
	}
	for _, k := range known {
		if val, ok := o[k]; ok {
			if w := explain(s.Properties[k], val, join(path, k), action); w != nil {
				return w
			}
		}
	}
	return nil
}

// explainOneOf finds why v meets none of s's branches. The branches of an
// order are told apart by their const property (the action's name): v is
// checked against the branch it names, or its name is refused with the
// names it may take.
func explainOneOf(s *jsonschema.Schema, v any, path string) *violation {
	o, ok := v.(map[string]any)
	if !ok {
		return &violation{field: path, msg: fmt.Sprintf("is %s; want an object", show(v))}
	}
	key, names := "", []any{}
	for _, b := range s.OneOf {
		for _, k := range fieldNames(b) {
			if p := b.Properties[k]; p.Const != nil {
				key = k
				names = append(names, *p.Const)
				if sameJSON(*p.Const, o[k]) {
					action, _ := (*p.Const).(string)
					return explain(b, v, path, action)
				}
			}
		}
	}
	if key == "" {
		return nil
	}
	if _, ok := o[key]; !ok {
		return &violation{field: join(path, key), msg: "missing; want one of " + enumText(names)}
	}
	return &violation{field: join(path, key), msg: fmt.Sprintf("%s is not one of the legal actions: %s", show(o[key]), enumText(names))}
}

// fieldNames are s's properties, in its PropertyOrder then by name.
func fieldNames(s *jsonschema.Schema) []string {
	var names []string
	for _, k := range s.PropertyOrder {
		if _, ok := s.Properties[k]; ok {
			names = append(names, k)
		}
	}
	var rest []string
	for k := range s.Properties {
		if !slices.Contains(names, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(names, rest...)
}

func join(path, field string) string {
	if path == "" {
		return field
	}
	return path + "." + field
}

func isEmpty(s *jsonschema.Schema) bool {
	b, err := json.Marshal(s)
	return err == nil && string(b) == "true"
}

func isFalse(s *jsonschema.Schema) bool { return s.Not != nil && isEmpty(s.Not) }

func ptrOr(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// hasType reports whether JSON value v is of JSON Schema type t.
func hasType(v any, t string) bool {
	switch t {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		n, ok := v.(float64)
		return ok && n == math.Trunc(n)
	case "null":
		return v == nil
	}
	return true
}

func typeName(t string) string {
	switch t {
	case "object":
		return "an object"
	case "array":
		return "an array"
	case "integer":
		return "a whole number"
	case "number":
		return "a number"
	case "string":
		return "a string"
	case "boolean":
		return "true or false"
	}
	return t
}

// sameJSON reports whether a schema's value (a const or an enum member, of
// any Go type) and an argument decoded from JSON are the same JSON value.
func sameJSON(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}

// show renders a JSON value as it is written: 12, "rest", an array.
func show(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	const most = 60
	if len(b) > most {
		return string(b[:most]) + "..."
	}
	return string(b)
}

// enumText lists the values an enum admits: whole numbers as ranges ("4,
// 10, 27-29"), others one by one.
func enumText(values []any) string {
	ints := make([]int32, 0, len(values))
	for _, e := range values {
		n, ok := wholeNumber(e)
		if !ok {
			ints = nil
			break
		}
		ints = append(ints, n)
	}
	if len(ints) > 0 {
		slices.Sort(ints)
		return viewtext.Ranges(slices.Compact(ints))
	}
	var parts []string
	for _, e := range values {
		parts = append(parts, show(e))
	}
	return strings.Join(parts, ", ")
}

// wholeNumber returns e as an int32 when it is a whole number that fits.
func wholeNumber(e any) (int32, bool) {
	var f float64
	switch x := e.(type) {
	case int32:
		return x, true
	case int:
		f = float64(x)
	case float64:
		f = x
	default:
		return 0, false
	}
	if f != math.Trunc(f) || f < math.MinInt32 || f > math.MaxInt32 {
		return 0, false
	}
	return int32(f), true
}
