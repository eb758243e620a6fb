-- +goose Up
-- A journal row no longer checks its tick (issue 32): the check cost each
-- of a tick's entries a lookup in ticks' primary key, about a fifth of the
-- database's CPU per committed tick. Integrity holds by construction: the
-- only writer of journal rows is the tick's statement (group.go, tickStep),
-- which inserts the tick and its journal together, so that a journal row
-- exists only with its tick; and no tick is ever deleted. The journal's
-- primary key still refuses a second entry at the same place.
ALTER TABLE journal DROP CONSTRAINT journal_world_id_season_day_fkey;

-- +goose Down
ALTER TABLE journal ADD CONSTRAINT journal_world_id_season_day_fkey
    FOREIGN KEY (world_id, season, day) REFERENCES ticks (world_id, season, day);
