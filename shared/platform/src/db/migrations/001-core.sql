-- Workspaces, their API keys, projects, credits and the shared rate-limit counters.
CREATE TABLE workspaces (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL,
  plan        text NOT NULL DEFAULT 'pro' CHECK (plan IN ('pro', 'basic', 'no-api')),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Keys are stored as SHA-256 digests; the plaintext is shown once, at creation.
CREATE TABLE api_keys (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  key_hash      bytea NOT NULL UNIQUE,
  key_prefix    text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz
);
CREATE INDEX api_keys_workspace ON api_keys (workspace_id);

CREATE TABLE projects (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  deleted_at    timestamptz
);
CREATE UNIQUE INDEX projects_unique_name ON projects (workspace_id, name) WHERE deleted_at IS NULL;

-- One row per workspace and credit kind. `granted` is the plan allowance of the period,
-- `extra` the top-up on top of it; spending draws the allowance first.
CREATE TABLE credit_balances (
  workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('generation', 'ai')),
  granted       bigint NOT NULL DEFAULT 0 CHECK (granted >= 0),
  consumed      bigint NOT NULL DEFAULT 0 CHECK (consumed >= 0),
  extra         bigint NOT NULL DEFAULT 0 CHECK (extra >= 0),
  PRIMARY KEY (workspace_id, kind)
);

CREATE TABLE credit_ledger (
  id            bigserial PRIMARY KEY,
  workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  kind          text NOT NULL,
  amount        bigint NOT NULL,
  reason        text NOT NULL,
  reference     text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_workspace ON credit_ledger (workspace_id, created_at);

-- Fixed, clock-aligned windows. One upsert increments and returns the count atomically, so any
-- number of control-plane instances share one budget.
CREATE UNLOGGED TABLE rate_limit_counters (
  workspace_id  uuid NOT NULL,
  bucket        text NOT NULL,
  window_start  timestamptz NOT NULL,
  count         integer NOT NULL,
  PRIMARY KEY (workspace_id, bucket, window_start)
);
CREATE INDEX rate_limit_counters_window ON rate_limit_counters (window_start);
