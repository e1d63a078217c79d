-- Personal API tokens (docs/security.md "API tokens"): a user's named bearer tokens for scripts.
-- Only a SHA-256 of the secret is kept; the secret is shown once, when the token is made.
CREATE TABLE api_token (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username      text NOT NULL,
  display_name  text,
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  scope         text NOT NULL CHECK (scope IN ('read', 'operate')),
  -- How the owner had signed in when making it: an admin access key session's tokens never
  -- activate, as the session itself may not.
  auth_method   text NOT NULL CHECK (auth_method IN ('salesforce', 'admin-key')),
  secret_hash   text NOT NULL UNIQUE,
  -- The token's first characters, to recognise it in a list.
  hint          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  last_used_at  timestamptz,
  revoked_at    timestamptz,
  revoked_by    text,
  CHECK (expires_at > created_at)
);
CREATE INDEX api_token_owner_idx ON api_token (lower(username), created_at);
