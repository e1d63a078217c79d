// Shared record helpers for the REST routes: the REST shape of a record (attributes first), running a
// write in its own transaction, and turning a record-level failure into the REST error reply.
import { SaveError } from '../../store/save-error';
import type { Row, Table } from '../../store/table';
import { Transaction } from '../../store/transaction';
import type { WriteContext } from '../../store/writes';
import type { ApiContext } from '../context';
import { ApiError, notFound } from '../respond';

export function restRecord(
  table: Table,
  row: Row,
  version: string,
  fields?: readonly string[],
): Record<string, unknown> {
  const names = fields ?? table.def.fields.map((f) => f.name);
  const out: Record<string, unknown> = {
    attributes: {
      type: table.def.name,
      url: `/services/data/v${version}/sobjects/${table.def.name}/${String(row.Id)}`,
    },
  };
  for (const name of names) out[name] = row[name] ?? null;
  return out;
}

/** The fields of a `fields=` parameter, checked against the object. */
export function requestedFields(table: Table, list: string | null): string[] | undefined {
  if (!list) return undefined;
  return list.split(',').map((raw) => {
    const name = raw.trim();
    const f = table.def.field(name);
    if (!f)
      throw new ApiError(
        400,
        'INVALID_FIELD',
        `No such column '${name}' on entity '${table.def.name}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names.`,
      );
    return f.name;
  });
}

export function tableOrNotFound(ctx: ApiContext, type: string | undefined): Table {
  const table = ctx.org.store.table(type ?? '');
  if (!table) throw notFound();
  return table;
}

export function writeContext(ctx: ApiContext, tx: Transaction): WriteContext {
  return { org: ctx.org, user: ctx.token.user, now: ctx.rt.clock.now(), tx };
}

/** Runs one write in its own transaction: committed on success, rolled back on failure. */
export function singleWrite<T>(ctx: ApiContext, write: (w: WriteContext) => T): T {
  const tx = new Transaction();
  try {
    const result = write(writeContext(ctx, tx));
    tx.commit();
    return result;
  } catch (error) {
    tx.rollback();
    throw toApiError(error);
  }
}

/** Record-level failures answer 400, like every DML error; a missing record answers 404. */
const STATUS_BY_CODE: Record<string, number> = { NOT_FOUND: 404 };

export function toApiError(error: unknown): unknown {
  if (!(error instanceof SaveError)) return error;
  return new ApiError(
    STATUS_BY_CODE[error.statusCode] ?? 400,
    error.statusCode,
    error.message,
    error.fields.length > 0 ? error.fields : undefined,
  );
}
