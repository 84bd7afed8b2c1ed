import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { parseVendorSettings, publicSettings } from './config.ts';

const entry = (o: object = {}) => ({
  merchant: 'portico',
  vendor: 'agg',
  name: 'Aggregator',
  baseUrl: 'https://api.vendor.example/v1/',
  operatorId: 'op-1',
  apiKey: 'key-1',
  secret: 'k8Jx2Qm9Vr4Ty7Lp1Zs6Wd3Hf0Nb5Gc8Xe2Ra',
  wallet: 'transfer',
  ...o,
});
const env = (list: object[]) => JSON.stringify(list);

describe('PORTICO_VENDORS', () => {
  it('reads one vendor per merchant, normalised, with defaults; unset is none', () => {
    expect(parseVendorSettings(undefined, true)).toEqual([]);
    expect(parseVendorSettings(' ', true)).toEqual([]);
    const [s] = parseVendorSettings(env([entry()]), true);
    expect(s).toMatchObject({
      merchant: 'PORTICO',
      vendor: 'AGG',
      baseUrl: 'https://api.vendor.example/v1',
      syncHours: 6,
    });
    expect(publicSettings(s!)).not.toHaveProperty('secret');
    expect(publicSettings(s!)).not.toHaveProperty('apiKey');
  });

  it('stops the start naming the entry and field, never quoting a secret', () => {
    const refused = (value: string, production = true) => {
      try {
        parseVendorSettings(value, production);
      } catch (err) {
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(refused('{nope')).toMatch(/^PORTICO_VENDORS must be a JSON array/);
    expect(refused(env([entry({ wallet: 'cash' })]))).toMatch(/^PORTICO_VENDORS\[0\]\.wallet: /);
    expect(refused(env([entry(), entry({ vendor: 'AGG' })]))).toBe(
      'PORTICO_VENDORS[1] repeats AGG of PORTICO',
    );
    expect(refused(env([entry({ extra: 1 })]))).toMatch(/^PORTICO_VENDORS\[0\]: Unrecognized key/);
    const weak = refused(env([entry({ secret: 'short-secret' })]));
    expect(weak).toMatch(/^PORTICO_VENDORS\[0\]\.secret \(PORTICO:AGG\) is 12 characters long/);
    expect(weak).not.toContain('short-secret');
    expect(refused(env([entry({ secret: 'short-secret' })]), false)).toBe('accepted');
    expect(refused(env([entry({ baseUrl: 'http://api.vendor.example' })]))).toBe(
      'PORTICO_VENDORS[0].baseUrl (PORTICO:AGG) must be https in production',
    );
  });

  it('is read by loadConfig, so a bad value stops the server', () => {
    const base = { NODE_ENV: 'production', PORTICO_SCRYPT_N: String(2 ** 17) };
    expect(loadConfig({ ...base, PORTICO_VENDORS: env([entry()]) }).vendors).toHaveLength(1);
    expect(() => loadConfig({ ...base, PORTICO_VENDORS: env([entry({ secret: 'x'.repeat(40) })]) })).toThrow(
      /PORTICO_VENDORS\[0\]\.secret \(PORTICO:AGG\) is one short pattern repeated/,
    );
  });
});
