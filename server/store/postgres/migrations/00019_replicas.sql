-- +goose Up
-- The replicas' heartbeats (docs/persistence.md, "Replicas"): one row per
-- server address that ever ran, renewed every quarter of its time. A world's
-- lease whose owner's heartbeat has run out is no longer live, whatever its
-- own expiry says: the other replicas take its worlds within the heartbeat's
-- time (600 ms by default) rather than the lease's (3 s). A binary older
-- than this migration writes no heartbeat, and its leases run to their own
-- expiry, as before.
CREATE TABLE replicas (
    owner      text        PRIMARY KEY,
    expires_at timestamptz NOT NULL,
    -- Grows when the replica starts, releases worlds or stops: the other
    -- replicas then look for worlds to take at once.
    generation bigint      NOT NULL DEFAULT 0
);
COMMENT ON TABLE replicas IS 'the server processes'' heartbeats: a lease is live while its owner''s heartbeat, if it has one, has not run out';
CREATE INDEX leases_owner ON leases (owner);

-- +goose Down
DROP INDEX leases_owner;
DROP TABLE replicas;
