// Query cursors behind nextRecordsUrl. As in Salesforce, a locator is a record-id-like cursor id
// (prefix 01g) plus the offset of the next batch ('01gD0000002HU6KIAW-2000'); a user holds at most
// 10 open cursors (opening an 11th drops the oldest) and an unused cursor expires after 15 minutes.
// A cursor is closed once its last batch has been served. It keeps the engine's cursor, which builds
// result rows a page at a time.
import { IdSpace } from '../data/ids';
import { KEY_PREFIX } from '../data/prefixes';
import type { SoqlCursor } from '../soql/index';

const MAX_CURSORS_PER_USER = 10;
const IDLE_EXPIRY_MS = 15 * 60_000;

interface Cursor {
  readonly id: string;
  readonly orgId15: string;
  readonly userId: string;
  readonly result: SoqlCursor;
  lastUsedMs: number;
}

export interface CursorPage {
  readonly cursorId: string;
  readonly result: SoqlCursor;
  readonly offset: number;
}

/** How many rows a query result pages over (a COUNT() query has none). */
export function rowCount(result: SoqlCursor): number {
  return result.isCount ? 0 : result.totalSize;
}

export class CursorStore {
  private readonly cursors = new Map<string, Cursor>();
  private readonly ids = new IdSpace(KEY_PREFIX.QueryLocator, 'D0', 2_000_000);
  private counter = 0;

  constructor(private readonly now: () => number) {}

  open(orgId15: string, userId: string, result: SoqlCursor): string {
    this.sweep();
    const mine = [...this.cursors.values()].filter((c) => c.userId === userId);
    if (mine.length >= MAX_CURSORS_PER_USER) {
      const oldest = mine.reduce((a, b) => (a.lastUsedMs <= b.lastUsedMs ? a : b));
      this.cursors.delete(oldest.id);
    }
    const id = this.ids.id18(this.counter++);
    this.cursors.set(id, { id, orgId15, userId, result, lastUsedMs: this.now() });
    return id;
  }

  /** The cursor and offset named by a locator, if it is still open for this org and user. */
  resume(locator: string, orgId15: string, userId: string): CursorPage | undefined {
    this.sweep();
    const match = /^([0-9A-Za-z]{18})-(\d+)$/.exec(locator);
    if (!match) return undefined;
    const cursor = this.cursors.get(match[1] ?? '');
    const offset = Number(match[2]);
    if (
      !cursor ||
      cursor.orgId15 !== orgId15 ||
      cursor.userId !== userId ||
      offset > rowCount(cursor.result)
    ) {
      return undefined;
    }
    cursor.lastUsedMs = this.now();
    return { cursorId: cursor.id, result: cursor.result, offset };
  }

  close(cursorId: string): void {
    this.cursors.delete(cursorId);
  }

  get openCount(): number {
    return this.cursors.size;
  }

  private sweep(): void {
    const cutoff = this.now() - IDLE_EXPIRY_MS;
    for (const [id, cursor] of this.cursors)
      if (cursor.lastUsedMs < cutoff) this.cursors.delete(id);
  }
}
