import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { members, sessions } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/secrets.ts';
import { testDatabase } from '../../test/app.ts';
import { createSessionService, SESSION_IDLE_MS, SESSION_MAX_MS } from './sessions.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe('sessions', () => {
  it('end after the idle time, and every use keeps them alive', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const service = createSessionService(database.db, () => now);
    const [member] = await database.db.select().from(members).where(eq(members.account, 'player01'));
    const token = await service.open(member!);
    // open() stamps the row with the database clock: start the test clock from it.
    const [row] = await database.db.select().from(sessions).where(eq(sessions.memberId, member!.id));
    now = new Date(row!.lastSeenAt.getTime() + SESSION_IDLE_MS - 1000);
    expect((await service.resolve('PORTICO', token)).member.account).toBe('player01');
    now = new Date(now.getTime() + SESSION_IDLE_MS - 1000);
    expect((await service.resolve('PORTICO', token)).member.account).toBe('player01');
    now = new Date(now.getTime() + SESSION_IDLE_MS + 1000);
    await expect(service.resolve('PORTICO', token)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    now = new Date(now.getTime() + 1000);
    await expect(service.resolve('PORTICO', token)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('end 24 hours after the login however busy they are (absolute lifetime)', async () => {
    expect(SESSION_MAX_MS).toBe(24 * 3_600_000);
    let now = new Date();
    const service = createSessionService(database.db, () => now);
    const [member] = await database.db.select().from(members).where(eq(members.account, 'agent01'));
    const token = await service.open(member!);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.memberId, member!.id));
    const opened = row!.createdAt.getTime();
    // Used every hour: never idle, so only the absolute lifetime can end it.
    for (let hour = 1; hour <= 24; hour += 1) {
      now = new Date(opened + hour * 3_600_000 - 1000);
      expect((await service.resolve('PORTICO', token)).member.account).toBe('agent01');
    }
    now = new Date(opened + SESSION_MAX_MS + 1000);
    await expect(service.resolve('PORTICO', token)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const [ended] = await database.db.select().from(sessions).where(eq(sessions.tokenHash, row!.tokenHash));
    expect(ended!.revokedAt).not.toBeNull();
  });

  it('remembered (remember-me), outlive the idle time for exactly one day after the login', async () => {
    let now = new Date();
    const service = createSessionService(database.db, () => now);
    const [member] = await database.db.select().from(members).where(eq(members.account, 'agent02'));
    const token = await service.open(member!, database.db, { remember: true });
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row!.remembered).toBe(true);
    const opened = row!.createdAt.getTime();
    // Left alone overnight, far past the idle limit: still logged in.
    now = new Date(opened + SESSION_IDLE_MS * 5);
    expect((await service.resolve('PORTICO', token)).member.account).toBe('agent02');
    now = new Date(opened + 86_400_000 - 1000);
    expect((await service.resolve('PORTICO', token)).member.account).toBe('agent02');
    now = new Date(opened + 86_400_000 + 1000);
    await expect(service.resolve('PORTICO', token)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('keep only a hash of the token', async () => {
    const service = createSessionService(database.db);
    const [member] = await database.db.select().from(members).where(eq(members.account, 'vip01'));
    const token = await service.open(member!);
    const rows = await database.db.select().from(sessions).where(eq(sessions.memberId, member!.id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
