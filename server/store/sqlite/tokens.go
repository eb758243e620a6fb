package sqlite

import (
	"context"
	"fmt"
	"strings"
)

// LiveTokens returns those of hashes that name a token the store has (not
// revoked), in a query per 500 hashes.
func (s *Store) LiveTokens(ctx context.Context, hashes [][]byte) ([][]byte, error) {
	var live [][]byte
	for len(hashes) > 0 {
		n := min(len(hashes), 500)
		args := make([]any, n)
		for i, h := range hashes[:n] {
			args[i] = h
		}
		rows, err := s.db.QueryContext(ctx, `SELECT hash FROM tokens WHERE hash IN (?`+strings.Repeat(", ?", n-1)+`)`, args...)
		if err != nil {
			return nil, fmt.Errorf("live tokens: %w", err)
		}
		for rows.Next() {
			var h []byte
			if err := rows.Scan(&h); err != nil {
				rows.Close()
				return nil, fmt.Errorf("live tokens: %w", err)
			}
			live = append(live, h)
		}
		if err := rows.Close(); err != nil {
			return nil, fmt.Errorf("live tokens: %w", err)
		}
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("live tokens: %w", err)
		}
		hashes = hashes[n:]
	}
	return live, nil
}

// RevokedSince returns the hashes of the tokens deleted since mark, each
// noted by the trigger of migration 00020 with a sequence number: the one
// writer commits the deletions in their order, so the mark is the last
// number read.
func (s *Store) RevokedSince(ctx context.Context, mark uint64) ([][]byte, uint64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seq, hash FROM revoked_tokens WHERE seq > ? ORDER BY seq`, int64(mark))
	if err != nil {
		return nil, 0, fmt.Errorf("tokens revoked since %d: %w", mark, err)
	}
	defer rows.Close()
	var hashes [][]byte
	next := mark
	for rows.Next() {
		var (
			seq int64
			h   []byte
		)
		if err := rows.Scan(&seq, &h); err != nil {
			return nil, 0, fmt.Errorf("tokens revoked since %d: %w", mark, err)
		}
		hashes, next = append(hashes, h), uint64(seq)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("tokens revoked since %d: %w", mark, err)
	}
	return hashes, next, nil
}
