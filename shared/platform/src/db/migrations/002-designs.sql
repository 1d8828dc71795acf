-- Designs, their formats and previews, workspace templates and their categories, JSON imports
-- and workspace-template duplications. The design itself is one jsonb document in the format of
-- shared/src/design (docs/design-format.md); columns hold only what is queried or joined on.

CREATE TABLE workspace_template_categories (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name          text NOT NULL,
  color         text NOT NULL DEFAULT '#6B7280',
  icon          text NOT NULL DEFAULT 'folder',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workspace_template_categories_workspace ON workspace_template_categories (workspace_id, name);

-- A design lives in a project; a workspace template lives in no project and optionally in a
-- category. The two listings never overlap, which the CHECK makes structural.
CREATE TABLE designs (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id           uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  project_id             uuid REFERENCES projects (id),
  is_workspace_template  boolean NOT NULL DEFAULT false,
  category_id            uuid REFERENCES workspace_template_categories (id) ON DELETE SET NULL,
  type                   text NOT NULL CHECK (type IN ('static', 'animated', 'printer', 'printer_multipage')),
  name                   text NOT NULL,
  document               jsonb NOT NULL,
  -- IMPORTING: created by an import still being processed; only CREATED designs are active.
  status                 text NOT NULL DEFAULT 'CREATED' CHECK (status IN ('CREATED', 'IMPORTING', 'DELETED')),
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  deleted_at             timestamptz,
  CHECK (is_workspace_template = (project_id IS NULL)),
  CHECK (is_workspace_template OR category_id IS NULL),
  CHECK ((status = 'DELETED') = (deleted_at IS NOT NULL))
);
CREATE INDEX designs_listing ON designs (workspace_id, is_workspace_template, status, name);
CREATE INDEX designs_project ON designs (project_id) WHERE project_id IS NOT NULL;
CREATE INDEX designs_category ON designs (category_id) WHERE category_id IS NOT NULL;

-- One row per format of a static/animated/printer design, so a format keeps its uid across reads
-- and edits (a rename keeps the row). Multipage pages have no uid and no row here.
CREATE TABLE design_formats (
  uid         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  design_id   uuid NOT NULL REFERENCES designs (id) ON DELETE CASCADE,
  name        text NOT NULL,
  position    integer NOT NULL,
  width       double precision NOT NULL,
  height      double precision NOT NULL,
  unit        text NOT NULL CHECK (unit IN ('px', 'mm', 'in')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (design_id, name)
);
CREATE INDEX design_formats_size ON design_formats (width, height);

-- Where the preview image of a format (format name) or page (page_N) is stored. The URL is
-- built from the key; a missing row means the preview does not exist yet.
CREATE TABLE design_previews (
  design_id    uuid NOT NULL REFERENCES designs (id) ON DELETE CASCADE,
  frame_id     text NOT NULL,
  storage_key  text NOT NULL,
  rendered_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (design_id, frame_id)
);

CREATE TABLE design_imports (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id        uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name                text NOT NULL,
  -- Stored state only: an expired WAITING_FOR_VALIDATION is reported FAILED at read time.
  status              text NOT NULL DEFAULT 'WAITING_FOR_VALIDATION'
                      CHECK (status IN ('WAITING_FOR_VALIDATION', 'QUEUED', 'PROCESSING', 'DONE', 'FAILED')),
  target_kind         text NOT NULL DEFAULT 'design' CHECK (target_kind IN ('design', 'workspace_template')),
  target_project_id   uuid REFERENCES projects (id),
  target_category_id  uuid REFERENCES workspace_template_categories (id) ON DELETE SET NULL,
  -- The parsed document (shared/src/design), assets still pointing at `file:` uploads.
  payload             jsonb NOT NULL,
  -- [{ "asset": name, "key": storage key, "content_type": ... }] the client must PUT before validating.
  uploads_expected    jsonb NOT NULL DEFAULT '[]',
  upload_expires_at   timestamptz,
  validated_at        timestamptz,
  -- Append-only list of Warning objects ({code, message, path, layer, reason}).
  warnings            jsonb NOT NULL DEFAULT '[]',
  -- {path, code, message} once FAILED.
  error               jsonb,
  -- {kind: workspace_template, uuid} or {kind: design, uuid, project_uuid} once DONE.
  result              jsonb,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (target_kind = 'design' OR target_project_id IS NULL)
);
CREATE INDEX design_imports_listing ON design_imports (workspace_id, created_at DESC);
CREATE INDEX design_imports_status ON design_imports (status) WHERE status IN ('QUEUED', 'PROCESSING');

-- POST /workspace-templates/<id>/use. Kept 7 days from created_at, then 410.
CREATE TABLE design_duplication_requests (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id        uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  source_design_id    uuid NOT NULL REFERENCES designs (id),
  target_project_id   uuid NOT NULL REFERENCES projects (id),
  name                text,
  status              text NOT NULL DEFAULT 'INIT' CHECK (status IN ('INIT', 'IN_PROGRESS', 'COMPLETED', 'ERROR')),
  result_design_id    uuid REFERENCES designs (id) ON DELETE SET NULL,
  error               text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  completed_at        timestamptz,
  errored_at          timestamptz
);
CREATE INDEX design_duplication_requests_workspace ON design_duplication_requests (workspace_id, created_at);
CREATE INDEX design_duplication_requests_created ON design_duplication_requests (created_at);
