-- The orgs each upgrade request is meant to reach, written with the upgrade in one transaction
-- before anything is created in Salesforce. Scheduling (and its resume after a crash) creates a
-- PackagePushJob only for a planned org that has none in Salesforce yet, so the plan is the intent
-- and upgrade_job stays "what Salesforce accepted or refused".
CREATE TABLE upgrade_item_plan (
  item_id             bigint NOT NULL REFERENCES upgrade_item (id) ON DELETE CASCADE,
  org_id              sf_org_id NOT NULL,
  original_version_id sf_id,
  PRIMARY KEY (item_id, org_id)
);
