-- Indexes of the list screens (measured: bench/lists, 100 000 orgs and 1 000 000 licenses).
--
-- The first page of a list in its default order is read from an index in that order, the unique
-- key included so that the tie-break needs no sort: licenses newest first, orgs newest first.
CREATE INDEX license_list_modified_idx ON license (modified_date DESC NULLS LAST, sfid);
DROP INDEX org_modified_idx;
CREATE INDEX org_list_modified_idx ON org (modified_date DESC NULLS LAST, org_id);
-- Orgs by name: the org lists, a package's customers and a group's members sorted by name.
CREATE INDEX org_list_name_idx ON org (name, org_id);
-- Licenses of the accounts an Account filter matches (through account_name_trgm_idx), answered
-- from the index alone.
CREATE INDEX license_account_idx ON license (account_id) INCLUDE (sfid);
