import { describe, expect, it } from 'vitest';
import type { Ledger } from '../modules/wallet/ledger.ts';
import { INHOUSE_VENDOR, type LaunchRequest, vendorDrivers } from './gameVendor.ts';
import type { VendorSettings } from './vendors/config.ts';

// Choosing a driver touches no money: a ledger that is never called.
const ledger = {} as Ledger;
const settings = { merchant: 'PORTICO', vendor: 'AGG' } as VendorSettings;
const launch = { merchantCode: 'PORTICO', launchToken: 't', language: 'en' } as LaunchRequest;

describe('vendor drivers by configuration', () => {
  it('uses a merchant’s connected vendor there only; the demo elsewhere outside production', () => {
    const drivers = vendorDrivers(ledger, {
      connected: [settings],
      connect: () => ({ ...vendorDrivers(ledger).of('X', 'Y'), kind: 'http' }),
    });
    expect(drivers.of('PORTICO', 'AGG').kind).toBe('http');
    expect(drivers.of('LOTUS', 'AGG').kind).toBe('demo');
    expect(drivers.of('PORTICO', 'PG').kind).toBe('demo');
    expect(drivers.of('PORTICO', INHOUSE_VENDOR).kind).toBe('inhouse');
    expect(drivers.connected()).toEqual([settings]);
  });

  it('never falls back to the demo vendor in production: the unconnected vendor refuses, moving nothing', async () => {
    const drivers = vendorDrivers(ledger, { production: true });
    const off = drivers.of('PORTICO', 'PG');
    expect(off.kind).toBe('off');
    expect(() => drivers('PG').launch({ ...launch, vassalage: 'PG' })).toThrow(
      expect.objectContaining({ statusCode: 409, code: 'VENDOR_UNAVAILABLE' }),
    );
    await expect(off.transferIn('PORTICO', 1, 'PG', 100n, 'tx')).rejects.toMatchObject({
      code: 'VENDOR_UNAVAILABLE',
    });
    expect(await off.balance('PORTICO', 1, 'PG')).toBe(0n);
    expect(drivers.of('PORTICO', INHOUSE_VENDOR).kind).toBe('inhouse');
  });
});
