-- ?strict=true on POST /designs/import/json: build-phase warnings that strict refuses
-- (text_fit_failed) fail the import instead.
ALTER TABLE design_imports ADD COLUMN strict boolean NOT NULL DEFAULT false;
