-- The Upgrade detail's Jobs tab (GET /api/upgrades/{id}/jobs) opens sorted by org id: its first
-- page is then read from this index in order, whatever the size of the other upgrades, and its
-- count is an index-only scan.
CREATE INDEX upgrade_job_upgrade_org_idx ON upgrade_job (upgrade_id, org_id, id);
