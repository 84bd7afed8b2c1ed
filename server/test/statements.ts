import type { Database } from '../db/client.ts';

export type Statement = { text: string; params: unknown[] };

/**
 * The statements a database is sent, caught at its driver (node-postgres' pool or PGlite) with their parameters:
 * what a call costs in round trips, and (bench/scale.ts) what to explain. `send` reaches the driver unrecorded.
 */
export function statementRecorder(database: Database) {
  const client = (database.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } })
    .$client;
  const send = client.query.bind(client);
  let log: Statement[] | undefined;
  client.query = (...a: unknown[]) => {
    if (log) {
      const [q, p] = a as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      if (typeof q === 'string') log.push({ text: q, params: p ?? [] });
      else log.push({ text: q.text, params: q.values ?? p ?? [] });
    }
    return send(...a);
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
