import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { DEV_GATEWAY_SECRET, DEV_SEAMLESS_SECRET, SECRET_VARIABLES } from './secrets.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STRONG = 'Zq8vR2mN5xK0pL7wT3yH6jB9cF4gD1sA+e';
const production = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', ...env });

describe('secrets in production', () => {
  it.each(SECRET_VARIABLES)('refuses a weak %s, naming it and never quoting the value', (name) => {
    const weak: Record<string, string> = {
      short: 'k3J9x-31-characters-long-secret',
      readme: 'change-me',
      development: DEV_SEAMLESS_SECRET,
      gateway: DEV_GATEWAY_SECRET,
      repeated: 'x'.repeat(64),
      pattern: 'ab'.repeat(32),
    };
    for (const value of Object.values(weak)) {
      let message = '';
      try {
        production({ [name]: value })();
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(new RegExp(`^${name} `));
      expect(message).not.toContain(value);
      expect(message).toContain('openssl rand -base64 48');
    }
    expect(production({ [name]: STRONG })).not.toThrow();
  });

  it('refuses one secret in two roles', () => {
    expect(production({ PORTICO_OPS_TOKEN: STRONG, PORTICO_GATEWAY_SECRET: STRONG })).toThrow(
      /^PORTICO_GATEWAY_SECRET is the same as PORTICO_OPS_TOKEN/,
    );
  });

  it('lets development run on development values, and production with none set', () => {
    expect(loadConfig({ PORTICO_OPS_TOKEN: 'change-me' }).opsToken).toBe('change-me');
    expect(production({})().opsToken).toBeUndefined();
  });

  it('refuses every secret the README, docs and scripts show as an example', () => {
    const files = ['README.md', 'docs', 'scripts', '.ci', '.env.example']
      .map((p) => join(ROOT, p))
      .filter(existsSync)
      .flatMap((p) =>
        p.endsWith('.md') || p.endsWith('.example')
          ? [p]
          : readdirSync(p, { recursive: true, withFileTypes: true })
              .filter((f) => f.isFile())
              .map((f) => join(f.parentPath, f.name)),
      );
    const examples = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\b(PORTICO_[A-Z_]+)=['"]?([^\s'"`$…]+)/g)]
        .filter(([, name]) => (SECRET_VARIABLES as readonly string[]).includes(name!))
        .map(([, name, value]) => ({ name: name!, value: value! })),
    );
    expect(examples).toContainEqual({ name: 'PORTICO_OPS_TOKEN', value: 'change-me' });
    for (const { name, value } of examples)
      expect(production({ [name]: value }), `${name}=${value}`).toThrow();
  });

  it('stops the server with one line naming the variable, exit code 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORTICO_OPS_TOKEN: 'change-me',
        PORTICO_SCRYPT_N: '',
        PORTICO_DATA_DIR: join(tmpdir(), `portico-secrets-${process.pid}`),
        DATABASE_URL: '',
        PORT: '0',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^portico: PORTICO_OPS_TOKEN is a documented or development value/),
    ]);
  });
});
