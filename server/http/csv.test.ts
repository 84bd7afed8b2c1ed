import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { minorUnits } from '../../contract/wallet.ts';
import type { Db } from '../db/client.ts';
import { auditLog, members, paymentOrders } from '../db/schema/index.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { newMember } from '../test/play.ts';
import { csvColumns, csvFileName, decimal } from './csv.ts';
import { OPENAPI_PATH } from './openapi.ts';

const OPS = 'csv-ops-token';
let t: TestApp;
let db: Db;

const csv = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${OPS}` } });
  return {
    res,
    rows: res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean),
  };
};

beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  db = t.database.db;
}, 120_000);
afterAll(() => t?.close());

describe('CSV cells', () => {
  it('writes amounts as decimals, quotes what needs it and neutralises formulas', () => {
    expect([decimal(123_456), decimal(-5), decimal(0), decimal(10n ** 20n)]).toEqual([
      '1234.56',
      '-0.05',
      '0.00',
      '1000000000000000000.00',
    ]);
    const { header, row } = csvColumns(
      z.object({
        name: z.string(),
        balance: z.number().int(),
        at: z.string().nullable(),
        tags: z.array(z.string()),
      }),
    );
    expect(header).toBe('name,balance,at,tags\r\n');
    // The contract's own money schema marks a column as an amount.
    const money = csvColumns(z.object({ amount: minorUnits.nullable() }));
    expect(money.row({ amount: -1_050 })).toBe('-10.50\r\n');
    expect(row({ name: '=HYPERLINK("x")', balance: -3, at: null, tags: ['a', 'b'] })).toBe(
      `"'=HYPERLINK(""x"")",-3,,"[""a"",""b""]"\r\n`,
    );
    for (const lead of ['+', '-', '@', '\t'])
      expect(row({ name: `${lead}1`, balance: 0, at: 'a,b', tags: [] })).toBe(`'${lead}1,0,"a,b",[]\r\n`);
    expect(row({ name: 'line\nbreak', balance: 0, at: '2026-11-27T00:00:00.000Z', tags: [] })).toBe(
      '"line\nbreak",0,2026-11-27T00:00:00.000Z,[]\r\n',
    );
  });

  it('names the file after the list and the day', () => {
    const at = new Date('2026-11-27T23:00:00Z');
    expect(csvFileName('/ops/merchants/:code/promotion-entries', at)).toBe(
      'promotion-entries-2026-11-27.csv',
    );
    expect(csvFileName('/ops/payments', at)).toBe('payments-2026-11-27.csv');
  });
});

describe('?format=csv on an operator list', () => {
  it('streams every page of a long list with its filters, amounts as decimals, and audits the export', async () => {
    // 260 members of LOTUS whose account starts with csvbulk: three pages at the list's largest size (100).
    const rows = Array.from({ length: 260 }, (_, i) => ({
      merchantCode: 'LOTUS',
      account: `csvbulk${String(i).padStart(3, '0')}`,
      nickname: i === 7 ? '=cmd|calc' : `bulk, "${i}"`,
      passwordHash: 'x',
    }));
    await db.insert(members).values(rows);
    const rich = await newMember(db, 'csvbulkrich', 123_456n, 'LOTUS');
    const { res, rows: lines } = await csv(
      '/ops/merchants/LOTUS/members?account=csvbulk&format=csv&pageSize=5',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFFid,account,nickname,')).toBe(true);
    expect(lines).toHaveLength(1 + 261);
    const accounts = lines.slice(1).map((l) => l.split(',')[1]);
    expect(new Set(accounts).size).toBe(261);
    expect(accounts.every((a) => a?.startsWith('csvbulk'))).toBe(true);
    expect(lines.find((l) => l.includes('csvbulk007'))).toContain(",'=cmd|calc,");
    expect(lines.find((l) => l.includes('csvbulk008'))).toContain(',"bulk, ""8""",');
    const balanceAt = lines[0]!.split(',').indexOf('balance');
    expect(lines.find((l) => l.startsWith(`${rich.id},`))!.split(',')[balanceAt]).toBe('1234.56');

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'OPS_EXPORT'), eq(auditLog.merchantCode, 'LOTUS')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.subject).toEqual({
      path: '/ops/merchants/:code/members',
      params: { code: 'LOTUS' },
      filters: { account: 'csvbulk', pageSize: '5' },
    });
  });

  it('applies a capped list’s filters (payments by status and merchant)', async () => {
    const m = await newMember(db, 'csvpayer', 0n, 'LOTUS');
    for (const status of ['PENDING', 'CREDITED', 'PENDING'] as const)
      await db.insert(paymentOrders).values({
        merchantCode: 'LOTUS',
        memberId: m.id,
        kind: 'DEPOSIT',
        channel: 'BANK',
        amount: 2_550n,
        status,
        requestId: randomUUID(),
      });
    const { res, rows } = await csv('/ops/payments?status=CREDITED&merchant=LOTUS&format=csv');
    expect(res.statusCode).toBe(200);
    const header = rows[0]!.split(',');
    const mine = rows
      .slice(1)
      .map((l) => l.split(','))
      .filter((c) => c[header.indexOf('account')] === 'csvpayer');
    expect(mine.map((c) => [c[header.indexOf('status')], c[header.indexOf('amount')]])).toEqual([
      ['CREDITED', '25.50'],
    ]);
    expect(rows.slice(1).every((l) => l.split(',')[header.indexOf('status')] === 'CREDITED')).toBe(true);
  });

  it('is in the API description: the format parameter and a CSV reply on every operator list only', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const audit = doc.paths['/ops/audit'].get;
    expect(Object.keys(audit.responses['200'].content)).toEqual(['application/json', 'text/csv']);
    expect(audit.parameters.map((p: { name: string }) => p.name)).toContain('format');
    const me = doc.paths['/ops/me'].get;
    expect(Object.keys(me.responses['200'].content)).toEqual(['application/json']);
  });

  it('answers bad filters and other merchants as the list does, and leaves JSON alone', async () => {
    const bad = await csv('/ops/payments?status=NOPE&format=csv');
    expect([bad.res.statusCode, bad.res.json().code]).toEqual([400, 'VALIDATION']);
    const json = await t.app.inject({
      method: 'GET',
      url: '/ops/payments?limit=1',
      headers: { authorization: `Bearer ${OPS}` },
    });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const noAuth = await t.app.inject({ method: 'GET', url: '/ops/payments?format=csv' });
    expect(noAuth.statusCode).toBe(401);
  });
});
