// PackageSubscriber records of a packaging org: one per org that has the package installed.
import { z } from 'zod';
import { KEY_PREFIXES } from '../../domain/ids';
import type { SubscriberRow } from '../db/repositories/subscribers';
import { id18 } from './record-values';

export const SUBSCRIBER_SELECT = `SELECT Id, OrgName, OrgType, InstanceName,
  MetadataPackageVersionId, OrgKey, ParentOrg, SystemModstamp FROM PackageSubscriber`;

const text = z.string().nullish();

export const subscriberRecord = z.object({
  Id: z.string(),
  SystemModstamp: z.string(),
  OrgName: text,
  OrgType: text,
  InstanceName: text,
  MetadataPackageVersionId: text,
  OrgKey: text,
  ParentOrg: text,
});
export type SubscriberRecord = z.infer<typeof subscriberRecord>;

/** The row of a subscriber, or undefined when OrgKey is not an org id. */
export function toSubscriberRow(r: SubscriberRecord): SubscriberRow | undefined {
  const orgId = id18(r.OrgKey, KEY_PREFIXES.organization);
  if (!orgId) return undefined;
  const isSandbox = r.OrgType === 'Sandbox';
  return {
    orgId,
    name: r.OrgName ?? null,
    instance: r.InstanceName ?? null,
    parentOrgId: id18(r.ParentOrg, KEY_PREFIXES.organization),
    isSandbox,
    type: r.OrgType ?? (isSandbox ? 'Sandbox' : 'Production'),
    versionId: id18(r.MetadataPackageVersionId, KEY_PREFIXES.packageVersion),
    modifiedDate: r.SystemModstamp,
  };
}
