-- Sync bookkeeping that is not a watermark. 'derivation_pending' is true from the moment a fetch
-- starts writing until its derivations (org status, account, edition, sandboxes) are done; a
-- fetch that was canceled or failed in between leaves it set, and the next fetch then derives
-- every org instead of only the ones it touched.
CREATE TABLE sync_state (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
