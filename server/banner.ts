import { DEMO_ACCOUNTS } from './db/seed/accounts.ts';
import { DEMO_MERCHANTS } from './db/seed/merchants.ts';
import { DEMO_OPERATORS } from './db/seed/operators.ts';

export interface BannerFacts {
  /** 'PostgreSQL (DATABASE_URL)' or 'PGlite in ./data'. */
  where: string;
  ms: number;
  port: number;
  /** The demo data was seeded by this start. */
  seeded: boolean;
  /** The demo brands are there (PORTICO_SEED=demo): their addresses and public logins may be shown. */
  demo: boolean;
  merchants: number;
  production: boolean;
  opsToken: boolean;
  /** The built SPA is served (else API only). */
  portal: boolean;
}

/** What `npm start` prints once listening: where to go, and the demo logins only where the demo data is. */
export function startBanner(f: BannerFacts): string {
  const base = `http://localhost:${f.port}`;
  // Production never has the demo operators, even with PORTICO_SEED=demo (server/db/seed/index.ts).
  const demoOperators = f.demo && !f.production;
  const opsNote = [demoOperators && 'operator logins below', f.opsToken && 'PORTICO_OPS_TOKEN accepted']
    .filter(Boolean)
    .join('; ');
  const lines = [
    '',
    `Portico is running on ${f.where}${f.seeded ? ', freshly seeded with demo data' : ''} (${f.ms} ms)`,
    '',
    f.portal ? `  Portal:   ${base}/` : `  API only: no built SPA (npm run build)`,
    ...(f.demo
      ? DEMO_MERCHANTS.map(
          (m) =>
            `  ${m.brand.name.padEnd(10)} http://${m.domains.find((d) => d.endsWith('.localhost'))}:${f.port}/  (merchant ${m.code})`,
        )
      : []),
    `  OpenAPI:  ${base}/api/openapi.json`,
    `  Back office: ${base}/ops${opsNote ? `  (${opsNote})` : ''}`,
  ];
  if (f.merchants === 0)
    lines.push(
      '',
      '  No merchant yet: every site answers UNKNOWN_MERCHANT. Create the first one and its administrator with',
      '    npm run ops -- init --merchant CODE --name NAME --domain DOMAIN --admin USERNAME',
      `  ${f.where.startsWith('PGlite') ? '(stop this server first: a PGlite folder opens in one process at a time)' : '(it may run while this server serves)'}`,
    );
  if (f.demo)
    lines.push(
      '',
      '  Demo logins (on every demo brand):',
      ...DEMO_ACCOUNTS.map((a) => `    ${a.account.padEnd(9)} ${a.password.padEnd(11)} ${a.note}`),
    );
  if (demoOperators)
    lines.push(
      '',
      '  Back-office logins (/ops):',
      ...DEMO_OPERATORS.map((o) => `    ${o.username.padEnd(9)} ${o.password.padEnd(11)} ${o.role}`),
    );
  return `${lines.join('\n')}\n`;
}
