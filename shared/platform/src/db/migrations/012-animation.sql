-- Animated generation: the parts of one animated file that are already made (frame ranges of a
-- video, the page and fallback image of an HTML5 banner), so a retry redraws none of them and the
-- last part to arrive enqueues the encode exactly when all are there. Rows and their objects are
-- removed once the file is stored, or by the retention job when the file never completes.
CREATE TABLE animation_parts (
  banner_id    uuid NOT NULL,
  part         integer NOT NULL CHECK (part >= 0),
  parts        integer NOT NULL CHECK (parts > 0),
  storage_key  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (banner_id, part)
);
CREATE INDEX animation_parts_age ON animation_parts (created_at);

