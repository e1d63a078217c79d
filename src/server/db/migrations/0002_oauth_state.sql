-- Pending OAuth sign-ins: each state nonce is used at most once and expires quickly.
CREATE TABLE oauth_state (
  nonce      text PRIMARY KEY,
  operation  text NOT NULL,
  return_to  text NOT NULL,
  details    jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC);
