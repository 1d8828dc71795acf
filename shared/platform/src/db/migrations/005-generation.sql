-- Generation requests and the files (banners) they produce.
--
-- design_id carries no foreign key on purpose: a design may be deleted while its files live on,
-- and GET /banners/<id> must keep answering. The design's name and timestamps are snapshotted
-- on the banner (`template`) for the same reason.
CREATE TABLE generation_requests (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id    uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  design_id       uuid NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('sync', 'async', 'multipage')),
  callback_url    text,
  file_type       text NOT NULL,
  -- Files this request must account for (one per format): finalised when banners + errors reach it.
  expected_files  integer NOT NULL CHECK (expected_files > 0),
  -- Credits spent per file when the request was accepted; a failed file gives its share back.
  credit_per_file integer NOT NULL DEFAULT 0 CHECK (credit_per_file >= 0),
  is_finalized    boolean NOT NULL DEFAULT false,
  finalized_at    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- Set by the retention job: the request answers 410 from then on; its error rows are gone.
  purged_at       timestamptz
);
CREATE INDEX generation_requests_workspace ON generation_requests (workspace_id, created_at);
CREATE INDEX generation_requests_retention ON generation_requests (coalesce(finalized_at, created_at)) WHERE purged_at IS NULL;

CREATE TABLE banners (
  id                     uuid PRIMARY KEY,
  sharing_id             uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  workspace_id           uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  design_id              uuid NOT NULL,
  generation_request_id  uuid REFERENCES generation_requests (id) ON DELETE SET NULL,
  format_name            text NOT NULL,
  format_uid             uuid,
  unit                   text NOT NULL,
  width                  double precision NOT NULL,
  height                 double precision NOT NULL,
  file_type              text NOT NULL,
  storage_key            text NOT NULL,
  filename               text NOT NULL,
  -- The generated file's counter (spec: Banner.version): 1, or one more than the original visual.
  version                integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  -- The design as it was when the file was made: {id, name, created_at, updated_at}.
  template               jsonb NOT NULL,
  project_id             uuid,
  original_banner_id     uuid,
  created_at             timestamptz NOT NULL DEFAULT now()
);
-- Exactly one file per (request, format), however many times a job runs: a worker killed after
-- inserting but before graphile-worker marked the job done makes the re-run a no-op.
CREATE UNIQUE INDEX banners_one_per_request_format ON banners (generation_request_id, format_name);
CREATE INDEX banners_workspace ON banners (workspace_id, created_at);

-- Per-format failures: the request itself succeeded (spec, Generation request `errors`).
CREATE TABLE generation_errors (
  generation_request_id  uuid NOT NULL REFERENCES generation_requests (id) ON DELETE CASCADE,
  format_name            text NOT NULL,
  -- Stable error id (cannot_build_banner, image_fetching_error, internal_server_error).
  error_id               text NOT NULL,
  reason                 text NOT NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (generation_request_id, format_name)
);
