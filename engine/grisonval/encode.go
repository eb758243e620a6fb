package grisonval

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Marshal returns the canonical encoding of w, its binary form
// (engine/grisonval/binary.go): the same world always gives the same bytes. It never
// fails; the error is for the callers' symmetry with Unmarshal.
func Marshal(w *World) ([]byte, error) {
	return appendBinary(make([]byte, 0, sizeHint(w)), w), nil
}

// Unmarshal decodes a world encoded by Marshal, or by JSON: the canonical
// encoding of the states stored before the binary form, which begin with
// '{'.
func Unmarshal(b []byte) (*World, error) {
	var w *World
	if len(b) > 0 && b[0] == '{' {
		w = new(World)
		if err := json.Unmarshal(b, w); err != nil {
			return nil, fmt.Errorf("decode world: %w", err)
		}
	} else {
		var err error
		if w, err = decodeBinary(b); err != nil {
			return nil, fmt.Errorf("decode world: %w", err)
		}
	}
	if len(w.Zones) != NumZones+1 {
		return nil, fmt.Errorf("decode world: %d zones; want %d", len(w.Zones)-1, NumZones)
	}
	for c := range w.Camps {
		if len(w.Camps[c].Memory) != NumZones+1 {
			return nil, fmt.Errorf("decode world: camp %d memory has %d zones; want %d", c, len(w.Camps[c].Memory)-1, NumZones)
		}
	}
	return w, nil
}

// Hash returns the hex SHA-256 of w's canonical encoding.
func Hash(w *World) string {
	b, _ := Marshal(w)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// JSON returns w in JSON, for people to read. It was the canonical
// encoding before the binary form, and Unmarshal still reads it.
func JSON(w *World) ([]byte, error) {
	return json.Marshal(w)
}

// LegacyHash returns the hex SHA-256 of w's JSON: the hash of the states
// stored before the binary form, which a replay of them checks against.
func LegacyHash(w *World) string {
	b, err := JSON(w)
	if err != nil {
		// A World holds only plain values: encoding cannot fail.
		panic(fmt.Sprintf("engine: marshal world: %v", err))
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
