-- Every object a part stored beside its main one (the soundtrack plan and sources stored with the
-- first range of an MP4, the fallback JPEG of an HTML5 banner): removed with the part, when the
-- file is stored or by the retention job when it never completes, so none is left behind.
ALTER TABLE animation_parts ADD COLUMN other_keys text[] NOT NULL DEFAULT '{}';
