-- +goose Up
-- A world plays a ruleset with a number of camps, numbered from 0. Worlds
-- stored before rulesets existed play grisonval, with 3 camps. SQLite
-- cannot drop a column's default without rebuilding worlds, the parent of
-- nearly every table: the defaults stay, and the store always writes both.
ALTER TABLE worlds ADD COLUMN ruleset TEXT NOT NULL DEFAULT 'grisonval';
ALTER TABLE worlds ADD COLUMN camps INTEGER NOT NULL DEFAULT 3 CHECK (camps >= 1);

-- The player who posted an order, set a standing order or sent a message,
-- and the player a camp token was issued to; '' when the token names none.
-- A row stored before this migration takes the player enrolled for its
-- camp in its season, if any (for a message, the sender's camp); tokens
-- stay ''.
ALTER TABLE tokens ADD COLUMN player TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN player TEXT NOT NULL DEFAULT '';
UPDATE orders SET player = e.player FROM enrolments e
WHERE e.world_id = orders.world_id AND e.season = orders.season AND e.camp = orders.camp;

-- Camp numbers are no longer bounded by 2: each CHECK that bounded them
-- keeps only camp >= 0. SQLite changes a CHECK only by rebuilding its
-- table: create the new table, copy the rows, drop the old one, rename the
-- new one and recreate its indexes, in this migration's transaction. The
-- foreign keys stay enforced throughout.

CREATE TABLE camps_new (
    world_id   INTEGER NOT NULL REFERENCES worlds (id),
    camp       INTEGER NOT NULL CHECK (camp >= 0),
    controller TEXT    NOT NULL CHECK (controller IN ('human', 'agent', 'ai')),
    posture    TEXT    NOT NULL, -- '' unless the AI plays the camp
    PRIMARY KEY (world_id, camp)
) STRICT;
INSERT INTO camps_new (world_id, camp, controller, posture)
SELECT world_id, camp, controller, posture FROM camps;
DROP TABLE camps;
ALTER TABLE camps_new RENAME TO camps;

CREATE TABLE standing_orders_new (
    world_id INTEGER NOT NULL REFERENCES worlds (id),
    season   INTEGER NOT NULL,
    camp     INTEGER NOT NULL CHECK (camp >= 0),
    action   TEXT    NOT NULL,
    args     TEXT    NOT NULL,
    reason   TEXT    NOT NULL,
    set_at   INTEGER NOT NULL,
    player   TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (world_id, season, camp)
) STRICT;
INSERT INTO standing_orders_new (world_id, season, camp, action, args, reason, set_at, player)
SELECT s.world_id, s.season, s.camp, s.action, s.args, s.reason, s.set_at, coalesce(e.player, '')
FROM standing_orders s
LEFT JOIN enrolments e ON e.world_id = s.world_id AND e.season = s.season AND e.camp = s.camp;
DROP TABLE standing_orders;
ALTER TABLE standing_orders_new RENAME TO standing_orders;

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
    CHECK (from_camp <> to_camp)
) STRICT;
-- The ids go on growing from where they were.
UPDATE sqlite_sequence SET name = 'messages_new' WHERE name = 'messages';
INSERT INTO messages_new (id, world_id, season, day, from_camp, to_camp, text, sent_at, player)
SELECT m.id, m.world_id, m.season, m.day, m.from_camp, m.to_camp, m.text, m.sent_at, coalesce(e.player, '')
FROM messages m
LEFT JOIN enrolments e ON e.world_id = m.world_id AND e.season = m.season AND e.camp = m.from_camp;
DROP TABLE messages;
ALTER TABLE messages_new RENAME TO messages;
CREATE INDEX messages_from ON messages (world_id, season, from_camp, day);
CREATE INDEX messages_to ON messages (world_id, season, to_camp, day);

CREATE TABLE pacts_new (
    world_id  INTEGER NOT NULL REFERENCES worlds (id),
    season    INTEGER NOT NULL,
    camp_a    INTEGER NOT NULL,
    camp_b    INTEGER NOT NULL,
    status    TEXT    NOT NULL CHECK (status IN ('war', 'peace', 'alliance')),
    since_day INTEGER NOT NULL,
    PRIMARY KEY (world_id, season, camp_a, camp_b),
    CHECK (0 <= camp_a AND camp_a < camp_b)
) STRICT;
INSERT INTO pacts_new (world_id, season, camp_a, camp_b, status, since_day)
SELECT world_id, season, camp_a, camp_b, status, since_day FROM pacts;
DROP TABLE pacts;
ALTER TABLE pacts_new RENAME TO pacts;

