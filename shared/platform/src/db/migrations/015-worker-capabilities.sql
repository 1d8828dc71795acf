-- What each worker process can do, written with its heartbeat: the AI operations it has a model or
-- a provider for ({"v":1,"ai":{...}}; shared/model/src/worker/capabilities.ts). NULL: the worker
-- advertises nothing (a media worker, or one that predates this column). GET /capabilities reads it.
ALTER TABLE worker_heartbeats ADD COLUMN capabilities jsonb;
