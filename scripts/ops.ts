// Operator commands against a running server's ops API (PORTICO_OPS_TOKEN must match the server's).
//   npm run ops -- maintenance LOTUS on [--until 2026-12-01T02:00:00Z]
//   npm run ops -- maintenance LOTUS off
//   npm run ops -- restrict LOTUS US,SG        (empty list lifts restriction: restrict LOTUS "")
//   npm run ops -- feature LOTUS LOGGED_IN_TO_HOME on
//   npm run ops -- add-merchant JADE "Jade Club" jade.localhost --primary '#0a7d3b' --accent '#ffd166' --theme light --from PORTICO
//   npm run ops -- payments [PENDING|REQUESTED|APPROVED|DISBURSED|…] [--kind DEPOSIT|WITHDRAWAL] [--merchant LOTUS]
//   npm run ops -- approve 42 [--remark "seen on the statement"]   (deposit: credit; withdrawal: approve)
//   npm run ops -- reject 42 [--remark "…"]                        (withdrawal: the hold goes back)
//   npm run ops -- disburse 42 [--remark "…"]                      (approved withdrawal paid out)
//   npm run ops -- audit:verify                                     (walks the audit log's hash chain)
//   npm run ops -- message LOTUS player01 "Title" "Body"           (ALL instead of an account: every member)
//   npm run ops -- ticket LOTUS player01 PRIZE_WHEEL                (RED_ENVELOPE | PRIZE_WHEEL | GOLDEN_EGG)
//   npm run ops -- rules LOTUS payments                         (shows a merchant's rules of a topic and its draft)
//   npm run ops -- rules LOTUS rebate '{"rates":{"RNG":100},"minClaim":100}'  (drafts them, checked whole)
//       A draft takes effect once a FINANCE or ADMIN operator other than its author approves it: this token is one
//       operator ("ops"), so its drafts are approved by someone signed in to /ops (Pending changes).
//   npm run ops -- changes LOTUS [DRAFT|APPROVED|REJECTED|REPLACED]  (drafts of rules and promotions' rewards)
//   npm run ops -- approve-change 5 [--remark "…"]               (another operator's draft takes effect)
//   npm run ops -- reject-change 5 [--remark "…"]                (the draft is dropped; what is in force stays)
//   npm run ops -- contract LOTUS agent01 DAILY_SALARY '[{"activeMembers":0,"betAmount":0,"rateBp":30}]'
//                  (DIVIDEND | DAILY_SALARY | HOURLY_SALARY | REALTIME_SALARY; a dividend adds its period D|W|H|M)
//   npm run ops -- settle LOTUS [--until 2026-12-01T02:00:00Z]      (pays the contract windows ended by then)
//   npm run ops -- notice LOTUS PU "Title" "<p>HTML</p>"          (B | PL | PU popup | PR | H; English, sanitised)
//   npm run ops -- notices LOTUS                                    (lists the announcements with their ids)
//   npm run ops -- notice:delete LOTUS 12
//   npm run ops -- redemptions PORTICO [IN_PROCESS|APPROVED|REJECTED]     (points mall redemptions, oldest first)
//   npm run ops -- approve-redemption 7 [--remark "…"]             (a cash reward pays the main wallet, once)
//   npm run ops -- reject-redemption 7 "Out of stock"             (the points go back to the member)
//   npm run ops -- promotions PORTICO                               (every promotion with its entry counts)
//   npm run ops -- promotion PORTICO '{"category":"DAILY","titles":{"en":"Sign in"},"reward":100,"settings":{"kind":"SIGN_IN"}}'
//                  (it runs once another operator approves its reward: see changes)
//   npm run ops -- entries PORTICO [APPLYING|REJECTED|ISSUED|CLAIMED|JOINED|WON|LOST] [--promotion 12]
//   npm run ops -- approve-entry 7 [--reward 5000] [--remark "…"]  (an application: paid once, Issued)
//   npm run ops -- reject-entry 7 "The screenshot is unreadable"   (the member sees the reason and may apply again)
//   npm run ops -- draw-raffle 12                                   (once its draw time has passed)
//   npm run ops -- operators                                        (the back office's accounts)
//   npm run ops -- operator:add alice FINANCE 'a long password' [LOTUS,JADE | '*']  (role; merchants granted, none by default)
//   npm run ops -- operator:merchants 3 LOTUS,JADE                  ('*': every merchant; its sessions end)
//   npm run ops -- operator:totp-reset 3                            (a lost phone: two-factor off, sessions end)
//   npm run ops -- operator:disable 3                               (its sessions end; operator:enable 3 undoes it)
import { parseArgs } from 'node:util';
import { ofetch } from 'ofetch';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    until: { type: 'string' },
    primary: { type: 'string', default: '#6142bf' },
    accent: { type: 'string', default: '#f5b301' },
    theme: { type: 'string', default: 'dark' },
    from: { type: 'string', default: 'PORTICO' },
    kind: { type: 'string' },
    merchant: { type: 'string' },
    remark: { type: 'string' },
    reward: { type: 'string' },
    promotion: { type: 'string' },
    server: {
      type: 'string',
      default: process.env.PORTICO_URL ?? `http://localhost:${process.env.PORT ?? 8080}`,
    },
  },
});
const token = process.env.PORTICO_OPS_TOKEN;
if (!token) throw new Error('Set PORTICO_OPS_TOKEN to the token the server was started with');
const [command, code = '', ...rest] = positionals;
const on = (word: string | undefined) => word === 'on';