CREATE TABLE pact_changes_new (
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
    CHECK (0 <= camp_a AND camp_a < camp_b)
) STRICT;
INSERT INTO pact_changes_new (world_id, season, day, seq, camp_a, camp_b, by_camp, event, status)
SELECT world_id, season, day, seq, camp_a, camp_b, by_camp, event, status FROM pact_changes;
DROP TABLE pact_changes;
ALTER TABLE pact_changes_new RENAME TO pact_changes;
CREATE INDEX pact_changes_event ON pact_changes (world_id, season, event);

-- careers is the parent of sheets, enrolments and eminence_ledger: it can
-- be dropped only once no row refers to it. Their rows wait in temporary
-- tables while careers is rebuilt, then come back unchanged.
CREATE TEMP TABLE kept_sheets AS SELECT * FROM sheets;
CREATE TEMP TABLE kept_enrolments AS SELECT * FROM enrolments;
CREATE TEMP TABLE kept_eminence_ledger AS SELECT * FROM eminence_ledger;
DELETE FROM sheets;
DELETE FROM enrolments;
DELETE FROM eminence_ledger;
CREATE TABLE careers_new (
    world_id INTEGER NOT NULL REFERENCES worlds (id),
    player   TEXT    NOT NULL,
    mode     TEXT    NOT NULL CHECK (mode IN ('human', 'agent')),
    camp     INTEGER NOT NULL CHECK (camp >= 0),
    patron   TEXT    NOT NULL,
    seasons  INTEGER NOT NULL,
    ep       INTEGER NOT NULL CHECK (ep >= 0),
    PRIMARY KEY (world_id, player)
) STRICT;
INSERT INTO careers_new (world_id, player, mode, camp, patron, seasons, ep)
SELECT world_id, player, mode, camp, patron, seasons, ep FROM careers;
DROP TABLE careers;
ALTER TABLE careers_new RENAME TO careers;
INSERT INTO sheets SELECT * FROM kept_sheets;
INSERT INTO enrolments SELECT * FROM kept_enrolments;
INSERT INTO eminence_ledger SELECT * FROM kept_eminence_ledger;
DROP TABLE kept_sheets;
DROP TABLE kept_enrolments;
DROP TABLE kept_eminence_ledger;

-- +goose Down
-- The camp CHECKs bound camps to 0..2 again: going down fails, and changes
-- nothing, while a row names a camp above 2.
CREATE TEMP TABLE kept_sheets AS SELECT * FROM sheets;
CREATE TEMP TABLE kept_enrolments AS SELECT * FROM enrolments;
CREATE TEMP TABLE kept_eminence_ledger AS SELECT * FROM eminence_ledger;
DELETE FROM sheets;
DELETE FROM enrolments;
DELETE FROM eminence_ledger;
CREATE TABLE careers_old (
    world_id INTEGER NOT NULL REFERENCES worlds (id),
    player   TEXT    NOT NULL,
    mode     TEXT    NOT NULL CHECK (mode IN ('human', 'agent')),
    camp     INTEGER NOT NULL CHECK (camp BETWEEN 0 AND 2),
    patron   TEXT    NOT NULL,
    seasons  INTEGER NOT NULL,
    ep       INTEGER NOT NULL CHECK (ep >= 0),
    PRIMARY KEY (world_id, player)
) STRICT;
INSERT INTO careers_old (world_id, player, mode, camp, patron, seasons, ep)
SELECT world_id, player, mode, camp, patron, seasons, ep FROM careers;
DROP TABLE careers;
ALTER TABLE careers_old RENAME TO careers;
INSERT INTO sheets SELECT * FROM kept_sheets;
INSERT INTO enrolments SELECT * FROM kept_enrolments;
INSERT INTO eminence_ledger SELECT * FROM kept_eminence_ledger;
DROP TABLE kept_sheets;
DROP TABLE kept_enrolments;
DROP TABLE kept_eminence_ledger;

