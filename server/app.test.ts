import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '../contract/auth.ts';
import * as content from '../contract/content.ts';
import * as games from '../contract/games.ts';
import * as member from '../contract/member.ts';
import * as ops from '../contract/ops.ts';
import * as system from '../contract/system.ts';
import * as wallet from '../contract/wallet.ts';
import { type TestApp, testApp } from './test/app.ts';

const dist = mkdtempSync(join(tmpdir(), 'portico-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>spa</title><div id="root"></div>');

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ distDir: dist, opsToken: 'x' });
});
afterAll(() => t.close());

const calls = [auth, content, games, member, ops, system, wallet].flatMap((m) =>
  Object.values(m).filter(
    (v): v is { method: string; path: string } => typeof v === 'object' && v !== null && 'path' in v,
  ),
);

describe('OpenAPI', () => {
  it('is generated from the contract: every call appears with its method', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(calls.length).toBeGreaterThanOrEqual(7);
    for (const c of calls) {
      const path = c.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[c.method.toLowerCase()], `${c.method} ${c.path}`).toBeDefined();
    }
  });
});

describe('bad input never gets a 500', () => {
  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/LOTUS',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      payload: '{"maintenance": tru',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION', message: 'Malformed JSON body' });
  });

  it('answers a wrong content type and an oversized body with 4xx envelopes', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants',
      headers: { authorization: 'Bearer x', 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().success).toBe(false);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/nothing/here',
      headers: { merchant: 'PORTICO' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('SPA serving', () => {
  it('serves index.html for every page route (history fallback), not for API paths', async () => {
    for (const url of ['/', '/rng?vendor=PT', '/member', '/index.html', '/register.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
    const api = await t.app.inject({ method: 'GET', url: '/lgw/unknown' });
    expect(api.headers['content-type']).toContain('application/json');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(asset.statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    // Scripts of the site, and one inline script by its hash (http/firstScreen.ts): no other inline; Google's only
    // for a merchant with Firebase (quality/headers.test.ts).
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(/script-src [^;]*/.exec(csp)?.[0]).not.toContain("'unsafe-inline'");
    expect(csp).toContain('frame-src');
    expect(csp).not.toContain("'unsafe-eval'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('rate limit', () => {
  it('counts API calls only, not pages and pictures', async () => {
    const visitor = { 'x-forwarded-for': '192.0.2.200' };
    for (let i = 0; i < 1300; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/art/PORTICO/icon.svg', headers: visitor });
      if (res.statusCode !== 200) throw new Error(`picture ${i} got ${res.statusCode}`);
    }
    const call = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { ...visitor, merchant: 'PORTICO' },
    });
    expect(call.statusCode).toBe(200);
    expect(Number(call.headers['x-ratelimit-remaining'])).toBe(1199);
  });
});
