-- An activation in flight: written (with who asked) before Pushboard asks Salesforce to start a
-- push request, cleared with the outcome. A process killed in between leaves it set, and the
-- upgrade monitor then reads what Salesforce did with the request and records it, so a request
-- Salesforce is pushing never shows as Created.
ALTER TABLE upgrade_item ADD COLUMN activation_requested_at timestamptz;
ALTER TABLE upgrade_item ADD COLUMN activation_requested_by text;
CREATE INDEX upgrade_item_activation_requested_idx ON upgrade_item (id)
  WHERE activation_requested_at IS NOT NULL;
