-- +goose Up
-- A camp has seats (issue 16): its ruler's, "ruler", and its councillors'
-- (codes the server names). Everything stored before seats existed is the
-- ruler's. SQLite changes a key or a CHECK only by rebuilding its table
-- (see 00012): tokens, messages, enrolments and season_players are
-- rebuilt, none of them the parent of another table.

-- The seat a camp token speaks for; '' for admin tokens. A new camp token
-- revokes only the earlier tokens of its camp and seat.
CREATE TABLE tokens_new (
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
INSERT INTO tokens_new (hash, role, world_id, camp, name, player, seat)
SELECT hash, role, world_id, camp, name, player, CASE role WHEN 'camp' THEN 'ruler' ELSE '' END FROM tokens;
DROP TABLE tokens;
ALTER TABLE tokens_new RENAME TO tokens;
CREATE INDEX tokens_camp ON tokens (world_id, camp, seat);

-- The seat of an order's author: the ruler's, or the councillor's whose
-- proposal the ruler adopted. A camp still has one pending order a day.
-- The default stays (dropping it would rebuild orders); the store always
-- writes the seat.
ALTER TABLE orders ADD COLUMN seat TEXT NOT NULL DEFAULT 'ruler';

-- The sender's seat. A message from a camp to itself is its council's
-- talk, read by that camp alone: from_camp may now equal to_camp.
CREATE TABLE messages_new (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    world_id  INTEGER NOT NULL REFERENCES worlds (id),
    season    INTEGER NOT NULL,
    day       INTEGER NOT NULL,
    from_camp INTEGER NOT NULL CHECK (from_camp >= 0),
    to_camp   INTEGER NOT NULL CHECK (to_camp >= 0),
    text      TEXT    NOT NULL CHECK (length(CAST(text AS BLOB)) BETWEEN 1 AND 500),
    sent_at   INTEGER NOT NULL,
    player    TEXT    NOT NULL DEFAULT '',
    seat      TEXT    NOT NULL
) STRICT;
-- The ids go on growing from where they were.
UPDATE sqlite_sequence SET name = 'messages_new' WHERE name = 'messages';
INSERT INTO messages_new (id, world_id, season, day, from_camp, to_camp, text, sent_at, player, seat)
SELECT id, world_id, season, day, from_camp, to_camp, text, sent_at, player, 'ruler' FROM messages;
DROP TABLE messages;
ALTER TABLE messages_new RENAME TO messages;
CREATE INDEX messages_from ON messages (world_id, season, from_camp, day);
CREATE INDEX messages_to ON messages (world_id, season, to_camp, day);

-- One player per seat of a camp in a season, and still one enrolment per
-- player and season.
CREATE TABLE enrolments_new (
    world_id     INTEGER NOT NULL,
    season       INTEGER NOT NULL,
    camp         INTEGER NOT NULL,
    seat         TEXT    NOT NULL,
    player       TEXT    NOT NULL,
    patron       TEXT    NOT NULL,
    package      TEXT    NOT NULL,
    purchases    TEXT    NOT NULL,
    spent        INTEGER NOT NULL,
    enrolled_at  INTEGER NOT NULL,
    sheet        TEXT    NOT NULL,
    before_setup INTEGER NOT NULL CHECK (before_setup IN (0, 1)),
    PRIMARY KEY (world_id, season, camp, seat),
    UNIQUE (world_id, season, player),
    FOREIGN KEY (world_id, player) REFERENCES careers (world_id, player)
) STRICT;
INSERT INTO enrolments_new (world_id, season, camp, seat, player, patron, package, purchases, spent, enrolled_at,
    sheet, before_setup)
SELECT world_id, season, camp, 'ruler', player, patron, package, purchases, spent, enrolled_at, sheet, before_setup
FROM enrolments;
DROP TABLE enrolments;
ALTER TABLE enrolments_new RENAME TO enrolments;

-- A camp has one result per seat a player held: a season's results are
-- keyed by player.
CREATE TABLE season_players_new (
    world_id     INTEGER NOT NULL,
    season       INTEGER NOT NULL,
    camp         INTEGER NOT NULL,
    seat         TEXT    NOT NULL,
    player       TEXT    NOT NULL,
    patron       TEXT    NOT NULL,
    mode         TEXT    NOT NULL,
    feats        TEXT    NOT NULL,
    standing     INTEGER NOT NULL,
    verdict      TEXT    NOT NULL CHECK (verdict IN ('praise', 'discharge', 'blame')),
    titles       TEXT    NOT NULL,
    posted_ticks INTEGER NOT NULL,
    eminence     INTEGER NOT NULL CHECK (eminence >= 0),
    PRIMARY KEY (world_id, season, player),
    FOREIGN KEY (world_id, season) REFERENCES season_closes (world_id, season)
) STRICT;
INSERT INTO season_players_new (world_id, season, camp, seat, player, patron, mode, feats, standing, verdict, titles,
    posted_ticks, eminence)
SELECT world_id, season, camp, 'ruler', player, patron, mode, feats, standing, verdict, titles, posted_ticks, eminence
FROM season_players;
DROP TABLE season_players;
ALTER TABLE season_players_new RENAME TO season_players;

-- A councillor's proposal of an order for its camp for one day, with its
-- reasons: a later proposal of the same seat for the same day replaces it
-- (and takes a new id, its place in the order of saving). args is a JSON
-- array; submitted_at Unix microseconds.
CREATE TABLE proposals (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    world_id     INTEGER NOT NULL REFERENCES worlds (id),
    season       INTEGER NOT NULL,
    day          INTEGER NOT NULL,
    camp         INTEGER NOT NULL CHECK (camp >= 0),
    seat         TEXT    NOT NULL CHECK (seat <> ''),
    player       TEXT    NOT NULL,
    action       TEXT    NOT NULL,
    args         TEXT    NOT NULL,
    reason       TEXT    NOT NULL,
    submitted_at INTEGER NOT NULL,
    UNIQUE (world_id, season, day, camp, seat)
) STRICT;
CREATE INDEX proposals_camp ON proposals (world_id, season, camp, day, id);

-- +goose Down
-- Going down fails, and changes nothing, while a camp has two enrolments or
-- two results in one season, or council messages. Proposals are dropped,
-- and so are councillors' tokens, which would otherwise speak for the
-- ruler.
DROP TABLE proposals;

CREATE TABLE season_players_old (
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
INSERT INTO season_players_old (world_id, season, camp, player, patron, mode, feats, standing, verdict, titles,
    posted_ticks, eminence)
SELECT world_id, season, camp, player, patron, mode, feats, standing, verdict, titles, posted_ticks, eminence
FROM season_players;
DROP TABLE season_players;
ALTER TABLE season_players_old RENAME TO season_players;

CREATE TABLE enrolments_old (
    world_id     INTEGER NOT NULL,
    season       INTEGER NOT NULL,
    camp         INTEGER NOT NULL,
    player       TEXT    NOT NULL,
    patron       TEXT    NOT NULL,
    package      TEXT    NOT NULL,
    purchases    TEXT    NOT NULL,
    spent        INTEGER NOT NULL,
    enrolled_at  INTEGER NOT NULL,
    sheet        TEXT    NOT NULL DEFAULT '{}',
    before_setup INTEGER NOT NULL DEFAULT 0 CHECK (before_setup IN (0, 1)),
    PRIMARY KEY (world_id, season, camp),
    UNIQUE (world_id, season, player),
    FOREIGN KEY (world_id, player) REFERENCES careers (world_id, player)
) STRICT;
INSERT INTO enrolments_old (world_id, season, camp, player, patron, package, purchases, spent, enrolled_at, sheet,
    before_setup)
SELECT world_id, season, camp, player, patron, package, purchases, spent, enrolled_at, sheet, before_setup
FROM enrolments;
DROP TABLE enrolments;
ALTER TABLE enrolments_old RENAME TO enrolments;

CREATE TABLE messages_old (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    world_id  INTEGER NOT NULL REFERENCES worlds (id),
    season    INTEGER NOT NULL,
    day       INTEGER NOT NULL,
    from_camp INTEGER NOT NULL CHECK (from_camp >= 0),
    to_camp   INTEGER NOT NULL CHECK (to_camp >= 0),
    text      TEXT    NOT NULL CHECK (length(CAST(text AS BLOB)) BETWEEN 1 AND 500),
    sent_at   INTEGER NOT NULL,
    player    TEXT    NOT NULL DEFAULT '',
    CHECK (from_camp <> to_camp)
) STRICT;
UPDATE sqlite_sequence SET name = 'messages_old' WHERE name = 'messages';
INSERT INTO messages_old (id, world_id, season, day, from_camp, to_camp, text, sent_at, player)
SELECT id, world_id, season, day, from_camp, to_camp, text, sent_at, player FROM messages;
DROP TABLE messages;
ALTER TABLE messages_old RENAME TO messages;
CREATE INDEX messages_from ON messages (world_id, season, from_camp, day);
CREATE INDEX messages_to ON messages (world_id, season, to_camp, day);

ALTER TABLE orders DROP COLUMN seat;

CREATE TABLE tokens_old (
    hash     BLOB    PRIMARY KEY,
    role     TEXT    NOT NULL CHECK (role IN ('admin', 'camp')),
    world_id INTEGER REFERENCES worlds (id),
    camp     INTEGER,
    name     TEXT    NOT NULL DEFAULT '',
    player   TEXT    NOT NULL DEFAULT '',
    CHECK ((role = 'admin') = (world_id IS NULL AND camp IS NULL))
) STRICT;
INSERT INTO tokens_old (hash, role, world_id, camp, name, player)
SELECT hash, role, world_id, camp, name, player FROM tokens WHERE role = 'admin' OR seat = 'ruler';
DROP TABLE tokens;
ALTER TABLE tokens_old RENAME TO tokens;
CREATE INDEX tokens_camp ON tokens (world_id, camp);
