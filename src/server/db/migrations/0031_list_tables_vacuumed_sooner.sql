-- Lists read orgs and installed versions through index-only scans (a version's customers with an
-- org filter are counted by joining two indexes: the version's installs and the orgs' status
-- index), which visit the table too for every page the visibility map does not mark all-visible.
-- Autovacuum marks them, but by default only once a fifth of the table has changed: adding
-- 20 000 of 100 000 orgs to a group (each member's group names rewritten) stayed just under that,
-- and from then on such a count fetched 39 000 org rows from the table (59 ms, against 36 ms once
-- vacuumed). Here a fiftieth will do: 2 000 orgs, 16 000 installs at the `scale` size.
ALTER TABLE org SET (autovacuum_vacuum_scale_factor = 0.02);
ALTER TABLE org_package_version SET (autovacuum_vacuum_scale_factor = 0.02);
