-- +goose Up
-- The world's clock (rule TICK-5): when its next day resolves at the latest,
-- in Unix microseconds, set with every tick and kept across restarts and
-- failed commits. NULL for none: the server then counts the deadline from
-- the latest tick's commit time, as a binary older than this migration
-- wrote ticks without it.
ALTER TABLE worlds ADD COLUMN deadline INTEGER;

-- +goose Down
ALTER TABLE worlds DROP COLUMN deadline;
