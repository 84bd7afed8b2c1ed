// The operator commands: one table, from which `npm run ops -- --help` and `<command> --help` are printed.
import { backup, init, restore } from './local.ts';
import { readPassphrase } from './passphrase.ts';
import type { Call, Input } from './types.ts';

export type { Call, Input, Method } from './types.ts';

/** A bad command line: the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {}

export interface Option {
  type: 'string' | 'boolean';
  /** The value's placeholder in usage lines (string options). */
  value?: string;
  default?: string;
  /** Must be given (shown without brackets). */
  required?: boolean;
  help: string;
}

export interface Command {
  /** Positionals: `<required>`, `[optional]`, `<many...>`. */
  args: string;
  summary: string;
  /** Further help lines. */
  notes?: string[];
  options?: Record<string, Option>;
  /** A call of the server's operator API (needs PORTICO_OPS_TOKEN); its reply is printed as JSON. */
  call?: (input: Input) => Call | Promise<Call>;
  /** Work done by the CLI itself (database folder, files). */
  run?: (input: Input) => Promise<void>;
}

const seg = (s: string | undefined) => encodeURIComponent(s ?? '');
const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);
const on = (word: string | undefined) => {
  if (word !== 'on' && word !== 'off') throw new UsageError(`expected on or off, got "${word ?? ''}"`);
  return word === 'on';
};
const json = (what: string, text: string | undefined): unknown => {
  try {
    return JSON.parse(text ?? '');
  } catch (err) {
    throw new UsageError(`${what} is not JSON: ${(err as Error).message}`);
  }
};
const query = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  ).toString();
  return q ? `?${q}` : '';
};
/** '*' (every merchant) or a comma-separated list of merchant codes; nothing: none. */
const grant = (arg?: string) => (arg === '*' ? '*' : (arg ?? '').split(',').filter(Boolean));

const remark: Record<string, Option> = {
  remark: { type: 'string', value: 'TEXT', help: 'why, kept with the decision' },
};
const withRemark = ({ opts }: Input) => (str(opts.remark) ? { remark: str(opts.remark) } : {});
const action = (path: (id: string) => string, summary: string): Command => ({
  args: '<id>',
  summary,
  options: remark,
  call: (input) => ({ method: 'POST', path: path(seg(input.args[0])), body: withRemark(input) }),
});
const merchantPatch = (body: (input: Input) => object) => (input: Input) => ({
  method: 'PATCH' as const,
  path: `/ops/merchants/${seg(input.args[0])}`,
  body: body(input),
});
const operatorPatch = (body: object) => (input: Input) => ({
  method: 'PATCH' as const,
  path: `/ops/operators/${seg(input.args[0])}`,
  body,
});

