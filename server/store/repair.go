package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// RepairAuditDetails is a migration of both stores: it makes valid UTF-8
// of every admin audit detail that a cut on a byte count left with half a
// character, dropping the invalid bytes. update is the store's statement
// setting the detail (first argument) of the entry whose id is the second.
func RepairAuditDetails(ctx context.Context, tx *sql.Tx, update string) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, detail FROM admin_audit`)
	if err != nil {
		return fmt.Errorf("repair audit details: %w", err)
	}
	repaired := make(map[int64]string)
	for rows.Next() {
		var (
			id     int64
			detail string
		)
		if err := rows.Scan(&id, &detail); err != nil {
			rows.Close()
			return fmt.Errorf("repair audit details: %w", err)
		}
		if !utf8.ValidString(detail) {
			repaired[id] = strings.ToValidUTF8(detail, "")
		}
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return fmt.Errorf("repair audit details: %w", err)
	}
	for id, detail := range repaired {
		if _, err := tx.ExecContext(ctx, update, detail, id); err != nil {
			return fmt.Errorf("repair audit detail %d: %w", id, err)
		}
	}
	return nil
}