CREATE TABLE pact_changes_old (
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
INSERT INTO pact_changes_old (world_id, season, day, seq, camp_a, camp_b, by_camp, event, status)
SELECT world_id, season, day, seq, camp_a, camp_b, by_camp, event, status FROM pact_changes;
DROP TABLE pact_changes;
ALTER TABLE pact_changes_old RENAME TO pact_changes;
CREATE INDEX pact_changes_event ON pact_changes (world_id, season, event);

CREATE TABLE pacts_old (
    world_id  INTEGER NOT NULL REFERENCES worlds (id),
    season    INTEGER NOT NULL,
    camp_a    INTEGER NOT NULL,
    camp_b    INTEGER NOT NULL,
    status    TEXT    NOT NULL CHECK (status IN ('war', 'peace', 'alliance')),
    since_day INTEGER NOT NULL,
    PRIMARY KEY (world_id, season, camp_a, camp_b),
    CHECK (0 <= camp_a AND camp_a < camp_b AND camp_b <= 2)
) STRICT;
INSERT INTO pacts_old (world_id, season, camp_a, camp_b, status, since_day)
SELECT world_id, season, camp_a, camp_b, status, since_day FROM pacts;
DROP TABLE pacts;
ALTER TABLE pacts_old RENAME TO pacts;

CREATE TABLE messages_old (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    world_id  INTEGER NOT NULL REFERENCES worlds (id),
    season    INTEGER NOT NULL,
    day       INTEGER NOT NULL,
    from_camp INTEGER NOT NULL CHECK (from_camp BETWEEN 0 AND 2),
    to_camp   INTEGER NOT NULL CHECK (to_camp BETWEEN 0 AND 2),
    text      TEXT    NOT NULL CHECK (length(CAST(text AS BLOB)) BETWEEN 1 AND 500),
    sent_at   INTEGER NOT NULL,
    CHECK (from_camp <> to_camp)
) STRICT;
UPDATE sqlite_sequence SET name = 'messages_old' WHERE name = 'messages';
INSERT INTO messages_old (id, world_id, season, day, from_camp, to_camp, text, sent_at)
SELECT id, world_id, season, day, from_camp, to_camp, text, sent_at FROM messages;
DROP TABLE messages;
ALTER TABLE messages_old RENAME TO messages;
CREATE INDEX messages_from ON messages (world_id, season, from_camp, day);
CREATE INDEX messages_to ON messages (world_id, season, to_camp, day);

CREATE TABLE standing_orders_old (
    world_id INTEGER NOT NULL REFERENCES worlds (id),
    season   INTEGER NOT NULL,
    camp     INTEGER NOT NULL CHECK (camp BETWEEN 0 AND 2),
    action   TEXT    NOT NULL,
    args     TEXT    NOT NULL,
    reason   TEXT    NOT NULL,
    set_at   INTEGER NOT NULL,
    PRIMARY KEY (world_id, season, camp)
) STRICT;
INSERT INTO standing_orders_old (world_id, season, camp, action, args, reason, set_at)
SELECT world_id, season, camp, action, args, reason, set_at FROM standing_orders;
DROP TABLE standing_orders;
ALTER TABLE standing_orders_old RENAME TO standing_orders;

CREATE TABLE camps_old (
    world_id   INTEGER NOT NULL REFERENCES worlds (id),
    camp       INTEGER NOT NULL CHECK (camp BETWEEN 0 AND 2),
    controller TEXT    NOT NULL CHECK (controller IN ('human', 'agent', 'ai')),
    posture    TEXT    NOT NULL, -- '' unless the AI plays the camp
    PRIMARY KEY (world_id, camp)
) STRICT;
INSERT INTO camps_old (world_id, camp, controller, posture)
SELECT world_id, camp, controller, posture FROM camps;
DROP TABLE camps;
ALTER TABLE camps_old RENAME TO camps;

ALTER TABLE orders DROP COLUMN player;
ALTER TABLE tokens DROP COLUMN player;
ALTER TABLE worlds DROP COLUMN camps;
ALTER TABLE worlds DROP COLUMN ruleset;
