-- +goose Up
-- Why a stale order could not be played: the part of the order at fault
-- and the rule's explanation (code already holds the rule code). status is
-- pending, applied, stale, standing (played for a camp that posted none),
-- standing_stale (a standing order no longer valid: rest played) or
-- replaced.
ALTER TABLE orders ADD COLUMN field TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN message TEXT NOT NULL DEFAULT '';

-- The order a camp plays on each day of a season it posts none; a camp
-- without a row rests. args is a JSON array; set_at Unix microseconds.
CREATE TABLE standing_orders (
    world_id INTEGER NOT NULL REFERENCES worlds (id),
    season   INTEGER NOT NULL,
    camp     INTEGER NOT NULL CHECK (camp BETWEEN 0 AND 2),
    action   TEXT    NOT NULL,
    args     TEXT    NOT NULL,
    reason   TEXT    NOT NULL,
    set_at   INTEGER NOT NULL,
    PRIMARY KEY (world_id, season, camp)
) STRICT;

-- Private messages between two camps, part of the season's history: only
-- their two camps read them while the season runs. day is the day being
-- decided when the message was sent; sent_at Unix microseconds.
CREATE TABLE messages (
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
CREATE INDEX messages_from ON messages (world_id, season, from_camp, day);
CREATE INDEX messages_to ON messages (world_id, season, to_camp, day);

-- +goose Down
DROP TABLE messages;
DROP TABLE standing_orders;
ALTER TABLE orders DROP COLUMN message;
ALTER TABLE orders DROP COLUMN field;
