package grisonval_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// fillLengths are the lengths of the slices of a World that have one, by
// field name; fill gives every other slice 1 to 3 elements.
var fillLengths = map[string]int{"Zones": grisonval.NumZones + 1, "Memory": grisonval.NumZones + 1}

// fill sets v, and everything under it, to random non-zero values: every
// field of a struct, every element of an array, slices of 1 to 3 elements
// (fillLengths), maps of 1 to 3 entries. A kind it cannot fill, or an
// unexported field, fails the test: the encoding's test must then learn it.
func fill(t *testing.T, r *rand.Rand, v reflect.Value, path string, length int) {
	t.Helper()
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		for v.Int() == 0 {
			v.SetInt(int64(r.Uint64()) >> (64 - v.Type().Bits()))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		for v.Uint() == 0 {
			v.SetUint(r.Uint64() >> (64 - v.Type().Bits()))
		}
	case reflect.String:
		b := make([]byte, 1+r.IntN(8))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		v.SetString(string(b))
	case reflect.Array:
		for i := range v.Len() {
			fill(t, r, v.Index(i), path+"[]", 0)
		}
	case reflect.Slice:
		n := length
		if n == 0 {
			n = 1 + r.IntN(3)
		}
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			fill(t, r, v.Index(i), path+"[]", 0)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		for range 1 + r.IntN(3) {
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			fill(t, r, k, path+"[key]", 0)
			fill(t, r, e, path+"[]", 0)
			v.SetMapIndex(k, e)
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(t, r, v.Elem(), path, 0)
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				t.Fatalf("%s.%s is unexported: fill cannot set it", path, f.Name)
			}
			fill(t, r, v.Field(i), path+"."+f.Name, fillLengths[f.Name])
		}
	default:
		t.Fatalf("%s: fill cannot fill a %s", path, v.Kind())
	}
}

