-- Failure clusters (docs/product.md "Failure clusters"): a failed job's cluster key, the hash of
-- its normalised error (src/domain/failure-clusters.ts), written by the upgrade monitor with the
-- job's message, so an upgrade's clusters are an aggregate over this index rather than a pattern
-- match over every message at read time. The normalisation is TypeScript, so jobs that failed
-- before this migration (or through a path that writes no key) get theirs the first time their
-- upgrade's or package's clusters are read, found through the second, partial index.
ALTER TABLE upgrade_job ADD COLUMN failure_key text;
CREATE INDEX upgrade_job_failure_idx ON upgrade_job (upgrade_id, failure_key, org_id)
  WHERE status = 'Failed';
CREATE INDEX upgrade_job_failure_unkeyed_idx ON upgrade_job (upgrade_id)
  WHERE status = 'Failed' AND failure_key IS NULL;
