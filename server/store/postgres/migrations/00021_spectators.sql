-- +goose Up
-- Spectator tokens (issue 32): a world's audience, each token named after
-- its holder, watches the world's ticks and reads its public frame. A
-- spectator token has a world, no camp and no seat; a new one revokes the
-- earlier token of its world and name only. (00020 is the pace's.)
ALTER TABLE tokens DROP CONSTRAINT tokens_role_check,
    DROP CONSTRAINT tokens_check,
    DROP CONSTRAINT tokens_seat_check,
    ADD CONSTRAINT tokens_role_check CHECK (role IN ('admin', 'camp', 'spectator')),
    ADD CONSTRAINT tokens_check CHECK (CASE role
        WHEN 'admin' THEN world_id IS NULL AND camp IS NULL AND seat = ''
        WHEN 'camp' THEN world_id IS NOT NULL AND camp IS NOT NULL AND seat <> ''
        ELSE world_id IS NOT NULL AND camp IS NULL AND seat = '' AND name <> '' END);
CREATE UNIQUE INDEX tokens_spectator ON tokens (world_id, name) WHERE role = 'spectator';

-- +goose Down
DELETE FROM tokens WHERE role = 'spectator';
DROP INDEX tokens_spectator;
ALTER TABLE tokens DROP CONSTRAINT tokens_role_check,
    DROP CONSTRAINT tokens_check,
    ADD CONSTRAINT tokens_role_check CHECK (role IN ('admin', 'camp')),
    ADD CONSTRAINT tokens_check CHECK ((role = 'admin') = (world_id IS NULL AND camp IS NULL)),
    ADD CONSTRAINT tokens_seat_check CHECK ((role = 'admin') = (seat = ''));
