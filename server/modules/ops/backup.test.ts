import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';

const OPS = 'ops-backup-test-token';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
});
afterAll(() => t.close());

const backup = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/ops/backup', headers: authorization ? { authorization } : {} });

describe('GET /ops/backup', () => {
  it('is for administrators only', async () => {
    expect((await backup()).json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/ops/login',
      payload: { username: 'finance', password: 'Finance123' },
    });
    const finance = await backup(`Bearer ${login.json().value.token}`);
    expect(finance.statusCode).toBe(403);
    expect(finance.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await t.database.db.$count(auditLog, eq(auditLog.action, 'OPS_BACKUP'))).toBe(0);
  });

  it('streams the PGlite data folder gzipped and audits it; on PostgreSQL it names pg_dump', async () => {
    const res = await backup(`Bearer ${OPS}`);
    if (t.database.kind === 'postgres') {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT' });
      expect(res.json().message).toContain('pg_dump -Fc');
      return;
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="portico-.+\.tar\.gz"$/);
    expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'OPS_BACKUP'));
    expect(row).toMatchObject({ actor: 'ops', subject: { bytes: res.rawPayload.length } });
  });
});
