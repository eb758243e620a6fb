package sqlite

import (
	"context"
	"database/sql"

	"github.com/pressly/goose/v3"

	"github.com/grisonval/server/server/store"
)

// goMigrations are the migrations written in Go, numbered among the
// embedded SQL files: 00013 repairs the audit details cut inside a
// character (store.RepairAuditDetails).
func goMigrations() []*goose.Migration {
	repairAudit := func(ctx context.Context, tx *sql.Tx) error {
		return store.RepairAuditDetails(ctx, tx, `UPDATE admin_audit SET detail = ? WHERE id = ?`)
	}
	return []*goose.Migration{goose.NewGoMigration(13, &goose.GoFunc{RunTx: repairAudit}, nil)}
}
