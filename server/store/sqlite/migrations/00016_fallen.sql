-- +goose Up
-- Whether a career has fallen into another camp (rule FALL-DOOR) and is not
-- yet redeemed by a season judged praise (rule FALL-REDEEM): set by the
-- enrolment that makes the fall, cleared by the close that judges the
-- praise. No career stored before this migration had fallen. The default
-- stays (dropping it would rebuild careers, the parent of sheets,
-- enrolments and eminence_ledger); the store always writes the flag.
ALTER TABLE careers ADD COLUMN fallen INTEGER NOT NULL DEFAULT 0 CHECK (fallen IN (0, 1));

-- +goose Down
-- A fallen career going down forgets its fall: back up, it is not fallen.
ALTER TABLE careers DROP COLUMN fallen;
