import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test/app.ts';
import { maskUrl, serializeError } from './requestLog.ts';

interface Line {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { url: string };
  err?: { type: string; message: string; stack: string };
  body?: Record<string, unknown>;
}

/** An app whose log lines (pino's JSON) land in `lines`. */
async function loggedApp(level: string) {
  const raw: string[] = [];
  const t = await testApp({ logger: { level, stream: { write: (line) => void raw.push(line) } } });
  return { t, raw, lines: () => raw.map((l) => JSON.parse(l) as Line) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids and log lines', () => {
  let app: Awaited<ReturnType<typeof loggedApp>>;
  beforeAll(async () => {
    app = await loggedApp('info');
    app.t.app.get('/wps/test/boom', async () => {
      throw new Error('kaboom');
    });
  });
  afterAll(() => app.t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.t.app.inject({ method: 'GET', url, headers: { merchant: 'PORTICO', ...headers } });

  it('uses a safe incoming X-Request-Id as the request id and echoes it', async () => {
    const res = await get('/livez', { 'x-request-id': 'edge-42.a:b_C' });
    expect(res.headers['x-request-id']).toBe('edge-42.a:b_C');
    const res2 = await get('/wps/nope', { 'x-request-id': 'trace-7' });
    expect(res2.headers['x-request-id']).toBe('trace-7');
    expect(
      app
        .lines()
        .filter((l) => l.reqId === 'trace-7')
        .map((l) => l.msg),
    ).toEqual(['incoming request', 'request completed']);
  });

  it('replaces a missing, overlong or unsafe id with a fresh UUID', async () => {
    const ids = [];
    const given: Record<string, string>[] = [
      {},
      { 'x-request-id': 'a'.repeat(65) },
      { 'x-request-id': 'x"}\n{"level":60' },
    ];
    for (const headers of given) {
      const id = (await get('/livez', headers)).headers['x-request-id'];
      expect(id).toMatch(UUID);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(3);
    expect(app.raw.join('')).not.toContain('"level":60');
  });

  it('masks a token in the query string and keeps credentials out of request lines', async () => {
    await get('/wps/nope?token=tok-SECRET-1&lang=en&t=launch-SECRET-2', {
      authorization: 'Bearer bearer-SECRET-3',
      cookie: 'session=cookie-SECRET-4',
      'x-request-id': 'masked-1',
    });
    const line = app.lines().find((l) => l.reqId === 'masked-1' && l.req);
    expect(line?.req?.url).toBe('/wps/nope?token=[Redacted]&lang=en&t=[Redacted]');
    expect(app.raw.join('')).not.toMatch(/SECRET/);
  });

  it('keeps health probes and scrapes out of the info-level request lines', async () => {
    for (const url of ['/livez', '/readyz', '/metrics']) await get(url, { 'x-request-id': 'probe-1' });
    expect(app.lines().filter((l) => l.reqId === 'probe-1')).toEqual([]);
  });

  it('logs a 5xx at error level with its stack', async () => {
    const res = await get('/wps/test/boom', { 'x-request-id': 'boom-1' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong, please try again',
    });
    const line = app.lines().find((l) => l.reqId === 'boom-1' && l.level === 50);
    expect(line?.err?.message).toBe('kaboom');
    expect(line?.err?.stack).toMatch(/^Error: kaboom\n\s+at /);
  });
});

describe('a 5xx of a login, at the development level', () => {
  it('is logged with the stack and the body, its password redacted', async () => {
    const { t, raw, lines } = await loggedApp('warn');
    try {
      // The login's first write fails once its body is read.
      await t.database.db.execute(sql`alter table login_failures rename to login_failures_gone`);
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { merchant: 'PORTICO', 'x-request-id': 'login-5xx' },
        payload: { type: 'username', username: 'player01', password: 'Hunter2-SECRET' },
      });
      expect(res.statusCode).toBe(500);
      const line = lines().find((l) => l.reqId === 'login-5xx' && l.level === 50);
      expect(line?.err?.stack).toContain('\n    at ');
      expect(line?.body).toMatchObject({ type: 'username', username: 'player01', password: '[Redacted]' });
      expect(raw.join('')).not.toContain('Hunter2-SECRET');
    } finally {
      await t.close();
    }
  });
});

describe('masking', () => {
  it('masks secret-looking query parameters whatever their spelling', () => {
    expect(maskUrl('/x?access_token=a&Code=b&smsCode=c&page=2&sig=d&signature=e')).toBe(
      '/x?access_token=[Redacted]&Code=[Redacted]&smsCode=[Redacted]&page=2&sig=d&signature=[Redacted]',
    );
    expect(maskUrl('/plain/path')).toBe('/plain/path');
  });

  it('drops the parameters of a failed query from its message, stack and fields', () => {
    const err = new DrizzleQueryError('select 1 where code = $1', ['654321'], new Error('boom'));
    const logged = serializeError(err);
    expect(JSON.stringify(logged)).not.toContain('654321');
    expect(logged.message).toBe('Failed query: select 1 where code = $1\nparams: [Redacted]');
    expect(logged).toMatchObject({ type: 'DrizzleQueryError', cause: { message: 'boom' } });
  });
});
