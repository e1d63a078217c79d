// Every list definition by its key, so a saved filter can be checked against the list it is for.
import { AUDIT_LIST } from './audit';
import { CONNECTED_ORG_LIST } from './connected-orgs';
import { LICENSE_LIST } from './licenses';
import type { ListDefinition } from './list-columns';
import { ORG_GROUP_CARD_LIST, ORG_GROUP_LIST } from './org-groups';
import {
  GROUP_MEMBER_LIST,
  ORG_LIST,
  PACKAGE_CUSTOMER_LIST,
  RELATED_ORG_LIST,
  VERSION_CUSTOMER_LIST,
} from './orgs';
import {
  GROUP_VERSION_LIST,
  ORG_VERSION_LIST,
  PACKAGE_LIST,
  PACKAGE_VERSION_LIST,
} from './packages';
import {
  ORG_JOB_LIST,
  UPGRADE_BLACKLIST_LIST,
  UPGRADE_ITEM_JOB_LIST,
  UPGRADE_ITEM_LIST,
  UPGRADE_JOB_LIST,
  UPGRADE_LIST,
} from './upgrades';

const ALL_LISTS: readonly ListDefinition[] = [
  AUDIT_LIST,
  CONNECTED_ORG_LIST,
  LICENSE_LIST,
  ORG_GROUP_LIST,
  ORG_GROUP_CARD_LIST,
  ORG_LIST,
  RELATED_ORG_LIST,
  GROUP_MEMBER_LIST,
  PACKAGE_CUSTOMER_LIST,
  VERSION_CUSTOMER_LIST,
  PACKAGE_LIST,
  PACKAGE_VERSION_LIST,
  ORG_VERSION_LIST,
  GROUP_VERSION_LIST,
  UPGRADE_LIST,
  UPGRADE_ITEM_LIST,
  ORG_JOB_LIST,
  UPGRADE_JOB_LIST,
  UPGRADE_ITEM_JOB_LIST,
  UPGRADE_BLACKLIST_LIST,
];

const BY_KEY = new Map(ALL_LISTS.map((list) => [list.key, list]));

/** The list definition of a key, or undefined for a key no list uses. */
export function listDefinition(key: string): ListDefinition | undefined {
  return BY_KEY.get(key);
}

/** Registers a list defined elsewhere (e.g. by a later feature) under its key. */
export function registerListDefinition(list: ListDefinition): void {
  BY_KEY.set(list.key, list);
}
