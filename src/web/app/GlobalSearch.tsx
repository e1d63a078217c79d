// The global search box of docs/product.md "Top menu", with its answers from GET /api/search
// (docs/api.md "Orgs, licenses, search").
import { useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Combobox, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useWindowEvent } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import {
  SEARCH_RESULT_TYPES,
  searchResultPath,
  searchEndpoints,
  type SearchResult,
  type SearchResultType,
} from '../../domain';
import { callEndpoint } from '../api/endpoint-client';

export const SEARCH_DEBOUNCE_MS = 250;
/** The longest term the API accepts (searchQuerySchema). */
const MAX_TERM_LENGTH = 100;

// Asked 250 ms after the last keystroke, so typing a name sends one request, not one per letter.
function useGlobalSearch(term: string) {
  const [debounced] = useDebouncedValue(term.trim().slice(0, MAX_TERM_LENGTH), SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['search', debounced],
    queryFn: ({ signal }): Promise<SearchResult[]> =>
      callEndpoint(searchEndpoints.search, { query: { term: debounced }, signal }),
    enabled: debounced !== '',
    staleTime: 30_000,
    // The previous answer stays while the next term is asked, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });
  return { ...query, debounced };
}

/** The heading of each kind of result in the dropdown. */
export const SEARCH_TYPE_LABELS: Record<SearchResultType, string> = {
  org: 'Orgs',
  license: 'Licenses',
  package: 'Packages',
  version: 'Versions',
  group: 'Groups',
};

const optionValue = (result: SearchResult) => `${result.type}:${result.id}`;

/** Typing a '/' into a field must stay a '/', so the shortcut only fires outside text entry. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return (
    target.isContentEditable ||
    target.closest('[contenteditable="true"], [contenteditable=""]') !== null
  );
}

/**
 * The global search box (docs/product.md "Top menu"): orgs, licenses, packages, versions and groups
 * by id or name. '/' anywhere focuses it; ArrowUp/ArrowDown move through the results, Enter opens
 * the chosen one (the first when none is chosen), Escape clears the box and a second Escape leaves
 * it.
 */
export function GlobalSearch({ compact }: { compact: boolean }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const search = useGlobalSearch(term);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  useWindowEvent('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.defaultPrevented || isTextEntry(event.target)) return;
    event.preventDefault();
    inputRef.current?.focus();
  });

  // Grouped by kind in a fixed order; the flat list is the options' order on screen.
  const results = search.data ?? [];
  const groups = SEARCH_RESULT_TYPES.map((type) => ({
    type,
    results: results.filter((result) => result.type === type),
  })).filter((group) => group.results.length > 0);
  const ordered = groups.flatMap((group) => group.results);

  const open = (result: SearchResult | undefined) => {
    if (!result) return;
    setTerm('');
    combobox.closeDropdown();
    inputRef.current?.blur();
    void navigate(searchResultPath(result));
  };

  let content;
  if (search.error) {
    content = <Combobox.Empty>{`Search failed: ${search.error.message}`}</Combobox.Empty>;
  } else if (search.data === undefined) {
    content = <Combobox.Empty>Searching…</Combobox.Empty>;
  } else if (ordered.length === 0) {
    content = <Combobox.Empty>No matches</Combobox.Empty>;
  } else {
    content = groups.map((group) => (
      <Combobox.Group key={group.type} label={SEARCH_TYPE_LABELS[group.type]}>
        {group.results.map((result) => (
          <Combobox.Option key={optionValue(result)} value={optionValue(result)}>
            <Text size="sm" lineClamp={1}>
              {result.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {result.detail}
            </Text>
          </Combobox.Option>
        ))}
      </Combobox.Group>
    ));
  }

  return (
    <Combobox
      store={combobox}
      // Mounted only while open: a hidden list is still measured and placed on every mount.
      keepMounted={false}
      position="bottom-start"
      width={360}
      shadow="md"
      onOptionSubmit={(value) => open(ordered.find((result) => optionValue(result) === value))}
    >
      <Combobox.Target>
        <TextInput
          ref={inputRef}
          aria-label="Find org"
          placeholder="Type / to find org"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={term}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setTerm(value);
            if (value.trim() === '') combobox.closeDropdown();
            else combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onFocus={() => term.trim() !== '' && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              if (term) setTerm('');
              else event.currentTarget.blur();
            } else if (
              event.key === 'Enter' &&
              combobox.dropdownOpened &&
              combobox.getSelectedOptionIndex() === -1
            ) {
              // Nothing chosen with the arrows: Enter takes the best match, once the results
              // shown are the answer for what is typed (not the previous term's).
              event.preventDefault();
              const current =
                !search.isPlaceholderData &&
                search.debounced === term.trim().slice(0, MAX_TERM_LENGTH);
              if (current) open(ordered[0]);
            }
          }}
          miw={compact ? 140 : 150}
          w={compact ? 180 : 220}
          style={{ flexShrink: 1 }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label="Search results" mah={420} style={{ overflowY: 'auto' }}>
          {content}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
