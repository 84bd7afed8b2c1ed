import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../test/app.ts';

const dist = mkdtempSync(join(tmpdir(), 'portico-methods-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>spa</title><div id="root"></div>');

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ distDir: dist });
});
afterAll(() => t.close());

const ask = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string) =>
  t.app.inject({ method, url, headers: { merchant: 'PORTICO' } });

describe('paths no route answers', () => {
  it('an unknown path under an API prefix is a JSON 404 envelope, never the page', async () => {
    for (const url of [
      '/wps/nope',
      '/lgw/nope',
      '/ops/nope/deeper',
      '/api/nope',
      '/seamless/nope',
      '/inhouse/x',
    ]) {
      const res = await ask('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('health and metrics paths answer themselves, not the page', async () => {
    for (const url of ['/livez', '/readyz', '/health', '/metrics']) {
      const res = await ask('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    // A page path is still the page.
    expect((await ask('GET', '/member')).body).toContain('<div id="root">');
  });

  it('a known path asked with a method it does not have is 405 with the methods it has', async () => {
    const post = await ask('POST', '/livez');
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(post.json()).toMatchObject({ success: false, code: 'METHOD_NOT_ALLOWED' });

    const get = await ask('GET', '/wps/session/login');
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');

    // Path parameters match as the router matches them.
    const del = await ask('DELETE', '/wps/promotion/12');
    expect(del.statusCode).toBe(405);
    expect(del.headers.allow).toBe('GET, HEAD');
    expect((await ask('DELETE', '/wps/promotion/12/nope')).statusCode).toBe(404);
    // A route that passes a request on to the not-found handler (the page file itself) is no wrong method.
    expect((await ask('GET', '/index.html')).statusCode).toBe(200);
  });
});
