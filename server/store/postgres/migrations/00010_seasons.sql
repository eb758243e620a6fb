-- +goose Up
-- An admin token's name, shown in the admin audit ('' for camp tokens).
ALTER TABLE tokens ADD COLUMN name text NOT NULL DEFAULT '';

-- The close of a season (seed 003): one row, written with its results.
-- closed_by is the admin who closed it early, '' at its last day.
CREATE TABLE season_closes (
    world_id  bigint  NOT NULL,
    season    integer NOT NULL,
    day       integer NOT NULL, -- the last day played
    closed_at timestamptz NOT NULL,
    closed_by text    NOT NULL,
    PRIMARY KEY (world_id, season),
    FOREIGN KEY (world_id, season) REFERENCES seasons (world_id, season)
);

-- Each enrolled player's season: feats (JSON of career.Tally), standing,
-- verdict, titles and the eminence points credited.
CREATE TABLE season_players (
    world_id     bigint  NOT NULL,
    season       integer NOT NULL,
    camp         integer NOT NULL,
    player       text    NOT NULL,
    patron       text    NOT NULL,
    mode         text    NOT NULL,
    feats        jsonb   NOT NULL,
    standing     integer NOT NULL,
    verdict      text    NOT NULL CHECK (verdict IN ('praise', 'discharge', 'blame')),
    titles       text[]  NOT NULL,
    posted_ticks integer NOT NULL,
    eminence     integer NOT NULL CHECK (eminence >= 0),
    PRIMARY KEY (world_id, season, camp),
    FOREIGN KEY (world_id, season) REFERENCES season_closes (world_id, season)
);

-- The glory each patron gained in a season, and its cumulative total
-- after that season's close.
CREATE TABLE season_glory (
    world_id bigint  NOT NULL,
    season   integer NOT NULL,
    camp     integer NOT NULL,
    patron   text    NOT NULL,
    gained   integer NOT NULL CHECK (gained >= 0),
    total    integer NOT NULL,
    PRIMARY KEY (world_id, season, camp, patron),
    FOREIGN KEY (world_id, season) REFERENCES season_closes (world_id, season)
);

-- A patron's cumulative glory: it never goes down.
CREATE TABLE patron_glory (
    world_id bigint  NOT NULL REFERENCES worlds (id),
    camp     integer NOT NULL,
    patron   text    NOT NULL,
    glory    integer NOT NULL CHECK (glory >= 0),
    PRIMARY KEY (world_id, camp, patron)
);

-- A player's career in a world: it survives seasons.
CREATE TABLE careers (
    world_id bigint  NOT NULL REFERENCES worlds (id),
    player   text    NOT NULL,
    mode     text    NOT NULL CHECK (mode IN ('human', 'agent')),
    camp     integer NOT NULL CHECK (camp BETWEEN 0 AND 2),
    patron   text    NOT NULL,
    seasons  integer NOT NULL,
    ep       integer NOT NULL CHECK (ep >= 0),
    PRIMARY KEY (world_id, player)
);

-- The ruler's sheet of a career (JSON of career.Sheet).
CREATE TABLE sheets (
    world_id bigint  NOT NULL,
    player   text    NOT NULL,
    sheet    jsonb   NOT NULL,
    PRIMARY KEY (world_id, player),
    FOREIGN KEY (world_id, player) REFERENCES careers (world_id, player)
);

-- One player per camp and season; purchases are names.
CREATE TABLE enrolments (
    world_id    bigint  NOT NULL,
    season      integer NOT NULL,
    camp        integer NOT NULL,
    player      text    NOT NULL,
    patron      text    NOT NULL,
    package     text    NOT NULL,
    purchases   text[]  NOT NULL,
    spent       integer NOT NULL,
    enrolled_at timestamptz NOT NULL,
    PRIMARY KEY (world_id, season, camp),
    UNIQUE (world_id, season, player),
    FOREIGN KEY (world_id, player) REFERENCES careers (world_id, player)
);

-- Every credit (a close) and spending (an enrolment) of eminence points.
CREATE TABLE eminence_ledger (
    id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    world_id bigint  NOT NULL,
    player  text    NOT NULL,
    season  integer NOT NULL,
    points  integer NOT NULL,
    reason  text    NOT NULL,
    at       timestamptz NOT NULL,
    FOREIGN KEY (world_id, player) REFERENCES careers (world_id, player)
);

-- Every admin action: who (the admin token's name), when, what, outcome.
CREATE TABLE admin_audit (
    id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at       timestamptz NOT NULL,
    admin    text    NOT NULL,
    action   text    NOT NULL,
    world_id bigint  NOT NULL, -- 0 for no world
    detail   text    NOT NULL,
    code     text    NOT NULL
);
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
