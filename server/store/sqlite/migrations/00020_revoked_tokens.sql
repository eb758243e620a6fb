-- +goose Up
-- Every token deleted (revoked, or replaced by a new one of its camp and
-- seat, or of its name), in the order of the deletions, kept an hour: the
-- revocation check reads only those deleted since its last check (seq
-- never goes back: AUTOINCREMENT; the one writer commits in seq order). A
-- check whose last read is older than the hour reads every open stream's
-- token instead (limits.Streams). A migration that rebuilds tokens must
-- make the trigger again.
CREATE TABLE revoked_tokens (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    hash       BLOB    NOT NULL,
    revoked_at INTEGER NOT NULL -- Unix seconds
) STRICT;
CREATE INDEX revoked_tokens_at ON revoked_tokens (revoked_at);

-- +goose StatementBegin
CREATE TRIGGER tokens_revoked AFTER DELETE ON tokens BEGIN
    INSERT INTO revoked_tokens (hash, revoked_at) VALUES (OLD.hash, unixepoch());
    DELETE FROM revoked_tokens WHERE revoked_at < unixepoch() - 3600;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER tokens_revoked;
DROP TABLE revoked_tokens;
