import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendors } from '../../db/schema/index.ts';
import { parseVendorSettings, type VendorSettings } from '../../ports/vendors/config.ts';
import { type FakeVendor, startFakeVendor } from '../../ports/vendors/fakeVendor.ts';
import { parseFeed } from '../../ports/vendors/feed.ts';
import { VENDOR_CALL_HEADERS } from '../../ports/vendors/http.ts';
import { signRequest } from '../../ports/vendors/signing.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';

/**
 * docs/integrations.md, run: its settings, feed and signature examples are parsed and checked, the calls we make are
 * compared with what a fake vendor receives, and every seamless example is sent to the real server (re-signed with
 * the current time) and its answer compared with the documented one — numbers by type, everything else exactly.
 */
const doc = readFileSync(new URL('../../../docs/integrations.md', import.meta.url), 'utf8');
const blocks = [...doc.matchAll(/```(\w+)([^\n]*)\n([\s\S]*?)```/g)].map((m) => ({
  lang: m[1]!,
  tags: m[2]!.trim().split(/\s+/).filter(Boolean),
  text: m[3]!,
}));
const tagged = (tag: string) => {
  const found = blocks.filter((b) => b.tags[0] === tag);
  expect(found.length, `a block tagged ${tag}`).toBeGreaterThan(0);
  return found;
};
const json = (tag: string) => JSON.parse(tagged(tag)[0]!.text);

