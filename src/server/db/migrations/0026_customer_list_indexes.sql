-- A package's and a version's customers (measured: bench/lists at 100 000 orgs, the busiest
-- package's 75 000 customers and the most installed version's 24 000).
--
-- Sorted by an org column (edition, status, instance: one value at a time; org id), a page meets
-- the org's index in org id order with the scope's customers in the same order. A version's
-- customers have (version_id, org_id) for that; a package's had only the primary key
-- (org_id, package_id), read from its start and skipping every other package's rows: 40 ms and
-- more for page 40 of the customers by edition, 5 ms with this index.
CREATE INDEX org_package_version_package_org_idx ON org_package_version (package_id, org_id);
-- A version's customers sorted by license status or install date. A package's customers read
-- these orders from indexes on (package_id, column, org_id) (migration 0015); a version's joined
-- all of the version's customers to their orgs and sorted them (100-190 ms a page). Now a page
-- walks the version's rows in the list's order (docs/architecture.md "How a page is read"), and
-- a filter on the install date counts through the index too.
CREATE INDEX org_package_version_version_license_idx
  ON org_package_version (version_id, license_status, org_id);
CREATE INDEX org_package_version_version_installed_idx
  ON org_package_version (version_id, install_date, org_id);
-- The license statuses customers have (a handful), found by skipping through this index one
-- value at a time: the customer lists sort by license status one status at a time and decide its
-- filters on these values (org-sources.ts). Few values make it small (deduplicated entries).
CREATE INDEX org_package_version_license_idx ON org_package_version (license_status);
