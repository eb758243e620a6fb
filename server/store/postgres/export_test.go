package postgres

// GoMigrations counts the migrations written in Go, for the tests that
// count the migrations applied.
var GoMigrations = len(goMigrations())
