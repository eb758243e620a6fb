package server

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"

	"github.com/grisonval/server/engine"
)

// encodeState returns w's canonical encoding, gzipped for the store, and
// its hash.
func encodeState(w *engine.World) (state []byte, hash string, err error) {
	raw, err := engine.Marshal(w)
	if err != nil {
		return nil, "", fmt.Errorf("encode state: %w", err)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(raw); err != nil {
		return nil, "", fmt.Errorf("compress state: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, "", fmt.Errorf("compress state: %w", err)
	}
	return buf.Bytes(), engine.Hash(w), nil
}

// decodeState decodes a state stored by encodeState.
func decodeState(state []byte) (*engine.World, error) {
	zr, err := gzip.NewReader(bytes.NewReader(state))
	if err != nil {
		return nil, fmt.Errorf("decompress state: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("decompress state: %w", err)
	}
	return engine.Unmarshal(raw)
}
