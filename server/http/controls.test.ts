import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../test/app.ts';
import { client } from '../test/auth.ts';
import { CONTROL_MESSAGE } from './controls.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: 'ops-token-for-controls' });
});
afterAll(() => t?.close());

const refused = (field: string) => ({
  status: 400,
  body: {
    success: false,
    code: 'VALIDATION',
    message: CONTROL_MESSAGE,
    fields: { [field]: CONTROL_MESSAGE },
  },
});

describe('control characters in a request', () => {
  it('refuses a NUL in a query value with the field named (it was a 500 from the database)', async () => {
    const api = client(t.app);
    expect(await api.send('GET', '/lgw/games/list?gameName=%00')).toEqual(refused('gameName'));
    expect(await api.send('GET', '/lgw/games/list?gameName=Po%00ker')).toEqual(refused('gameName'));
    expect((await api.send('GET', '/lgw/games/list?gameName=Poker')).status).toBe(200);
  });

  it('refuses any C0 control or DEL in a query or path, tab and line breaks included', async () => {
    const api = client(t.app);
    for (const c of ['%01', '%09', '%0A', '%0D', '%1B', '%7F'])
      expect(await api.send('GET', `/lgw/games/list?gameName=a${c}b`), c).toEqual(refused('gameName'));
    expect(await api.send('GET', '/wps/promotion/1%00')).toEqual(refused('id'));
    expect(await api.send('GET', '/lgw/games/list?stray=%00')).toEqual(refused('stray'));
  });

  it('refuses one in a body at any depth or in a key, and keeps line breaks of multi-line text', async () => {
    const api = client(t.app);
    expect(await api.send('PUT', '/wps/feedback', { content: 'bad\u0000text' })).toEqual(refused('content'));
    expect(await api.send('PUT', '/wps/feedback', { content: 'bell\u0007' })).toEqual(refused('content'));
    expect(await api.send('PUT', '/wps/feedback', { content: 'x', extra: [{ deep: '\u001b[31m' }] })).toEqual(
      refused('extra.0.deep'),
    );
    expect(await api.send('PUT', '/wps/feedback', { content: 'x', 'k\u0000': 1 })).toEqual(
      refused('k\u0000'),
    );
    expect((await api.send('PUT', '/wps/feedback', { content: 'two\nlines\r\n\tand a tab' })).status).toBe(
      200,
    );
  });

  it('refuses one in an operator call too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ops/merchants/PORTICO/members?account=%00',
      headers: { authorization: 'Bearer ops-token-for-controls' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { account: CONTROL_MESSAGE } });
  });
});
