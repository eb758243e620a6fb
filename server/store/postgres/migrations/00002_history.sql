-- +goose Up
-- Camps and who controls them, one row per camp, instead of two arrays on
-- the world.
CREATE TABLE camps (
    world_id   bigint  NOT NULL REFERENCES worlds (id),
    camp       integer NOT NULL CHECK (camp BETWEEN 0 AND 2),
    controller text    NOT NULL CHECK (controller IN ('human', 'agent', 'ai')),
    posture    text    NOT NULL, -- '' unless the AI plays the camp
    PRIMARY KEY (world_id, camp)
);
INSERT INTO camps (world_id, camp, controller, posture)
SELECT w.id, c.ord - 1, c.kind, c.posture
FROM worlds w, unnest(w.controller_kinds, w.controller_postures) WITH ORDINALITY AS c (kind, posture, ord);
ALTER TABLE worlds DROP COLUMN controller_kinds, DROP COLUMN controller_postures;

-- A world forked from a past tick of another names that tick.
ALTER TABLE worlds
    ADD COLUMN parent_world_id bigint REFERENCES worlds (id),
    ADD COLUMN parent_season   integer,
    ADD COLUMN parent_day      integer,
    ADD CHECK ((parent_world_id IS NULL) = (parent_season IS NULL AND parent_day IS NULL));

ALTER TABLE ticks ADD COLUMN committed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE ticks ALTER COLUMN committed_at DROP DEFAULT;
COMMENT ON COLUMN ticks.state IS 'the engine state after the tick: canonical JSON, gzipped';
COMMENT ON COLUMN ticks.hash IS 'hex SHA-256 of the uncompressed state';
COMMENT ON COLUMN journal.camp IS 'the audience: the one camp this entry is told to';

-- One row per season of a world, created by its first tick.
CREATE TABLE seasons (
    world_id   bigint      NOT NULL REFERENCES worlds (id),
    season     integer     NOT NULL,
    first_day  integer     NOT NULL, -- 0, or the parent day of a fork
    started_at timestamptz NOT NULL,
    ended_day  integer,               -- NULL while the season runs
    ended_at   timestamptz,
    PRIMARY KEY (world_id, season)
);
INSERT INTO seasons (world_id, season, first_day, started_at)
SELECT world_id, season, min(day), min(committed_at) FROM ticks GROUP BY world_id, season;

-- The current status of each pair of camps in a season; a pair without a
-- row is at war, the default.
CREATE TABLE pacts (
    world_id  bigint  NOT NULL REFERENCES worlds (id),
    season    integer NOT NULL,
    camp_a    integer NOT NULL,
    camp_b    integer NOT NULL,
    status    text    NOT NULL CHECK (status IN ('war', 'peace', 'alliance')),
    since_day integer NOT NULL,
    PRIMARY KEY (world_id, season, camp_a, camp_b),
    CHECK (0 <= camp_a AND camp_a < camp_b AND camp_b <= 2)
);

-- Every change of a pair: proposals, signatures, refusals, expiries, breaks.
-- seq is the change's place in its tick.
CREATE TABLE pact_changes (
    world_id bigint  NOT NULL,
    season   integer NOT NULL,
    day      integer NOT NULL,
    seq      integer NOT NULL,
    camp_a   integer NOT NULL,
    camp_b   integer NOT NULL,
    by_camp  integer NOT NULL, -- the camp that acted, -1 for none (an expiry, an extinction)
    event    text    NOT NULL CHECK (event IN ('proposed', 'signed', 'refused', 'expired', 'broken', 'dissolved')),
    status   text    NOT NULL CHECK (status IN ('war', 'peace', 'alliance')), -- the pair's status after it
    PRIMARY KEY (world_id, season, day, seq),
    FOREIGN KEY (world_id, season, day) REFERENCES ticks (world_id, season, day),
    CHECK (0 <= camp_a AND camp_a < camp_b AND camp_b <= 2)
);
CREATE INDEX pact_changes_event ON pact_changes (world_id, season, event);

CREATE TABLE season_results (
    world_id bigint  NOT NULL,
    season   integer NOT NULL,
    camp     integer NOT NULL,
    rank     integer NOT NULL,
    score    bigint  NOT NULL,
    summary  text    NOT NULL,
    PRIMARY KEY (world_id, season, camp),
    FOREIGN KEY (world_id, season) REFERENCES seasons (world_id, season)
);

-- The lease of the server process that runs a world. Only the owner renews
-- it; another process may take it once expires_at has passed (database
-- time). epoch grows at every change of hands and fences the writes of a
-- stale owner.
CREATE TABLE leases (
    world_id   bigint      PRIMARY KEY REFERENCES worlds (id),
    owner      text        NOT NULL, -- the process's advertised address
    epoch      bigint      NOT NULL,
    expires_at timestamptz NOT NULL
);

-- +goose Down
DROP TABLE leases;
DROP TABLE season_results;
DROP TABLE pact_changes;
DROP TABLE pacts;
DROP TABLE seasons;
ALTER TABLE ticks DROP COLUMN committed_at;
ALTER TABLE worlds DROP COLUMN parent_world_id, DROP COLUMN parent_season, DROP COLUMN parent_day;
ALTER TABLE worlds ADD COLUMN controller_kinds text[], ADD COLUMN controller_postures text[];
UPDATE worlds w SET
    controller_kinds = (SELECT array_agg(controller ORDER BY camp) FROM camps WHERE world_id = w.id),
    controller_postures = (SELECT array_agg(posture ORDER BY camp) FROM camps WHERE world_id = w.id);
ALTER TABLE worlds ALTER COLUMN controller_kinds SET NOT NULL, ALTER COLUMN controller_postures SET NOT NULL;
DROP TABLE camps;
