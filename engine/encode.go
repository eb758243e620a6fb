package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Marshal returns the canonical encoding of w: the same world always gives
// the same bytes.
func Marshal(w *World) ([]byte, error) {
	return json.Marshal(w)
}

// Unmarshal decodes a world encoded by Marshal.
func Unmarshal(b []byte) (*World, error) {
	var w World
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, fmt.Errorf("decode world: %w", err)
	}
	if len(w.Zones) != NumZones+1 {
		return nil, fmt.Errorf("decode world: %d zones; want %d", len(w.Zones)-1, NumZones)
	}
	for c := range w.Camps {
		if len(w.Camps[c].Memory) != NumZones+1 {
			return nil, fmt.Errorf("decode world: camp %d memory has %d zones; want %d", c, len(w.Camps[c].Memory)-1, NumZones)
		}
	}
	return &w, nil
}

// Hash returns the hex SHA-256 of w's canonical encoding.
func Hash(w *World) string {
	b, err := Marshal(w)
	if err != nil {
		// A World holds only plain values: encoding cannot fail.
		panic(fmt.Sprintf("engine: marshal world: %v", err))
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
