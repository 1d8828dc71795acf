-- Bulk runs (docs/bulk.md): one design, a sheet of rows, one generation request per row. The
-- rows are checked and stored whole when the run is accepted; the runner (bulk_run_pump) opens
-- each row's generation request, spending its credits then, at the farm's pace.
CREATE TABLE bulk_runs (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id      uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  design_id         uuid NOT NULL,
  status            text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'cancelled', 'failed')),
  -- The sheet's headers, in order, and where each went (`layer.property`, a special column, or null).
  headers           text[] NOT NULL,
  targets           jsonb NOT NULL,
  -- Every format any row renders, in the design's order (the result CSV has a URL column each).
  formats           text[] NOT NULL,
  file_type         text NOT NULL,
  row_count         integer NOT NULL CHECK (row_count > 0),
  file_count        integer NOT NULL CHECK (file_count > 0),
  -- Priced when the run was accepted: each row's request spends these per file when it opens.
  credit_per_file   integer NOT NULL CHECK (credit_per_file >= 0),
  ai_credit_per_operation integer NOT NULL DEFAULT 0 CHECK (ai_credit_per_operation >= 0),
  callback_url      text,
  idempotency_key   text,
  -- sha256 of the request as sent: the same key with another body is refused.
  request_hash      text,
  result_key        text,
  export_id         uuid,
  error             text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  finished_at       timestamptz
);
CREATE UNIQUE INDEX bulk_runs_idempotency ON bulk_runs (workspace_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX bulk_runs_workspace ON bulk_runs (workspace_id, created_at DESC);
CREATE INDEX bulk_runs_export ON bulk_runs (export_id) WHERE export_id IS NOT NULL;

CREATE TABLE bulk_rows (
  run_id                 uuid NOT NULL REFERENCES bulk_runs (id) ON DELETE CASCADE,
  -- 0-based data row (the `rows[<i>]` of error paths) and the sheet's line it started on.
  idx                    integer NOT NULL CHECK (idx >= 0),
  line                   integer,
  -- The row as sent, one cell per header (the result CSV repeats them).
  cells                  jsonb NOT NULL,
  -- As the override validator normalised them: what the render jobs carry.
  overrides              jsonb NOT NULL,
  formats                text[] NOT NULL,
  file_type              text NOT NULL,
  file_name              text,
  ai_operations          integer NOT NULL DEFAULT 0,
  status                 text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'queued', 'done', 'failed', 'cancelled')),
  generation_request_id  uuid,
  error                  text,
  PRIMARY KEY (run_id, idx)
);
CREATE INDEX bulk_rows_open ON bulk_rows (run_id, idx) WHERE status IN ('pending', 'queued');
CREATE UNIQUE INDEX bulk_rows_request ON bulk_rows (generation_request_id) WHERE generation_request_id IS NOT NULL;

-- A row's generation request names its run: its end is the row's, and it sends no NEW_BANNER_BATCH.
ALTER TABLE generation_requests ADD COLUMN bulk_run_id uuid;
