-- +goose Up
-- An admin token's name, shown in the admin audit ('' for camp tokens).
ALTER TABLE tokens ADD COLUMN name TEXT NOT NULL DEFAULT '';

-- The close of a season (seed 003): one row, written with its results.
-- closed_by is the admin who closed it early, '' at its last day.
CREATE TABLE season_closes (
    world_id  INTEGER NOT NULL,
    season    INTEGER NOT NULL,
    day       INTEGER NOT NULL, -- the last day played
    closed_at INTEGER NOT NULL, -- Unix microseconds
    closed_by TEXT    NOT NULL,
    PRIMARY KEY (world_id, season),
    FOREIGN KEY (world_id, season) REFERENCES seasons (world_id, season)
) STRICT;

-- Each enrolled player's season: feats (JSON of career.Tally), standing,
-- verdict, titles (JSON list) and the eminence points credited.
CREATE TABLE season_players (
    world_id     INTEGER NOT NULL,
    season       INTEGER NOT NULL,
    camp         INTEGER NOT NULL,
    player       TEXT    NOT NULL,
    patron       TEXT    NOT NULL,
    mode         TEXT    NOT NULL,
    feats        TEXT    NOT NULL,
    standing     INTEGER NOT NULL,
    verdict      TEXT    NOT NULL CHECK (verdict IN ('praise', 'discharge', 'blame')),
    titles       TEXT    NOT NULL,
    posted_ticks INTEGER NOT NULL,
    eminence     INTEGER NOT NULL CHECK (eminence >= 0),
    PRIMARY KEY (world_id, season, camp),
    FOREIGN KEY (world_id, season) REFERENCES season_closes (world_id, season)
) STRICT;

-- The glory each patron gained in a season, and its cumulative total
-- after that season's close.
CREATE TABLE season_glory (
    world_id INTEGER NOT NULL,
    season   INTEGER NOT NULL,
    camp     INTEGER NOT NULL,
    patron   TEXT    NOT NULL,
    gained   INTEGER NOT NULL CHECK (gained >= 0),
    total    INTEGER NOT NULL,
    PRIMARY KEY (world_id, season, camp, patron),
    FOREIGN KEY (world_id, season) REFERENCES season_closes (world_id, season)
) STRICT;

-- A patron's cumulative glory: it never goes down.
CREATE TABLE patron_glory (
    world_id INTEGER NOT NULL REFERENCES worlds (id),
    camp     INTEGER NOT NULL,
    patron   TEXT    NOT NULL,
    glory    INTEGER NOT NULL CHECK (glory >= 0),
    PRIMARY KEY (world_id, camp, patron)
) STRICT;

-- A player's career in a world: it survives seasons.
CREATE TABLE careers (
    world_id INTEGER NOT NULL REFERENCES worlds (id),
    player   TEXT    NOT NULL,
    mode     TEXT    NOT NULL CHECK (mode IN ('human', 'agent')),
    camp     INTEGER NOT NULL CHECK (camp BETWEEN 0 AND 2),
    patron   TEXT    NOT NULL,
    seasons  INTEGER NOT NULL,
    ep       INTEGER NOT NULL CHECK (ep >= 0),
    PRIMARY KEY (world_id, player)
) STRICT;

-- The ruler's sheet of a career (JSON of career.Sheet).
CREATE TABLE sheets (
    world_id INTEGER NOT NULL,
    player   TEXT    NOT NULL,
    sheet    TEXT    NOT NULL,
    PRIMARY KEY (world_id, player),
    FOREIGN KEY (world_id, player) REFERENCES careers (world_id, player)
) STRICT;

-- One player per camp and season; purchases is a JSON list of names.
CREATE TABLE enrolments (
    world_id    INTEGER NOT NULL,
    season      INTEGER NOT NULL,
    camp        INTEGER NOT NULL,
    player      TEXT    NOT NULL,
    patron      TEXT    NOT NULL,
    package     TEXT    NOT NULL,
    purchases   TEXT    NOT NULL,
    spent       INTEGER NOT NULL,
    enrolled_at INTEGER NOT NULL,
    PRIMARY KEY (world_id, season, camp),
    UNIQUE (world_id, season, player),
    FOREIGN KEY (world_id, player) REFERENCES careers (world_id, player)
) STRICT;

-- Every credit (a close) and spending (an enrolment) of eminence points.
CREATE TABLE eminence_ledger (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    world_id INTEGER NOT NULL,
    player  TEXT    NOT NULL,
    season  INTEGER NOT NULL,
    points  INTEGER NOT NULL,
    reason  TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    FOREIGN KEY (world_id, player) REFERENCES careers (world_id, player)
) STRICT;

-- Every admin action: who (the admin token's name), when, what, outcome.
CREATE TABLE admin_audit (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    at       INTEGER NOT NULL,
    admin    TEXT    NOT NULL,
    action   TEXT    NOT NULL,
    world_id INTEGER NOT NULL, -- 0 for no world
    detail   TEXT    NOT NULL,
    code     TEXT    NOT NULL
) STRICT;
CREATE INDEX admin_audit_world ON admin_audit (world_id, id);

-- +goose Down
DROP TABLE admin_audit;
DROP TABLE eminence_ledger;
DROP TABLE enrolments;
DROP TABLE sheets;
DROP TABLE careers;
DROP TABLE patron_glory;
DROP TABLE season_glory;
DROP TABLE season_players;
DROP TABLE season_closes;
ALTER TABLE tokens DROP COLUMN name;
