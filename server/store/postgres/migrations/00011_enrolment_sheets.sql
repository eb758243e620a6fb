-- +goose Up
-- The sheet an enrolment plays its season with (JSON of career.Sheet): the
-- career's sheet after that enrolment's purchases, kept so that a later
-- re-enrolment's purchases never change an earlier season's setup. An
-- enrolment stored before this migration gets its career's sheet as it is
-- now (exact for its latest enrolment, and for a career that bought nothing
-- since).
ALTER TABLE enrolments ADD COLUMN sheet jsonb;
UPDATE enrolments e SET sheet = s.sheet FROM sheets s WHERE s.world_id = e.world_id AND s.player = e.player;
ALTER TABLE enrolments ALTER COLUMN sheet SET NOT NULL;

-- true when the enrolment was made before its season's setup (for the next
-- season, once the current one closed): CreateSeason's setup applies its
-- package and sheet. false when its season was already set up (the world's
-- first season, or a season running): it counts for the close only.
-- Earlier enrolments: true for a season after the first enrolled no later
-- than its setup tick (or that has none yet).
ALTER TABLE enrolments ADD COLUMN before_setup boolean NOT NULL DEFAULT false;
ALTER TABLE enrolments ALTER COLUMN before_setup DROP DEFAULT;
UPDATE enrolments e SET before_setup = true WHERE e.season > 1 AND NOT EXISTS (SELECT FROM ticks t
    WHERE t.world_id = e.world_id AND t.season = e.season AND t.day = 0 AND t.committed_at < e.enrolled_at);

-- The zones a camp held at the close of a season (seed 003's rankings).
-- Closes stored before this migration had them only in the summary text
-- ("N zones held").
ALTER TABLE season_results ADD COLUMN zones integer NOT NULL DEFAULT 0 CHECK (zones >= 0);
ALTER TABLE season_results ALTER COLUMN zones DROP DEFAULT;
UPDATE season_results r SET zones = substring(r.summary FROM '^([0-9]+) zones held$')::integer
FROM season_closes c
WHERE c.world_id = r.world_id AND c.season = r.season AND r.summary ~ '^[0-9]+ zones held$';

-- +goose Down
ALTER TABLE season_results DROP COLUMN zones;
ALTER TABLE enrolments DROP COLUMN before_setup;
ALTER TABLE enrolments DROP COLUMN sheet;