// emptyToNil sets every empty slice under v to nil: the binary form does
// not tell them apart.
func emptyToNil(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			emptyToNil(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			emptyToNil(v.Field(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			emptyToNil(v.Index(i))
		}
	case reflect.Slice:
		if v.Len() == 0 {
			v.Set(reflect.Zero(v.Type()))
		}
		for i := range v.Len() {
			emptyToNil(v.Index(i))
		}
	}
}

// firstDiff returns the path of the first value that differs between got
// and want, with both values.
func firstDiff(got, want reflect.Value, path string) string {
	switch got.Kind() {
	case reflect.Struct:
		for i := range got.NumField() {
			if d := firstDiff(got.Field(i), want.Field(i), path+"."+got.Type().Field(i).Name); d != "" {
				return d
			}
		}
		return ""
	case reflect.Array, reflect.Slice:
		if got.Len() != want.Len() || got.Kind() == reflect.Slice && got.IsNil() != want.IsNil() {
			break
		}
		for i := range got.Len() {
			if d := firstDiff(got.Index(i), want.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
		return ""
	}
	if reflect.DeepEqual(got.Interface(), want.Interface()) {
		return ""
	}
	return fmt.Sprintf("%s: got %#v; want %#v", path, got.Interface(), want.Interface())
}

// roundTrip encodes w, decodes it and requires the same world back.
func roundTrip(t *testing.T, w *grisonval.World) {
	t.Helper()
	b, err := grisonval.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	back, err := grisonval.Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	want := w.Clone()
	emptyToNil(reflect.ValueOf(want))
	if !reflect.DeepEqual(back, want) {
		t.Fatalf("decoded world differs: %s", firstDiff(reflect.ValueOf(back).Elem(), reflect.ValueOf(want).Elem(), "World"))
	}
	again, err := grisonval.Marshal(back)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, b) {
		t.Fatal("the decoded world encodes to other bytes")
	}
}

// TestBinaryEveryField fills every field of a World, and of everything
// under it, with random non-zero values and requires it back through the
// binary form: a field the encoder forgets, or reads into another field,
// fails here.
func TestBinaryEveryField(t *testing.T) {
	for seed := range uint64(20) {
		var w grisonval.World
		fill(t, rand.New(rand.NewPCG(seed, 1)), reflect.ValueOf(&w).Elem(), "World", 0)
		roundTrip(t, &w)
	}
}

// TestBinaryPlayed round-trips every day of played worlds, under each
// version of the rules.
func TestBinaryPlayed(t *testing.T) {
	for _, rules := range []grisonval.Rules{grisonval.RulesSeed000, grisonval.RulesGovernance, grisonval.RulesWar, grisonval.RulesMastery, grisonval.RulesVictory} {
		w := grisonval.NewWorldRules(uint64(rules)+7, rules)
		roundTrip(t, w)
		for _, out := range playRandom(t, w, 120) {
			roundTrip(t, out.World)
		}
	}
}

// TestBinaryCanonical: a nil and an empty slice encode alike, the form
// begins with its magic, and Hash is the SHA-256 of the form.
func TestBinaryCanonical(t *testing.T) {
	w := grisonval.NewWorld(3)
	w.Columns, w.Camps[1].Citizens = []grisonval.Column{}, []grisonval.Citizen{}
	w.Zones[5].Buildings = []grisonval.BuildingKind{}
	empty, _ := grisonval.Marshal(w)
	w.Columns, w.Camps[1].Citizens, w.Zones[5].Buildings = nil, nil, nil
	b, _ := grisonval.Marshal(w)
	if !bytes.Equal(empty, b) {
		t.Error("nil and empty slices encode differently")
	}
	if !bytes.HasPrefix(b, []byte("GVW\x01")) {
		t.Errorf("form begins with %q; want the magic GVW\\x01", b[:4])
	}
	if sum := sha256.Sum256(b); grisonval.Hash(w) != hex.EncodeToString(sum[:]) {
		t.Error("Hash is not the SHA-256 of the binary form")
	}
}

// TestUnmarshalJSON: the states stored before the binary form, in JSON,
// still decode, and LegacyHash is the hash they were stored with.
func TestUnmarshalJSON(t *testing.T) {
	outs := playRandom(t, grisonval.NewWorld(12), 40)
	w := outs[len(outs)-1].World
	j, err := grisonval.JSON(w)
	if err != nil {
		t.Fatal(err)
	}
	back, err := grisonval.Unmarshal(j)
	if err != nil {
		t.Fatal(err)
	}
	if grisonval.Hash(back) != grisonval.Hash(w) {
		t.Error("a world read from JSON has another hash")
	}
	if sum := sha256.Sum256(j); grisonval.LegacyHash(back) != hex.EncodeToString(sum[:]) {
		t.Error("LegacyHash is not the SHA-256 of the JSON")
	}
	if _, err := grisonval.Unmarshal([]byte(`{"zones":[]}`)); err == nil {
		t.Error("a JSON world without zones decoded")
	}
}

// TestUnmarshalCorrupt: a truncated form, a bad magic, trailing bytes,
// wrong numbers of zones and counts larger than the form all fail.
func TestUnmarshalCorrupt(t *testing.T) {
	w := grisonval.NewWorld(4)
	b, _ := grisonval.Marshal(w)
	for n := range len(b) {
		if _, err := grisonval.Unmarshal(b[:n]); err == nil {
			t.Fatalf("the form cut at byte %d of %d decoded", n, len(b))
		}
	}
	// After the magic, the rules (1 byte), the seed (8), the season of
	// RulesMastery (1) and the day (1) comes the count of zones.
	const zonesAt = 4 + 1 + 8 + 1 + 1
	for _, tc := range []struct {
		name string
		b    []byte
		want string
	}{
		{"magic", append([]byte("GVW\x02"), b[4:]...), "not a binary world"},
		{"trailing", append(bytes.Clone(b), 0), "bytes after the world"},
		{"huge count", append(binary.AppendUvarint(bytes.Clone(b[:zonesAt]), 1<<60), b[zonesAt+1:]...), "exceeds"},
		{"zones", withoutLastZone(t, w), "90 zones; want 91"},
	} {
		_, err := grisonval.Unmarshal(tc.b)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "decode world: ") {
			t.Errorf("%s: got error %v; want one with %q", tc.name, err, tc.want)
		}
	}
}

func withoutLastZone(t *testing.T, w *grisonval.World) []byte {
	t.Helper()
	w = w.Clone()
	w.Zones = w.Zones[:len(w.Zones)-1]
	b, err := grisonval.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzUnmarshal feeds arbitrary bytes to Unmarshal: it never panics, fails
// with a "decode world" error, and a world it accepts encodes and decodes
// back to itself.
func FuzzUnmarshal(f *testing.F) {
	outs := playRandom(f, grisonval.NewWorld(5), 30)
	for _, w := range []*grisonval.World{grisonval.NewWorld(1), outs[len(outs)-1].World} {
		b, _ := grisonval.Marshal(w)
		f.Add(b)
		j, _ := grisonval.JSON(w)
		f.Add(j)
	}
	f.Add([]byte{})
	f.Add([]byte("GVW\x01"))
	f.Add([]byte("{}"))
	f.Fuzz(func(t *testing.T, b []byte) {
		w, err := grisonval.Unmarshal(b)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "decode world: ") {
				t.Fatalf("error %q does not say it decodes a world", err)
			}
			return
		}
		roundTrip(t, w)
	})
}
