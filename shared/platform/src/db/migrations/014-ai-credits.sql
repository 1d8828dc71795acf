-- AI credits of a generation request: what each file's AI operations cost, spent at acceptance and
-- refunded with the file when it fails (docs/ai.md).
ALTER TABLE generation_requests
  ADD COLUMN ai_credit_per_file integer NOT NULL DEFAULT 0 CHECK (ai_credit_per_file >= 0);
