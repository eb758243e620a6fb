-- +goose Up
-- A tick's state is now stored as its ruleset's canonical encoding as it is
-- (Grisonval's binary form, docs/persistence.md); the states stored before
-- stay gzipped JSON and are still read. Only the column's comment changes.
COMMENT ON COLUMN ticks.state IS 'the state after the tick: the ruleset''s canonical encoding (Grisonval: binary, magic GVW); before migration 00017, canonical JSON gzipped';

-- +goose Down
COMMENT ON COLUMN ticks.state IS 'the engine state after the tick: canonical JSON, gzipped';
