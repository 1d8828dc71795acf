-- Webhooks: the per-workspace signing secret, dashboard subscriptions, and an outbox of events
-- with one delivery per target and one row per attempt.

-- One secret per workspace. Secrets are kept in clear because the worker must HMAC with them;
-- they grant no API access (spec: Authentication 6). The previous secret lives beside its
-- expiry: both are set during an overlap and both are null otherwise.
CREATE TABLE webhook_signing_secrets (
  workspace_id         uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
  secret               text NOT NULL CHECK (secret LIKE 'whsec\_%'),
  previous_secret      text,
  previous_expires_at  timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  rotated_at           timestamptz,
  CHECK ((previous_secret IS NULL) = (previous_expires_at IS NULL))
);

-- `event_types` NULL means every event type.
CREATE TABLE webhook_subscriptions (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id         uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  url                  text NOT NULL,
  event_types          text[],
  active               boolean NOT NULL DEFAULT true,
  created_at           timestamptz NOT NULL DEFAULT now(),
  deactivated_at       timestamptz,
  deactivation_reason  text CHECK (deactivation_reason IN ('gone', 'rejected', 'unreachable', 'removed'))
);
CREATE INDEX webhook_subscriptions_workspace ON webhook_subscriptions (workspace_id) WHERE active;

-- The payload is stored once; the body is serialised from it at send time.
CREATE TABLE webhook_events (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  event_type    text NOT NULL,
  payload       jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_workspace ON webhook_events (workspace_id, created_at);

-- One delivery per (event, target). `delivery_id` is the public X-…-Delivery-Id: fixed for
-- every attempt of this row. `schedule` picks the retry gaps (export callbacks use their own).
CREATE TABLE webhook_deliveries (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  delivery_id      text NOT NULL UNIQUE CHECK (delivery_id ~ '^[0-9a-f]{64}$'),
  event_id         uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  workspace_id     uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  target_kind      text NOT NULL CHECK (target_kind IN ('subscription', 'callback')),
  subscription_id  uuid REFERENCES webhook_subscriptions (id) ON DELETE SET NULL,
  url              text NOT NULL,
  schedule         text NOT NULL DEFAULT 'standard' CHECK (schedule IN ('standard', 'export')),
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dropped', 'deactivated')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  finished_at      timestamptz,
  CHECK (target_kind = 'subscription' OR subscription_id IS NULL)
);
CREATE INDEX webhook_deliveries_workspace ON webhook_deliveries (workspace_id, created_at);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

-- One row per attempt; the unique key makes recording an attempt idempotent across a re-run.
CREATE TABLE webhook_delivery_attempts (
  delivery_row_id  uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempt          integer NOT NULL CHECK (attempt >= 1),
  attempted_at     timestamptz NOT NULL,
  status_code      integer,
  -- 'status', 'timeout', 'connection', 'refused_scheme' …; with status_code it says what happened.
  reason           text NOT NULL,
  outcome          text NOT NULL CHECK (outcome IN ('ack', 'retry', 'deactivate', 'drop')),
  duration_ms      integer NOT NULL,
  signed           boolean NOT NULL,
  manual           boolean NOT NULL DEFAULT false,
  PRIMARY KEY (delivery_row_id, attempt)
);
