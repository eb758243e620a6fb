-- +goose Up
-- The replicas' periodic checks made cheap at 10,000 worlds (issue 32;
-- docs/scale.md, "The checks"), measured by BenchmarkUpkeep.
--
-- Every world has a lease row from its creation: a world never leased has
-- one of epoch 0, no owner, expired since ever (LeaseOf still says it never
-- had one). The take round then finds the worlds to take in one pass over
-- the leases, without joining every world to its lease; a world created by
-- a replica that died before leasing it is found so too.
INSERT INTO leases (world_id, owner, epoch, expires_at)
SELECT id, '', 0, '-infinity' FROM worlds WHERE id NOT IN (SELECT world_id FROM leases);

-- A lease's renewal writes a new version of its row; with room left in
-- its page the version stays there (a HOT update, no index entry), which a
-- full page refuses. Half-full pages made a renewal round of 10,000 leases
-- cost PostgreSQL 63 ms of CPU instead of 98-101 (BenchmarkUpkeep, in
-- turn, twice). CLUSTER rewrites the table so (in ID order, at once: a few
-- pages a thousand worlds).
ALTER TABLE leases SET (fillfactor = 50);
CLUSTER leases USING leases_pkey;

-- +goose StatementBegin
CREATE FUNCTION lease_new_world() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO leases (world_id, owner, epoch, expires_at) VALUES (NEW.id, '', 0, '-infinity');
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER worlds_leased AFTER INSERT ON worlds FOR EACH ROW EXECUTE FUNCTION lease_new_world();

-- Every token deleted (revoked, or replaced by a new one of its camp and
-- seat, or of its name), by the transaction that deleted it, kept an hour:
-- the revocation check of each replica reads only those deleted since its
-- last check, by the smallest transaction still running when it read
-- (pg_snapshot_xmin), so that a deletion committed later than a newer one
-- is not skipped. A check whose last read is older than the hour reads
-- every open stream's token instead (limits.Streams).
CREATE TABLE revoked_tokens (
    hash       bytea       NOT NULL,
    xid        xid8        NOT NULL DEFAULT pg_current_xact_id(),
    revoked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX revoked_tokens_xid ON revoked_tokens (xid);
CREATE INDEX revoked_tokens_at ON revoked_tokens (revoked_at);
COMMENT ON TABLE revoked_tokens IS 'the tokens deleted in the last hour, by transaction: the replicas'' revocation checks read those since their last';

-- +goose StatementBegin
CREATE FUNCTION note_revoked_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT FROM gone) THEN
        INSERT INTO revoked_tokens (hash) SELECT hash FROM gone;
        DELETE FROM revoked_tokens WHERE revoked_at < now() - interval '1 hour';
    END IF;
    RETURN NULL;
END $$;
-- +goose StatementEnd
CREATE TRIGGER tokens_revoked AFTER DELETE ON tokens REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION note_revoked_tokens();

-- +goose Down
DROP TRIGGER tokens_revoked ON tokens;
DROP FUNCTION note_revoked_tokens();
DROP TABLE revoked_tokens;
DROP TRIGGER worlds_leased ON worlds;
DROP FUNCTION lease_new_world();
DELETE FROM leases WHERE epoch = 0;
ALTER TABLE leases RESET (fillfactor);
