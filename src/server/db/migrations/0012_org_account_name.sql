-- An org's account name, kept on the org row. Read through a join, sorting 100 000 orgs by it
-- joined and sorted every org on each page (60-100 ms, the slowest list read at that size); on
-- the row, the page is an index walk. Triggers keep it, so every writer of an org's account or an
-- account's name (fetch, upload, import, tests) keeps it right without knowing about it. (An org
-- can only name a stored account, and a removed account's orgs lose it through the foreign key's
-- SET NULL, which the org trigger sees as a change of account.)
ALTER TABLE org ADD COLUMN account_name text;
UPDATE org o SET account_name = a.account_name FROM account a WHERE a.account_id = o.account_id;

CREATE FUNCTION org_take_account_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.account_name := (SELECT a.account_name FROM account a WHERE a.account_id = NEW.account_id);
  RETURN NEW;
END $$;
CREATE TRIGGER org_take_account_name BEFORE INSERT OR UPDATE OF account_id, account_name ON org
  FOR EACH ROW EXECUTE FUNCTION org_take_account_name();

-- Statement-level with the changed rows as a table: a fetch writes accounts a page at a time.
CREATE FUNCTION account_names_to_orgs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE org o SET account_name = c.account_name FROM changed_accounts c
   WHERE o.account_id = c.account_id AND o.account_name IS DISTINCT FROM c.account_name;
  RETURN NULL;
END $$;
CREATE TRIGGER account_names_to_orgs AFTER UPDATE ON account
  REFERENCING NEW TABLE AS changed_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION account_names_to_orgs();

-- Sorting either way (the tie-break on org_id always ascends) and "contains" filters.
CREATE INDEX org_list_account_idx ON org (account_name, org_id);
CREATE INDEX org_list_account_desc_idx ON org (account_name DESC NULLS LAST, org_id);
CREATE INDEX org_account_name_trgm_idx ON org USING gin (lower(account_name) gin_trgm_ops);
