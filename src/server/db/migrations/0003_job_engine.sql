-- The job engine (docs/architecture.md "Background jobs"): which process runs a job and when it
-- last proved it was alive, so a job whose process died is failed instead of shown running forever;
-- and the last time slot each schedule fired, so a schedule fires once across all processes.
ALTER TABLE admin_job ADD COLUMN worker_id text;
ALTER TABLE admin_job ADD COLUMN heartbeat_at timestamptz;
CREATE INDEX admin_job_finished_idx ON admin_job (end_time DESC)
  WHERE status IN ('Complete', 'Failed', 'Cancelled');

CREATE TABLE job_schedule (
  key        text PRIMARY KEY,
  last_slot  bigint NOT NULL,
  fired_at   timestamptz NOT NULL DEFAULT now()
);
