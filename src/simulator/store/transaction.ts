// A unit of writes that can be undone: sObject Collections with allOrNone roll back every record when
// one fails, and a single record's cascades (cancelling a request cancels its jobs) roll back with it.
// Ids of rolled-back inserts stay burned, as in Salesforce.
import type { Row, Table } from './table';

export class Transaction {
  private readonly undo: (() => void)[] = [];
  private readonly afterCommit: (() => void)[] = [];

  insert(table: Table, fields: Record<string, unknown>): Row {
    const row = table.insert(fields);
    const index = table.indexOfId(String(row.Id));
    this.undo.push(() => table.put(index, undefined));
    return row;
  }

  put(table: Table, index: number, row: Row | undefined): void {
    const previous = table.put(index, row);
    this.undo.push(() => table.put(index, previous));
  }

  /** Runs after a successful commit (e.g. telling the push engine a request was activated). */
  onCommit(action: () => void): void {
    this.afterCommit.push(action);
  }

  savepoint(): { writes: number; actions: number } {
    return { writes: this.undo.length, actions: this.afterCommit.length };
  }

  rollbackTo(point: { writes: number; actions: number }): void {
    while (this.undo.length > point.writes) this.undo.pop()?.();
    this.afterCommit.length = point.actions;
  }

  rollback(): void {
    this.rollbackTo({ writes: 0, actions: 0 });
  }

  commit(): void {
    const actions = this.afterCommit.splice(0);
    this.undo.length = 0;
    for (const action of actions) action();
  }
}
