import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyCall } from '../../contract/call.ts';
import { contractCalls } from '../quality/calls.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { DOCS_PATH, forbiddenCodes, OPENAPI_PATH, SCHEME, securityOf } from './openapi.ts';

/**
 * The API description is what an independent fuzzer or client generator reads: it must be a valid OpenAPI document
 * whose every reference resolves, and say for each call who may make it, what it reads and how it can refuse.
 */

const SECRET = 'openapi-test-secret-0123456789abcdef';
let dev: TestApp;
let doc: OpenAPIV3.Document;
beforeAll(async () => {
  // Every optional area on (the seamless wallet only exists with its secret), so every call is documented.
  dev = await testApp({ opsToken: SECRET, seamlessSecret: SECRET, gatewaySecret: SECRET });
  const res = await dev.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => dev?.close());

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item?.[method];
      return op ? [{ path, method, op, key: `${method.toUpperCase()} ${path}` }] : [];
    }),
  );
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const callOf = new Map<string, AnyCall>(
  contractCalls.map(({ call }) => [`${call.method} ${openApiPath(call.path)}`, call]),
);
/** A call's operation, found by its method and path. */
const operationOf = (call: AnyCall) =>
  doc.paths[openApiPath(call.path)]?.[call.method.toLowerCase() as (typeof METHODS)[number]];

