import type { Database } from '../db/client.ts';

export type Statement = {
  text: string;
  params: unknown[];
  /** The reply's rows and the fields of each, once it came: what the driver had to decode and hand over. */
  reply?: { rows: number; fields: number };
};

/**
 * The statements a database is sent, caught at its driver (node-postgres' pool or PGlite) with their parameters and
 * the size of their replies: what a call costs in round trips and in values handed over, and (bench/scale.ts) what
 * to explain. `send` reaches the driver unrecorded.
 */
export function statementRecorder(database: Database) {
  const client = (database.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } })
    .$client;
  const send = client.query.bind(client);
  let log: Statement[] | undefined;
  client.query = (...a: unknown[]) => {
    if (!log) return send(...a);
    const [q, p] = a as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    const s: Statement =
      typeof q === 'string' ? { text: q, params: p ?? [] } : { text: q.text, params: q.values ?? p ?? [] };
    log.push(s);
    return send(...a).then((r) => {
      const { rows, fields } = r as { rows?: unknown[]; fields?: unknown[] };
      if (rows && fields) s.reply = { rows: rows.length, fields: fields.length };
      return r;
    });
  };
  return {
    send,
    /** The statements sent while `run` ran, in order. */
    async capture(run: () => Promise<unknown>): Promise<Statement[]> {
      log = [];
      try {
        await run();
        return log;
      } finally {
        log = undefined;
      }
    },
  };
}
