package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/grisonval/server/clients/viewtext"
	"github.com/grisonval/server/lang"
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
func orderSchema(l lang.Lang, v *pb.CampView) *jsonschema.Schema {
	actions := v.GetLegalActions()
	if len(actions) == 0 {
		return stableOrderSchema(l)
	}
	s := &jsonschema.Schema{Type: "object",
		Description: l.Sprintf("the order: one of the legal actions for day %d, {\"action\": NAME, \"args\": [...]}, "+
			"its arguments as whole numbers in the menu's order (leave args out for an action without one)",
			"l'ordre : l'une des actions permises pour le jour %d, {\"action\": NOM, \"args\": [...]}, "+
				"ses arguments en nombres entiers dans l'ordre du menu (omettez args pour une action qui n'en a pas)", v.GetDay()+1)}
	for _, a := range actions {
		s.OneOf = append(s.OneOf, actionSchema(l, a))
	}
	return s
}

// stableOrderSchema is an order's shape, the same every day: an action's
// name and its arguments as whole numbers in the menu's order. The view's
// legal menu says which actions and values are legal today.
func stableOrderSchema(l lang.Lang) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object",
		Description: l.Sprintf("the order: one action of the day's legal menu (the view lists it) and its arguments as whole numbers, in the menu's order",
			"l'ordre : une action du menu permis du jour (la vue le donne) et ses arguments en nombres entiers, dans l'ordre du menu"),
		Properties: map[string]*jsonschema.Schema{
			"action": {Type: "string", Pattern: "^[a-z][a-z0-9_]*$", MaxLength: jsonschema.Ptr(maxActionLen),
				Description: l.Sprintf("the action's name", "le nom de l'action")},
			"args": {Type: "array", Items: &jsonschema.Schema{Type: "integer"},
				Description: l.Sprintf("the action's arguments (leave out for none)", "les arguments de l'action (omettez-les s'il n'y en a pas)")},
		},
		Required: []string{"action"}, AdditionalProperties: falseSchema(), PropertyOrder: []string{"action", "args"}}
}

// narrowActions limits order, an order's schema, to the actions of
// domain: the stable schema's action becomes an enum of them, the daily
// schema keeps the branches of its oneOf that name one (all of them when
// none does: the server then says out_of_domain).
func narrowActions(order *jsonschema.Schema, domain []string) {
	if len(order.OneOf) == 0 {
		for _, a := range domain {
			order.Properties["action"].Enum = append(order.Properties["action"].Enum, a)
		}
		return
	}
	var kept []*jsonschema.Schema
	for _, b := range order.OneOf {
		if slices.Contains(domain, b.Title) {
			kept = append(kept, b)
		}
	}
	if len(kept) > 0 {
		order.OneOf = kept
	}
}

// maxActionLen bounds an action's name in the stable schema: longer than
// any action of a ruleset.
const maxActionLen = 40

