package game

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/grisonval/server/engine/career"
	"github.com/grisonval/server/lang"
	pb "github.com/grisonval/server/proto/grisonval/v1"
)

// This file holds what the server and the rulesets would otherwise
// repeat: the defaults of the seam's optional parts, the shared part of a
// view, and a codec for states whose canonical form is their JSON.

// CampNames returns the names of the camps of a world of n camps under r:
// its own when it is a Namer, else "Camp 1" to "Camp n".
func CampNames(r Rules, n int) []string {
	if nr, ok := r.(Namer); ok {
		return nr.CampNames(n)
	}
	names := make([]string, max(n, 0))
	for c := range names {
		names[c] = fmt.Sprintf("Camp %d", c+1)
	}
	return names
}

// FrameOf returns the public frame of s under r: r's own when it is a
// Framer, else a frame with the day alone. The server adds the shared
// part.
func FrameOf(r Rules, s State, l lang.Lang) *pb.Frame {
	if f, ok := r.(Framer); ok {
		return f.Frame(s, l)
	}
	return &pb.Frame{Day: int32(s.Day())}
}

// CatalogueOf returns what r lets camps unlock under the rules s is played
// by: r's own when it is a Cataloguer, else an empty catalogue.
func CatalogueOf(r Rules, s State, l lang.Lang) *pb.Catalogue {
	if c, ok := r.(Cataloguer); ok {
		return c.Catalogue(s, l)
	}
	return &pb.Catalogue{}
}

// FeatsOf returns the feat tracker of a season of the world of seed under
// se: its own when it is a FeatTracker, else one that finds no feat.
func FeatsOf(se Season, seed uint64, season int) Feats {
	if t, ok := se.(FeatTracker); ok {
		return t.Feats(seed, season)
	}
	return noFeats{}
}

// noFeats is the feat tracker of a season without feats.
type noFeats struct{}

// Day returns no feat for each camp of d.
func (noFeats) Day(d Day) ([][]career.Feat, error) {
	return make([][]career.Feat, len(d.Journal)), nil
}

// rulerOnly is the council of a camp that has no councillors.
var rulerOnly = []Seat{{Code: RulerSeat, Name: lang.T("ruler", "dirigeant")}}

// PackageGivesOf says what package p gives under se when se is a
// PackageTeller, else nothing.
func PackageGivesOf(se Season, p career.Package) lang.Text {
	if t, ok := se.(PackageTeller); ok {
		return t.PackageGives(p)
	}
	return lang.Text{}
}

// SeatsOf returns the seats of a camp's council under se: its own when it
// is a Council, else the ruler's alone.
func SeatsOf(se Season) []Seat {
	if c, ok := se.(Council); ok {
		return c.Seats()
	}
	return rulerOnly
}

// SharedView returns the shared part of camp's view of s, the part that
// every face renders whatever the ruleset: the camp, its name, the day,
// whether it still plays, and every other camp as a contact (met as s
// says, alive). names are the camps' names (CampNames). The ruleset adds
// the legal actions and its detail.
func SharedView(s State, camp int, names []string) *pb.CampView {
	v := &pb.CampView{Camp: int32(camp), CampName: names[camp], Day: int32(s.Day()), Alive: s.Alive(camp)}
	for c, name := range names {
		if c != camp {
			v.Contacts = append(v.Contacts, &pb.Contact{Camp: int32(c), Name: name, Met: s.Met(camp, c), Alive: s.Alive(c)})
		}
	}
	return v
}

// JSONCodec is the Codec of a ruleset whose canonical encoding is the JSON
// of its state, a *T: the hash is the SHA-256 of those bytes, in
// hexadecimal. A ruleset embeds it (its zero value is ready to use and
// safe for concurrent use) and may define its own Decode to check what it
// reads, calling JSONCodec's.
type JSONCodec[T any, PT interface {
	*T
	State
}] struct{}

// Encode returns s's JSON and its hash.
func (JSONCodec[T, PT]) Encode(s State) ([]byte, string, error) {
	b, err := json.Marshal(s.(PT))
	if err != nil {
		return nil, "", fmt.Errorf("encode state: %w", err)
	}
	sum := sha256.Sum256(b)
	return b, hex.EncodeToString(sum[:]), nil
}

// Hash returns the hash of s's JSON. It panics when s cannot be encoded,
// which a state of plain values never is.
func (c JSONCodec[T, PT]) Hash(s State) string {
	_, h, err := c.Encode(s)
	if err != nil {
		panic(err)
	}
	return h
}

// JSON returns s's JSON, its canonical encoding.
func (c JSONCodec[T, PT]) JSON(s State) ([]byte, error) {
	b, _, err := c.Encode(s)
	return b, err
}

// Decode reads a state encoded by Encode.
func (JSONCodec[T, PT]) Decode(b []byte) (State, error) {
	s := PT(new(T))
	if err := json.Unmarshal(b, s); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	return s, nil
}
