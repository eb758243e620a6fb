package lang

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// appendf appends format, formatted with args and its Text arguments read
// in l, to b as fmt.Appendf formats it, for the formats the journal uses
// most, without fmt's machinery: the verbs %d, %s, %v and %t, with no flag,
// width, precision or argument index, on integers, strings, booleans, Texts
// and Stringers; %+d on integers; %.1f on a finite float64; and %%. For
// anything else (another verb, flag or precision, another float, an error,
// a nil, a missing or extra argument, a String method that panics) it
// reports false, and b's contents are to be thrown away: the
// caller formats the text with fmt, whose output this is byte for byte
// when it reports true.
func appendf(b []byte, format string, args []any, l Lang) ([]byte, bool) {
	next := 0
	for format != "" {
		i := strings.IndexByte(format, '%')
		if i < 0 {
			return append(b, format...), next == len(args)
		}
		b = append(b, format[:i]...)
		if i+1 == len(format) {
			return b, false
		}
		verb := format[i+1]
		format = format[i+2:]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		if next == len(args) {
			return b, false
		}
		var ok bool
		switch verb {
		case '+':
			if format == "" || format[0] != 'd' {
				return b, false
			}
			format = format[1:]
			b, ok = appendSigned(b, args[next])
		case '.':
			if !strings.HasPrefix(format, "1f") {
				return b, false
			}
			format = format[2:]
			b, ok = appendTenths(b, args[next])
		default:
			b, ok = appendArg(b, verb, args[next], l)
		}
		if !ok {
			return b, false
		}
		next++
	}
	return b, next == len(args)
}

// appendArg appends a formatted with verb as fmt formats it, or reports
// false when appendf does not format it.
func appendArg(b []byte, verb byte, a any, l Lang) ([]byte, bool) {
	switch verb {
	case 'd':
		return appendInteger(b, a)
	case 't':
		return appendBool(b, a)
	case 's', 'v':
		switch v := a.(type) {
		case string:
			return append(b, v...), true
		case Text:
			return append(b, v.In(l)...), true
		case fmt.Formatter, error:
			return b, false
		case fmt.Stringer:
			s, ok := stringOf(v)
			return append(b, s...), ok
		}
		if verb == 'v' {
			if b, ok := appendInteger(b, a); ok {
				return b, true
			}
			if b, ok := appendBool(b, a); ok {
				return b, true
			}
		}
		if v := reflect.ValueOf(a); v.Kind() == reflect.String {
			return append(b, v.String()...), true
		}
	}
	return b, false
}

// appendInteger appends an integer in decimal, as %d and %v give it.
func appendInteger(b []byte, a any) ([]byte, bool) {
	switch v := a.(type) {
	case int:
		return strconv.AppendInt(b, int64(v), 10), true
	case int64:
		return strconv.AppendInt(b, v, 10), true
	case int32:
		return strconv.AppendInt(b, int64(v), 10), true
	case int16:
		return strconv.AppendInt(b, int64(v), 10), true
	case int8:
		return strconv.AppendInt(b, int64(v), 10), true
	case uint8:
		return strconv.AppendUint(b, uint64(v), 10), true
	case fmt.Formatter:
		return b, false
	}
	// Another integer type, or a type of ours whose kind is one (a
	// zone's number): fmt formats it by its kind when the verb is %d or
	// when it has no String method, which appendArg called before.
	switch v := reflect.ValueOf(a); v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, v.Int(), 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.AppendUint(b, v.Uint(), 10), true
	}
	return b, false
}

// appendSigned appends an integer in decimal with its sign, '+' for zero
// or more, as %+d gives it.
func appendSigned(b []byte, a any) ([]byte, bool) {
	start := len(b)
	b, ok := appendInteger(b, a)
	if !ok {
		return b, false
	}
	if b[start] != '-' {
		b = append(b, 0)
		copy(b[start+1:], b[start:])
		b[start] = '+'
	}
	return b, true
}

// appendTenths appends a finite float64 to one decimal, as %.1f gives it
// (fmt writes the infinities without strconv's sign: those go to fmt).
func appendTenths(b []byte, a any) ([]byte, bool) {
	v, ok := a.(float64)
	if !ok || math.IsInf(v, 0) || math.IsNaN(v) {
		return b, false
	}
	return strconv.AppendFloat(b, v, 'f', 1, 64), true
}

// appendBool appends a boolean as %t and %v give it.
func appendBool(b []byte, a any) ([]byte, bool) {
	if _, ok := a.(fmt.Formatter); ok {
		return b, false
	}
	if v := reflect.ValueOf(a); v.Kind() == reflect.Bool {
		return strconv.AppendBool(b, v.Bool()), true
	}
	return b, false
}

// stringOf calls s's String method, reporting false if it panics (fmt
// writes the panic into the text, or "<nil>" for a nil receiver).
func stringOf(s fmt.Stringer) (str string, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return s.String(), true
}
