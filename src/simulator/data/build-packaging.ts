// One packaging org per package: its Organization row, admin user, MetadataPackage, every uploaded
// version (released and beta) and a PackageSubscriber row per org that has the package installed.
import { auditFields, type SimOrg } from '../store/family';
import { COMMON_OBJECTS, User } from '../store/objects/common';
import {
  MetadataPackage,
  MetadataPackageVersion,
  PACKAGING_OBJECTS,
  PackageSubscriber,
} from '../store/objects/packaging';
import type { RowGenerator } from '../store/table';
import {
  createStore,
  idSpaceFor,
  orgIdentity,
  requireTable,
  type BuildContext,
  type OrgIdentity,
} from './build-common';
import { seedSecurity } from './build-security';
import type { PackageCatalog } from './catalog';
import { instanceByKey } from './instances';
import { DAY_MS, formatDateTime } from './time';

const PACKAGING_INSTANCES = ['NA211', 'USA246', 'NA135', 'EU44'];

export interface PackagingOrgBuild {
  readonly org: SimOrg;
  readonly identity: OrgIdentity;
  /** The MetadataPackage (033) id. */
  readonly packageId: string;
  /** 04t ids by VersionPlan.index. */
  readonly versionIds: readonly string[];
}

export function buildPackagingOrg(ctx: BuildContext, catalog: PackageCatalog): PackagingOrgBuild {
  const { plan } = catalog;
  const instanceKey = PACKAGING_INSTANCES[catalog.index % PACKAGING_INSTANCES.length] ?? 'NA211';
  const identity = orgIdentity(200_000 + catalog.index, instanceByKey(instanceKey));
  const createdMs = (catalog.released[0]?.releaseMs ?? ctx.epochMs) - 60 * DAY_MS;
  const versionSpace = idSpaceFor(ctx.seed, identity, MetadataPackageVersion);
  const versionIds = catalog.versions.map((v) => versionSpace.id18(v.index));
  const objects = [...COMMON_OBJECTS, ...PACKAGING_OBJECTS];
  const subscriberSpace = idSpaceFor(ctx.seed, identity, PackageSubscriber);

  // Ids are minted from the seed, so the generator can name the package and the system user (the
  // first user seeded below) before the tables exist.
  const systemUserId = idSpaceFor(ctx.seed, identity, User).id18(0);
  const packageId = idSpaceFor(ctx.seed, identity, MetadataPackage).id18(0);
  const subscribers = subscriberGenerator(ctx, catalog, {
    ids: (o) => subscriberSpace.id18(o),
    packageId,
    versionIds,
    systemUserId,
  });
  const store = createStore(ctx.seed, identity, objects, { PackageSubscriber: subscribers });

  const audit = auditFields(createdMs, createdMs, systemUserId, false);
  requireTable(store, 'Organization').insert({
    ...audit,
    Name: `${plan.name} Packaging`,
    Division: null,
    NamespacePrefix: plan.namespace,
    InstanceName: identity.instance.key,
    OrganizationType: 'Developer Edition',
    IsSandbox: false,
    TrialExpirationDate: null,
    Country: 'United States',
    PrimaryContact: 'Release Manager',
    LanguageLocaleKey: 'en_US',
    TimeZoneSidKey: 'America/Los_Angeles',
  });
  const security = seedSecurity(
    store,
    identity.id15,
    createdMs,
    [
      {
        username: `admin@${plan.namespace}.pushboard.demo`,
        firstName: 'Release',
        lastName: 'Manager',
        profile: 'System Administrator',
        permissionSets: [],
      },
    ],
    [],
    objects.map((o) => o.name),
  );
  requireTable(store, 'MetadataPackage').insert({
    ...audit,
    Name: plan.name,
    NamespacePrefix: plan.namespace,
    PackageCategory: 'Package',
  });
  const versions = requireTable(store, 'MetadataPackageVersion');
  for (const v of catalog.versions) {
    versions.insert({
      ...auditFields(v.releaseMs, v.releaseMs, systemUserId, false),
      Name: v.name,
      MetadataPackageId: packageId,
      ReleaseState: v.beta ? 'Beta' : 'Released',
      MajorVersion: v.major,
      MinorVersion: v.minor,
      PatchVersion: v.patch,
      BuildNumber: v.build,
      IsDeprecated: v.deprecated,
    });
  }
  const org: SimOrg = {
    id: identity.id18,
    id15: identity.id15,
    name: `${plan.name} Packaging`,
    kind: 'packaging',
    namespace: plan.namespace,
    instance: identity.instance,
    store,
    users: security.users,
    systemUserId: security.systemUserId,
    packageIndex: catalog.index,
  };
  return { org, identity, packageId, versionIds };
}

interface SubscriberIds {
  ids(orgIndex: number): string;
  packageId: string;
  versionIds: readonly string[];
  systemUserId: string;
}

/** PackageSubscriber row o is org o's installation of this package (empty if not installed). */
function subscriberGenerator(
  ctx: BuildContext,
  catalog: PackageCatalog,
  ids: SubscriberIds,
): RowGenerator {
  return {
    count: ctx.orgs.count,
    at(o) {
      const license = ctx.installs.licenseOf(o, catalog.index);
      if (license < 0) return undefined;
      const install = ctx.installs.get(license);
      if (install.status === 'Uninstalled') return undefined;
      const org = ctx.orgs.get(o);
      const modified = formatDateTime(install.modifiedMs);
      // One literal with every field: a single hidden class keeps big results compact.
      return {
        Id: ids.ids(o),
        IsDeleted: false,
        CreatedDate: formatDateTime(install.installMs),
        CreatedById: ids.systemUserId,
        LastModifiedDate: modified,
        LastModifiedById: ids.systemUserId,
        SystemModstamp: modified,
        OrgName: org.name,
        OrgType: org.isSandbox ? 'Sandbox' : 'Production',
        InstalledStatus: 'i',
        InstanceName: org.instance.key,
        OrgStatus: org.status,
        MetadataPackageVersionId: ids.versionIds[install.version.index] ?? null,
        MetadataPackageId: ids.packageId,
        OrgKey: org.id18,
        ParentOrg: org.isSandbox ? ctx.orgs.id18(org.parentIndex) : null,
        CustomUpgradeType: install.blocked ? 'BlockedBySubscriber' : 'None',
        HasRestrictionEnabled: install.blocked,
      };
    },
  };
}
