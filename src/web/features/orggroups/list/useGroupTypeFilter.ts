// The group list's type radio (docs/product.md "Org Groups list"): the choice survives reloads in
// local storage. A stored value this build does not know (an older build, a hand edit) reads as
// 'All'.
import { useLocalStorage } from '@mantine/hooks';
import { ORG_GROUP_TYPE_FILTERS } from '../../../../domain';

export type OrgGroupTypeFilter = (typeof ORG_GROUP_TYPE_FILTERS)[number];

export const GROUP_TYPE_STORAGE_KEY = 'pushboard:orggroups:type';

function isTypeFilter(value: unknown): value is OrgGroupTypeFilter {
  return (ORG_GROUP_TYPE_FILTERS as readonly unknown[]).includes(value);
}

export function useGroupTypeFilter(): [OrgGroupTypeFilter, (type: OrgGroupTypeFilter) => void] {
  const [stored, setStored] = useLocalStorage<string>({
    key: GROUP_TYPE_STORAGE_KEY,
    defaultValue: 'All',
    getInitialValueInEffect: false,
  });
  return [isTypeFilter(stored) ? stored : 'All', setStored];
}
