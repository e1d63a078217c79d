-- Signed webhooks (docs/product.md "Webhooks"): the endpoints an admin registers and one delivery
-- per (event, subscribed endpoint). A delivery row is written in the transaction of the change it
-- reports, so an event is delivered exactly when its change commits; it waits here while its
-- receiver is down, and the queue's jobs only wake the sender.
CREATE TABLE webhook_endpoint (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url               text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
  events            text[] NOT NULL CHECK (cardinality(events) >= 1),
  format            text NOT NULL DEFAULT 'json' CHECK (format IN ('json', 'slack')),
  -- The signing secret, sealed with SECRET_KEY (AES-256-GCM) like connected orgs' tokens: the
  -- sender needs it in the clear, so it cannot be hashed. Shown once, when made or rotated.
  secret_sealed     text NOT NULL,
  -- The secret's first characters, to recognise it in a list.
  secret_hint       text NOT NULL,
  created_by        text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  secret_rotated_at timestamptz,
  disabled_at       timestamptz,
  disabled_by       text
);
CREATE INDEX webhook_endpoint_enabled_idx ON webhook_endpoint (id) WHERE disabled_at IS NULL;

CREATE TABLE webhook_delivery (
  id               uuid PRIMARY KEY,
  endpoint_id      bigint NOT NULL REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
  event            text NOT NULL,
  -- { event, occurred_at, data }: the body is built from it at each attempt, in the endpoint's format.
  payload          jsonb NOT NULL,
  status           text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- When the next attempt is due; null once the delivery succeeded or was given up.
  next_attempt_at  timestamptz,
  -- A sender's claim while it attempts (longer than the attempt's timeout): a second job for the
  -- same delivery does nothing meanwhile, and a sender that died lets it go when it passes.
  locked_until     timestamptz,
  last_status_code integer,
  -- The start of the receiver's last answer, or why there was none.
  last_answer      text CHECK (length(last_answer) <= 1000),
  last_attempt_at  timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
);
-- The Administration page's delivery list (all endpoints, or one), newest first.
CREATE INDEX webhook_delivery_created_idx ON webhook_delivery (created_at DESC, id);
CREATE INDEX webhook_delivery_endpoint_idx ON webhook_delivery (endpoint_id, created_at DESC, id);
-- The sweep that re-queues due deliveries after a restart reads only the waiting ones.
CREATE INDEX webhook_delivery_due_idx ON webhook_delivery (next_attempt_at)
  WHERE status = 'pending';
