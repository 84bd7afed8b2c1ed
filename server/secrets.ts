import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** Outside production, without PORTICO_SEAMLESS_SECRET: a fixed, public development secret. */
export const DEV_SEAMLESS_SECRET = createHash('sha256').update('portico-dev-seamless').digest('hex');

/** Outside production, without PORTICO_GATEWAY_SECRET: a fixed, public development secret. */
export const DEV_GATEWAY_SECRET = createHash('sha256').update('portico-dev-gateway').digest('hex');

/** The variables that hold secrets: in production each one that is set must pass `weakness`. */
export const SECRET_VARIABLES = [
  'PORTICO_OPS_TOKEN',
  'PORTICO_SEAMLESS_SECRET',
  'PORTICO_GATEWAY_SECRET',
  'PORTICO_METRICS_TOKEN',
  'PORTICO_SMS_SECRET',
  'PORTICO_SECRETS_KEY',
  'PORTICO_RESULTS_SECRET',
] as const;

/** Shorter than this, a secret is guessable or was typed by hand: `openssl rand -base64 48` gives 64. */
export const MIN_SECRET_LENGTH = 32;

/**
 * Values anyone can read: the development secrets above and what they derive from, and the examples of the README,
 * the end-to-end and soak setups. README examples are checked against this rule by server/secrets.test.ts.
 */
const PUBLIC_VALUES = new Set(
  [
    DEV_SEAMLESS_SECRET,
    DEV_GATEWAY_SECRET,
    'portico-dev-seamless',
    'portico-dev-gateway',
    'change-me',
    'changeme',
    'e2e-operator-token',
    // docs/integrations.md's vendor secret.
    'docs-example-secret-never-use-this-0123456789',
  ].map((v) => v.toLowerCase()),
);

const GENERATE = 'generate one with: openssl rand -base64 48';

/** Why a secret's value must not guard a production server, or undefined when it may. Never quotes the value. */
export function weakness(value: string): string | undefined {
  const v = value.trim();
  if (PUBLIC_VALUES.has(v.toLowerCase())) return `is a documented or development value: ${GENERATE}`;
  // "xxxx…", "abab…", "abcabc…": long enough, but no harder to guess than its unit.
  if (/^(.{1,4})\1+$/s.test(v)) return `is one short pattern repeated: ${GENERATE}`;
  if (v.length < MIN_SECRET_LENGTH)
    return `is ${v.length} characters long, production needs at least ${MIN_SECRET_LENGTH}: ${GENERATE}`;
  return undefined;
}

/**
 * Production refuses to start with a weak secret, and with one secret in two roles (a leak of the one then opens
 * both doors). The error names the variable, never the value.
 */
export function checkSecrets(env: NodeJS.ProcessEnv): void {
  const seen = new Map<string, string>();
  for (const name of SECRET_VARIABLES) {
    const value = env[name];
    if (!value) continue;
    const why = weakness(value);
    if (why) throw new Error(`${name} ${why}`);
    const other = seen.get(value.trim());
    if (other) throw new Error(`${name} is the same as ${other}: give each its own secret (${GENERATE})`);
    seen.set(value.trim(), name);
  }
}

/**
 * Seals and opens the secrets operators store in the database (a payment channel's API and webhook secrets) with
 * PORTICO_SECRETS_KEY: AES-256-GCM under a key derived from it (HKDF-SHA256), the merchant as associated data so a
 * sealed value copied to another merchant's row does not open. Without a key, values are stored as they are
 * (`plain:`), which only development accepts (the payment channels refuse to store a secret in production then).
 */
export function secretBox(key: string | undefined) {
  const aes = key
    ? Buffer.from(hkdfSync('sha256', key, 'portico', 'portico:stored-secrets:v1', 32))
    : undefined;
  return {
    sealed: aes !== undefined,
    seal(value: string, context: string): string {
      if (!aes) return `plain:${value}`;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aes, iv).setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
        .join(':');
    },
    /** The value, or an error naming the cause (no key, another key, a changed value) but never the value. */
    open(stored: string, context: string): string {
      if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
      const [version, iv, tag, data] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || data === undefined)
        throw new Error('stored secret is malformed');
      if (!aes)
        throw new Error('stored secret is sealed: set PORTICO_SECRETS_KEY to the key it was sealed with');
      try {
        const decipher = createDecipheriv('aes-256-gcm', aes, Buffer.from(iv, 'base64'))
          .setAAD(Buffer.from(context))
          .setAuthTag(Buffer.from(tag, 'base64'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new Error(
          'stored secret does not open with PORTICO_SECRETS_KEY (another key, or a changed value)',
        );
      }
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;
