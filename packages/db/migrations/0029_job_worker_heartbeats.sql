-- Worker heartbeats (ADR 0034): every process that runs jobs has a row here and refreshes
-- heartbeat_at every few seconds; each job it runs has a claim naming it. A worker whose heartbeat
-- stopped is gone (killed, crashed, cut off): another worker, or the same one restarted, fails the
-- jobs it claimed, so pg-boss retries them at once instead of after their expiry (up to 15 minutes).
-- Written through raw SQL beside pg-boss's own tables, like socket_io_attachments.
CREATE TABLE IF NOT EXISTS job_workers (
  id uuid PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS job_workers_heartbeat_at_idx ON job_workers (heartbeat_at);
--> statement-breakpoint
-- One row per pg-boss job run in progress; claimed_at is compared with the job's started_on so a
-- claim never fails a later run of the same job (pg-boss retries keep the job id).
CREATE TABLE IF NOT EXISTS job_claims (
  job_id uuid PRIMARY KEY,
  job_name text NOT NULL,
  worker_id uuid NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS job_claims_worker_id_idx ON job_claims (worker_id);
