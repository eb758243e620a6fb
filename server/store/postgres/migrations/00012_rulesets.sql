-- +goose Up
-- A world plays a ruleset with a number of camps, numbered from 0. Worlds
-- stored before rulesets existed play grisonval, with 3 camps.
ALTER TABLE worlds
    ADD COLUMN ruleset text    NOT NULL DEFAULT 'grisonval',
    ADD COLUMN camps   integer NOT NULL DEFAULT 3 CHECK (camps >= 1);
ALTER TABLE worlds ALTER COLUMN ruleset DROP DEFAULT, ALTER COLUMN camps DROP DEFAULT;

-- The player who posted an order, set a standing order or sent a message,
-- and the player a camp token was issued to; '' when the token names none.
-- A row stored before this migration takes the player enrolled for its
-- camp in its season, if any (for a message, the sender's camp); tokens
-- stay ''.
ALTER TABLE tokens ADD COLUMN player text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN player text NOT NULL DEFAULT '';
ALTER TABLE standing_orders ADD COLUMN player text NOT NULL DEFAULT '';
ALTER TABLE messages ADD COLUMN player text NOT NULL DEFAULT '';
UPDATE orders o SET player = e.player FROM enrolments e
WHERE e.world_id = o.world_id AND e.season = o.season AND e.camp = o.camp;
UPDATE standing_orders s SET player = e.player FROM enrolments e
WHERE e.world_id = s.world_id AND e.season = s.season AND e.camp = s.camp;
UPDATE messages m SET player = e.player FROM enrolments e
WHERE e.world_id = m.world_id AND e.season = m.season AND e.camp = m.from_camp;

-- Camp numbers are no longer bounded by 2: each CHECK that bounded them
-- keeps only camp >= 0, under its name.
ALTER TABLE camps DROP CONSTRAINT camps_camp_check,
    ADD CONSTRAINT camps_camp_check CHECK (camp >= 0);
ALTER TABLE careers DROP CONSTRAINT careers_camp_check,
    ADD CONSTRAINT careers_camp_check CHECK (camp >= 0);
ALTER TABLE standing_orders DROP CONSTRAINT standing_orders_camp_check,
    ADD CONSTRAINT standing_orders_camp_check CHECK (camp >= 0);
ALTER TABLE messages DROP CONSTRAINT messages_from_camp_check, DROP CONSTRAINT messages_to_camp_check,
    ADD CONSTRAINT messages_from_camp_check CHECK (from_camp >= 0),
    ADD CONSTRAINT messages_to_camp_check CHECK (to_camp >= 0);
ALTER TABLE pacts DROP CONSTRAINT pacts_check,
    ADD CONSTRAINT pacts_check CHECK (0 <= camp_a AND camp_a < camp_b);
ALTER TABLE pact_changes DROP CONSTRAINT pact_changes_check,
    ADD CONSTRAINT pact_changes_check CHECK (0 <= camp_a AND camp_a < camp_b);

-- +goose Down
-- The camp CHECKs bound camps to 0..2 again: going down fails, and changes
-- nothing, while a row names a camp above 2.
ALTER TABLE pact_changes DROP CONSTRAINT pact_changes_check,
    ADD CONSTRAINT pact_changes_check CHECK (0 <= camp_a AND camp_a < camp_b AND camp_b <= 2);
ALTER TABLE pacts DROP CONSTRAINT pacts_check,
    ADD CONSTRAINT pacts_check CHECK (0 <= camp_a AND camp_a < camp_b AND camp_b <= 2);
ALTER TABLE messages DROP CONSTRAINT messages_from_camp_check, DROP CONSTRAINT messages_to_camp_check,
    ADD CONSTRAINT messages_from_camp_check CHECK (from_camp BETWEEN 0 AND 2),
    ADD CONSTRAINT messages_to_camp_check CHECK (to_camp BETWEEN 0 AND 2);
ALTER TABLE standing_orders DROP CONSTRAINT standing_orders_camp_check,
    ADD CONSTRAINT standing_orders_camp_check CHECK (camp BETWEEN 0 AND 2);
ALTER TABLE careers DROP CONSTRAINT careers_camp_check,
    ADD CONSTRAINT careers_camp_check CHECK (camp BETWEEN 0 AND 2);
ALTER TABLE camps DROP CONSTRAINT camps_camp_check,
    ADD CONSTRAINT camps_camp_check CHECK (camp BETWEEN 0 AND 2);
ALTER TABLE messages DROP COLUMN player;
ALTER TABLE standing_orders DROP COLUMN player;
ALTER TABLE orders DROP COLUMN player;
ALTER TABLE tokens DROP COLUMN player;
ALTER TABLE worlds DROP COLUMN camps, DROP COLUMN ruleset;
