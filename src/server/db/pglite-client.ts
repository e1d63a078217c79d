// The process's side of the embedded database: PGlite runs on its own thread (pglite-thread.mjs)
// and every statement is a message to it. Values cross as structured clones (Date, arrays,
// Uint8Array survive as they are); errors come back with PostgreSQL's fields (code, detail…).
import { Worker } from 'node:worker_threads';

export interface ThreadQueryResult<R> {
  rows: R[];
  affectedRows?: number;
}

type Request =
  | { op: 'query'; sql: string; params: readonly unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

type Reply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorFields };

interface ErrorFields {
  message: string;
  name?: string;
  stack?: string;
  [field: string]: unknown;
}

/** An error raised on the database thread, with its fields (code, constraint…) restored. */
export class EmbeddedDatabaseError extends Error {
  readonly code?: string;
  constructor(fields: ErrorFields) {
    super(fields.message);
    const { message: _message, stack, name: _name, ...rest } = fields;
    Object.assign(this, rest);
    // The thread's stack says where PostgreSQL failed; the caller's own stack is kept below it.
    if (stack)
      this.stack = `${stack}\n    --- on the database thread, asked from ---\n${this.stack ?? ''}`;
  }
}

export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();
  private nextId = 1;
  private nextTx = 1;
  private failure: Error | undefined;

  private constructor(dataDir: string) {
    this.worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
      workerData: { dataDir },
    });
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    // A thread that dies takes every statement in flight with it; later ones fail at once.
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      this.worker.unref();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`The database thread ended (exit ${code})`)));
    // An idle database thread must not keep the process alive; one with work in flight does.
    this.worker.unref();
  }

  /** Starts the thread and waits until PGlite has opened (or created) its data folder. */
  static async open(dataDir: string): Promise<PgliteThread> {
    const thread = new PgliteThread(dataDir);
    await thread.query('SELECT 1', []);
    return thread;
  }

  query<R>(
    sql: string,
    params: readonly unknown[],
    options: { tx?: number } = {},
  ): Promise<ThreadQueryResult<R>> {
    return this.send({ op: 'query', sql, params, ...options }) as Promise<ThreadQueryResult<R>>;
  }

  /** Several statements without parameters; answers the rows of the last one. */
  exec(sql: string, tx?: number): Promise<Record<string, unknown>[]> {
    return this.send({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) }) as Promise<
      Record<string, unknown>[]
    >;
  }

  /** Runs fn in a transaction that holds the database until fn settles. */
  async transaction<T>(fn: (tx: number) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.send({ op: 'begin', tx });
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await this.send({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.send({ op: 'close' });
  }

  private send(request: Request): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new EmbeddedDatabaseError(reply.error));
  }
}
