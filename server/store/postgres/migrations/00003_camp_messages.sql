-- +goose Up
-- Why a stale order could not be played: the part of the order at fault
-- and the rule's explanation (code already holds the rule code).
ALTER TABLE orders ADD COLUMN field text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN message text NOT NULL DEFAULT '';
COMMENT ON COLUMN orders.status IS
    'pending, applied, stale, standing (played for a camp that posted none), standing_stale (a standing order no longer valid: rest played) or replaced';

-- The order a camp plays on each day of a season it posts none; a camp
-- without a row rests.
CREATE TABLE standing_orders (
    world_id bigint      NOT NULL REFERENCES worlds (id),
    season   integer     NOT NULL,
    camp     integer     NOT NULL CHECK (camp BETWEEN 0 AND 2),
    action   text        NOT NULL,
    args     integer[]   NOT NULL,
    reason   text        NOT NULL,
    set_at   timestamptz NOT NULL,
    PRIMARY KEY (world_id, season, camp)
);

-- Private messages between two camps, part of the season's history: only
-- their two camps read them while the season runs. day is the day being
-- decided when the message was sent.
CREATE TABLE messages (
    id        bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    world_id  bigint      NOT NULL REFERENCES worlds (id),
    season    integer     NOT NULL,
    day       integer     NOT NULL,
    from_camp integer     NOT NULL CHECK (from_camp BETWEEN 0 AND 2),
    to_camp   integer     NOT NULL CHECK (to_camp BETWEEN 0 AND 2),
    text      text        NOT NULL CHECK (octet_length(text) BETWEEN 1 AND 500),
    sent_at   timestamptz NOT NULL,
    CHECK (from_camp <> to_camp)
);
CREATE INDEX messages_from ON messages (world_id, season, from_camp, day);
CREATE INDEX messages_to ON messages (world_id, season, to_camp, day);

-- +goose Down
DROP TABLE messages;
DROP TABLE standing_orders;
COMMENT ON COLUMN orders.status IS NULL;
ALTER TABLE orders DROP COLUMN message;
ALTER TABLE orders DROP COLUMN field;
