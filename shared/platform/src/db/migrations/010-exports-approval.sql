-- ZIP exports of generated files, and the review status (approval) of designs.

-- One row per POST /async/banners/export. banner_ids are the ids that existed when the export was
-- accepted (unknown ids are left out); the media worker packs them into archive_key.
CREATE TABLE exports (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  banner_ids    uuid[] NOT NULL CHECK (cardinality(banner_ids) > 0),
  callback_url  text,
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  archive_key   text,
  archive_size  bigint,
  error         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz,
  -- Set by the retention sweep (same 7 days as generation requests): the archive is deleted and
  -- the id answers 410 from then on.
  purged_at     timestamptz
);
CREATE INDEX exports_retention ON exports (coalesce(finished_at, created_at)) WHERE purged_at IS NULL;

-- A design's review status; NULL when it was never reviewed, or since it moved to another project.
ALTER TABLE designs
  ADD COLUMN review_status     text CHECK (review_status IN ('approved', 'rejected')),
  ADD COLUMN review_reason     text,
  ADD COLUMN review_updated_at timestamptz,
  ADD CONSTRAINT designs_review_complete CHECK ((review_status IS NULL) = (review_updated_at IS NULL));
