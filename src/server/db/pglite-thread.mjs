// The embedded PostgreSQL (PGlite, WebAssembly) on a thread of its own. PGlite runs every
// statement synchronously on the thread that owns it: on the main thread a large sync write held
// up HTTP requests, the live channel and the parsing of the next Salesforce page. Here the
// database works on one core while the process goes on with everything else on the other.
//
// Plain JavaScript so that every runner (tsx, vitest, plain node) can start it as it is.
// The protocol, answered in order of completion:
//   { id, op: 'query', sql, params, tx? }           → { id, ok, value: { rows, affectedRows } }
//   { id, op: 'exec', sql, tx? }                    → { id, ok, value: rows of the last statement }
//   { id, op: 'begin', tx }                         → { id, ok } once the transaction holds PGlite
//   { id, op: 'end', tx, commit }                   → { id, ok } once committed or rolled back
//   { id, op: 'close' }                             → { id, ok }, then the thread ends
// A failure answers { id, ok: false, error } with the database error's fields (code, detail…).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const port = parentPort;
if (!port) throw new Error('pglite-thread.mjs runs as a worker thread');

const pglite = await PGlite.create({ dataDir: workerData.dataDir, extensions: { pg_trgm } });

/** Open transactions by the caller's id: PGlite's handle and how to end it. */
const transactions = new Map();
const ROLLBACK = Symbol('rollback');

function begin(txId) {
  return new Promise((started, failed) => {
    const finished = pglite
      .transaction(async (tx) => {
        const commit = await new Promise((end) => {
          transactions.set(txId, { tx, end, finished });
          started();
        });
        if (!commit) throw ROLLBACK;
      })
      .catch((error) => {
        if (error !== ROLLBACK) throw error;
      });
    // A transaction that could not even begin rejects before it was registered.
    finished.catch(failed);
  });
}

async function end(txId, commit) {
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  transactions.delete(txId);
  open.end(commit);
  await open.finished;
}

/** The handle a statement runs on: its transaction's, or PGlite itself (which waits for any). */
function target(txId) {
  if (txId === undefined) return pglite;
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}`);
  return open.tx;
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const result = await target(message.tx).query(message.sql, message.params);
      return { rows: result.rows, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await target(message.tx).exec(message.sql);
      return results.at(-1)?.rows ?? [];
    }
    case 'begin':
      return begin(message.tx);
    case 'end':
      return end(message.tx, message.commit);
    case 'close':
      await pglite.close();
      return undefined;
    default:
      throw new Error(`Unknown operation ${String(message.op)}`);
  }
}

/**
 * What crosses back to the caller: the message and PostgreSQL's fields. The statement and its
 * parameters stay here (they may hold tokens, and a page's parameters are large).
 */
function describe(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const { query: _query, params: _params, ...fields } = error;
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

port.on('message', (message) => {
  handle(message).then(
    (value) => {
      port.postMessage({ id: message.id, ok: true, value });
      if (message.op === 'close') port.close();
    },
    (error) => port.postMessage({ id: message.id, ok: false, error: describe(error) }),
  );
});
