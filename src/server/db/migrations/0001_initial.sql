-- Pushboard schema, version 1: every entity of the console.
-- Salesforce ids are stored in their canonical 18-character form (sf_id domain); times are
-- timestamptz; every table has a primary key, and references are real foreign keys.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE DOMAIN sf_id AS char(18) CHECK (VALUE ~ '^[0-9A-Za-z]{18}$');
CREATE DOMAIN sf_org_id AS char(18) CHECK (VALUE ~ '^00D[0-9A-Za-z]{15}$');

-- Orgs Pushboard holds OAuth tokens for: the LMA (Licenses), packaging orgs (Package), Accounts.
CREATE TABLE connected_org (
  org_id            sf_org_id PRIMARY KEY,
  name              text NOT NULL,
  description       text,
  division          text,
  namespace         text,
  instance_name     text,
  instance_url      text NOT NULL,
  login_url         text NOT NULL,
  type              text NOT NULL CHECK (type IN ('Package', 'Licenses', 'Accounts')),
  status            text NOT NULL CHECK (status IN ('Connected', 'Unprotected', 'Invalid', 'Missing')),
  active            boolean NOT NULL DEFAULT true,
  -- AES-256-GCM ciphertexts (never the plain tokens).
  access_token_enc  text,
  refresh_token_enc text,
  refreshed_date    timestamptz,
  created_by        text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX connected_org_type_idx ON connected_org (type, active);

-- Salesforce instances (NA123, CS45…) with their location and release.
CREATE TABLE instance (
  key           text PRIMARY KEY,
  location      text,
  environment   text,
  release       text,
  status        text,
  modified_date timestamptz NOT NULL DEFAULT now()
);

-- Customer accounts. Many orgs may belong to one account (org.account_id).
CREATE TABLE account (
  account_id    sf_id PRIMARY KEY,
  account_name  text NOT NULL,
  source_org_id sf_org_id REFERENCES connected_org (org_id) ON DELETE SET NULL,
  modified_date timestamptz
);
CREATE INDEX account_name_trgm_idx ON account USING gin (lower(account_name) gin_trgm_ops);

-- Customer (subscriber) orgs.
CREATE TABLE org (
  org_id        sf_org_id PRIMARY KEY,
  name          text,
  instance      text,
  account_id    sf_id REFERENCES account (account_id) ON DELETE SET NULL,
  parent_org_id sf_org_id,
  is_sandbox    boolean NOT NULL DEFAULT false,
  type          text,
  edition       text,
  status        text NOT NULL DEFAULT 'Installed'
                CHECK (status IN ('Installed', 'Not Installed', 'Not Found')),
  features      text[] NOT NULL DEFAULT '{}',
  modified_date timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX org_account_idx ON org (account_id);
CREATE INDEX org_parent_idx ON org (parent_org_id);
CREATE INDEX org_instance_idx ON org (instance);
CREATE INDEX org_status_idx ON org (status);
CREATE INDEX org_modified_idx ON org (modified_date DESC NULLS LAST);
CREATE INDEX org_name_trgm_idx ON org USING gin (lower(name) gin_trgm_ops);

-- Org groups: upgrade groups, blacklist and whitelist groups.
CREATE TABLE org_group (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text NOT NULL CHECK (length(trim(name)) > 0),
  type         text NOT NULL DEFAULT 'Upgrade Group'
               CHECK (type IN ('Upgrade Group', 'Blacklist Group', 'Whitelist Group')),
  description  text,
  created_by   text,
  created_date timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX org_group_type_idx ON org_group (type, name);

-- Members are org ids; an org may be listed before Pushboard has fetched it, so no FK to org.
CREATE TABLE org_group_member (
  org_group_id bigint NOT NULL REFERENCES org_group (id) ON DELETE CASCADE,
  org_id       sf_org_id NOT NULL,
  added_by     text,
  added_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_group_id, org_id)
);
CREATE INDEX org_group_member_org_idx ON org_group_member (org_id);

-- Packages as the LMA knows them (sfLma__Package__c).
CREATE TABLE package (
  sfid            sf_id PRIMARY KEY,
  source_org_id   sf_org_id REFERENCES connected_org (org_id) ON DELETE SET NULL,
  name            text NOT NULL,
  status          text,
  package_org_id  sf_org_id,
  package_id      sf_id,
  dependency_tier integer,
  modified_date   timestamptz
);
CREATE INDEX package_org_idx ON package (package_org_id);

-- Package versions (sfLma__Package_Version__c); version_id is the 04t id.
CREATE TABLE package_version (
  sfid          sf_id PRIMARY KEY,
  version_id    sf_id NOT NULL UNIQUE,
  package_id    sf_id NOT NULL REFERENCES package (sfid) ON DELETE CASCADE,
  source_org_id sf_org_id REFERENCES connected_org (org_id) ON DELETE SET NULL,
  name          text,
  version_number text NOT NULL,
  -- Zero-padded segments plus '_' and the creation epoch ms, so text order = version order.
  version_sort  text NOT NULL,
  major_version integer,
  status        text CHECK (status IN ('Verified', 'Pre-Release', 'Preview', 'Limited')),
  release_date  timestamptz,
  created_date  timestamptz,
  modified_date timestamptz
);
CREATE INDEX package_version_package_idx ON package_version (package_id, version_sort DESC);

-- The newest version per package: latest = newest Verified/Pre-Release; latest limited = newest
-- of any release status. Recomputed after every version sync.
CREATE TABLE package_version_latest (
  package_id             sf_id PRIMARY KEY REFERENCES package (sfid) ON DELETE CASCADE,
  version_id             sf_id REFERENCES package_version (version_id) ON DELETE SET NULL,
  version_number         text,
  version_sort           text,
  limited_version_id     sf_id REFERENCES package_version (version_id) ON DELETE SET NULL,
  limited_version_number text,
  limited_version_sort   text
);

-- Which version of which package each org has installed.
CREATE TABLE org_package_version (
  org_id         sf_org_id NOT NULL REFERENCES org (org_id) ON DELETE CASCADE,
  package_id     sf_id NOT NULL REFERENCES package (sfid) ON DELETE CASCADE,
  version_id     sf_id NOT NULL REFERENCES package_version (version_id) ON DELETE CASCADE,
  license_status text,
  install_date   timestamptz,
  status         text NOT NULL DEFAULT 'Installed' CHECK (status IN ('Installed', 'Not Found')),
  modified_date  timestamptz,
  PRIMARY KEY (org_id, package_id)
);
CREATE INDEX org_package_version_version_idx ON org_package_version (version_id);
CREATE INDEX org_package_version_package_idx ON org_package_version (package_id, license_status);

-- Licenses (sfLma__License__c). The subscriber org may not be known yet, so no FK to org.
CREATE TABLE license (
  sfid               sf_id PRIMARY KEY,
  source_org_id      sf_org_id REFERENCES connected_org (org_id) ON DELETE SET NULL,
  name               text,
  org_id             sf_org_id,
  account_id         sf_id,
  instance           text,
  type               text,
  is_sandbox         boolean NOT NULL DEFAULT false,
  status             text,
  edition            text,
  install_date       timestamptz,
  expiration         date,
  used_license_count integer,
  package_id         sf_id,
  version_id         sf_id,
  modified_date      timestamptz
);
CREATE INDEX license_org_idx ON license (org_id, package_id);
CREATE INDEX license_version_idx ON license (version_id);
CREATE INDEX license_package_idx ON license (package_id);
CREATE INDEX license_modified_idx ON license (modified_date DESC);
CREATE INDEX license_source_modified_idx ON license (source_org_id, modified_date);

-- Incremental sync: the newest modification time seen per source org and object, and the ids
-- seen at exactly that time, so a record modified in the same second is never missed.
CREATE TABLE sync_watermark (
  source_org_id sf_org_id NOT NULL REFERENCES connected_org (org_id) ON DELETE CASCADE,
  object_name   text NOT NULL,
  scope         text NOT NULL DEFAULT '',
  modified_at   timestamptz NOT NULL,
  ids_at_mark   text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (source_org_id, object_name, scope)
);

-- A scheduled mass upgrade.
CREATE TABLE upgrade (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  description    text NOT NULL CHECK (length(trim(description)) > 0),
  status         text NOT NULL DEFAULT 'Ready'
                 CHECK (status IN ('Ready', 'Active', 'Done', 'Canceled', 'Failed')),
  start_time     timestamptz NOT NULL,
  created_by     text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  activated_by   text,
  activated_date timestamptz,
  comment        text,
  message        text,
  org_group_id   bigint REFERENCES org_group (id) ON DELETE SET NULL,
  parent_id      bigint REFERENCES upgrade (id) ON DELETE SET NULL,
  -- The client's correlation token, also an idempotency key: a double submit is one upgrade.
  transid        text UNIQUE
);
CREATE INDEX upgrade_start_idx ON upgrade (start_time DESC);
CREATE INDEX upgrade_group_idx ON upgrade (org_group_id);
CREATE INDEX upgrade_status_idx ON upgrade (status);

-- One push request per (packaging org, target version) of an upgrade.
CREATE TABLE upgrade_item (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  upgrade_id           bigint NOT NULL REFERENCES upgrade (id) ON DELETE CASCADE,
  push_request_id      sf_id UNIQUE,
  package_org_id       sf_org_id NOT NULL,
  package_id           sf_id REFERENCES package (sfid) ON DELETE SET NULL,
  version_id           sf_id NOT NULL,
  status               text NOT NULL DEFAULT 'Created'
                       CHECK (status IN ('Created', 'Pending', 'InProgress', 'Succeeded', 'Failed',
                                         'Canceled', 'Invalid', 'Ineligible')),
  scheduled_start_time timestamptz NOT NULL,
  total_job_count      integer NOT NULL DEFAULT 0,
  created_by           text,
  activated_by         text,
  activated_date       timestamptz,
  start_time           timestamptz,
  end_time             timestamptz,
  duration             integer,
  message              text
);
CREATE INDEX upgrade_item_upgrade_idx ON upgrade_item (upgrade_id);
CREATE INDEX upgrade_item_status_idx ON upgrade_item (status, scheduled_start_time);
CREATE INDEX upgrade_item_package_idx ON upgrade_item (package_id);

-- One push job per (request, subscriber org).
CREATE TABLE upgrade_job (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  upgrade_id          bigint NOT NULL REFERENCES upgrade (id) ON DELETE CASCADE,
  item_id             bigint NOT NULL REFERENCES upgrade_item (id) ON DELETE CASCADE,
  push_request_id     sf_id,
  job_id              sf_id UNIQUE,
  org_id              sf_org_id NOT NULL,
  original_version_id sf_id,
  status              text NOT NULL
                      CHECK (status IN ('Created', 'Pending', 'InProgress', 'Succeeded', 'Failed',
                                        'Canceled', 'Invalid', 'Ineligible')),
  message             text,
  start_time          timestamptz,
  end_time            timestamptz,
  duration            integer,
  modified_date       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (item_id, org_id)
);
CREATE INDEX upgrade_job_item_status_idx ON upgrade_job (item_id, status);
CREATE INDEX upgrade_job_upgrade_status_idx ON upgrade_job (upgrade_id, status);
CREATE INDEX upgrade_job_org_idx ON upgrade_job (org_id);

-- The orgs an upgrade excluded because they were blacklisted at scheduling time.
CREATE TABLE upgrade_blacklist (
  upgrade_id bigint NOT NULL REFERENCES upgrade (id) ON DELETE CASCADE,
  org_id     sf_org_id NOT NULL,
  reason     text,
  PRIMARY KEY (upgrade_id, org_id)
);

-- Named column filters per list (key = the list identifier).
CREATE TABLE saved_filter (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  list_key   text NOT NULL,
  name       text NOT NULL CHECK (length(trim(name)) > 0),
  query      jsonb NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_filter_name_idx ON saved_filter (list_key, lower(name));

-- What the Administration page shows of background jobs; keyed by the queue's job id.
CREATE TABLE admin_job (
  id            text PRIMARY KEY,
  type          text NOT NULL,
  name          text NOT NULL,
  status        text NOT NULL DEFAULT 'Queued'
                CHECK (status IN ('Queued', 'Running', 'Complete', 'Failed', 'Cancelled')),
  message       text,
  step_index    integer NOT NULL DEFAULT 0,
  step_count    integer NOT NULL DEFAULT 0,
  start_time    timestamptz,
  modified_date timestamptz NOT NULL DEFAULT now(),
  end_time      timestamptz,
  canceled      boolean NOT NULL DEFAULT false,
  errors        jsonb NOT NULL DEFAULT '[]',
  results       jsonb NOT NULL DEFAULT '[]',
  interval_ms   bigint,
  params        jsonb NOT NULL DEFAULT '{}',
  started_by    text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_job_status_idx ON admin_job (status, created_at);
CREATE INDEX admin_job_type_idx ON admin_job (type, created_at DESC);

-- Server-side sessions; the cookie carries only an opaque id, stored here as its SHA-256.
CREATE TABLE session (
  id_hash           text PRIMARY KEY,
  username          text NOT NULL,
  display_name      text,
  user_id           sf_id,
  org_id            sf_org_id,
  read_only         boolean NOT NULL DEFAULT true,
  auth_method       text NOT NULL CHECK (auth_method IN ('salesforce', 'admin-key')),
  instance_url      text,
  access_token_enc  text,
  refresh_token_enc text,
  csrf_token        text NOT NULL,
  permissions_checked_at timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  last_seen_at      timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL
);
CREATE INDEX session_expires_idx ON session (expires_at);

-- Every change action: who, what, when, on what, and how it ended.
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  actor       text NOT NULL,
  action      text NOT NULL,
  target_type text,
  target_id   text,
  outcome     text NOT NULL CHECK (outcome IN ('success', 'denied', 'failed')),
  details     jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor, at DESC);

-- Live events between processes (socket.io PostgreSQL adapter attachments).
CREATE TABLE socket_io_attachments (
  id         bigserial PRIMARY KEY,
  created_at timestamptz DEFAULT now(),
  payload    bytea
);
