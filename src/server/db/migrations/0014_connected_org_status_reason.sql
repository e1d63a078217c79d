-- Why a connected org needs connecting again, shown on its row: Salesforce refused its refresh
-- token (and what Salesforce said), an operator revoked it, or its tokens can no longer be read.
-- Cleared whenever the org works again.
ALTER TABLE connected_org ADD COLUMN status_reason text;