export const COMMANDS: Record<string, Command> = {
  init: {
    args: '',
    summary: 'make an empty database serve: its first merchant and an ADMIN operator of every merchant',
    notes: [
      'Works on the database itself (DATABASE_URL, else the PGlite folder PORTICO_DATA_DIR, default ./data),',
      'migrating it first. The passphrase is read from stdin when piped, else asked twice without echo; it is',
      'never an option. Refused once the database has a merchant. A PGlite folder opens in one process at a',
      'time: stop the server, or run init before its first start.',
    ],
    options: {
      merchant: {
        type: 'string',
        value: 'CODE',
        required: true,
        help: 'merchant code: 2–20 upper-case letters, digits or _',
      },
      name: { type: 'string', value: 'NAME', required: true, help: 'brand name shown to players' },
      domain: {
        type: 'string',
        value: 'DOMAIN',
        required: true,
        help: 'domain it is served on (comma-separated for several)',
      },
      admin: {
        type: 'string',
        value: 'USERNAME',
        required: true,
        help: 'the first back-office login (ADMIN)',
      },
      'data-dir': {
        type: 'string',
        value: 'DIR',
        help: 'PGlite folder (default PORTICO_DATA_DIR or ./data)',
      },
    },
    run: init,
  },
  backup: {
    args: '<file>',
    summary: 'save a backup of the running server’s PGlite database to FILE (a .tar.gz)',
    notes: [
      'Asked of the server (ADMIN), which dumps its data folder while serving. On PostgreSQL use',
      'pg_dump -Fc instead (the server says so).',
    ],
    options: { force: { type: 'boolean', help: 'overwrite FILE if it exists' } },
    run: backup,
  },
  restore: {
    args: '<file>',
    summary: 'write a PGlite data folder from a backup, with the server stopped',
    notes: [
      'Refused when the folder is not empty, unless --force: the folder in place is then moved aside to',
      'DIR.replaced-<time> (delete it once the restore is checked). Refused while a server holds the folder.',
      'The server migrates the restored copy at its next start.',
    ],
    options: {
      'data-dir': {
        type: 'string',
        value: 'DIR',
        help: 'target folder (default PORTICO_DATA_DIR or ./data)',
      },
      force: { type: 'boolean', help: 'replace a folder that is not empty (kept aside)' },
    },
    run: restore,
  },
  maintenance: {
    args: '<merchant> on|off',
    summary: 'turn a merchant’s maintenance on or off',
    options: {
      until: { type: 'string', value: 'ISO-TIME', help: 'announced end, e.g. 2026-12-01T02:00:00Z' },
    },
    call: merchantPatch(({ args, opts }) => ({
      maintenance: on(args[1]),
      ...(str(opts.until) ? { maintenanceEnd: str(opts.until) } : {}),
    })),
  },
  restrict: {
    args: '<merchant> <countries>',
    summary: 'refuse players from these countries (US,SG); an empty list ("") lifts the restriction',
    call: merchantPatch(({ args }) => ({ restrictedCountries: (args[1] ?? '').split(',').filter(Boolean) })),
  },
  feature: {
    args: '<merchant> <flag> on|off',
    summary: 'switch a merchant’s feature flag (LOGGED_IN_TO_HOME, FREE_PLAY, …)',
    call: merchantPatch(({ args }) => ({ features: { [args[1] ?? '']: on(args[2]) } })),
  },
  'add-merchant': {
    args: '<code> <name> <domain...>',
    summary: 'add a merchant with its domains, its brand and a copy of another merchant’s catalogue',
    options: {
      primary: { type: 'string', value: 'COLOUR', default: '#6142bf', help: 'primary colour' },
      accent: { type: 'string', value: 'COLOUR', default: '#f5b301', help: 'accent colour' },
      theme: { type: 'string', value: 'dark|light', default: 'dark', help: 'default theme' },
      from: {
        type: 'string',
        value: 'MERCHANT',
        default: 'PORTICO',
        help: 'whose catalogue and settings to copy',
      },
    },
    call: ({ args, opts }) => ({
      method: 'POST',
      path: '/ops/merchants',
      body: {
        code: args[0],
        name: args[1],
        domains: args.slice(2),
        primary: str(opts.primary),
        accent: str(opts.accent),
        defaultTheme: str(opts.theme),
        copyCatalogueFrom: str(opts.from),
      },
    }),
  },
  payments: {
    args: '[status]',
    summary: 'deposits and withdrawals, by status (PENDING, REQUESTED, APPROVED, DISBURSED, …)',
    options: {
      kind: { type: 'string', value: 'DEPOSIT|WITHDRAWAL', help: 'only this kind' },
      merchant: { type: 'string', value: 'CODE', help: 'only this merchant' },
    },
    call: ({ args, opts }) => ({
      method: 'GET',
      path: `/ops/payments${query({ status: args[0], kind: str(opts.kind), merchant: str(opts.merchant) })}`,
    }),
  },
  approve: action((id) => `/ops/payments/${id}/approve`, 'approve a payment: a deposit is credited'),
  reject: action((id) => `/ops/payments/${id}/reject`, 'reject a payment: a withdrawal’s hold goes back'),
  disburse: action((id) => `/ops/payments/${id}/disburse`, 'an approved withdrawal was paid out'),
  'audit:verify': {
    args: '',
    summary: 'walk the audit log’s hash chain; the first broken row if any',
    call: () => ({ method: 'GET', path: '/ops/audit/verify' }),
  },
  message: {
    args: '<merchant> <account|ALL> <title> <body>',
    summary: 'send an internal message to a member (ALL: every member)',
    call: ({ args }) => ({
      method: 'POST',
      path: `/ops/merchants/${seg(args[0])}/messages`,
      body: { account: args[1] === 'ALL' ? null : args[1], title: args[2], body: args[3] },
    }),
  },
  ticket: {
    args: '<merchant> <account> <type>',
    summary: 'award a game ticket: RED_ENVELOPE, PRIZE_WHEEL or GOLDEN_EGG',
    call: ({ args }) => ({
      method: 'POST',
      path: `/ops/merchants/${seg(args[0])}/tickets`,
      body: { account: args[1], type: args[2] },
    }),
  },
  rules: {
    args: '<merchant> <topic> [json]',
    summary: 'show a merchant’s rules of a topic and its draft; with JSON, draft new ones (checked whole)',
    notes: [
      'A draft takes effect once a FINANCE or ADMIN operator other than its author approves it: the token is',
      'one operator ("ops"), so its drafts are approved by someone signed in to /ops (Pending changes).',
    ],
    call: ({ args }) => {
      const path = `/ops/merchants/${seg(args[0])}/rules/${seg(args[1])}`;
      return args[2]
        ? { method: 'PUT', path, body: json('rules', args[2]) as object }
        : { method: 'GET', path };
    },
  },
  changes: {
    args: '<merchant> [status]',
    summary: 'drafts of rules and promotions’ rewards (DRAFT, APPROVED, REJECTED, REPLACED)',
    call: ({ args }) => ({
      method: 'GET',
      path: `/ops/merchants/${seg(args[0])}/changes${query({ status: args[1] })}`,
    }),
  },
  'approve-change': action((id) => `/ops/changes/${id}/approve`, 'another operator’s draft takes effect'),
  'reject-change': action((id) => `/ops/changes/${id}/reject`, 'drop a draft; what is in force stays'),
  contract: {
    args: '<merchant> <agent> <kind> <tiers-json> [period]',
    summary:
      'give an agent a contract: DIVIDEND (period D|W|H|M), DAILY_SALARY, HOURLY_SALARY, REALTIME_SALARY',
    notes: ['tiers: \'[{"activeMembers":0,"betAmount":0,"rateBp":30}]\''],
    call: ({ args }) => ({
      method: 'POST',
      path: `/ops/merchants/${seg(args[0])}/contracts`,
      body: {
        account: args[1],
        kind: args[2],
        tiers: json('tiers', args[3]),
        ...(args[4] ? { period: args[4] } : {}),
      },
    }),
  },
  settle: {
    args: '<merchant>',
    summary: 'pay the contract windows ended by now (or by --until)',
    options: { until: { type: 'string', value: 'ISO-TIME', help: 'settle the windows ended by then' } },
    call: ({ args, opts }) => ({
      method: 'POST',
      path: `/ops/merchants/${seg(args[0])}/contracts/settle`,
      body: str(opts.until) ? { until: str(opts.until) } : {},
    }),
  },
  notice: {
    args: '<merchant> <type> <title> <html>',
    summary: 'publish an announcement: B, PL, PU (popup), PR or H; English, sanitised',
    call: ({ args }) => ({
      method: 'POST',
      path: `/ops/merchants/${seg(args[0])}/notices`,
      body: { type: args[1], titles: { en: args[2] }, contents: { en: args[3] } },
    }),
  },
  notices: {
    args: '<merchant>',
    summary: 'the announcements with their ids',
    call: ({ args }) => ({ method: 'GET', path: `/ops/merchants/${seg(args[0])}/notices` }),
  },
  'notice:delete': {
    args: '<merchant> <id>',
    summary: 'remove an announcement',
    call: ({ args }) => ({
      method: 'DELETE',
      path: `/ops/merchants/${seg(args[0])}/notices/${seg(args[1])}`,
    }),
  },
  redemptions: {
    args: '<merchant> [status]',
    summary: 'points mall redemptions, oldest first (IN_PROCESS, APPROVED, REJECTED)',
    call: ({ args }) => ({
      method: 'GET',
      path: `/ops/merchants/${seg(args[0])}/redemptions${query({ status: args[1] })}`,
    }),
  },
  'approve-redemption': action(
    (id) => `/ops/redemptions/${id}/approve`,
    'approve a redemption: a cash reward pays the main wallet, once',
  ),
  'reject-redemption': {
    args: '<id> [reason]',
    summary: 'reject a redemption: the points go back to the member',
    options: remark,
    call: ({ args, opts }) => ({
      method: 'POST',
      path: `/ops/redemptions/${seg(args[0])}/reject`,
      body: args[1] ? { remark: args[1] } : withRemark({ args, opts }),
    }),
  },
  promotions: {
    args: '<merchant>',
    summary: 'every promotion with its entry counts',
    call: ({ args }) => ({ method: 'GET', path: `/ops/merchants/${seg(args[0])}/promotions` }),
  },
  promotion: {
    args: '<merchant> <json>',
    summary: 'add a promotion; it runs once another operator approves its reward (see changes)',
    notes: [
      'json: \'{"category":"DAILY","titles":{"en":"Sign in"},"reward":100,"settings":{"kind":"SIGN_IN"}}\'',
    ],
    call: ({ args }) => ({
      method: 'POST',
      path: `/ops/merchants/${seg(args[0])}/promotions`,
      body: json('promotion', args[1]) as object,
    }),
  },
  entries: {
    args: '<merchant> [status]',
    summary: 'promotion entries (APPLYING, REJECTED, ISSUED, CLAIMED, JOINED, WON, LOST)',
    options: { promotion: { type: 'string', value: 'ID', help: 'only this promotion' } },
    call: ({ args, opts }) => ({
      method: 'GET',
      path: `/ops/merchants/${seg(args[0])}/promotion-entries${query({
        status: args[1],
        promotionId: str(opts.promotion),
      })}`,
    }),
  },
  'approve-entry': {
    args: '<id>',
    summary: 'approve an application: paid once, Issued',
    options: {
      ...remark,
      reward: { type: 'string', value: 'MINOR-UNITS', help: 'the reward, if not the set one' },
    },
    call: ({ args, opts }) => ({
      method: 'POST',
      path: `/ops/promotion-entries/${seg(args[0])}/approve`,
      body: { ...withRemark({ args, opts }), ...(str(opts.reward) ? { reward: Number(opts.reward) } : {}) },
    }),
  },
  'reject-entry': {
    args: '<id> <reason>',
    summary: 'reject an application: the member sees the reason and may apply again',
    call: ({ args }) => ({
      method: 'POST',
      path: `/ops/promotion-entries/${seg(args[0])}/reject`,
      body: { remark: args[1] },
    }),
  },
  'draw-raffle': {
    args: '<id>',
    summary: 'draw a raffle, once its draw time has passed',
    call: ({ args }) => ({ method: 'POST', path: `/ops/promotions/${seg(args[0])}/draw` }),
  },
  operators: {
    args: '',
    summary: 'the back office’s accounts',
    call: () => ({ method: 'GET', path: '/ops/operators' }),
  },
  'operator:add': {
    args: '<username> <role> [merchants]',
    summary: "add a back-office account: ADMIN, FINANCE, CONTENT or SUPPORT; merchants LOTUS,JADE or '*'",
    notes: [
      'The password (10 characters at least) is read from stdin when piped, else asked twice without echo.',
      'No merchant is granted unless named.',
    ],
    call: async ({ args }) => ({
      method: 'POST',
      path: '/ops/operators',
      body: {
        username: args[0],
        role: args[1],
        password: await readPassphrase(`Password of ${args[0]}`),
        merchants: grant(args[2]),
      },
    }),
  },
  'operator:merchants': {
    args: '<id> <merchants>',
    summary: "grant an operator these merchants (LOTUS,JADE or '*'); its sessions end",
    call: (input) => operatorPatch({ merchants: grant(input.args[1]) })(input),
  },
  'operator:totp-reset': {
    args: '<id>',
    summary: 'a lost phone: two-factor login off, sessions end',
    call: ({ args }) => ({ method: 'DELETE', path: `/ops/operators/${seg(args[0])}/totp` }),
  },
  'operator:disable': {
    args: '<id>',
    summary: 'disable an operator; its sessions end',
    call: operatorPatch({ disabled: true }),
  },
  'operator:enable': {
    args: '<id>',
    summary: 'enable a disabled operator again',
    call: operatorPatch({ disabled: false }),
  },
};
