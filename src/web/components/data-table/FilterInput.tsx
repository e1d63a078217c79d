// One column's filter input. What is typed is checked at once with the domain's parser (the
// error and where it is show under the input while typing); the text reaches the list 250 ms
// after the last keystroke, so a big list is not re-queried on every character.
import { useMemo, useState } from 'react';
import { Popover, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { FilterSyntaxError, ListColumn } from '../../../domain';
import classes from './DataTable.module.css';
import { FilterHelp } from './FilterHelp';
import { filterContext, filterError } from './filterState';

/** The debounce between typing and filtering (docs/product.md "Constants and limits"). */
export const FILTER_DEBOUNCE_MS = 250;

interface FilterInputProps {
  readonly column: ListColumn;
  /** The filter text the list applies now. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly username?: string | null;
}

/** The text with the offending part marked, so the position is visible, not just a number. */
function ErrorMarker({ text, error }: { text: string; error: FilterSyntaxError }) {
  const before = text.slice(0, error.position);
  const bad = text.slice(error.position, error.end);
  const after = text.slice(error.end);
  return (
    <Text component="span" ff="monospace" size="xs" display="block" data-testid="filter-marker">
      {before}
      <mark>{bad === '' ? '▲' : bad}</mark>
      {after}
    </Text>
  );
}

export function FilterInput({ column, value, onChange, username }: FilterInputProps) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  const [helpOpen, setHelpOpen] = useState(false);
  const commit = useDebouncedCallback(onChange, FILTER_DEBOUNCE_MS);

  // The list's filter changed from outside (a saved filter applied or cleared): show it.
  if (value !== applied) {
    setApplied(value);
    if (value !== draft) setDraft(value);
  }

  const error = useMemo(
    () => filterError(draft, column, filterContext(username)),
    [draft, column, username],
  );

  // The help's Popover is mounted only while it is open, over the input: a list has a filter
  // per column, and a dozen closed Popovers (each with its floating-position hooks) were part of
  // every list's first render.
  return (
    <div className={classes.filterInput}>
      <TextInput
        size="xs"
        aria-label={`Filter ${column.label}`}
        placeholder="Filter"
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          commit(event.currentTarget.value);
        }}
        onDoubleClick={() => setHelpOpen(true)}
        onKeyDown={(event) => {
          // Focus stays in the input while the help is open, so Escape is handled here.
          if (event.key === 'Escape') setHelpOpen(false);
          if (event.key === 'Enter') commit.flush();
        }}
        onBlur={() => commit.flush()}
        error={
          error ? (
            <>
              {error.message}
              <ErrorMarker text={draft} error={error} />
            </>
          ) : undefined
        }
      />
      {helpOpen && (
        <Popover
          opened
          onChange={setHelpOpen}
          position="bottom-start"
          width={560}
          shadow="md"
          withinPortal
          // Our own role and name: Mantine's would label the help with the input's label.
          withRoles={false}
        >
          <Popover.Target>
            <div className={classes.filterHelpAnchor} />
          </Popover.Target>
          <Popover.Dropdown role="dialog" aria-label="Filter help">
            <FilterHelp />
          </Popover.Dropdown>
        </Popover>
      )}
    </div>
  );
}
