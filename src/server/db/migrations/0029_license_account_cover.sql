-- Licenses are read one account at a time (sorted by account name, or filtered on accounts
-- through their keys: license-source.ts), and each license read must then be tested against the
-- list's other filters or sorted by its license org. With the keys and the status in the index,
-- those reads no longer visit the table, one random read per license: by account with "version
-- starts with 2.2", page 40, walked 19 400 licenses (64 -> 16 ms); by license org with "account
-- contains mst", page 40, collected 19 400 (79 -> 31 ms; bench/lists, a million licenses).
DROP INDEX license_account_idx;
CREATE INDEX license_account_idx ON license (account_id, sfid)
  INCLUDE (source_org_id, package_id, version_id, status);
