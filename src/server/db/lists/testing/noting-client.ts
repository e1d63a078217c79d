// The database as a client that notes each statement run through it, for the tests that check
// how a list page was read (which statements, and what they asked for).
import type { SqlClient } from '../../database';

export interface NotedStatement {
  readonly text: string;
  readonly params: readonly unknown[];
}

/** `db`, noting each statement's text (`statements`) and, with its parameters, `noted`. */
export function notingClient(db: SqlClient): {
  client: SqlClient;
  statements: string[];
  noted: NotedStatement[];
} {
  const statements: string[] = [];
  const noted: NotedStatement[] = [];
  const client: SqlClient = {
    query: (text, params = []) => {
      statements.push(text);
      noted.push({ text, params });
      return db.query(text, params);
    },
    exec: (text) => db.exec(text),
  };
  return { client, statements, noted };
}
