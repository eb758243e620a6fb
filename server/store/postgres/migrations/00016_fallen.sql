-- +goose Up
-- Whether a career has fallen into another camp (rule FALL-DOOR) and is not
-- yet redeemed by a season judged praise (rule FALL-REDEEM): set by the
-- enrolment that makes the fall, cleared by the close that judges the
-- praise. No career stored before this migration had fallen.
ALTER TABLE careers ADD COLUMN fallen boolean NOT NULL DEFAULT false;

-- +goose Down
-- A fallen career going down forgets its fall: back up, it is not fallen.
ALTER TABLE careers DROP COLUMN fallen;
