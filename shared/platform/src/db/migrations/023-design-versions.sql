-- Design versions (PUT /designs/<id>/document, docs/designs-api.md "Versions"). `designs.version`
-- is the number of the design's current document; it bumps on every change of the content (the
-- document PUT, a restore) and on deletion, so warm pages and dynamic-image variants keyed on
-- (design id, version) are never served for a document the design no longer has.
ALTER TABLE designs ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);

-- Every document a design has had, the current one included, numbered from 1 (the import).
-- Rows are never changed; a restore adds a new row that copies an older one's document.
CREATE TABLE design_versions (
  design_id      uuid NOT NULL REFERENCES designs (id) ON DELETE CASCADE,
  number         integer NOT NULL CHECK (number >= 1),
  -- The stored document (shared/model design), assets as stored (`storage:<key>`).
  document       jsonb NOT NULL,
  -- What made it: the import (or a template's duplication), a document PUT, or a restore.
  made_by        text NOT NULL CHECK (made_by IN ('import', 'duplicate', 'put', 'restore')),
  -- The version a restore copied.
  restored_from  integer,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (design_id, number),
  CHECK ((made_by = 'restore') = (restored_from IS NOT NULL))
);

-- The designs that exist already start with their current document as version 1.
INSERT INTO design_versions (design_id, number, document, made_by, created_at)
SELECT id, 1, document, 'import', created_at FROM designs WHERE status <> 'DELETED';
