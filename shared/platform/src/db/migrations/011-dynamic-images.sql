-- Dynamic images (docs/dynamic-images.md): one per design, whose formats are served as public,
-- cached image URLs. The rendered variants live in the object store, keyed by content; only the
-- settings and the counters are here.
CREATE TABLE dynamic_images (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id            uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  design_id               uuid NOT NULL UNIQUE REFERENCES designs (id) ON DELETE CASCADE,
  -- 5 generations per visitor (hash of IP and User-Agent) per 24 hours; cache hits do not count.
  enable_rate_limit       boolean NOT NULL DEFAULT false,
  -- false (test mode): variants saved as Banners, 10 requests per second per image.
  enable_production_mode  boolean NOT NULL DEFAULT false,
  -- Pressroom extension: the public URL must carry an HMAC of its query (`s`).
  require_signed_urls     boolean NOT NULL DEFAULT false,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dynamic_images_workspace ON dynamic_images (workspace_id);

-- Fixed windows aligned to the clock, like rate_limit_counters, so several control planes agree.
-- bucket: 'image' (test-mode throttle, 1-second windows) or 'visitor:<sha256 hex>' (24-hour
-- windows); the visitor's IP and User-Agent are never stored, only their hash.
CREATE UNLOGGED TABLE dynamic_image_counters (
  dynamic_image_id  uuid NOT NULL,
  bucket            text NOT NULL,
  window_start      timestamptz NOT NULL,
  count             integer NOT NULL,
  PRIMARY KEY (dynamic_image_id, bucket, window_start)
);
CREATE INDEX dynamic_image_counters_window ON dynamic_image_counters (window_start);
