-- Worker liveness. graphile-worker leaves a SIGKILLed worker's jobs locked for hours; every
-- worker process beats here and any live process force-unlocks the jobs of a silent one.
CREATE TABLE worker_heartbeats (
  worker_id   text PRIMARY KEY,
  role        text NOT NULL,
  host        text NOT NULL,
  pid         integer NOT NULL,
  started_at  timestamptz NOT NULL DEFAULT now(),
  last_seen   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX worker_heartbeats_last_seen ON worker_heartbeats (last_seen);
