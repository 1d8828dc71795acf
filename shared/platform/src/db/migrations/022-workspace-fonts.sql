-- Brand fonts a workspace uploads (docs/fonts.md, "Uploaded fonts"). A family groups files of one
-- name; each file is one face (weight and style), stored once per workspace by its content hash.
CREATE TABLE workspace_fonts (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  workspace_id     uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name             text NOT NULL,
  -- normaliseFontName(name): "Open Sans", "open-sans" and "OpenSans" are one family.
  name_key         text NOT NULL,
  category         text NOT NULL CHECK (category IN ('serif', 'sans-serif', 'display', 'handwriting', 'monospace')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (workspace_id, name_key)
);

CREATE TABLE workspace_font_files (
  font_id          uuid NOT NULL REFERENCES workspace_fonts (id) ON DELETE CASCADE,
  workspace_id     uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  -- SHA-256 of the bytes as uploaded: the object key, the workers' disk cache key, the dedup key.
  sha256           text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  format           text NOT NULL CHECK (format IN ('ttf', 'otf', 'woff', 'woff2')),
  weight           int NOT NULL CHECK (weight BETWEEN 100 AND 900 AND weight % 100 = 0),
  style            text NOT NULL CHECK (style IN ('normal', 'italic')),
  -- CSS unicode-range of the code points the file draws (from its cmap).
  unicode_range    text NOT NULL,
  byte_size        int NOT NULL,
  storage_key      text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, sha256)
);
CREATE INDEX workspace_font_files_font ON workspace_font_files (font_id);
