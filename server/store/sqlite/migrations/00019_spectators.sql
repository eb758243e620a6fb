-- +goose Up
-- Spectator tokens (issue 32): a world's audience, each token named after
-- its holder, watches the world's ticks and reads its public frame. A
-- spectator token has a world, no camp and no seat; a new one revokes the
-- earlier token of its world and name only. SQLite changes a CHECK only by
-- rebuilding its table (see 00015); tokens is the parent of no table.
CREATE TABLE tokens_new (
    hash     BLOB    PRIMARY KEY,
    role     TEXT    NOT NULL CHECK (role IN ('admin', 'camp', 'spectator')),
    world_id INTEGER REFERENCES worlds (id),
    camp     INTEGER,
    name     TEXT    NOT NULL DEFAULT '',
    player   TEXT    NOT NULL DEFAULT '',
    seat     TEXT    NOT NULL,
    CHECK (CASE role
        WHEN 'admin' THEN world_id IS NULL AND camp IS NULL AND seat = ''
        WHEN 'camp' THEN world_id IS NOT NULL AND camp IS NOT NULL AND seat <> ''
        ELSE world_id IS NOT NULL AND camp IS NULL AND seat = '' AND name <> '' END)
) STRICT;
INSERT INTO tokens_new (hash, role, world_id, camp, name, player, seat)
SELECT hash, role, world_id, camp, name, player, seat FROM tokens;
DROP TABLE tokens;
ALTER TABLE tokens_new RENAME TO tokens;
CREATE INDEX tokens_camp ON tokens (world_id, camp, seat);
CREATE UNIQUE INDEX tokens_spectator ON tokens (world_id, name) WHERE role = 'spectator';

-- +goose Down
CREATE TABLE tokens_old (
    hash     BLOB    PRIMARY KEY,
    role     TEXT    NOT NULL CHECK (role IN ('admin', 'camp')),
    world_id INTEGER REFERENCES worlds (id),
    camp     INTEGER,
    name     TEXT    NOT NULL DEFAULT '',
    player   TEXT    NOT NULL DEFAULT '',
    seat     TEXT    NOT NULL,
    CHECK ((role = 'admin') = (world_id IS NULL AND camp IS NULL)),
    CHECK ((role = 'admin') = (seat = ''))
) STRICT;
INSERT INTO tokens_old (hash, role, world_id, camp, name, player, seat)
SELECT hash, role, world_id, camp, name, player, seat FROM tokens WHERE role <> 'spectator';
DROP TABLE tokens;
ALTER TABLE tokens_old RENAME TO tokens;
CREATE INDEX tokens_camp ON tokens (world_id, camp, seat);
