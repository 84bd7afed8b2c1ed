import { z } from 'zod';
import { weakness } from '../../secrets.ts';

/**
 * The vendors connected through the HTTP driver, per merchant: PORTICO_VENDORS, a JSON array (docs/integrations.md,
 * README). One entry is one vendor code at one merchant with its own credentials; every other vendor code of the
 * catalogue runs on the built-in demo vendor outside production, and is refused a launch in production.
 */
export const vendorSettings = z
  .object({
    merchant: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_]{2,20}$/, 'merchant is a merchant code'),
    vendor: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_]{2,40}$/, 'vendor is a code of letters, digits and _'),
    /** The vendor's name in menus and lists. */
    name: z.string().trim().min(1).max(40),
    /** Where the vendor's API answers: POST <baseUrl>/launch, /wallet/… */
    baseUrl: z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, '')),
    /** The catalogue feed; <baseUrl>/games by default. */
    feedUrl: z.url({ protocol: /^https?$/ }).optional(),
    /** Who we are at the vendor (its operator or merchant id). */
    operatorId: z.string().trim().min(1).max(100),
    apiKey: z.string().trim().min(1).max(200),
    /** Signs our calls to the vendor and its calls to our seamless wallet (HMAC-SHA256). */
    secret: z.string().min(1).max(500),
    wallet: z.enum(['seamless', 'transfer']),
    /** Hours between scheduled catalogue syncs (0: only "Sync now"). */
    syncHours: z.number().min(0).max(168).default(6),
  })
  .strict();
export type VendorSettings = z.output<typeof vendorSettings>;

const settingsList = z.array(vendorSettings).max(500);

/** The operator's view of a setting: everything but the key and the secret. */
export const publicSettings = ({ apiKey: _key, secret: _secret, ...rest }: VendorSettings) => rest;

/**
 * PORTICO_VENDORS parsed: unset or empty means none. A malformed value stops the start naming the entry and field,
 * never quoting a secret; in production a weak secret or a plain-HTTP address does too.
 */
export function parseVendorSettings(value: string | undefined, production: boolean): VendorSettings[] {
  const text = value?.trim() ?? '';
  if (text === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('PORTICO_VENDORS must be a JSON array of vendor settings (see docs/integrations.md)');
  }
  const parsed = settingsList.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
    throw new Error(`PORTICO_VENDORS${where}: ${issue.message}`);
  }
  const seen = new Set<string>();
  parsed.data.forEach((s, i) => {
    const key = `${s.merchant}:${s.vendor}`;
    if (seen.has(key)) throw new Error(`PORTICO_VENDORS[${i}] repeats ${s.vendor} of ${s.merchant}`);
    seen.add(key);
    if (!production) return;
    const why = weakness(s.secret);
    if (why) throw new Error(`PORTICO_VENDORS[${i}].secret (${key}) ${why}`);
    for (const [field, url] of [
      ['baseUrl', s.baseUrl],
      ['feedUrl', s.feedUrl],
    ] as const)
      if (url?.startsWith('http:'))
        throw new Error(`PORTICO_VENDORS[${i}].${field} (${key}) must be https in production`);
  });
  return parsed.data;
}
