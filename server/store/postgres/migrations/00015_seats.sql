-- +goose Up
-- A camp has seats (issue 16): its ruler's, "ruler", and its councillors'
-- (codes the server names). Everything stored before seats existed is the
-- ruler's.

-- The seat a camp token speaks for; '' for admin tokens. A new camp token
-- revokes only the earlier tokens of its camp and seat.
ALTER TABLE tokens ADD COLUMN seat text NOT NULL DEFAULT '';
UPDATE tokens SET seat = 'ruler' WHERE role = 'camp';
ALTER TABLE tokens ALTER COLUMN seat DROP DEFAULT,
    ADD CONSTRAINT tokens_seat_check CHECK ((role = 'admin') = (seat = ''));
DROP INDEX tokens_camp;
CREATE INDEX tokens_camp ON tokens (world_id, camp, seat);

-- The seat of an order's author: the ruler's, or the councillor's whose
-- proposal the ruler adopted. A camp still has one pending order a day.
ALTER TABLE orders ADD COLUMN seat text NOT NULL DEFAULT 'ruler';
ALTER TABLE orders ALTER COLUMN seat DROP DEFAULT;

-- The sender's seat. A message from a camp to itself is its council's
-- talk, read by that camp alone: from_camp may now equal to_camp.
ALTER TABLE messages ADD COLUMN seat text NOT NULL DEFAULT 'ruler';
ALTER TABLE messages ALTER COLUMN seat DROP DEFAULT, DROP CONSTRAINT messages_check;

-- One player per seat of a camp in a season, and still one enrolment per
-- player and season.
ALTER TABLE enrolments ADD COLUMN seat text NOT NULL DEFAULT 'ruler';
ALTER TABLE enrolments ALTER COLUMN seat DROP DEFAULT,
    DROP CONSTRAINT enrolments_pkey, ADD PRIMARY KEY (world_id, season, camp, seat);

-- A camp has one result per seat a player held: a season's results are
-- keyed by player.
ALTER TABLE season_players ADD COLUMN seat text NOT NULL DEFAULT 'ruler';
ALTER TABLE season_players ALTER COLUMN seat DROP DEFAULT,
    DROP CONSTRAINT season_players_pkey, ADD PRIMARY KEY (world_id, season, player);

-- A councillor's proposal of an order for its camp for one day, with its
-- reasons: a later proposal of the same seat for the same day replaces it
-- (and takes a new id, its place in the order of saving).
CREATE TABLE proposals (
    id           bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    world_id     bigint      NOT NULL REFERENCES worlds (id),
    season       integer     NOT NULL,
    day          integer     NOT NULL,
    camp         integer     NOT NULL CHECK (camp >= 0),
    seat         text        NOT NULL CHECK (seat <> ''),
    player       text        NOT NULL,
    action       text        NOT NULL,
    args         integer[]   NOT NULL,
    reason       text        NOT NULL,
    submitted_at timestamptz NOT NULL,
    UNIQUE (world_id, season, day, camp, seat)
);
CREATE INDEX proposals_camp ON proposals (world_id, season, camp, day, id);

-- +goose Down
-- Going down fails, and changes nothing, while a camp has two enrolments or
-- two results in one season, or council messages. Proposals are dropped,
-- and so are councillors' tokens, which would otherwise speak for the
-- ruler.
DROP TABLE proposals;
ALTER TABLE season_players DROP CONSTRAINT season_players_pkey, ADD PRIMARY KEY (world_id, season, camp);
ALTER TABLE season_players DROP COLUMN seat;
ALTER TABLE enrolments DROP CONSTRAINT enrolments_pkey, ADD PRIMARY KEY (world_id, season, camp);
ALTER TABLE enrolments DROP COLUMN seat;
ALTER TABLE messages ADD CONSTRAINT messages_check CHECK (from_camp <> to_camp);
ALTER TABLE messages DROP COLUMN seat;
ALTER TABLE orders DROP COLUMN seat;
DELETE FROM tokens WHERE role = 'camp' AND seat <> 'ruler';
DROP INDEX tokens_camp;
CREATE INDEX tokens_camp ON tokens (world_id, camp);
ALTER TABLE tokens DROP CONSTRAINT tokens_seat_check, DROP COLUMN seat;
