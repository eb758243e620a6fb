package server

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"

	"github.com/grisonval/server/game"
)

// encodeState returns s's canonical encoding under rs, gzipped for the
// store, and its hash.
func encodeState(rs game.Ruleset, s game.State) (state []byte, hash string, err error) {
	raw, hash, err := rs.Encode(s)
	if err != nil {
		return nil, "", err
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(raw); err != nil {
		return nil, "", fmt.Errorf("compress state: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, "", fmt.Errorf("compress state: %w", err)
	}
	return buf.Bytes(), hash, nil
}

// decodeState decodes a state stored by encodeState.
func decodeState(rs game.Ruleset, state []byte) (game.State, error) {
	raw, err := gunzip(state)
	if err != nil {
		return nil, err
	}
	return rs.Decode(raw)
}

// gunzip returns a stored state's canonical encoding.
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