/** Every `$ref` in the document, with where it is. */
function refsIn(node: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(node)) return node.flatMap((v, i) => refsIn(v, `${at}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [{ ref: v, at }] : refsIn(v, `${at}/${k}`),
  );
}
const resolve = (pointer: string): unknown =>
  pointer
    .replace(/^#\//, '')
    .split('/')
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      doc,
    );

describe('the document', () => {
  it('is valid OpenAPI against the official schema, and every reference resolves', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? [], 'schema errors').toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.0');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('has no dangling $ref (a recursive schema is a named component)', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(0);
    const dangling = refs.filter(({ ref }) => !ref.startsWith('#/') || resolve(ref) === undefined);
    expect(dangling).toEqual([]);
    expect(doc.components?.schemas?.ModuleNode).toBeDefined();
  });

  it('documents every contract call, and only routes described by a call (internal ones hidden)', () => {
    const documented = operations();
    const missing = [...callOf.keys()].filter((key) => !documented.some((o) => o.key === key));
    expect(missing, 'contract calls missing from the document').toEqual([]);
    // A route outside the contract is documented only with its access (`config: { call }`): else a fuzzer would
    // take an operator's call for an open one.
    const undescribed = documented.filter(({ op }) => !op.responses['4XX']).map((o) => o.key);
    expect(undescribed, 'documented routes without `config: { call }` (or hide them)').toEqual([]);
    const internal = documented.filter(({ path }) =>
      /^\/(__dev|api|art|uploads|metrics|livez|readyz|health)\b/.test(path),
    );
    expect(internal).toEqual([]);
  });
});

describe('security', () => {
  it('declares the schemes: bearer session and operator token, launch token, signatures, merchant', () => {
    const schemes = doc.components?.securitySchemes ?? {};
    expect(schemes[SCHEME.session]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes[SCHEME.operator]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes[SCHEME.launch]).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-launch-token' });
    expect(schemes[SCHEME.vendor]).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-signature' });
    expect(schemes[SCHEME.gateway]).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-gateway-signature',
    });
    expect(schemes[SCHEME.merchant]).toMatchObject({ type: 'apiKey', in: 'header', name: 'merchant' });
  });

  it('puts a credential on every call that needs one: each alternative carries it', () => {
    const credential = (c: AnyCall) =>
      c.auth === 'ops'
        ? SCHEME.operator
        : c.auth === 'token'
          ? SCHEME.session
          : c.auth === 'launch'
            ? SCHEME.launch
            : c.signed
              ? SCHEME[c.signed]
              : undefined;
    let checked = 0;
    for (const { call } of contractCalls) {
      const op = operationOf(call)!;
      const needed = credential(call);
      if (!needed) continue;
      checked += 1;
      expect(op.security, `${call.method} ${call.path}`).toEqual(securityOf(call));
      for (const alternative of op.security!)
        expect(Object.keys(alternative), `${call.method} ${call.path}`).toContain(needed);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('declares the vendor signature and its headers on every seamless call', () => {
    const seamless = contractCalls.filter(({ call }) => call.path.startsWith('/seamless/'));
    expect(seamless.length).toBe(4);
    for (const { call } of seamless) {
      const op = operationOf(call)!;
      for (const alternative of op.security ?? [{}]) expect(alternative).toHaveProperty(SCHEME.vendor);
      const headers = (op.parameters ?? []).map((p) => ('$ref' in p ? resolve(p.$ref) : p));
      expect(headers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ in: 'header', name: 'x-vendor', required: true }),
          expect.objectContaining({ in: 'header', name: 'x-timestamp', required: true }),
        ]),
      );
    }
  });

  it('matches the server: a call that declares a credential refuses a request without it with 401', async () => {
    const refusedWith = new Map<string, string>();
    for (const { call } of contractCalls) {
      if (!call.auth && !call.signed) continue;
      const url = call.path.replace(/:(\w+)/g, '1');
      const res = await dev.app.inject({ method: call.method, url, headers: { merchant: 'PORTICO' } });
      refusedWith.set(`${call.method} ${call.path}`, `${res.statusCode} ${res.json().code}`);
    }
    expect(refusedWith.size).toBeGreaterThan(100);
    expect([...refusedWith].filter(([, got]) => got !== '401 UNAUTHORIZED')).toEqual([]);
  });

  it('matches the server: a call that names the merchant refuses an unknown one, an operator call ignores it', async () => {
    const wrong: string[] = [];
    for (const { call } of contractCalls) {
      const url = call.path.replace(/:(\w+)/g, '1');
      const res = await dev.app.inject({ method: call.method, url, headers: { merchant: 'NO_SUCH_SITE' } });
      const unknown = res.statusCode === 400 && res.json().code === 'UNKNOWN_MERCHANT';
      const namesMerchant = securityOf(call).some((alternative) => SCHEME.merchant in alternative);
      if (unknown !== namesMerchant) wrong.push(`${call.method} ${call.path}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('headers and refusals', () => {
  const responseOf = (op: OpenAPIV3.OperationObject, status: string) =>
    op.responses[status] as OpenAPIV3.ResponseObject | undefined;
  const envelope = (r: OpenAPIV3.ResponseObject | undefined) => r?.content?.['application/json']?.schema;

  it('answers every call’s refusals in the error envelope: 400, 429, other 4xx and 5xx; 401 with a credential', () => {
    const ref = { $ref: '#/components/schemas/ErrorEnvelope' };
    expect(doc.components?.schemas?.ErrorEnvelope).toBeDefined();
    for (const { call } of contractCalls) {
      const op = operationOf(call)!;
      const where = `${call.method} ${call.path}`;
      for (const status of ['400', '429', '4XX', '5XX'])
        expect(envelope(responseOf(op, status)), where).toEqual(ref);
      if (call.auth || call.signed) expect(envelope(responseOf(op, '401')), where).toEqual(ref);
      if (call.params) expect(envelope(responseOf(op, '404')), where).toEqual(ref);
      expect(responseOf(op, '200')?.headers?.['X-Request-Id'], where).toBeDefined();
    }
  });

  it('lists each member call’s standing refusals under 403, from the one standing rule', () => {
    const by = (path: string, method = 'GET') =>
      contractCalls.find(({ call }) => call.path === path && call.method === method)!.call;
    // Playing: maintenance, region, a locked account, a password change due, a break.
    const launch = by('/wps/game/launchGame', 'POST');
    expect(forbiddenCodes(launch)).toEqual(
      expect.arrayContaining([
        'MAINTENANCE',
        'REGION_RESTRICTED',
        'ACCOUNT_LOCKED',
        'PASSWORD_CHANGE_REQUIRED',
        'SELF_EXCLUDED',
      ]),
    );
    // Who the member is stays readable while a password change is due.
    expect(forbiddenCodes(by('/wps/member/info'))).not.toContain('PASSWORD_CHANGE_REQUIRED');
    for (const { call } of contractCalls) {
      const codes = forbiddenCodes(call);
      const op = operationOf(call)!;
      if (call.class && call.class !== 'open') expect(codes).toContain('MAINTENANCE');
      if (codes.length === 0) continue;
      const description = responseOf(op, '403')?.description ?? '';
      for (const code of codes) expect(description, `${call.method} ${call.path}`).toContain(code);
    }
  });

  it('declares the headers calls read: the request id on all, the language on member calls', () => {
    for (const { call } of contractCalls) {
      const names = (operationOf(call)!.parameters ?? []).map(
        (p) => ('$ref' in p ? (resolve(p.$ref) as OpenAPIV3.ParameterObject) : p).name,
      );
      expect(names, `${call.method} ${call.path}`).toContain('X-Request-Id');
      if (call.class && !call.signed) expect(names, `${call.method} ${call.path}`).toContain('language');
    }
  });
});

describe('the viewer at /api/docs', () => {
  it('is served outside production from the package itself, under a policy that lets its scripts run', async () => {
    const page = await dev.app.inject({ method: 'GET', url: `${DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    // No other host: the page and everything it loads come from this server.
    expect(page.body).not.toMatch(/https?:\/\//);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'/);
    for (const src of scripts) {
      const asset = await dev.app.inject({
        method: 'GET',
        url: new URL(src, `http://x${DOCS_PATH}/`).pathname,
      });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type'], src).toMatch(/javascript/);
    }
    const init = await dev.app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-initializer.js` });
    expect(init.body).toContain("resolveUrl('./json')");
    expect(init.body).toMatch(/validatorUrl: null/);
    const json = await dev.app.inject({ method: 'GET', url: `${DOCS_PATH}/json` });
    expect(json.json()).toEqual(doc);
  });

  it('does not exist in production, where the document still does', async () => {
    const prod = await testApp({ production: true, opsToken: SECRET });
    try {
      for (const url of [
        DOCS_PATH,
        `${DOCS_PATH}/`,
        `${DOCS_PATH}/json`,
        `${DOCS_PATH}/static/swagger-ui-bundle.js`,
      ]) {
        const res = await prod.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code, url).toBe('NOT_FOUND');
      }
      const document = await prod.app.inject({ method: 'GET', url: OPENAPI_PATH });
      expect(document.statusCode).toBe(200);
      expect(document.json().openapi).toBe('3.0.3');
    } finally {
      await prod.close();
    }
  });
});
