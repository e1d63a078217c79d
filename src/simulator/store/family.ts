// The org family in one process: the LMA org, one packaging org per package, and how to find an org
// by id, by instance path or by a user's name. Subscriber orgs are data (see data/orgs.ts), not orgs.
import { canonical15 } from '../data/ids';
import type { InstanceInfo } from '../data/instances';
import { formatDateTime } from '../data/time';
import type { OrgStore } from './org-store';

export interface SimUser {
  readonly id: string;
  readonly orgId: string;
  readonly username: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly readOnly: boolean;
}

export interface SimOrg {
  readonly id: string;
  readonly id15: string;
  readonly name: string;
  readonly kind: 'lma' | 'packaging';
  readonly namespace?: string;
  readonly instance: InstanceInfo;
  readonly store: OrgStore;
  readonly users: readonly SimUser[];
  /** The user that system changes (push results, generated data) are attributed to. */
  readonly systemUserId: string;
  /** Packaging orgs: index of their package in the dataset's catalog. */
  readonly packageIndex?: number;
}

export class OrgFamily {
  private readonly byId15 = new Map<string, SimOrg>();
  private readonly byUsername = new Map<string, SimUser>();

  constructor(
    readonly lma: SimOrg,
    readonly packaging: readonly SimOrg[],
  ) {
    for (const org of this.all()) {
      this.byId15.set(org.id15, org);
      for (const user of org.users) this.byUsername.set(user.username.toLowerCase(), user);
    }
  }

  all(): SimOrg[] {
    return [this.lma, ...this.packaging];
  }

  org(orgId: string): SimOrg | undefined {
    const id15 = canonical15(orgId);
    return id15 === undefined ? undefined : this.byId15.get(id15);
  }

  /** An org by id, by namespace, or 'lma' (what tests and the control API accept). */
  select(selector: string): SimOrg | undefined {
    if (selector.toLowerCase() === 'lma') return this.lma;
    return this.org(selector) ?? this.packaging.find((o) => o.namespace === selector.toLowerCase());
  }

  user(username: string): SimUser | undefined {
    return this.byUsername.get(username.toLowerCase());
  }

  userById(userId: string): SimUser | undefined {
    const id15 = canonical15(userId);
    for (const user of this.byUsername.values()) if (canonical15(user.id) === id15) return user;
    return undefined;
  }

  packagingOrgFor(packageIndex: number): SimOrg | undefined {
    return this.packaging.find((o) => o.packageIndex === packageIndex);
  }
}

/** The fields every write stamps. */
export function modifiedStamp(ms: number, userId: string): Record<string, unknown> {
  const stamp = formatDateTime(ms);
  return { LastModifiedDate: stamp, SystemModstamp: stamp, LastModifiedById: userId };
}

/** Audit fields of a record created at `createdMs` and last changed at `modifiedMs`. */
export function auditFields(
  createdMs: number,
  modifiedMs: number,
  userId: string,
  custom: boolean,
): Record<string, unknown> {
  return {
    IsDeleted: false,
    CreatedDate: formatDateTime(createdMs),
    CreatedById: userId,
    ...modifiedStamp(modifiedMs, userId),
    ...(custom ? { OwnerId: userId } : {}),
  };
}
