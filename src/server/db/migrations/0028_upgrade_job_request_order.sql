-- An upgrade's jobs sorted by package or target version are read one request at a time
-- (upgrade-sources.ts): each request's jobs in job order from this index, a page's worth and no
-- more, instead of joining every job to its request, package and version and sorting them all
-- (50-100 ms a page at 30 000 jobs; bench/lists).
CREATE INDEX upgrade_job_list_item_idx ON upgrade_job (item_id, id);
