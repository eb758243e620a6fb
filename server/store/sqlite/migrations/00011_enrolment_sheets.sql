-- +goose Up
-- The sheet an enrolment plays its season with (JSON of career.Sheet): the
-- career's sheet after that enrolment's purchases, kept so that a later
-- re-enrolment's purchases never change an earlier season's setup. An
-- enrolment stored before this migration gets its career's sheet as it is
-- now (exact for its latest enrolment, and for a career that bought nothing
-- since).
ALTER TABLE enrolments ADD COLUMN sheet TEXT NOT NULL DEFAULT '{}';
UPDATE enrolments SET sheet = (SELECT s.sheet FROM sheets s
    WHERE s.world_id = enrolments.world_id AND s.player = enrolments.player);

-- 1 when the enrolment was made before its season's setup (for the next
-- season, once the current one closed): CreateSeason's setup applies its
-- package and sheet. 0 when its season was already set up (the world's
-- first season, or a season running): it counts for the close only.
-- Earlier enrolments: 1 for a season after the first enrolled no later than
-- its setup tick (or that has none yet).
ALTER TABLE enrolments ADD COLUMN before_setup INTEGER NOT NULL DEFAULT 0 CHECK (before_setup IN (0, 1));
UPDATE enrolments SET before_setup = 1 WHERE season > 1 AND NOT EXISTS (SELECT 1 FROM ticks t
    WHERE t.world_id = enrolments.world_id AND t.season = enrolments.season AND t.day = 0
      AND t.committed_at < enrolments.enrolled_at);

-- The zones a camp held at the close of a season (seed 003's rankings).
-- Closes stored before this migration had them only in the summary text
-- ("N zones held").
ALTER TABLE season_results ADD COLUMN zones INTEGER NOT NULL DEFAULT 0 CHECK (zones >= 0);
UPDATE season_results SET zones = CAST(substr(summary, 1, instr(summary, ' ') - 1) AS INTEGER)
WHERE summary GLOB '[0-9]* zones held' AND substr(summary, 1, instr(summary, ' ') - 1) NOT GLOB '*[^0-9]*'
  AND EXISTS (SELECT 1 FROM season_closes c WHERE c.world_id = season_results.world_id AND c.season = season_results.season);

-- +goose Down
ALTER TABLE season_results DROP COLUMN zones;
ALTER TABLE enrolments DROP COLUMN before_setup;
ALTER TABLE enrolments DROP COLUMN sheet;
