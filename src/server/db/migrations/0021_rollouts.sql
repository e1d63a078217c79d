-- Staged rollouts (docs/product.md "Staged rollouts"): an upgrade scheduled with a rollout plan
-- has one request per (wave, target version), each wave's requests go out only when the gate
-- after the previous wave passes, and the waves' states are kept here so a restart neither
-- repeats nor skips a wave.

-- The plan as it was scheduled (waves, threshold, soak, seed); null for an upgrade without one.
ALTER TABLE upgrade ADD COLUMN rollout_plan jsonb;

-- The wave a request belongs to; null for an upgrade without a rollout plan.
ALTER TABLE upgrade_item ADD COLUMN wave integer CHECK (wave >= 1);
CREATE INDEX upgrade_item_wave_idx ON upgrade_item (upgrade_id, wave);

CREATE TABLE upgrade_wave (
  upgrade_id     bigint NOT NULL REFERENCES upgrade (id) ON DELETE CASCADE,
  wave           integer NOT NULL CHECK (wave >= 1),
  label          text NOT NULL,
  -- 'gate': starts by itself when the previous wave's gate passes; 'person': then waits for one.
  start_mode     text NOT NULL CHECK (start_mode IN ('gate', 'person')),
  org_count      integer NOT NULL CHECK (org_count >= 0),
  -- Waiting → Started → Passed, Started → Halted → (resumed) Started, Waiting → Skipped.
  state          text NOT NULL DEFAULT 'Waiting'
                 CHECK (state IN ('Waiting', 'Started', 'Passed', 'Halted', 'Skipped')),
  started_at     timestamptz,
  started_by     text,
  passed_at      timestamptz,
  halted_at      timestamptz,
  halt_reason    text,
  -- A person resumed a halted wave: its failure threshold no longer holds the rollout.
  resumed_at     timestamptz,
  resumed_by     text,
  resume_comment text,
  skipped_at     timestamptz,
  skipped_by     text,
  skip_comment   text,
  PRIMARY KEY (upgrade_id, wave)
);
