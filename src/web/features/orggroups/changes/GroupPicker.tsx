// The group picker (docs/product.md "Other dialogs" and "Group picker"): searches the groups by
// name or description on the server, leaves out the current group, and when a search finds nothing
// offers to create a new group with the typed name (id -1).
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { NEW_GROUP_ID, orgGroupEndpoints, type OrgGroupRef } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { useEndpointQuery } from '../../../api/useEndpointQuery';

/** The search debounce (docs/product.md "Constants and limits"). */
const SEARCH_DEBOUNCE_MS = 250;

export const newGroupLabel = (name: string) => `Create a new group "${name}"`;

interface GroupPickerProps {
  /** The current group, never offered (Copy and Move go elsewhere). */
  excludeId?: number | undefined;
  value: OrgGroupRef | null;
  onChange: (group: OrgGroupRef | null) => void;
}

export function GroupPicker({ excludeId, value, onChange }: GroupPickerProps) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const chosenLabel = value && (value.id === NEW_GROUP_ID ? newGroupLabel(value.name) : value.name);
  // While a group is chosen the box shows its label: search for everything then.
  const query = search === chosenLabel ? '' : text;
  const groups = useEndpointQuery(
    [...queryKeys.orgGroups, 'picker', { text: query, excludeId }],
    orgGroupEndpoints.list,
    { query: { text: query || undefined, excludeId } },
  );
  const found = groups.data ?? [];
  const offerNew = query !== '' && !groups.isPending && found.length === 0;
  const data = [
    ...found.map((group) => ({ value: String(group.id), label: group.name })),
    ...(offerNew
      ? [{ value: String(NEW_GROUP_ID), label: newGroupLabel(query) }]
      : value?.id === NEW_GROUP_ID
        ? [{ value: String(NEW_GROUP_ID), label: newGroupLabel(value.name) }]
        : []),
  ];
  return (
    <Select
      label="Group"
      placeholder="Search groups by name or description"
      searchable
      data-autofocus
      searchValue={search}
      onSearchChange={setSearch}
      // The server searched already (names and descriptions); show what it found.
      filter={({ options }) => options}
      data={data}
      value={value ? String(value.id) : null}
      onChange={(id) => {
        if (id === null) return onChange(null);
        const picked = Number(id);
        if (picked === NEW_GROUP_ID) {
          return onChange({ id: NEW_GROUP_ID, name: offerNew ? query : (value?.name ?? query) });
        }
        const group = found.find((g) => g.id === picked);
        onChange(group ? { id: group.id, name: group.name } : null);
      }}
      nothingFoundMessage={groups.isPending ? 'Searching…' : 'Type a name to create a group'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
