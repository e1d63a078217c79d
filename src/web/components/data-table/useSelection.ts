// Row selection: controlled by the screen when it passes `selection`, else kept here. Server-mode
// rows leave the page when the user pages on, so the selected rows themselves are remembered as
// they are ticked: 'N Selected' can then show them without asking the server for them by key.
import { useCallback, useState } from 'react';

export function useSelection<Row extends object>(
  controlled: ReadonlySet<string> | undefined,
  onChange: ((selection: Set<string>) => void) | undefined,
) {
  const [own, setOwn] = useState<ReadonlySet<string>>(() => new Set());
  const [rowsByKey, setRowsByKey] = useState<ReadonlyMap<string, Row>>(() => new Map());
  const selection = controlled ?? own;

  /** Selects (or unselects) the given rows, keyed by `keyOf`. */
  const setSelected = useCallback(
    (rows: readonly Row[], keyOf: (row: Row) => string, selected: boolean) => {
      const next = new Set(selection);
      for (const row of rows) {
        if (selected) next.add(keyOf(row));
        else next.delete(keyOf(row));
      }
      if (selected) {
        setRowsByKey((previous) => {
          const map = new Map(previous);
          for (const row of rows) map.set(keyOf(row), row);
          return map;
        });
      }
      if (controlled === undefined) setOwn(next);
      onChange?.(next);
    },
    [selection, controlled, onChange],
  );

  return { selection, rowsByKey, setSelected };
}
