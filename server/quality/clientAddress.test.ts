import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../config.ts';
import { type TestApp, testApp } from '../test/app.ts';

/**
 * The client address behind a reverse proxy: only the entries the trusted proxies added count, so a client writing
 * its own X-Forwarded-For (rotating it, or claiming another country) is still the address the proxy saw.
 */

const PROXY = '10.0.0.1';
const US = '203.0.113.9';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

/** A request as the proxy forwards it: the client's own header, then the address the proxy saw. */
const viaProxy = (forged: string, real: string, remoteAddress = PROXY) => ({
  remoteAddress,
  headers: { merchant: 'LOTUS', 'x-forwarded-for': `${forged}, ${real}` },
});

const statusOf = async (app: TestApp['app'], request: ReturnType<typeof viaProxy>) =>
  (await app.inject({ method: 'GET', url: '/wps/system/status', ...request })).json().value;

describe('client address behind one trusted proxy (the tests’ and production setting)', () => {
  it('is the address the proxy saw, whatever the client wrote before it', async () => {
    expect(await statusOf(t.app, viaProxy('192.0.2.7', US))).toMatchObject({
      status: 2,
      location: { ip: US, country: 'US' },
    });
  });

  it('rate limits a client rotating its own X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login',
        ...viaProxy(`198.51.100.${i}`, '203.0.113.77'),
        payload: { type: 'username', username: `rotating${i}`, password: 'Wrong-pass1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBe(20);
    expect(statuses.slice(0, 20)).not.toContain(429);
  });
});

describe('client address behind listed proxies', () => {
  let listed: TestApp;
  beforeAll(async () => {
    listed = await testApp({ trustProxy: ['10.0.0.0/8', '192.168.1.1'] });
  });
  afterAll(() => listed?.close());

  it('believes a listed proxy, and only the entries it added', async () => {
    expect(await statusOf(listed.app, viaProxy('192.0.2.7', US))).toMatchObject({ location: { ip: US } });
    expect(await statusOf(listed.app, viaProxy('192.0.2.7', US, '192.168.1.1'))).toMatchObject({
      location: { ip: US },
    });
  });

  it('ignores X-Forwarded-For from an address that is not a listed proxy', async () => {
    expect(await statusOf(listed.app, viaProxy('192.0.2.7', US, '198.51.100.20'))).toMatchObject({
      status: 0,
      location: { ip: '198.51.100.20' },
    });
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or a list of proxy addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses "trust everything" and what is no address, naming the variable', () => {
    expect(() => parseTrustProxy('true')).toThrow(/^TRUST_PROXY/);
    for (const bad of ['yes', '10.0.0.1,evil', '10.0.0.0/33', '*', '10.0.0.1/8/1'])
      expect(() => parseTrustProxy(bad), bad).toThrow(/^TRUST_PROXY .*"/);
  });
});
