-- Salesforce's planned maintenance windows per instance, from the Trust API's maintenance list
-- (docs/product.md "Maintenance windows"). The fetch replaces the rows each time it reads the
-- list: a window Salesforce cancelled or moved leaves no trace here.
CREATE TABLE instance_maintenance (
  maintenance_id   text NOT NULL,
  instance_key     text NOT NULL,
  name             text,
  -- Trust API's message.maintenanceType ('release', 'systemMaintenance', …) and availability.
  maintenance_type text,
  availability     text,
  planned_start    timestamptz NOT NULL,
  planned_end      timestamptz NOT NULL,
  PRIMARY KEY (maintenance_id, instance_key),
  CHECK (planned_end >= planned_start)
);
CREATE INDEX instance_maintenance_window_idx
  ON instance_maintenance (instance_key, planned_end, planned_start);
