// A list opened from a home page tile starts with the filters its address carries.
import { afterEach, describe, expect, it } from 'vitest';
import { filteredListPath } from '../filteredListPath';
import { filtersInAddress, readListState, storageKey } from './useListState';

afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('filters in the address', () => {
  it('read back what filteredListPath wrote', () => {
    const path = filteredListPath('/packageorgs', { status: '"Invalid", "Missing"' });
    expect(filtersInAddress(path.slice(path.indexOf('?')))).toEqual([
      { id: 'status', value: '"Invalid", "Missing"' },
    ]);
  });

  it('are ignored when absent or malformed', () => {
    expect(filtersInAddress('')).toBeUndefined();
    expect(filtersInAddress('?filters=%5B')).toBeUndefined();
    expect(filtersInAddress('?filters=%7B%22id%22%3A1%7D')).toBeUndefined();
  });

  it('win over the remembered filters and saved filter', () => {
    localStorage.setItem(
      storageKey('OrgList', 'filters'),
      JSON.stringify([{ id: 'name', value: 'x' }]),
    );
    localStorage.setItem(storageKey('OrgList', 'savedFilter'), '3');
    expect(readListState('OrgList')).toMatchObject({
      filters: [{ id: 'name', value: 'x' }],
      savedFilterId: 3,
    });
    window.history.replaceState(null, '', filteredListPath('/orgs', { status: '"Installed"' }));
    expect(readListState('OrgList')).toMatchObject({
      filters: [{ id: 'status', value: '"Installed"' }],
      savedFilterId: null,
    });
  });
});
