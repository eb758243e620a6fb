-- +goose Up
-- Camps and who controls them, one row per camp, instead of a JSON list on
-- the world.
CREATE TABLE camps (
    world_id   INTEGER NOT NULL REFERENCES worlds (id),
    camp       INTEGER NOT NULL CHECK (camp BETWEEN 0 AND 2),
    controller TEXT    NOT NULL CHECK (controller IN ('human', 'agent', 'ai')),
    posture    TEXT    NOT NULL, -- '' unless the AI plays the camp
    PRIMARY KEY (world_id, camp)
) STRICT;
INSERT INTO camps (world_id, camp, controller, posture)
SELECT w.id, CAST(c.key AS INTEGER), json_extract(c.value, '$.Kind'), json_extract(c.value, '$.Posture')
FROM worlds w, json_each(w.controllers) c;
ALTER TABLE worlds DROP COLUMN controllers;

-- A world forked from a past tick of another names that tick.
ALTER TABLE worlds ADD COLUMN parent_world_id INTEGER; -- a world's id
ALTER TABLE worlds ADD COLUMN parent_season INTEGER;
ALTER TABLE worlds ADD COLUMN parent_day INTEGER;

-- committed_at is in Unix microseconds. state is the engine state after the
-- tick (canonical JSON, gzipped); hash the hex SHA-256 of it uncompressed.
ALTER TABLE ticks ADD COLUMN committed_at INTEGER NOT NULL DEFAULT 0;

-- journal.camp is the audience: the one camp an entry is told to.

-- One row per season of a world, created by its first tick.
CREATE TABLE seasons (
    world_id   INTEGER NOT NULL REFERENCES worlds (id),
    season     INTEGER NOT NULL,
    first_day  INTEGER NOT NULL, -- 0, or the parent day of a fork
    started_at INTEGER NOT NULL,
    ended_day  INTEGER,          -- NULL while the season runs
    ended_at   INTEGER,
    PRIMARY KEY (world_id, season)
) STRICT;
INSERT INTO seasons (world_id, season, first_day, started_at)
SELECT world_id, season, min(day), min(committed_at) FROM ticks GROUP BY world_id, season;

-- The current status of each pair of camps in a season; a pair without a
-- row is at war, the default.
CREATE TABLE pacts (
    world_id  INTEGER NOT NULL REFERENCES worlds (id),
    season    INTEGER NOT NULL,
    camp_a    INTEGER NOT NULL,
    camp_b    INTEGER NOT NULL,
    status    TEXT    NOT NULL CHECK (status IN ('war', 'peace', 'alliance')),
    since_day INTEGER NOT NULL,
    PRIMARY KEY (world_id, season, camp_a, camp_b),
    CHECK (0 <= camp_a AND camp_a < camp_b AND camp_b <= 2)
) STRICT;

-- Every change of a pair; seq is the change's place in its tick.
CREATE TABLE pact_changes (
    world_id INTEGER NOT NULL,
    season   INTEGER NOT NULL,
    day      INTEGER NOT NULL,
    seq      INTEGER NOT NULL,
    camp_a   INTEGER NOT NULL,
    camp_b   INTEGER NOT NULL,
    by_camp  INTEGER NOT NULL, -- the camp that acted, -1 for none
    event    TEXT    NOT NULL CHECK (event IN ('proposed', 'signed', 'refused', 'expired', 'broken', 'dissolved')),
    status   TEXT    NOT NULL CHECK (status IN ('war', 'peace', 'alliance')),
    PRIMARY KEY (world_id, season, day, seq),
    FOREIGN KEY (world_id, season, day) REFERENCES ticks (world_id, season, day),
    CHECK (0 <= camp_a AND camp_a < camp_b AND camp_b <= 2)
) STRICT;
CREATE INDEX pact_changes_event ON pact_changes (world_id, season, event);

CREATE TABLE season_results (
    world_id INTEGER NOT NULL,
    season   INTEGER NOT NULL,
    camp     INTEGER NOT NULL,
    rank     INTEGER NOT NULL,
    score    INTEGER NOT NULL,
    summary  TEXT    NOT NULL,
    PRIMARY KEY (world_id, season, camp),
    FOREIGN KEY (world_id, season) REFERENCES seasons (world_id, season)
) STRICT;

-- +goose Down
DROP TABLE season_results;
DROP TABLE pact_changes;
DROP TABLE pacts;
DROP TABLE seasons;
ALTER TABLE ticks DROP COLUMN committed_at;
ALTER TABLE worlds DROP COLUMN parent_day;
ALTER TABLE worlds DROP COLUMN parent_season;
ALTER TABLE worlds DROP COLUMN parent_world_id;
ALTER TABLE worlds ADD COLUMN controllers TEXT NOT NULL DEFAULT '[]';
UPDATE worlds SET controllers = (
    SELECT json_group_array(json_object('Kind', controller, 'Posture', posture))
    FROM (SELECT controller, posture FROM camps WHERE world_id = worlds.id ORDER BY camp));
DROP TABLE camps;
