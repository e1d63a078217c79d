-- Every sortable column of the big lists is read in its order from an index on (column, unique
-- key), whichever the direction: the tie-break follows the direction, so one index walked
-- forwards or backwards serves both, and the last page is read from the other end as fast as the
-- first (docs/architecture.md "How a page is read"). Measured by bench/lists.ts at 100 000 orgs and
-- 1 000 000 licenses.

-- Licenses: the columns on the license row.
DROP INDEX license_list_modified_idx;
CREATE INDEX license_list_modified_idx ON license (modified_date, sfid);
CREATE INDEX license_list_name_idx ON license (name, sfid);
CREATE INDEX license_list_status_idx ON license (status, sfid);
CREATE INDEX license_list_install_idx ON license (install_date, sfid);
CREATE INDEX license_list_expiration_idx ON license (expiration, sfid);
-- The licenses of one status (a filter on Status is decided on its few values, few-values.ts) in
-- the order of the columns most read that way: last modified (the default order), expiration
-- (renewals) and install date. Other orders walk their own index and test the status.
CREATE INDEX license_status_modified_idx ON license (status, modified_date, sfid);
CREATE INDEX license_status_expiration_idx ON license (status, expiration, sfid);
CREATE INDEX license_status_install_idx ON license (status, install_date, sfid);
-- Sorting by package, version or license org reads one key at a time (its distinct values found
-- by skipping through the same index), each key's licenses in unique-key order.
DROP INDEX license_package_idx;
CREATE INDEX license_package_idx ON license (package_id, sfid);
DROP INDEX license_version_idx;
CREATE INDEX license_version_idx ON license (version_id, sfid);
CREATE INDEX license_source_idx ON license (source_org_id, sfid);
-- By package, then version: one version of one package at a time.
CREATE INDEX license_package_version_idx ON license (package_id, version_id, sfid);
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

-- Licenses sorted by account name are read one account at a time, accounts in name order
-- (license-source.ts). A license can name an account that is not stored (yet: a full fetch
-- writes licenses before accounts; or ever: Salesforce no longer has it); such licenses sort
-- with the empty names, and finding them by comparing every license with the accounts would cost
-- each last page a read of the whole table. So the ids of accounts licenses name but that are
-- not stored are kept here, by triggers, whoever writes: a superset (an id stays after its last
-- license moves on), read only for ids the account table does not have.
DROP INDEX license_account_idx;
CREATE INDEX license_account_idx ON license (account_id, sfid);
CREATE INDEX account_list_name_idx ON account (account_name, account_id);

CREATE TABLE license_account_unknown (account_id sf_id PRIMARY KEY);
INSERT INTO license_account_unknown
  SELECT DISTINCT l.account_id FROM license l
  WHERE l.account_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM account a WHERE a.account_id = l.account_id);

CREATE FUNCTION license_accounts_noted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO license_account_unknown (account_id)
    SELECT DISTINCT w.account_id FROM written_licenses w
    WHERE w.account_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM account a WHERE a.account_id = w.account_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER license_accounts_inserted AFTER INSERT ON license
  REFERENCING NEW TABLE AS written_licenses
  FOR EACH STATEMENT EXECUTE FUNCTION license_accounts_noted();
CREATE TRIGGER license_accounts_updated AFTER UPDATE ON license
  REFERENCING NEW TABLE AS written_licenses
  FOR EACH STATEMENT EXECUTE FUNCTION license_accounts_noted();

CREATE FUNCTION license_accounts_stored() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM license_account_unknown u USING stored_accounts s WHERE u.account_id = s.account_id;
  RETURN NULL;
END $$;
CREATE TRIGGER license_accounts_stored AFTER INSERT ON account
  REFERENCING NEW TABLE AS stored_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION license_accounts_stored();

