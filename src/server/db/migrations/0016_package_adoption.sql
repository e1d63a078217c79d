-- Adoption of each package (docs/architecture.md "Adoption counts"): how many orgs run each
-- version, by environment, edition and instance location. Counting every install on each read
-- costs 0.6 s at 100 000 orgs (825 000 installs); counted once at the end of every fetch, the home
-- page and a package's adoption read a few hundred rows instead.
CREATE TABLE package_adoption (
  package_id  sf_id NOT NULL REFERENCES package (sfid) ON DELETE CASCADE,
  version_id  sf_id NOT NULL,
  -- '' for an org whose instance, edition or location is not known (a key cannot hold NULL).
  environment text NOT NULL,
  edition     text NOT NULL,
  location    text NOT NULL,
  org_count   integer NOT NULL CHECK (org_count > 0),
  counted_at  timestamptz NOT NULL,
  PRIMARY KEY (package_id, version_id, environment, edition, location)
);

-- Version counts over time: one row per package, version and UTC day, written by every fetch of
-- that day (the last one wins), so a chart of the last 90 days reads at most 90 rows per version.
CREATE TABLE package_version_daily (
  package_id sf_id NOT NULL REFERENCES package (sfid) ON DELETE CASCADE,
  day        date NOT NULL,
  version_id sf_id NOT NULL,
  org_count  integer NOT NULL,
  PRIMARY KEY (package_id, day, version_id)
);

-- The home page's failures of the last 24 hours: only failed jobs, by the time they ended.
CREATE INDEX upgrade_job_failed_end_idx ON upgrade_job (end_time, upgrade_id) WHERE status = 'Failed';