const remark = values.remark ? { remark: values.remark } : {};
const paymentAction = (action: string) => () => ({
  method: 'POST' as const,
  path: `/ops/payments/${encodeURIComponent(code)}/${action}`,
  body: remark,
});

/** '*' (every merchant) or a comma-separated list of merchant codes; nothing: none. */
const grant = (arg?: string) => (arg === '*' ? '*' : (arg ?? '').split(',').filter(Boolean));

const requests: Record<
  string,
  () => { method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: object }
> = {
  maintenance: () => ({
    method: 'PATCH',
    path: `/ops/merchants/${code}`,
    body: { maintenance: on(rest[0]), ...(values.until ? { maintenanceEnd: values.until } : {}) },
  }),
  restrict: () => ({
    method: 'PATCH',
    path: `/ops/merchants/${code}`,
    body: { restrictedCountries: (rest[0] ?? '').split(',').filter(Boolean) },
  }),
  feature: () => ({
    method: 'PATCH',
    path: `/ops/merchants/${code}`,
    body: { features: { [rest[0] ?? '']: on(rest[1]) } },
  }),
  'add-merchant': () => ({
    method: 'POST',
    path: '/ops/merchants',
    body: {
      code,
      name: rest[0],
      domains: rest.slice(1),
      primary: values.primary,
      accent: values.accent,
      defaultTheme: values.theme,
      copyCatalogueFrom: values.from,
    },
  }),
  payments: () => ({
    method: 'GET',
    path: `/ops/payments?${new URLSearchParams({
      ...(code ? { status: code } : {}),
      ...(values.kind ? { kind: values.kind } : {}),
      ...(values.merchant ? { merchant: values.merchant } : {}),
    })}`,
  }),
  approve: paymentAction('approve'),
  reject: paymentAction('reject'),
  disburse: paymentAction('disburse'),
  'audit:verify': () => ({ method: 'GET', path: '/ops/audit/verify' }),
  rules: () => {
    const path = `/ops/merchants/${encodeURIComponent(code)}/rules/${encodeURIComponent(rest[0] ?? '')}`;
    return rest[1] ? { method: 'PUT', path, body: JSON.parse(rest[1]) } : { method: 'GET', path };
  },
  changes: () => ({
    method: 'GET',
    path: `/ops/merchants/${encodeURIComponent(code)}/changes${rest[0] ? `?status=${rest[0]}` : ''}`,
  }),
  'approve-change': () => ({
    method: 'POST',
    path: `/ops/changes/${encodeURIComponent(code)}/approve`,
    body: remark,
  }),
  'reject-change': () => ({
    method: 'POST',
    path: `/ops/changes/${encodeURIComponent(code)}/reject`,
    body: remark,
  }),
  ticket: () => ({
    method: 'POST',
    path: `/ops/merchants/${encodeURIComponent(code)}/tickets`,
    body: { account: rest[0], type: rest[1] },
  }),
  contract: () => ({
    method: 'POST',
    path: `/ops/merchants/${encodeURIComponent(code)}/contracts`,
    body: {
      account: rest[0],
      kind: rest[1],
      tiers: JSON.parse(rest[2] ?? '[]'),
      ...(rest[3] ? { period: rest[3] } : {}),
    },
  }),
  settle: () => ({
    method: 'POST',
    path: `/ops/merchants/${encodeURIComponent(code)}/contracts/settle`,
    body: values.until ? { until: values.until } : {},
  }),
  message: () => ({
    method: 'POST',
    path: `/ops/merchants/${encodeURIComponent(code)}/messages`,
    body: { account: rest[0] === 'ALL' ? null : rest[0], title: rest[1], body: rest[2] },
  }),
  notice: () => ({
    method: 'POST',
    path: `/ops/merchants/${encodeURIComponent(code)}/notices`,
    body: { type: rest[0], titles: { en: rest[1] }, contents: { en: rest[2] } },
  }),
  notices: () => ({ method: 'GET', path: `/ops/merchants/${encodeURIComponent(code)}/notices` }),
  redemptions: () => ({
    method: 'GET',
    path: `/ops/merchants/${encodeURIComponent(code)}/redemptions${rest[0] ? `?status=${rest[0]}` : ''}`,
  }),
  'approve-redemption': () => ({
    method: 'POST',
    path: `/ops/redemptions/${encodeURIComponent(code)}/approve`,
    body: remark,
  }),
  'reject-redemption': () => ({
    method: 'POST',
    path: `/ops/redemptions/${encodeURIComponent(code)}/reject`,
    body: rest[0] ? { remark: rest[0] } : remark,
  }),
  promotions: () => ({ method: 'GET', path: `/ops/merchants/${encodeURIComponent(code)}/promotions` }),
  promotion: () => ({
    method: 'POST',
    path: `/ops/merchants/${encodeURIComponent(code)}/promotions`,
    body: JSON.parse(rest[0] ?? '{}'),
  }),
  entries: () => ({
    method: 'GET',
    path: `/ops/merchants/${encodeURIComponent(code)}/promotion-entries?${new URLSearchParams({
      ...(rest[0] ? { status: rest[0] } : {}),
      ...(values.promotion ? { promotionId: values.promotion } : {}),
    })}`,
  }),
  'approve-entry': () => ({
    method: 'POST',
    path: `/ops/promotion-entries/${encodeURIComponent(code)}/approve`,
    body: { ...remark, ...(values.reward ? { reward: Number(values.reward) } : {}) },
  }),
  'reject-entry': () => ({
    method: 'POST',
    path: `/ops/promotion-entries/${encodeURIComponent(code)}/reject`,
    body: { remark: rest[0] ?? values.remark ?? '' },
  }),
  operators: () => ({ method: 'GET', path: '/ops/operators' }),
  'operator:add': () => ({
    method: 'POST',
    path: '/ops/operators',
    body: { username: code, role: rest[0], password: rest[1], merchants: grant(rest[2]) },
  }),
  'operator:merchants': () => ({
    method: 'PATCH',
    path: `/ops/operators/${encodeURIComponent(code)}`,
    body: { merchants: grant(rest[0]) },
  }),
  'operator:totp-reset': () => ({
    method: 'DELETE',
    path: `/ops/operators/${encodeURIComponent(code)}/totp`,
  }),
  'operator:disable': () => ({
    method: 'PATCH',
    path: `/ops/operators/${encodeURIComponent(code)}`,
    body: { disabled: true },
  }),
  'operator:enable': () => ({
    method: 'PATCH',
    path: `/ops/operators/${encodeURIComponent(code)}`,
    body: { disabled: false },
  }),
  'draw-raffle': () => ({ method: 'POST', path: `/ops/promotions/${encodeURIComponent(code)}/draw` }),
  'notice:delete': () => ({
    method: 'DELETE',
    path: `/ops/merchants/${encodeURIComponent(code)}/notices/${encodeURIComponent(rest[0] ?? '')}`,
  }),
};

const build = requests[command ?? ''];
if (!build) {
  console.error(`Unknown command "${command}". Commands: ${Object.keys(requests).join(', ')}`);
  process.exit(2);
}
const { method, path, body } = build();
try {
  const reply = await ofetch(path, {
    baseURL: values.server,
    method,
    body,
    headers: { authorization: `Bearer ${token}` },
  });
  console.log(JSON.stringify(reply));
} catch (err) {
  const data = (err as { data?: unknown }).data;
  console.error(JSON.stringify(data ?? String(err)));
  process.exit(1);
}
