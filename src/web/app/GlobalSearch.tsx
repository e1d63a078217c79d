import { useRef, useState } from 'react';
import { Popover, Text, TextInput } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

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
 * The global search box of spec §2. Pressing '/' anywhere focuses it; Escape clears it. Finding
 * orgs arrives with the search feature: until then the box says so instead of inventing results.
 */
export function GlobalSearch({ compact }: { compact: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [focused, setFocused] = useState(false);

  useWindowEvent('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.defaultPrevented || isTextEntry(event.target)) return;
    event.preventDefault();
    inputRef.current?.focus();
  });

  return (
    <Popover
      opened={focused && term.trim() !== ''}
      position="bottom-start"
      width="target"
      shadow="md"
    >
      <Popover.Target>
        <TextInput
          ref={inputRef}
          aria-label="Find org"
          placeholder="Type / to find org"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            if (term) setTerm('');
            else event.currentTarget.blur();
          }}
          miw={compact ? 140 : 150}
          w={compact ? 180 : 220}
          style={{ flexShrink: 1 }}
        />
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" c="dimmed">
          Finding orgs is not available yet.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
