// A detail record read through useRecord (so a failure raises the 'Failed Request' toast) and
// checked against its domain schema, so a screen never renders a shape it did not expect.
import { useMemo } from 'react';
import type { z } from 'zod';
import { useRecord } from './useRecord';

type RecordOptions = Parameters<typeof useRecord>[0];

export interface ParsedRecord<T> {
  record: T | undefined;
  isPending: boolean;
  /** The request failed (the toast is already up). */
  error: Error | null;
  /** The server answered, but not with this schema's shape. */
  unreadable: boolean;
}

export function useParsedRecord<S extends z.ZodType>(
  schema: S,
  options: RecordOptions,
): ParsedRecord<z.output<S>> {
  const query = useRecord<unknown>(options);
  const parsed = useMemo(
    () => (query.data === undefined ? undefined : schema.safeParse(query.data)),
    [query.data, schema],
  );
  return {
    record: parsed?.success ? parsed.data : undefined,
    isPending: query.isPending,
    error: query.error,
    unreadable: parsed !== undefined && !parsed.success,
  };
}
