// The 'rekey-secrets' background job: after SECRET_KEY gained a new key ('new,previous'), every
// stored token is sealed again under the new one (rekey-secrets.ts). Started at worker start
// whenever more than one key is configured; a run with nothing to re-seal only reports counts.
import type { LivePublisher } from '../../live/live-channel';
import type { JobContext, JobDefinition } from '../../jobs/types';
import type { SqlClient } from '../../db/database';
import type { SecretBox } from '../../secrets';
import {
  rekeyConnectedOrgs,
  rekeySessions,
  type RekeyCounts,
  type UnreadableOrg,
} from './rekey-secrets';
import { rekeyWebhookSecrets } from '../webhooks/rekey-webhook-secrets';

export interface RekeyJobDeps {
  db: SqlClient;
  secrets: SecretBox;
  live?: LivePublisher;
  batchSize?: number;
}

export function unreadableOrgMessage(org: Pick<UnreadableOrg, 'name' | 'org_id'>): string {
  return `The stored tokens of ${org.name} (${org.org_id}) cannot be opened with any key in SECRET_KEY (the key they were sealed under is no longer listed); the org is marked Invalid: connect it again.`;
}

function summary(what: string, counts: RekeyCounts, unreadableNoun: string): string {
  const parts = [
    `${counts.resealed} re-sealed`,
    `${counts.current} already current`,
    `${counts.unreadable} ${unreadableNoun}`,
  ];
  if (counts.skipped > 0) parts.push(`${counts.skipped} changed meanwhile (left as they are)`);
  return `${what}: ${parts.join(', ')}`;
}

export function rekeySecretsJob(deps: RekeyJobDeps): JobDefinition {
  const common = (context: JobContext) => ({
    db: deps.db,
    secrets: deps.secrets,
    checkpoint: () => context.throwIfCanceled(),
    ...(deps.batchSize ? { batchSize: deps.batchSize } : {}),
  });
  return {
    type: 'rekey-secrets',
    name: () => 'Re-encrypt stored tokens',
    steps: () => [
      {
        name: 'Re-encrypting connected org tokens',
        run: async (context) => {
          const unreadable: string[] = [];
          const counts = await rekeyConnectedOrgs({
            ...common(context),
            onOrgUnreadable: (org) => {
              const message = unreadableOrgMessage(org);
              unreadable.push(message);
              deps.live?.publish('ALERT_INVALID_ORG', {
                subject: 'Connection lost',
                message,
                org: {
                  org_id: org.org_id,
                  name: org.name,
                  instance_url: org.instance_url,
                  type: org.type,
                },
              });
            },
          });
          context.result(
            summary('Connected org tokens', counts, 'unreadable (orgs marked Invalid)'),
            unreadable,
          );
        },
      },
      {
        name: 'Re-encrypting session tokens',
        run: async (context) => {
          const counts = await rekeySessions(common(context));
          context.result(summary('Session tokens', counts, 'unreadable (sessions ended)'));
        },
      },
      {
        name: 'Re-encrypting webhook secrets',
        run: async (context) => {
          const counts = await rekeyWebhookSecrets(common(context));
          context.result(
            summary('Webhook secrets', counts, "unreadable (rotate those endpoints' secrets)"),
          );
        },
      },
    ],
  };
}
