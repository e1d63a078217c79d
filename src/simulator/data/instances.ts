// The Salesforce instances the generated orgs live on, with what the Trust API
// (api.status.salesforce.com/v1/instances) says about them. Sandbox instances run the preview of the
// next release while production instances are on the current one, as during a real release window.
import type { Region } from './names';

export interface InstanceInfo {
  readonly key: string;
  readonly location: Region;
  readonly environment: 'production' | 'sandbox';
  readonly releaseVersion: string;
  readonly releaseNumber: string;
  /** The two id characters that name the instance's pod in every record id minted there. */
  readonly pod: string;
}

interface Release {
  readonly name: string;
  readonly number: number;
  readonly patch: number;
}

const CURRENT: Release = { name: "Winter '25", number: 252, patch: 16 };
const CURRENT_OLDER_PATCH: Release = { name: "Winter '25", number: 252, patch: 14 };
const PREVIEW: Release = { name: "Spring '25", number: 254, patch: 5 };

function instance(
  key: string,
  location: Region,
  environment: 'production' | 'sandbox',
  release: Release,
  pod: string,
  minor: number,
): InstanceInfo {
  return {
    key,
    location,
    environment,
    releaseVersion: `${release.name} Patch ${release.patch}.${minor}`,
    releaseNumber: `${release.number}.${release.patch}.${minor}`,
    pod,
  };
}

export const INSTANCES: readonly InstanceInfo[] = [
  instance('NA135', 'NA', 'production', CURRENT, '4x', 3),
  instance('NA211', 'NA', 'production', CURRENT, '8c', 3),
  instance('NA224', 'NA', 'production', CURRENT_OLDER_PATCH, '8Z', 5),
  instance('USA246', 'NA', 'production', CURRENT, 'Hs', 2),
  instance('USA530', 'NA', 'production', CURRENT, 'Ka', 2),
  instance('EU44', 'EMEA', 'production', CURRENT, '5e', 3),
  instance('EU49', 'EMEA', 'production', CURRENT_OLDER_PATCH, '7Q', 5),
  instance('DEU28', 'EMEA', 'production', CURRENT, 'Jy', 1),
  instance('GBR40', 'EMEA', 'production', CURRENT, 'Gm', 1),
  instance('AP24', 'APAC', 'production', CURRENT, '2v', 3),
  instance('AUS28', 'APAC', 'production', CURRENT, 'Ne', 2),
  instance('JPN52', 'APAC', 'production', CURRENT_OLDER_PATCH, 'Mr', 4),
  instance('CS42', 'NA', 'sandbox', PREVIEW, '0q', 1),
  instance('CS171', 'NA', 'sandbox', PREVIEW, '9w', 1),
  instance('USA254S', 'NA', 'sandbox', PREVIEW, 'Lb', 2),
  instance('CS109', 'EMEA', 'sandbox', PREVIEW, '1R', 1),
  instance('EUR42S', 'EMEA', 'sandbox', PREVIEW, 'Pq', 2),
  instance('CS76', 'APAC', 'sandbox', PREVIEW, '3T', 1),
];

export const PRODUCTION_INSTANCES = INSTANCES.filter((i) => i.environment === 'production');
export const SANDBOX_INSTANCES = INSTANCES.filter((i) => i.environment === 'sandbox');

export function instanceByKey(key: string): InstanceInfo {
  const found = INSTANCES.find((i) => i.key === key);
  if (!found) throw new RangeError(`unknown instance ${key}`);
  return found;
}

/** Sandbox instances in the same region as a production instance (sandboxes stay near their parent). */
export function sandboxInstancesFor(location: Region): readonly InstanceInfo[] {
  return SANDBOX_INSTANCES.filter((i) => i.location === location);
}
