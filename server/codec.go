package server

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"

	"github.com/grisonval/server/game"
)

// A stored state is its ruleset's canonical encoding as it is: for
// Grisonval, the engine's binary form, 61 KB for a late-game state of 3 x
// 1,200 citizens, encoded and hashed in about 0.1 ms. No compression pays
// for itself within a tick there: snappy would take it to 51 KB for 0.2
// ms more, gzip level 1 to 36 KB for 1 ms more (BenchmarkEncodeState,
// docs/persistence.md). States stored before were gzipped (the engine's
// JSON, level 2); decodeState still reads them.

// encodeState returns s's canonical encoding under rs, which the store
// keeps, and its hash.
func encodeState(rs game.Ruleset, s game.State) (state []byte, hash string, err error) {
	return rs.Encode(s)
}

// decodeState decodes a state stored by encodeState, or gzipped as states
// were stored before: gzip's magic begins no canonical encoding
// (Grisonval's binary form begins with "GVW", JSON with '{').
func decodeState(rs game.Ruleset, state []byte) (game.State, error) {
	if bytes.HasPrefix(state, gzipMagic) {
		raw, err := gunzip(state)
		if err != nil {
			return nil, err
		}
		state = raw
	}
	return rs.Decode(state)
}

// gzipMagic begins every gzip stream (RFC 1952).
var gzipMagic = []byte{0x1f, 0x8b}

// gunzip returns the canonical encoding of a state stored gzipped.
func gunzip(state []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(state))
	if err != nil {
		return nil, fmt.Errorf("decompress state: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("decompress state: %w", err)
	}
	return raw, nil
}

// hashIs reports whether s has hash under rs: its hash or, for a state
// stored before its ruleset's canonical encoding changed, the hash of the
// earlier encoding (game.LegacyHasher).
func hashIs(rs game.Ruleset, s game.State, hash string) bool {
	if rs.Hash(s) == hash {
		return true
	}
	lh, ok := rs.(game.LegacyHasher)
	return ok && lh.LegacyHash(s) == hash
}
