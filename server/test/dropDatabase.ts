import type pg from 'pg';

/**
 * Drops a test database and ends whatever is connected to it. An autovacuum worker may still be on it (after many
 * writes); it belongs to no role, so FORCE cannot end it and refuses (42501). It finishes on its own: try again shortly.
 */
export async function dropDatabase(client: pg.Client, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(`drop database if exists ${name} with (force)`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '42501' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
