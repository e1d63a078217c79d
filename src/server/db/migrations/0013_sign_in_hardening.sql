-- PKCE: the code verifier of a pending authorization-code flow (sign-in or connecting an org)
-- stays on the server with its state and is sent only to the token endpoint, never to a browser.
-- Rows written before this column existed have none and are refused as expired.
ALTER TABLE oauth_state ADD COLUMN code_verifier text;

-- Wrong admin access keys, counted per client address ('address:<ip or /64>') and across every
-- address ('all') in a window that starts with the scope's first attempt. A guess reserves its
-- place here with one row-locking upsert before the key is compared, so parallel guesses can never
-- overrun a limit; a right key gives its place back.
CREATE TABLE admin_key_throttle (
  scope        text PRIMARY KEY,
  window_start timestamptz NOT NULL DEFAULT now(),
  attempts     integer NOT NULL CHECK (attempts >= 0)
);
