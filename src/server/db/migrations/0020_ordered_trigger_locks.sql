-- The statement triggers of migration 0015 no longer deadlock. A fetch writes pages of licenses
-- on several connections at once, and two pages naming the same unknown accounts inserted them
-- into license_account_unknown in whatever order each page's DISTINCT produced: each waited for
-- a key the other had inserted first, and PostgreSQL broke the deadlock by failing one page
-- ("deadlock detected"). An upsert fires the insert and the update trigger in turn, so even keys
-- sorted within each trigger could still meet in opposite orders: every writer of
-- license_account_unknown now first takes one transaction-scoped advisory lock, held until its
-- commit (a page's statement commits at once). The org rows a membership change or a group
-- rename rewrites are locked in key order first.
CREATE OR REPLACE FUNCTION license_accounts_noted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('license_account_unknown'));
  INSERT INTO license_account_unknown (account_id)
    SELECT DISTINCT w.account_id FROM written_licenses w
    WHERE w.account_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM account a WHERE a.account_id = w.account_id)
    ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION license_accounts_stored() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('license_account_unknown'));
  DELETE FROM license_account_unknown u USING stored_accounts s WHERE u.account_id = s.account_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION license_accounts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('license_account_unknown'));
  INSERT INTO license_account_unknown (account_id)
    SELECT DISTINCT r.account_id FROM removed_accounts r
    WHERE EXISTS (SELECT 1 FROM license l WHERE l.account_id = r.account_id)
    ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION org_group_names_of_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM org o WHERE o.org_id IN (SELECT c.org_id FROM changed_members c)
    ORDER BY o.org_id FOR UPDATE;
  UPDATE org o SET group_names = org_group_names(o.org_id)
    WHERE o.org_id IN (SELECT c.org_id FROM changed_members c);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION org_group_names_of_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM org o
    WHERE o.org_id IN (SELECT gm.org_id FROM org_group_member gm
                       JOIN renamed_groups r ON r.id = gm.org_group_id)
    ORDER BY o.org_id FOR UPDATE;
  UPDATE org o SET group_names = org_group_names(o.org_id)
    WHERE o.org_id IN (SELECT gm.org_id FROM org_group_member gm
                       JOIN renamed_groups r ON r.id = gm.org_group_id);
  RETURN NULL;
END $$;
