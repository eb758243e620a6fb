package grisonval_test

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/grisonval/server/engine/grisonval"
)

// scribble changes every value under v in place, through the slices it
// finds rather than replacing them, except under the paths keep names: a
// copy that shares memory with its source changes the source too.
func scribble(v reflect.Value, path string, keep func(path string) bool) {
	if keep(path) {
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() ^ 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(v.Uint() ^ 1)
	case reflect.String:
		v.SetString(v.String() + "~")
	case reflect.Array, reflect.Slice:
		for i := range v.Len() {
			scribble(v.Index(i), path+"[]", keep)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			scribble(e, path+"[]", keep)
			v.SetMapIndex(k, e)
		}
	case reflect.Pointer:
		if !v.IsNil() {
			scribble(v.Elem(), path, keep)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			scribble(v.Field(i), path+"."+v.Type().Field(i).Name, keep)
		}
	}
}

// memoryBuildings is the one part of a world its copies share: a camp's
// memory of a zone's buildings is never changed in place, only replaced
// (World.remember).
func memoryBuildings(path string) bool { return strings.HasSuffix(path, ".Memory[].Buildings") }

// TestCloneIntoEveryField copies worlds with every field set over other
// such worlds, and requires each copy equal to its source and sharing no
// memory with it: scribbling over the copy leaves the source as it was.
func TestCloneIntoEveryField(t *testing.T) {
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 2))
		var w, dst grisonval.World
		fill(t, r, reflect.ValueOf(&w).Elem(), "World", 0)
		fill(t, r, reflect.ValueOf(&dst).Elem(), "World", 0)
		// The reference copy goes through the binary form, which shares no
		// code with CloneInto.
		b, err := grisonval.Marshal(&w)
		if err != nil {
			t.Fatal(err)
		}
		want, err := grisonval.Unmarshal(b)
		if err != nil {
			t.Fatal(err)
		}
		got := w.CloneInto(&dst)
		if got != &dst {
			t.Fatal("CloneInto did not return dst")
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: the copy differs: %s", seed, firstDiff(reflect.ValueOf(got).Elem(), reflect.ValueOf(want).Elem(), "World"))
		}
		scribble(reflect.ValueOf(got).Elem(), "World", memoryBuildings)
		if !reflect.DeepEqual(&w, want) {
			t.Fatalf("seed %d: scribbling over the copy changed its source: %s", seed, firstDiff(reflect.ValueOf(&w).Elem(), reflect.ValueOf(want).Elem(), "World"))
		}
	}
}

// TestCloneIntoKeepsNil requires a nil slice copied over a world that has
// one to stay nil, and an empty one to stay empty, as Clone keeps them.
func TestCloneIntoKeepsNil(t *testing.T) {
	w := grisonval.NewWorld(1)
	w.Routes, w.Sieges = nil, []grisonval.Siege{}
	dst := grisonval.NewWorld(2)
	dst.Routes, dst.Sieges = make([]grisonval.Route, 2), nil
	got := w.CloneInto(dst)
	if got.Routes != nil || got.Sieges == nil || len(got.Sieges) != 0 {
		t.Fatalf("routes %#v, sieges %#v; want nil and empty", got.Routes, got.Sieges)
	}
}

// TestResolveIntoMatchesResolve plays seasons of random legal orders twice,
// once into fresh memory and once over the day before last, as the world
// loop does, and requires the same outcome every day.
func TestResolveIntoMatchesResolve(t *testing.T) {
	for _, seed := range []uint64{3, 11, 42} {
		outs := playRandom(t, grisonval.NewWorld(seed), 120)
		w := grisonval.NewWorld(seed)
		var days [2]*grisonval.World
		for i, want := range outs {
			var o [grisonval.NumCamps]grisonval.Order
			for c := range o {
				o[c] = want.Results[c].Order
			}
			before := grisonval.Hash(w)
			out := grisonval.ResolveInto(days[i%2], w, o)
			if grisonval.Hash(w) != before {
				t.Fatalf("seed %d day %d: ResolveInto changed the world it resolved", seed, i+1)
			}
			if got, want := grisonval.Hash(out.World), grisonval.Hash(want.World); got != want {
				t.Fatalf("seed %d day %d: hash %s; Resolve gives %s", seed, i+1, got, want)
			}
			if !reflect.DeepEqual(out.Journal, want.Journal) || !reflect.DeepEqual(out.Results, want.Results) {
				t.Fatalf("seed %d day %d: the journal or the results differ from Resolve's", seed, i+1)
			}
			days[i%2] = out.World
			w = out.World
		}
	}
}

// TestResolveIntoRefusesItself requires a day written over the world it is
// played from to panic rather than play the day in place.
func TestResolveIntoRefusesItself(t *testing.T) {
	w := grisonval.NewWorld(5)
	defer func() {
		if recover() == nil {
			t.Fatal("ResolveInto(w, w) did not panic")
		}
	}()
	grisonval.ResolveInto(w, w, orders(rest(), rest(), rest()))
}
