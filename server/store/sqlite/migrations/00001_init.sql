-- +goose Up
-- Times are Unix nanoseconds; int lists (args, zones) are JSON arrays.
CREATE TABLE worlds (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    name          TEXT    NOT NULL,
    seed          INTEGER NOT NULL, -- the uint64 seed's bits
    cadence_ns    INTEGER NOT NULL,
    season_length INTEGER NOT NULL,
    season        INTEGER NOT NULL,
    paused        INTEGER NOT NULL,
    controllers   TEXT    NOT NULL, -- JSON: [{"Kind": .., "Posture": ..}, x 3], one per camp
    created_at    INTEGER NOT NULL
) STRICT;

-- Only the SHA-256 of a token is stored. Admin tokens have no world and no camp.
CREATE TABLE tokens (
    hash     BLOB    PRIMARY KEY,
    role     TEXT    NOT NULL CHECK (role IN ('admin', 'camp')),
    world_id INTEGER REFERENCES worlds (id),
    camp     INTEGER,
    CHECK ((role = 'admin') = (world_id IS NULL AND camp IS NULL))
) STRICT;
CREATE INDEX tokens_camp ON tokens (world_id, camp);

-- Every order ever accepted; id is the submission order.
CREATE TABLE orders (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    world_id     INTEGER NOT NULL REFERENCES worlds (id),
    season       INTEGER NOT NULL,
    day          INTEGER NOT NULL,
    camp         INTEGER NOT NULL,
    action       TEXT    NOT NULL,
    args         TEXT    NOT NULL,
    reason       TEXT    NOT NULL,
    submitted_at INTEGER NOT NULL,
    status       TEXT    NOT NULL,
    code         TEXT    NOT NULL
) STRICT;
CREATE INDEX orders_day ON orders (world_id, season, day, camp, id);
CREATE UNIQUE INDEX orders_one_pending ON orders (world_id, season, day, camp) WHERE status = 'pending';

CREATE TABLE ticks (
    world_id INTEGER NOT NULL REFERENCES worlds (id),
    season   INTEGER NOT NULL,
    day      INTEGER NOT NULL,
    state    BLOB    NOT NULL,
    hash     TEXT    NOT NULL,
    PRIMARY KEY (world_id, season, day)
) STRICT;

-- seq is the entry's place in its tick's journal.
CREATE TABLE journal (
    world_id  INTEGER NOT NULL,
    season    INTEGER NOT NULL,
    day       INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    camp      INTEGER NOT NULL,
    kind      TEXT    NOT NULL,
    zones     TEXT    NOT NULL,
    narration TEXT    NOT NULL,
    why       TEXT    NOT NULL,
    PRIMARY KEY (world_id, season, day, seq),
    FOREIGN KEY (world_id, season, day) REFERENCES ticks (world_id, season, day)
) STRICT;
CREATE INDEX journal_camp ON journal (world_id, season, camp, day, seq);

-- +goose Down
DROP TABLE journal;
DROP TABLE ticks;
DROP TABLE orders;
DROP TABLE tokens;
DROP TABLE worlds;
