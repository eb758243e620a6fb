-- +goose Up
CREATE TABLE worlds (
    id                  bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name                text    NOT NULL,
    seed                bigint  NOT NULL, -- the uint64 seed's bits
    cadence_ns          bigint  NOT NULL,
    season_length       integer NOT NULL,
    season              integer NOT NULL,
    paused              boolean NOT NULL,
    controller_kinds    text[]  NOT NULL, -- one per camp
    controller_postures text[]  NOT NULL, -- one per camp, '' when none
    created_at          timestamptz NOT NULL
);

-- Only the SHA-256 of a token is stored. Admin tokens have no world and no camp.
CREATE TABLE tokens (
    hash     bytea   PRIMARY KEY,
    role     text    NOT NULL CHECK (role IN ('admin', 'camp')),
    world_id bigint  REFERENCES worlds (id),
    camp     integer,
    CHECK ((role = 'admin') = (world_id IS NULL AND camp IS NULL))
);
CREATE INDEX tokens_camp ON tokens (world_id, camp);

-- Every order ever accepted; id is the submission order.
CREATE TABLE orders (
    id           bigint    GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    world_id     bigint    NOT NULL REFERENCES worlds (id),
    season       integer   NOT NULL,
    day          integer   NOT NULL,
    camp         integer   NOT NULL,
    action       text      NOT NULL,
    args         integer[] NOT NULL,
    reason       text      NOT NULL,
    submitted_at timestamptz NOT NULL,
    status       text      NOT NULL,
    code         text      NOT NULL
);
CREATE INDEX orders_day ON orders (world_id, season, day, camp, id);
CREATE UNIQUE INDEX orders_one_pending ON orders (world_id, season, day, camp) WHERE status = 'pending';

CREATE TABLE ticks (
    world_id bigint  NOT NULL REFERENCES worlds (id),
    season   integer NOT NULL,
    day      integer NOT NULL,
    state    bytea   NOT NULL,
    hash     text    NOT NULL,
    PRIMARY KEY (world_id, season, day)
);

-- seq is the entry's place in its tick's journal.
CREATE TABLE journal (
    world_id  bigint    NOT NULL,
    season    integer   NOT NULL,
    day       integer   NOT NULL,
    seq       integer   NOT NULL,
    camp      integer   NOT NULL,
    kind      text      NOT NULL,
    zones     integer[] NOT NULL,
    narration text      NOT NULL,
    why       text      NOT NULL,
    PRIMARY KEY (world_id, season, day, seq),
    FOREIGN KEY (world_id, season, day) REFERENCES ticks (world_id, season, day)
);
CREATE INDEX journal_camp ON journal (world_id, season, camp, day, seq);

-- +goose Down
DROP TABLE journal;
DROP TABLE ticks;
DROP TABLE orders;
DROP TABLE tokens;
DROP TABLE worlds;
