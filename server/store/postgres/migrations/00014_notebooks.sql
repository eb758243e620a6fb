-- +goose Up
-- A camp's private notes of a season (rule SEA-NOTEBOOK): only the camp
-- reads them while the season runs; the chronicle publishes them at the
-- close. day is the day being decided when they were last written, writes
-- how many times they were written for that day. An empty text is notes
-- erased.
CREATE TABLE notebooks (
    world_id   bigint      NOT NULL REFERENCES worlds (id),
    season     integer     NOT NULL,
    camp       integer     NOT NULL CHECK (camp >= 0),
    player     text        NOT NULL,
    text       text        NOT NULL CHECK (octet_length(text) <= 8192),
    day        integer     NOT NULL,
    writes     integer     NOT NULL CHECK (writes >= 1),
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (world_id, season, camp)
);

-- +goose Down
DROP TABLE notebooks;
