// The Blacklisted toggle of an org list (docs/product.md "Orgs list"), remembered per list in local
// storage beside the table's own remembered state, so the operator comes back to the same view.
import { useLocalStorage } from '@mantine/hooks';
import { storageKey } from '../../../components/data-table';

export function blacklistedKey(listKey: string): string {
  return storageKey(listKey, 'blacklisted');
}

/** The remembered toggle as useBlacklistedToggle first reads it: only a stored true is on. */
export function readBlacklisted(listKey: string): boolean {
  try {
    return localStorage.getItem(blacklistedKey(listKey)) === 'true';
  } catch {
    return false; // storage blocked: the hook falls back to its default too
  }
}

export function useBlacklistedToggle(listKey: string): [boolean, (value: boolean) => void] {
  const [blacklisted, setBlacklisted] = useLocalStorage<boolean>({
    key: blacklistedKey(listKey),
    defaultValue: false,
    // Read at once: the first request must already carry the remembered scope.
    getInitialValueInEffect: false,
    // Anything but a stored true (an old build, a hand edit) means the whole list.
    deserialize: (text) => text === 'true',
  });
  return [blacklisted, setBlacklisted];
}

/**
 * The scope query of the list. Unset rather than blacklisted=false: false would ask the server
 * for the orgs that are NOT blacklisted, while the toggle off means every org.
 */
export function blacklistedParams(blacklisted: boolean): { blacklisted?: true } {
  return blacklisted ? { blacklisted: true } : {};
}
