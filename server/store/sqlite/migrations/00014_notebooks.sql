-- +goose Up
-- A camp's private notes of a season (rule SEA-NOTEBOOK): only the camp
-- reads them while the season runs; the chronicle publishes them at the
-- close. day is the day being decided when they were last written, writes
-- how many times they were written for that day; updated_at Unix
-- microseconds. An empty text is notes erased.
CREATE TABLE notebooks (
    world_id   INTEGER NOT NULL REFERENCES worlds (id),
    season     INTEGER NOT NULL,
    camp       INTEGER NOT NULL CHECK (camp >= 0),
    player     TEXT    NOT NULL,
    text       TEXT    NOT NULL CHECK (length(CAST(text AS BLOB)) <= 8192),
    day        INTEGER NOT NULL,
    writes     INTEGER NOT NULL CHECK (writes >= 1),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (world_id, season, camp)
) STRICT;

-- +goose Down
DROP TABLE notebooks;
