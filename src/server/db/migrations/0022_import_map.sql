-- What the import from the old console has written
-- (docs/operations.md "Importing from the old console"): one row per old row imported, written in
-- the same transaction as the rows it describes, so a second run imports nothing twice, an
-- interrupted run resumes where it stopped, and a hash of the old row tells what changed in the old
-- console since. Keys are text: an old row is named by its id or, where it has none, by its natural
-- key; a target by its id or by the key of a row without one (a group member is
-- '<group id>:<org id>').
CREATE TABLE import_map (
  source_table text NOT NULL,
  source_key   text NOT NULL,
  target_key   text NOT NULL,
  imported_at  timestamptz NOT NULL DEFAULT now(),
  -- SHA-256 of the old row as read (tokens left out), to report changes on the next run.
  source_hash  text NOT NULL,
  PRIMARY KEY (source_table, source_key)
);
