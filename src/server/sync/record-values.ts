// Conversions from Salesforce's wire values to what the database stores.
import { toId18 } from '../../domain/ids';

/** Epoch ms of a Salesforce datetime ('2024-05-01T10:00:00.000+0000'); NaN when unreadable. */
export function dateTimeMs(value: string): number {
  // Date.parse wants '+00:00'; Salesforce writes '+0000'.
  return Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

/** A Salesforce date ('YYYY-MM-DD') as the UTC midnight a timestamptz column stores. */
export function dateAsTimestamp(value: string | null | undefined): string | null {
  return value ? `${value}T00:00:00Z` : null;
}

/**
 * The 18-character form of an id that text fields may hold in 15 characters (the LMA's
 * Subscriber Org ID, Developer Org ID, Package ID and Version ID); null when it is not one.
 */
export function id18(value: string | null | undefined, prefix?: string): string | null {
  return value ? toId18(value, prefix) : null;
}

/** A whole number for an integer column (Salesforce sends doubles for number fields). */
export function wholeNumber(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value)
    ? null
    : Math.round(value);
}
