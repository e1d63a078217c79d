// Every use-case service, built once from the configuration. The composition root (main.ts)
// gives the same instances to the HTTP app and to the job definitions; a test that builds an app
// without them gets them from here too (buildApp calls this).
import { upgradeSettings, type Config, type UpgradeSettings } from '../config';
import type { Database } from '../db/database';
import type { JobStarter } from '../jobs/job-relay';
import type { LivePublisher } from '../live/live-channel';
import { SalesforceGateway, type GatewayDeps } from '../salesforce/gateway';
import { SecretBox } from '../secrets';
import { ConnectedOrgChanges } from './connected-orgs/changes';
import { ConnectFlow } from './connected-orgs/connect-flow';
import type { BlacklistToggleDeps } from './groups/blacklist-toggle';
import { OrgGroupService } from './groups/org-groups';
import { lookUpUnknownOrgs, type OrgImportDeps } from './groups/org-import';
import { SignInService } from './sign-in';
import type { LifecycleDeps } from './upgrades/activate';
import type { ManageDeps } from './upgrades/manage-deps';
import type { RefreshDeps } from './upgrades/refresh';
import type { RetryDeps } from './upgrades/retry';
import { UpgradeScheduler } from './upgrades/schedule';

/** Parts built elsewhere that the services use instead of their own (tests: a harness's). */
export interface PrebuiltParts {
  gateway?: SalesforceGateway | undefined;
  secrets?: SecretBox | undefined;
}

export interface ServiceInputs {
  config: Config;
  db: Database;
  /** SECRET_KEY (or the demo key): token encryption and session signing. */
  secretKey: string;
  /** Every SECRET_KEY, current (= secretKey) first, while rotating; omitted: only secretKey. */
  secretKeys?: readonly string[] | undefined;
  /** Where the services announce their changes (after the commit) to the browsers. */
  live: LivePublisher;
  /** Queues background jobs; undefined when this process runs no job engine. */
  jobs?: JobStarter | undefined;
  /** Called when the gateway's token refresh finds an org's authorization gone. */
  onOrgInvalid?: GatewayDeps['onOrgInvalid'];
  prebuilt?: PrebuiltParts | undefined;
}

export interface Services {
  secrets: SecretBox;
  /** Undefined until a connected app is configured (demo mode fills it from the simulator). */
  gateway: SalesforceGateway | undefined;
  signIn: SignInService;
  /** Whom upgrades may reach: the org lists' blacklist and the scheduler's eligibility. */
  listSettings: UpgradeSettings['lists'];
  scheduler: UpgradeScheduler;
  /** Activating an upgrade or one request, under the activation policy. */
  lifecycle: LifecycleDeps;
  /** Cancel and purge. */
  manage: ManageDeps;
  retry: RetryDeps;
  refresh: RefreshDeps;
  orgImport: OrgImportDeps;
  blacklistToggle: BlacklistToggleDeps;
  orgGroups: OrgGroupService;
  connectedOrgChanges: ConnectedOrgChanges;
  connectFlow: ConnectFlow;
}

function gatewayFor(inputs: ServiceInputs, secrets: SecretBox): SalesforceGateway | undefined {
  const { config, db, onOrgInvalid } = inputs;
  if (!config.salesforce) return undefined;
  return new SalesforceGateway({
    db,
    secrets,
    apiVersion: config.SF_API_VERSION,
    oauth: { ...config.salesforce, redirectUri: `${config.publicUrl}/oauth2/callback` },
    ...(onOrgInvalid ? { onOrgInvalid } : {}),
  });
}

export function buildServices(inputs: ServiceInputs): Services {
  const { config, db, secretKey, live, jobs, prebuilt } = inputs;
  const secrets = prebuilt?.secrets ?? new SecretBox(inputs.secretKeys ?? [secretKey]);
  const gateway = prebuilt?.gateway ?? gatewayFor(inputs, secrets);
  const settings = upgradeSettings(config);
  const scheduler = new UpgradeScheduler({ db, gateway, live, settings: settings.lists });
  const manage: ManageDeps = { db, gateway, live };
  const orgImport: OrgImportDeps = { db, live, jobs };
  return {
    secrets,
    gateway,
    signIn: new SignInService({ config, db, secrets, secretKey, gateway }),
    listSettings: settings.lists,
    scheduler,
    lifecycle: { db, gateway, live, enforceActivationPolicy: settings.enforceActivationPolicy },
    manage,
    retry: { ...manage, scheduler },
    refresh: { db, jobs },
    orgImport,
    blacklistToggle: { db, live, settings: settings.lists },
    orgGroups: new OrgGroupService({
      db,
      live,
      lookUpUnknownOrgs: (actor, orgIds) => lookUpUnknownOrgs(orgImport, actor, orgIds),
    }),
    connectedOrgChanges: new ConnectedOrgChanges({ db, secrets, gateway, live }),
    connectFlow: new ConnectFlow({ config, db, secrets, secretKey, gateway, live }),
  };
}