// actionSchema is the branch of the order's oneOf for legal action a.
func actionSchema(l lang.Lang, a *pb.LegalAction) *jsonschema.Schema {
	var name any = a.GetAction()
	desc := a.GetSummary()
	if c := viewtext.Cost(l, a); c != "" {
		desc += l.Sprintf("; cost: %s", " ; coût : %s", c)
	}
	args := &jsonschema.Schema{Type: "array"}
	required := 0
	var names []string
	for _, s := range a.GetArgs() {
		item := &jsonschema.Schema{Type: "integer", Title: strings.ToUpper(s.GetName()), Description: argKind(l, s.GetKind())}
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
			item.Description += l.Sprintf(" (may be left out)", " (peut être omis)")
		} else {
			required++
		}
		args.PrefixItems = append(args.PrefixItems, item)
		names = append(names, item.Title)
	}
	args.MinItems, args.MaxItems = jsonschema.Ptr(required), jsonschema.Ptr(len(a.GetArgs()))
	if len(names) == 0 {
		args.Description = l.Sprintf("none: leave args out", "aucun : omettez args")
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
// as "order.args[0]", and say what it may be, in l. Empty arguments are {}.
func Validate(l lang.Lang, tool string, s *jsonschema.Schema, args json.RawMessage) error {
	if len(bytes.TrimSpace(args)) == 0 || string(bytes.TrimSpace(args)) == "null" {
		args = json.RawMessage("{}")
	}
	var in any
	if err := json.Unmarshal(args, &in); err != nil {
		return badArgs(l, tool, errors.New(l.Sprintf("the arguments are not JSON: %v", "les arguments ne sont pas du JSON : %v", err)))
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		return fmt.Errorf("the input schema of %s: %w", tool, err)
	}
	verr := rs.Validate(in)
	if verr == nil {
		return nil
	}
	if v := explain(l, s, in, "", ""); v != nil {
		return badField(l, tool, v.field, v.msg)
	}
	return badField(l, tool, "", l.Sprintf("they do not match the tool's input schema: %v", "ils ne suivent pas le schéma d'entrée de l'outil : %v", verr))
}

// badField is a Failure for a tool argument that does not conform to the
// tool's input schema: field names it ("" for the whole).
func badField(l lang.Lang, tool, field, msg string) *Failure {
	f := badArgs(l, tool, errors.New(msg))
	if field != "" {
		f = badArgs(l, tool, errors.New(l.Sprintf("%s: %s", "%s : %s", field, msg)))
		f.Fields = map[string]string{field: msg}
		f.Text += l.Sprintf("  %s: %s\n", "  %s : %s\n", field, msg)
	}
	return f
}

// violation is the first place where a value breaks a schema: the path of
// the field and what is wrong with it.
type violation struct {
	field, msg string
}

// explain finds where v breaks s, for the keywords the tools publish
// (type, const, enum, minimum, maximum, minLength, maxLength, pattern, properties,
// required, additionalProperties, prefixItems, items, minItems, maxItems,
// oneOf, not), and says it in words. path is v's path from the arguments'
// root; action is the legal action being checked ("" outside an order).
// It returns nil when it finds nothing. It says it in l.
func explain(l lang.Lang, s *jsonschema.Schema, v any, path, action string) *violation {
	bad := func(en, fr string, args ...any) *violation {
		return &violation{field: path, msg: l.Sprintf(en, fr, args...)}
	}
	label := func() string {
		if s.Title != "" && action != "" && s.Type != "object" {
			return l.Sprintf("%s's %s ", "le %[2]s de %[1]s ", action, s.Title)
		}
		return ""
	}
	if s.Not != nil && isEmpty(s.Not) {
		return bad("%sadmits no value today", "%sn'admet aucune valeur aujourd'hui", label())
	}
	if s.Type != "" && !hasType(v, s.Type) {
		return bad("%sis %s; want %s", "%svaut %s ; attendu %s", label(), show(v), typeName(l, s.Type))
	}
	if s.Const != nil && !sameJSON(*s.Const, v) {
		return bad("is %s; want %s", "vaut %s ; attendu %s", show(v), show(*s.Const))
	}
	if s.Enum != nil && !slices.ContainsFunc(s.Enum, func(e any) bool { return sameJSON(e, v) }) {
		return bad("%s%s is not one of %s", "%s%s n'est pas l'une des valeurs %s", label(), show(v), enumText(s.Enum))
	}
	if n, ok := v.(float64); ok {
		if s.Minimum != nil && n < *s.Minimum {
			return bad("%s%s is below the minimum, %s", "%s%s est sous le minimum, %s", label(), show(n), show(*s.Minimum))
		}
		if s.Maximum != nil && n > *s.Maximum {
			return bad("%s%s is above the maximum, %s", "%s%s est au-dessus du maximum, %s", label(), show(n), show(*s.Maximum))
		}
	}
	if str, ok := v.(string); ok {
		n := utf8.RuneCountInString(str)
		if s.MinLength != nil && n < *s.MinLength {
			return bad("is %d characters long; want at least %d", "fait %d caractères ; attendu au moins %d", n, *s.MinLength)
		}
		if s.MaxLength != nil && n > *s.MaxLength {
			return bad("is %d characters long; want at most %d", "fait %d caractères ; attendu au plus %d", n, *s.MaxLength)
		}
		if s.Pattern != "" {
			if re, err := regexp.Compile(s.Pattern); err == nil && !re.MatchString(str) {
				return bad("%s does not match %s", "%s ne suit pas %s", show(str), s.Pattern)
			}
		}
	}
	switch x := v.(type) {
	case []any:
		if w := explainArray(l, s, x, path, action); w != nil {
			return w
		}
	case map[string]any:
		if w := explainObject(l, s, x, path, action); w != nil {
			return w
		}
	}
	if len(s.OneOf) > 0 {
		return explainOneOf(l, s, v, path)
	}
	return nil
}

// explainArray finds where array a breaks s's array keywords.
func explainArray(l lang.Lang, s *jsonschema.Schema, a []any, path, action string) *violation {
	if (s.MinItems != nil && len(a) < *s.MinItems) || (s.MaxItems != nil && len(a) > *s.MaxItems) {
		var want string
		switch lo, hi := ptrOr(s.MinItems, 0), ptrOr(s.MaxItems, -1); {
		case hi == 0:
			want = l.Sprintf("no argument", "aucun argument")
		case lo == hi:
			want = arguments(l, lo)
		case hi < 0:
			want = l.Sprintf("at least %s", "au moins %s", arguments(l, lo))
		default:
			want = l.Sprintf("%d to %d arguments", "de %d à %d arguments", lo, hi)
		}
		var names []string
		for _, p := range s.PrefixItems {
			names = append(names, p.Title)
		}
		who := l.Sprintf("it takes", "il prend")
		if action != "" {
			who = l.Sprintf("%s takes", "%s prend", action)
		}
		if len(names) > 0 && !slices.Contains(names, "") {
			want += " (" + strings.Join(names, " ") + ")"
		}
		return &violation{field: path, msg: l.Sprintf("%s %s; got %d", "%s %s ; reçu %d", who, want, len(a))}
	}
	for i, item := range a {
		is := s.Items
		if i < len(s.PrefixItems) {
			is = s.PrefixItems[i]
		}
		if is == nil {
			continue
		}
		if w := explain(l, is, item, fmt.Sprintf("%s[%d]", path, i), action); w != nil {
			return w
		}
	}
	return nil
}

// explainObject finds where object o breaks s's object keywords: an
// unknown field, a missing one, then each field's own value.
func explainObject(l lang.Lang, s *jsonschema.Schema, o map[string]any, path, action string) *violation {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	known := fieldNames(s)
	if s.AdditionalProperties != nil && isFalse(s.AdditionalProperties) {
		for _, k := range keys {
			if _, ok := s.Properties[k]; !ok {
				want := l.Sprintf("this takes no field", "ceci ne prend aucun champ")
				if len(known) > 0 {
					want = l.Sprintf("the fields are %s", "les champs sont %s", strings.Join(known, ", "))
				}
				return &violation{field: join(path, k), msg: l.Sprintf("unknown field; %s", "champ inconnu ; %s", want)}
			}
		}
	}
	for _, r := range s.Required {
		if _, ok := o[r]; !ok {
			return &violation{field: join(path, r), msg: l.Sprintf("missing; it is required", "absent ; il est requis")}
		}
	}
	for _, k := range known {
		if val, ok := o[k]; ok {
			if w := explain(l, s.Properties[k], val, join(path, k), action); w != nil {
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
func explainOneOf(l lang.Lang, s *jsonschema.Schema, v any, path string) *violation {
	o, ok := v.(map[string]any)
	if !ok {
		return &violation{field: path, msg: l.Sprintf("is %s; want an object", "vaut %s ; attendu un objet", show(v))}
	}
	key, names := "", []any{}
	for _, b := range s.OneOf {
		for _, k := range fieldNames(b) {
			if p := b.Properties[k]; p.Const != nil {
				key = k
				names = append(names, *p.Const)
				if sameJSON(*p.Const, o[k]) {
					action, _ := (*p.Const).(string)
					return explain(l, b, v, path, action)
				}
			}
		}
	}
	if key == "" {
		return nil
	}
	if _, ok := o[key]; !ok {
		return &violation{field: join(path, key), msg: l.Sprintf("missing; want one of %s", "absent ; attendu l'une de %s", enumText(names))}
	}
	return &violation{field: join(path, key), msg: l.Sprintf("%s is not one of the legal actions: %s", "%s n'est pas l'une des actions permises : %s", show(o[key]), enumText(names))}
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

// arguments counts n arguments: "1 argument", "2 arguments".
func arguments(l lang.Lang, n int) string {
	if n == 1 {
		return l.Sprintf("1 argument", "1 argument")
	}
	return l.Sprintf("%d arguments", "%d arguments", n)
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

func typeName(l lang.Lang, t string) string {
	switch t {
	case "object":
		return l.Sprintf("an object", "un objet")
	case "array":
		return l.Sprintf("an array", "un tableau")
	case "integer":
		return l.Sprintf("a whole number", "un nombre entier")
	case "number":
		return l.Sprintf("a number", "un nombre")
	case "string":
		return l.Sprintf("a string", "une chaîne")
	case "boolean":
		return l.Sprintf("true or false", "true ou false")
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

// menuReasons are the refusals of an order that misses the day's legal
// menu: an action closed or unknown, an argument outside its values, a
// price the stocks cannot pay.
var menuReasons = []pb.ErrorReason{
	pb.ErrorReason_ERROR_REASON_UNKNOWN_ACTION, pb.ErrorReason_ERROR_REASON_BAD_ARGUMENTS,
	pb.ErrorReason_ERROR_REASON_UNKNOWN_ZONE, pb.ErrorReason_ERROR_REASON_NOT_ALLOWED,
	pb.ErrorReason_ERROR_REASON_INSUFFICIENT_RESOURCES, pb.ErrorReason_ERROR_REASON_OUT_OF_DOMAIN,
}

// WithOptions returns err, the refusal of order o, as a *Failure that,
// when the server refused o for missing the day's legal menu (menuReasons),
// lists the legal options of the day's view: the menu line of o's action
// when it is legal today (its arguments' values and cost), else the whole
// menu; a client with the stable schema learns there what the daily schema
// would have said. Failure.Legal carries the same lines.
func WithOptions(ctx context.Context, c *Camp, err error, o OrderSpec) error {
	f := Describe(c.Lang, err)
	if !slices.Contains(menuReasons, pb.ReasonOf(f.Reason)) || f.Reason == "" {
		return f
	}
	v, verr := c.GetView(ctx)
	if verr != nil {
		return f
	}
	var lines []string
	for _, a := range v.GetLegalActions() {
		if a.GetAction() == o.Action {
			lines = []string{viewtext.MenuLine(c.Lang, a)}
			break
		}
		lines = append(lines, viewtext.MenuLine(c.Lang, a))
	}
	if len(lines) == 0 {
		return f
	}
	g := *f
	g.Legal = lines
	g.Text += c.Lang.Sprintf("  legal for day %d:\n", "  permis pour le jour %d :\n", v.GetDay()+1)
	for _, line := range lines {
		g.Text += "    " + line + "\n"
	}
	return &g
}
