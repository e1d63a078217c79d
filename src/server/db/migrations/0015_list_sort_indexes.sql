-- Every sortable column of the big lists is read in its order from an index on (column, unique
-- key), whichever the direction: the tie-break follows the direction, so one index walked
-- forwards or backwards serves both, and the last page is read from the other end as fast as the
-- first (docs/architecture.md "Lists declared as data"). Measured by bench/lists.ts at 100 000 orgs and
-- 1 000 000 licenses.

-- Licenses: the columns on the license row.
DROP INDEX license_list_modified_idx;
CREATE INDEX license_list_modified_idx ON license (modified_date, sfid);
CREATE INDEX license_list_name_idx ON license (name, sfid);
CREATE INDEX license_list_status_idx ON license (status, sfid);
CREATE INDEX license_list_install_idx ON license (install_date, sfid);
CREATE INDEX license_list_expiration_idx ON license (expiration, sfid);
-- Sorting by package, version or license org reads one key at a time (its distinct values found
-- by skipping through the same index), each key's licenses in unique-key order.
DROP INDEX license_package_idx;
CREATE INDEX license_package_idx ON license (package_id, sfid);
DROP INDEX license_version_idx;
CREATE INDEX license_version_idx ON license (version_id, sfid);
CREATE INDEX license_source_idx ON license (source_org_id, sfid);
-- "Name contains …" (license names are numbers: L-0001234).
CREATE INDEX license_name_trgm_idx ON license USING gin (lower(name) gin_trgm_ops);

-- Orgs: the same, both directions from one index each.
DROP INDEX org_list_modified_idx;
CREATE INDEX org_list_modified_idx ON org (modified_date, org_id);
DROP INDEX org_list_account_desc_idx;
DROP INDEX org_instance_idx;
CREATE INDEX org_list_instance_idx ON org (instance, org_id);
DROP INDEX org_status_idx;
CREATE INDEX org_list_status_idx ON org (status, org_id);
CREATE INDEX org_list_edition_idx ON org (edition, org_id);
CREATE INDEX org_list_type_idx ON org (type, org_id);

-- A page read in sort order is appended from two branches (the rows with a value in the first
-- sort column, then those without); a Parallel Append would interleave them. A statement that
-- calls a PARALLEL UNSAFE function is never planned in parallel, and this one costs nothing: it
-- is inlined to TRUE after that check.
CREATE FUNCTION list_rows_in_order() RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL UNSAFE
  AS 'SELECT true';

-- "Contains" filters on the text columns of the big tables: a trigram index answers the count and
-- the filter-first read of a rare word without reading the table. (The columns of the small
-- joined tables — package, version, connected org, instance — need none.) ANALYZE also keeps
-- statistics on these lower(…) expressions, which is what lets the planner tell a filter that
-- matches 3 % of the rows from one that matches 50 %, and choose between walking the sort's
-- index and collecting the matches.
CREATE INDEX license_status_trgm_idx ON license USING gin (lower(status) gin_trgm_ops);
CREATE INDEX org_id_trgm_idx ON org USING gin (lower(org_id::text) gin_trgm_ops);
CREATE INDEX org_instance_trgm_idx ON org USING gin (lower(instance) gin_trgm_ops);
CREATE INDEX org_edition_trgm_idx ON org USING gin (lower(edition) gin_trgm_ops);
CREATE INDEX org_status_trgm_idx ON org USING gin (lower(status) gin_trgm_ops);
CREATE INDEX org_type_trgm_idx ON org USING gin (lower(type) gin_trgm_ops);