/** Where `actual` differs from the documented `expected`: numbers by type, the rest by value, keys exactly. */
function differences(actual: unknown, expected: unknown, at = '$'): string[] {
  if (typeof expected === 'number')
    return typeof actual === 'number' ? [] : [`${at}: a number, got ${JSON.stringify(actual)}`];
  if (expected === null || typeof expected !== 'object')
    return actual === expected ? [] : [`${at}: ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
  if (typeof actual !== 'object' || actual === null)
    return [`${at}: an object, got ${JSON.stringify(actual)}`];
  const [a, e] = [actual as Record<string, unknown>, expected as Record<string, unknown>];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(e)])].sort();
  return keys.flatMap((k) =>
    !(k in e)
      ? [`${at}.${k}: not documented`]
      : !(k in a)
        ? [`${at}.${k}: documented, missing`]
        : differences(a[k], e[k], `${at}.${k}`),
  );
}

const settings = parseVendorSettings(tagged('settings')[0]!.text, false);
const agg = settings[0]!;
const OPS = 'docs-test-operator-token-0123456789abcdef';
let fake: FakeVendor;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeVendor(agg);
  fake.state.feed = json('feed');
  fake.state.pictures.set(
    'sweet-fruits.png',
    await sharp({ create: { width: 200, height: 200, channels: 3, background: '#884400' } })
      .png()
      .toBuffer(),
  );
  // The documented addresses lead to the fake.
  const local = (url: string) =>
    url
      .replace(agg.baseUrl, fake.url)
      .replace('https://cdn.aggregator.example/tiles/', `${fake.url}/pictures/`);
  const vendorFetch: typeof fetch = (input, init) => fetch(local(String(input)), init);
  const transfer: VendorSettings = { ...agg, vendor: 'AGT', name: 'Aggregator wallet', wallet: 'transfer' };
  t = await testApp({ opsToken: OPS, vendors: [agg, transfer], vendorFetch });
  await t.database.db.insert(vendors).values({
    merchantCode: 'PORTICO',
    vassalage: 'AGT',
    gameType: 'RNG',
    gameCategory: 'RNG',
    displayName: 'AGT',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('docs/integrations.md', () => {
  it('documents settings the server takes, and refuses their example secret in production', () => {
    expect(agg).toMatchObject({ merchant: 'PORTICO', vendor: 'AGG', wallet: 'seamless' });
    expect(() => parseVendorSettings(tagged('settings')[0]!.text, true)).toThrow(
      /^PORTICO_VENDORS\[0\]\.secret \(PORTICO:AGG\) is a documented or development value/,
    );
  });

  it('signs as its worked example says', () => {
    const text = blocks.find((b) => b.lang === 'text')!.text.trim();
    const [timestamp, ...body] = text.split('.');
    const documented = doc.match(/and `X-Signature` is `([0-9a-f]{64})`/)![1];
    expect(signRequest(agg.secret, timestamp!, body.join('.'))).toBe(documented);
  });

  it('reads the documented feed: its games appear, the picture stored', async () => {
    expect(parseFeed(json('feed')).map((g) => g.code)).toEqual(['sweet-fruits', 'dragon-tiger']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/PORTICO/vendors/AGG/sync',
      headers: { authorization: `Bearer ${OPS}` },
    });
    expect(res.json().value).toMatchObject({ added: 2, pictures: 1, error: null, problems: [] });
  });

  it('launches as documented: the request the vendor gets, its reply and its refusal', async () => {
    const api = client(t.app);
    const token = (await api.login('player01', 'Player123')).body.value.token;
    const launch = () =>
      api.send('POST', '/wps/game/launchGame', { nodeId: 'sweet-fruits', vassalage: 'AGG' }, token);
    fake.state.launchReply = { status: 200, body: json('launch-reply') };
    const opened = await launch();
    expect(opened.body.value).toEqual({ content: json('launch-reply').url, openIn: 'frame' });
    const sent = fake.state.launches.at(-1)!;
    expect(
      differences(sent.body, {
        ...json('launch-request'),
        token: sent.body.token,
        returnUrl: sent.body.returnUrl,
      }),
    ).toEqual([]);
    // The headers the doc names are the ones sent.
    const named = ['X-Operator-Id', 'X-Api-Key', 'X-Timestamp', 'X-Signature'];
    for (const header of named) expect(doc).toContain(`\`${header}\``);
    expect(named.map((h) => h.toLowerCase()).sort()).toEqual(Object.values(VENDOR_CALL_HEADERS).sort());
    for (const header of named) expect(sent.headers[header.toLowerCase()]).toBeTruthy();
    fake.state.launchReply = { status: 404, body: json('launch-error') };
    const refused = await launch();
    fake.state.launchReply = undefined;
    const told = doc.match(/the member sees `VENDOR_UNAVAILABLE`, "([^"]+)"/)![1];
    expect(refused).toMatchObject({ status: 409, body: { code: 'VENDOR_UNAVAILABLE', message: told } });

    const moved = await api.send(
      'POST',
      '/wps/relay/GCS_walletTransfer',
      { requestId: randomUUID(), direction: 'in', vendor: 'AGT', amount: 25_000 },
      token,
    );
    expect(moved.status).toBe(200);
    const deposit = fake.state.calls.findLast((c) => c.path === '/wallet/deposit')!;
    expect(differences(deposit.body, { ...json('deposit-request'), txId: deposit.body.txId })).toEqual([]);
    expect(deposit.body.txId).toMatch(/^transfer:\d+:/);
    expect(differences({ balance: fake.balance('player01') }, json('balance-reply'))).toEqual([]);
  });

  it('answers every seamless example as documented', async () => {
    const calls = tagged('seamless');
    const replies = tagged('reply');
    expect(calls.length).toBe(replies.length);
    expect(calls.length).toBeGreaterThanOrEqual(8);
    for (const [i, call] of calls.entries()) {
      const [head, body = ''] = call.text.split(/\r?\n\r?\n/);
      const [requestLine, ...lines] = head!.split('\n');
      const [method, path] = requestLine!.split(' ');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const raw = body.trim();
      if (!call.tags.includes('bad-signature')) {
        expect([i, headers['x-signature']]).toEqual([
          i,
          signRequest(agg.secret, headers['x-timestamp']!, raw),
        ]);
        headers['x-timestamp'] = String(Math.floor(Date.now() / 1000));
        headers['x-signature'] = signRequest(agg.secret, headers['x-timestamp'], raw);
      }
      const res = await t.app.inject({ method: method as 'POST', url: path!, headers, payload: raw });
      const reply = replies[i]!;
      const status = Number(reply.tags.find((x) => x.startsWith('status='))?.slice(7) ?? 200);
      expect([i, path, res.statusCode]).toEqual([i, path, status]);
      expect([i, differences(res.json(), JSON.parse(reply.text))]).toEqual([i, []]);
    }
  });
});