CREATE FUNCTION license_accounts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO license_account_unknown (account_id)
    SELECT r.account_id FROM removed_accounts r
    WHERE EXISTS (SELECT 1 FROM license l WHERE l.account_id = r.account_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER license_accounts_removed AFTER DELETE ON account
  REFERENCING OLD TABLE AS removed_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION license_accounts_removed();

-- A package's or version's customers: one version at a time, or by license status or install
-- date within the package.
DROP INDEX org_package_version_version_idx;
CREATE INDEX org_package_version_version_idx ON org_package_version (version_id, org_id);
CREATE INDEX org_package_version_package_version_idx
  ON org_package_version (package_id, version_id, org_id);
DROP INDEX org_package_version_package_idx;
CREATE INDEX org_package_version_package_idx
  ON org_package_version (package_id, license_status, org_id);
CREATE INDEX org_package_version_installed_idx
  ON org_package_version (package_id, install_date, org_id);

-- An upgrade's jobs (tens of thousands per upgrade, millions over the years).
CREATE INDEX upgrade_job_list_status_idx ON upgrade_job (upgrade_id, status, id);
CREATE INDEX upgrade_job_list_start_idx ON upgrade_job (upgrade_id, start_time, id);
CREATE INDEX upgrade_job_list_end_idx ON upgrade_job (upgrade_id, end_time, id);
CREATE INDEX upgrade_job_list_duration_idx ON upgrade_job (upgrade_id, duration, id);

-- The audit log: each sortable column, the Target column's expression as audit-source.ts writes it.
DROP INDEX audit_log_at_idx;
CREATE INDEX audit_log_at_idx ON audit_log (at, id);
CREATE INDEX audit_log_list_actor_idx ON audit_log (actor, id);
CREATE INDEX audit_log_list_action_idx ON audit_log (action, id);
CREATE INDEX audit_log_list_outcome_idx ON audit_log (outcome, id);
CREATE INDEX audit_log_list_target_idx ON audit_log
  ((target_type || coalesce(' ' || nullif(trim(target_id), ''), '')), id);
-- The Details column as audit-source.ts shows it ('key=value, …'), as a function so that an index
-- can hold it; with the Target column, "contains" on them reads a trigram index, not every row.
CREATE FUNCTION audit_details_text(details jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce((SELECT string_agg(e.key || '=' || e.value, ', ' ORDER BY e.key)
    FROM jsonb_each_text(CASE WHEN jsonb_typeof(details) = 'object' THEN details
                              ELSE '{}'::jsonb END) e), '') $$;
CREATE INDEX audit_log_details_trgm_idx ON audit_log
  USING gin (lower(audit_details_text(details)) gin_trgm_ops);
CREATE INDEX audit_log_target_trgm_idx ON audit_log
  USING gin (lower(target_type || coalesce(' ' || nullif(trim(target_id), ''), '')) gin_trgm_ops);

-- An org's group names ('Canary, Pilot'), kept on the org row: the Groups column sorts and
-- filters through an index instead of building every org's names. Triggers keep it whoever
-- changes a membership or renames a group (a removed group's memberships go by cascade).
ALTER TABLE org ADD COLUMN group_names text;
CREATE FUNCTION org_group_names(org sf_org_id) RETURNS text LANGUAGE sql STABLE
  AS $$ SELECT string_agg(g.name, ', ' ORDER BY g.name)
    FROM org_group_member gm JOIN org_group g ON g.id = gm.org_group_id WHERE gm.org_id = org $$;
UPDATE org o SET group_names = org_group_names(o.org_id)
  WHERE EXISTS (SELECT 1 FROM org_group_member gm WHERE gm.org_id = o.org_id);

CREATE FUNCTION org_group_names_of_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE org o SET group_names = org_group_names(o.org_id)
    WHERE o.org_id IN (SELECT c.org_id FROM changed_members c);
  RETURN NULL;
END $$;
CREATE TRIGGER org_group_members_added AFTER INSERT ON org_group_member
  REFERENCING NEW TABLE AS changed_members
  FOR EACH STATEMENT EXECUTE FUNCTION org_group_names_of_members();
CREATE TRIGGER org_group_members_removed AFTER DELETE ON org_group_member
  REFERENCING OLD TABLE AS changed_members
  FOR EACH STATEMENT EXECUTE FUNCTION org_group_names_of_members();

CREATE FUNCTION org_group_names_of_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE org o SET group_names = org_group_names(o.org_id)
    WHERE o.org_id IN (SELECT gm.org_id FROM org_group_member gm
                       JOIN renamed_groups r ON r.id = gm.org_group_id);
  RETURN NULL;
END $$;
CREATE TRIGGER org_group_renamed AFTER UPDATE ON org_group
  REFERENCING NEW TABLE AS renamed_groups
  FOR EACH STATEMENT EXECUTE FUNCTION org_group_names_of_groups();

CREATE INDEX org_list_groups_idx ON org (group_names, org_id);
CREATE INDEX org_group_names_trgm_idx ON org USING gin (lower(group_names) gin_trgm_ops);

-- A page read in sort order is appended from two branches (the rows with a value in the first
-- sort column, then those without); a Parallel Append would interleave them. A statement that
-- calls a PARALLEL UNSAFE function is never planned in parallel, and this one costs nothing: it
-- is inlined to TRUE after that check.
CREATE FUNCTION list_rows_in_order() RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL UNSAFE
  AS 'SELECT true';

-- "Contains" filters on the text columns of the big tables with many distinct values: a trigram
-- index answers the count and the filter-first read of a rare word without reading the table.
-- (Columns with few values — statuses, editions, instances — are filtered on their distinct
-- values instead, few-values.ts; the small joined tables need nothing.) ANALYZE also keeps
-- statistics on these lower(…) expressions, which tell the planner a filter that matches 3 % of
-- the rows from one that matches 50 %.
CREATE INDEX org_id_trgm_idx ON org USING gin (lower(org_id::text) gin_trgm_ops);
