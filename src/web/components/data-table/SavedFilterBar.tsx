// The saved-filter bar above a list: one button per saved filter (as many as the window has room
// for, the rest in a menu); a click applies the filter, a second click clears it. Users who may
// change things can save the current filters as a new one, into the selected one, or delete it.
import { memo, useState } from 'react';
import { Button, Group, Menu, Modal, Text, TextInput } from '@mantine/core';
import type { ColumnFilter, FilterColumn, SavedFilter } from '../../../domain';
import { savedFilterSlots, splitSavedFilters } from './savedFilterSlots';
import { useSavedFilters } from './useSavedFilters';
import { useWindowWidth } from './useWindowWidth';

interface SavedFilterBarProps {
  readonly listKey: string;
  readonly columns: readonly FilterColumn[];
  /** The list's current column filters (what create and update save). */
  readonly filters: readonly ColumnFilter[];
  readonly selectedId: number | null;
  /** Apply a saved filter, or null to clear the selection and the filters. */
  readonly onSelect: (filter: SavedFilter | null) => void;
  /** A new filter was saved from the current filters: it becomes the selected one. */
  readonly onCreated: (id: number) => void;
  readonly readOnly: boolean;
  readonly offset?: number;
}

/** Memoised: its props stay the same while a list's rows and total arrive (FilterRow.tsx). */
export const SavedFilterBar = memo(function SavedFilterBar({
  listKey,
  columns,
  filters,
  selectedId,
  onSelect,
  onCreated,
  readOnly,
  offset = 0,
}: SavedFilterBarProps) {
  const saved = useSavedFilters(listKey, columns);
  const width = useWindowWidth();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const selected = saved.filters.find((filter) => filter.id === selectedId) ?? null;
  const { buttons, menu } = splitSavedFilters(
    saved.filters,
    savedFilterSlots(width, offset),
    selectedId,
  );
  const toggle = (filter: SavedFilter) => onSelect(filter.id === selectedId ? null : filter);

  const closeNaming = () => {
    setNaming(false);
    setName('');
  };
  const create = () => {
    const trimmed = name.trim();
    closeNaming();
    // An empty name cancels (docs/product.md "Saved filters").
    if (trimmed === '') return;
    saved.save.mutate({ name: trimmed, query: filters }, { onSuccess: onCreated });
  };
  const remove = () => {
    setConfirmingDelete(false);
    if (!selected) return;
    saved.remove.mutate(selected.id, { onSuccess: () => onSelect(null) });
  };

  if (saved.filters.length === 0 && readOnly) return null;

  return (
    <Group gap="xs" wrap="wrap" data-testid="saved-filter-bar">
      {buttons.map((filter) => (
        <Button
          key={filter.id}
          size="xs"
          variant={filter.id === selectedId ? 'filled' : 'default'}
          aria-pressed={filter.id === selectedId}
          onClick={() => toggle(filter)}
        >
          {filter.name}
        </Button>
      ))}
      {menu.length > 0 && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default">
              {buttons.length > 0 ? `More (${menu.length})` : `Saved Filters (${menu.length})`}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {menu.map((filter) => (
              <Menu.Item key={filter.id} onClick={() => toggle(filter)}>
                {filter.name}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {!readOnly && (
        <>
          <Button
            size="xs"
            variant="subtle"
            loading={saved.save.isPending}
            onClick={() => setNaming(true)}
          >
            Save Filter
          </Button>
          {selected && (
            <>
              <Button
                size="xs"
                variant="subtle"
                disabled={saved.save.isPending}
                onClick={() =>
                  saved.save.mutate({ id: selected.id, name: selected.name, query: filters })
                }
              >
                Update {selected.name}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={saved.remove.isPending}
                onClick={() => setConfirmingDelete(true)}
              >
                Delete {selected.name}
              </Button>
            </>
          )}
        </>
      )}

      <Modal opened={naming} onClose={closeNaming} title="Save Filter" size="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create();
          }}
        >
          <TextInput
            label="Name"
            data-autofocus
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={closeNaming}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </Group>
        </form>
      </Modal>

      <Modal
        opened={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title="Delete Saved Filter"
        size="sm"
      >
        <Text size="sm">
          Are you sure you want to delete the saved filter {selected?.name ?? ''}?
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmingDelete(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={remove}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Group>
  );
});
