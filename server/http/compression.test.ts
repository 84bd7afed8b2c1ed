import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMerchant, type TestApp, testApp } from '../test/app.ts';

// A built SPA as scripts/precompress.ts leaves it: a hashed asset with its .br and .gz copies beside it.
const dist = mkdtempSync(join(tmpdir(), 'portico-dist-'));
const script = `export const list = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `item ${i}`))};\n`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>spa</title><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ distDir: dist });
});
afterAll(() => t.close());

describe('compression', () => {
  it('sends the build’s brotli copy of an asset to a browser that takes br, with the year-long cache', async () => {
    const res = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a browser that takes only gzip, and the plain file to one that takes neither', async () => {
    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keeps the page itself uncached, at / and at a route the SPA draws', async () => {
    for (const url of ['/', '/rng']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses an API reply over 1 KB for a client that takes br; the JSON is the same', async () => {
    const plain = await t.app.inject({ url: '/wps/system/whitelabel', headers: asMerchant('PORTICO') });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await t.app.inject({
      url: '/wps/system/whitelabel',
      headers: asMerchant('PORTICO', { 'accept-encoding': 'br' }),
    });
    expect(br.headers['content-encoding']).toBe('br');
    const json = brotliDecompressSync(br.rawPayload);
    expect(json.length).toBeGreaterThan(br.rawPayload.length);
    expect(JSON.parse(json.toString())).toEqual(plain.json());
  });

  it('leaves a small reply as it is', async () => {
    const res = await t.app.inject({
      url: '/wps/system/status',
      headers: asMerchant('PORTICO', { 'accept-encoding': 'br' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
