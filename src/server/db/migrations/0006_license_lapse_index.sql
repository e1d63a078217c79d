-- Fetch latest data (every few minutes) derives the orgs whose Active or Trial license expired
-- since the last derivation, by the calendar alone. Without an index that search walked every
-- license (1.2 s per million on PostgreSQL, more on PGlite); this partial index answers it from
-- the few licenses expiring in that window. A full fetch's bulk load rebuilds it in one sort.
CREATE INDEX license_lapse_idx ON license (expiration) WHERE status IN ('Active', 'Trial');
