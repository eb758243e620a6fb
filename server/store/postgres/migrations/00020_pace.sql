-- +goose Up
-- The tournament pace (rule TICK-7): a world's move clock, in nanoseconds,
-- 0 for the cadence's pace; and, on a played order, whether it is the
-- standing order of a camp whose move clock ran out.
ALTER TABLE worlds ADD COLUMN move_clock_ns bigint NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN timed_out boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE orders DROP COLUMN timed_out;
ALTER TABLE worlds DROP COLUMN move_clock_ns;
