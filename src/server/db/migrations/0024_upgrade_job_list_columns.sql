-- An upgrade's Jobs tab sorts and filters on what other records say about each job's org: its
-- name, instance (and through it environment and location), account name, and the version of
-- the request's package it runs now. Read through joins, every such page joined all of an
-- upgrade's 30 000 jobs to org and org_package_version (80–470 ms at the `scale` size). Kept on
-- the job row by triggers, whoever writes, they are read from indexes on (upgrade, column, job)
-- like the job's own columns (docs/architecture.md "How a page is read").
ALTER TABLE upgrade_job
  ADD COLUMN org_name text,
  ADD COLUMN org_instance text,
  ADD COLUMN org_account_name text,
  ADD COLUMN current_version_id sf_id;

UPDATE upgrade_job j
   SET org_name = o.name, org_instance = o.instance, org_account_name = o.account_name
  FROM org o WHERE o.org_id = j.org_id;
UPDATE upgrade_job j SET current_version_id = cpv.version_id
  FROM upgrade_item i, org_package_version cpv
 WHERE i.id = j.item_id AND cpv.org_id = j.org_id AND cpv.package_id = i.package_id;

-- A new job takes its org's values as they are (an org not stored yet leaves them empty).
CREATE FUNCTION upgrade_job_take_org() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.name, o.instance, o.account_name
    INTO NEW.org_name, NEW.org_instance, NEW.org_account_name
    FROM org o WHERE o.org_id = NEW.org_id;
  NEW.current_version_id := (
    SELECT cpv.version_id FROM upgrade_item i
      JOIN org_package_version cpv ON cpv.org_id = NEW.org_id AND cpv.package_id = i.package_id
     WHERE i.id = NEW.item_id);
  RETURN NEW;
END $$;
CREATE TRIGGER upgrade_job_take_org BEFORE INSERT ON upgrade_job
  FOR EACH ROW EXECUTE FUNCTION upgrade_job_take_org();

-- An org written (a fetch, a rename, a move to another instance, its account renamed through
-- migration 0012's triggers) passes its values on to its jobs; a deleted org empties them.
CREATE FUNCTION org_values_to_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE upgrade_job j
     SET org_name = w.name, org_instance = w.instance, org_account_name = w.account_name
    FROM written_orgs w
   WHERE j.org_id = w.org_id
     AND (j.org_name, j.org_instance, j.org_account_name)
         IS DISTINCT FROM (w.name, w.instance, w.account_name);
  RETURN NULL;
END $$;
CREATE TRIGGER org_inserted_to_jobs AFTER INSERT ON org
  REFERENCING NEW TABLE AS written_orgs
  FOR EACH STATEMENT EXECUTE FUNCTION org_values_to_jobs();
CREATE TRIGGER org_updated_to_jobs AFTER UPDATE ON org
  REFERENCING NEW TABLE AS written_orgs
  FOR EACH STATEMENT EXECUTE FUNCTION org_values_to_jobs();

CREATE FUNCTION org_removed_from_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE upgrade_job j SET org_name = NULL, org_instance = NULL, org_account_name = NULL
    FROM removed_orgs r
   WHERE j.org_id = r.org_id
     AND (j.org_name IS NOT NULL OR j.org_instance IS NOT NULL OR j.org_account_name IS NOT NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER org_removed_from_jobs AFTER DELETE ON org
  REFERENCING OLD TABLE AS removed_orgs
  FOR EACH STATEMENT EXECUTE FUNCTION org_removed_from_jobs();

-- The version an org runs of a package (a fetch, a succeeded push) is its jobs' current version
-- for that package; a row removed leaves them without one.
CREATE FUNCTION installed_versions_to_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE upgrade_job j SET current_version_id = w.version_id
    FROM written_versions w, upgrade_item i
   WHERE i.package_id = w.package_id AND j.item_id = i.id AND j.org_id = w.org_id
     AND j.current_version_id IS DISTINCT FROM w.version_id;
  RETURN NULL;
END $$;
CREATE TRIGGER installed_versions_inserted_to_jobs AFTER INSERT ON org_package_version
  REFERENCING NEW TABLE AS written_versions
  FOR EACH STATEMENT EXECUTE FUNCTION installed_versions_to_jobs();
CREATE TRIGGER installed_versions_updated_to_jobs AFTER UPDATE ON org_package_version
  REFERENCING NEW TABLE AS written_versions
  FOR EACH STATEMENT EXECUTE FUNCTION installed_versions_to_jobs();

CREATE FUNCTION installed_versions_removed_from_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE upgrade_job j SET current_version_id = NULL
    FROM removed_versions r, upgrade_item i
   WHERE i.package_id = r.package_id AND j.item_id = i.id AND j.org_id = r.org_id
     AND j.current_version_id IS NOT NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER installed_versions_removed_from_jobs AFTER DELETE ON org_package_version
  REFERENCING OLD TABLE AS removed_versions
  FOR EACH STATEMENT EXECUTE FUNCTION installed_versions_removed_from_jobs();

-- Each column both ways from one index within an upgrade (ties by job id); the distinct
-- instances and versions the grouped sorts read are found by skipping through the last three.
CREATE INDEX upgrade_job_list_org_name_idx ON upgrade_job (upgrade_id, org_name, id);
CREATE INDEX upgrade_job_list_instance_idx ON upgrade_job (upgrade_id, org_instance, id);
CREATE INDEX upgrade_job_list_account_idx ON upgrade_job (upgrade_id, org_account_name, id);
CREATE INDEX upgrade_job_list_current_idx ON upgrade_job (upgrade_id, current_version_id, id);
CREATE INDEX upgrade_job_list_original_idx ON upgrade_job (upgrade_id, original_version_id, id);
CREATE INDEX upgrade_job_instance_idx ON upgrade_job (org_instance);
CREATE INDEX upgrade_job_current_version_idx ON upgrade_job (current_version_id);
CREATE INDEX upgrade_job_original_version_idx ON upgrade_job (original_version_id);
