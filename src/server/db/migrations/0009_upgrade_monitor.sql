-- The upgrade monitor reads Salesforce incrementally: per request, the newest SystemModstamp of
-- its PackagePushJobs seen so far, so a cycle asks only for the jobs that changed since.
ALTER TABLE upgrade_item ADD COLUMN jobs_modstamp timestamptz;

-- Which requests still have running jobs: a small partial index instead of a scan of every job.
CREATE INDEX upgrade_job_running_idx ON upgrade_job (item_id) WHERE status IN ('Pending', 'InProgress');
