import { z } from 'zod';
import { defineCall, emptyQuery, paging, wpsReply } from './call.ts';
import { merchantCode } from './merchant.ts';
import { minorUnits } from './wallet.ts';

/** Deposits and withdrawals (spec §2 depositv2 / withdraw, §4 Withdrawal confirmation). Amounts in minor units. */
export const paymentKind = z.enum(['DEPOSIT', 'WITHDRAWAL']);
export type PaymentKind = z.infer<typeof paymentKind>;

/**
 * Payment-channel drivers (server/ports/payments/): manual bank transfer (an operator approves), the same with a
 * VietQR code to scan, a hosted-checkout gateway (redirect, signed webhook) and the demo gateway (development only).
 */
export const paymentChannel = z.enum(['BANK', 'VIETQR', 'HOSTED_CHECKOUT', 'DEMO_GATEWAY']);
export type PaymentChannel = z.infer<typeof paymentChannel>;

/**
 * Deposit: PENDING → CREDITED | REJECTED (bank: operator; gateway: its signed callback, FAILED on a failed payment).
 * Withdrawal: REQUESTED (money held) → APPROVED → DISBURSED → RECEIVED | NOT_RECEIVED (proof) → RECEIVED;
 * DISBURSED → FORCED_RECEIVED after the merchant's minutes; REQUESTED/APPROVED → REJECTED (hold released).
 * A dispute (NOT_RECEIVED) is resolved once by finance: resent (→ DISBURSED with a new reference, so the member
 * confirms or reports again), confirmed received (→ RECEIVED) or refunded to the main wallet (→ REFUNDED).
 */
export const paymentStatus = z.enum([
  'PENDING',
  'CREDITED',
  'FAILED',
  'REQUESTED',
  'APPROVED',
  'DISBURSED',
  'RECEIVED',
  'NOT_RECEIVED',
  'FORCED_RECEIVED',
  'REJECTED',
  'REFUNDED',
]);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** Spec §5: proof uploads are png or jpg, at most 5 MB each, at most 3. */
export const PROOF_RULES = {
  maxFiles: 3,
  maxBytes: 5 * 1024 * 1024,
  types: ['image/png', 'image/jpeg'],
} as const;

/** The largest amount of minor units any money form may send (forms check it before the server does). */
export const AMOUNT_MAX = 100_000_000_000;

/** A positive amount of minor units, bounded so nothing absurd reaches the ledger. */
export const amountField = z
  .number({ error: 'Amount must be a number' })
  .int('Amount has at most 2 decimals')
  .positive('Amount must be more than 0')
  .max(AMOUNT_MAX, 'Amount is too large');

/** Bounds of the money forms' text fields, stated once for the schemas below and the forms that check them first. */
export const MONEY_FIELDS = {
  /** Bank and account holder names. */
  name: { min: 2, max: 60 },
  /** Account number: 6–30 digits, spaces or dashes. */
  accountNo: { min: 6, max: 30, pattern: /^[0-9 -]{6,30}$/ },
  /** A deposit's payer name and transfer reference. */
  note: { max: 60 },
  paymentPassword: { max: 64 },
} as const;
const requestId = z.uuid('Request id must be a UUID');

export const paymentOrder = z.object({
  id: z.number().int(),
  kind: paymentKind,
  channel: paymentChannel,
  amount: minorUnits,
  status: paymentStatus,
  details: z.record(z.string(), z.string()),
  proofs: z.number().int(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  disbursedAt: z.string().nullable(),
  /** DISBURSED withdrawals: when it counts as received without the member (forced). */
  forcedReceiveAt: z.string().nullable(),
});
export type PaymentOrder = z.infer<typeof paymentOrder>;

/** A bank account as members read it. */
export const bankAccount = z.object({ bankName: z.string(), accountName: z.string(), accountNo: z.string() });

/**
 * A way to deposit the member may choose: a merchant's configured channel (`id`), or a built-in one (`id` null: the
 * house bank account of the payment rules, the demo gateway outside production) while the merchant has none.
 */
export const depositMethod = z.object({
  id: z.number().int().nullable(),
  kind: paymentChannel,
  /** The operator's name for it ('' for a built-in one: the page names its kind). */
  label: z.string(),
  /** BANK and VIETQR: the account to transfer to. */
  bank: bankAccount.nullable(),
});
export type DepositMethod = z.infer<typeof depositMethod>;

/** Merchant payment rules the deposit and withdrawal pages show and the server enforces. */
export const paymentRules = z.object({
  deposit: z.object({
    min: minorUnits,
    max: minorUnits,
    /** The kinds on offer (each once). */
    channels: z.array(paymentChannel),
    methods: z.array(depositMethod),
  }),
  withdrawal: z.object({
    min: minorUnits,
    max: minorUnits,
    /** Per day. */
    maxCount: z.number().int(),
    /** Minutes after disbursal when a withdrawal counts as received. */
    forceReceiveMinutes: z.number().int(),
  }),
  hasPaymentPassword: z.boolean(),
  /** The house's bank account for manual transfers. */
  bank: bankAccount,
});

/**
 * A bank transfer to make (BANK and VIETQR deposits): the account, the amount and the reference to write as the
 * transfer's content, and for VIETQR the EMVCo payload of the QR code a banking app scans.
 */
export const depositTransfer = bankAccount.extend({
  amount: minorUnits,
  reference: z.string(),
  qr: z.string().nullable(),
});
export type DepositTransfer = z.infer<typeof depositTransfer>;

export const paymentSettings = defineCall({
  method: 'GET',
  path: '/wps/payment/settings',
  class: 'read',
  summary:
    'Deposit and withdrawal rules, channels, the house bank account, and whether a payment password is set',
  auth: 'token',
  registeredOnly: true,
  query: emptyQuery,
  response: wpsReply(paymentRules),
});

export const setPaymentPassword = defineCall({
  method: 'PUT',
  path: '/wps/member/paymentPassword',
  class: 'account',
  summary: 'Set or change the payment password (login password required; the old one to change it)',
  auth: 'token',
  registeredOnly: true,
  body: z.object({
    loginPassword: z.string().min(1).max(64),
    oldPaymentPassword: z.string().max(64).optional(),
    paymentPassword: z.string().regex(/^\d{6}$/, 'The payment password is 6 digits'),
  }),
  response: wpsReply(z.null()),
});

export const createDeposit = defineCall({
  method: 'POST',
  path: '/wps/payment/deposit',
  class: 'money',
  summary:
    'Start a deposit: BANK and VIETQR wait for an operator (VIETQR with a QR code to scan), HOSTED_CHECKOUT and DEMO_GATEWAY return the page to pay on',
  auth: 'token',
  registeredOnly: true,
  body: z.object({
    requestId,
    channel: paymentChannel,
    /** The merchant's configured channel (settings `methods[].id`); without it, the first one of `channel`'s kind. */
    channelId: z.number().int().positive().max(2_147_483_647).optional(),
    amount: amountField,
    /** BANK: the payer's name and reference as on the transfer. */
    payerName: z.string().trim().max(MONEY_FIELDS.note.max).optional(),
    reference: z.string().trim().max(MONEY_FIELDS.note.max).optional(),
  }),
  response: wpsReply(
    z.object({ order: paymentOrder, payUrl: z.string().nullable(), transfer: depositTransfer.nullable() }),
  ),
});

export const createWithdrawal = defineCall({
  method: 'POST',
  path: '/wps/payment/withdraw',
  class: 'withdraw',
  summary: 'Request a withdrawal: checks the payment password and rules, holds the amount',
  auth: 'token',
  registeredOnly: true,
  body: z.object({
    requestId,
    amount: amountField,
    paymentPassword: z.string().min(1).max(MONEY_FIELDS.paymentPassword.max),
    bankName: z.string().trim().min(MONEY_FIELDS.name.min).max(MONEY_FIELDS.name.max),
    accountName: z.string().trim().min(MONEY_FIELDS.name.min).max(MONEY_FIELDS.name.max),
    accountNo: z.string().trim().regex(MONEY_FIELDS.accountNo.pattern, 'Account number is 6–30 digits'),
  }),
  response: wpsReply(z.object({ order: paymentOrder })),
});

export const paymentOrders = defineCall({
  method: 'GET',
  path: '/wps/payment/orders',
  class: 'read',
  summary: 'The member’s deposits and withdrawals, newest first',
  auth: 'token',
  registeredOnly: true,
  query: z.object({
    kind: paymentKind.optional(),
    ...paging(),
  }),
  response: wpsReply(z.object({ list: z.array(paymentOrder), totalPages: z.number().int() })),
});

/** Spec §4 Withdrawal confirmation: the member's answer to a disbursed withdrawal. */
export const confirmWithdrawal = defineCall({
  method: 'POST',
  path: '/wps/payment/withdraw/:id/confirm',
  class: 'withdraw',
  summary: 'Confirm a disbursed withdrawal as received',
  auth: 'token',
  registeredOnly: true,
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({}),
  response: wpsReply(z.object({ order: paymentOrder })),
});

/** Not received, with proof: multipart `files` (png/jpg ≤ 5 MB, ≤ 3) and `remark`; the contract is the reply. */
export const reportNotReceived = defineCall({
  method: 'POST',
  path: '/wps/payment/withdraw/:id/notReceived',
  class: 'withdraw',
  summary: 'Report a disbursed withdrawal as not received, with proof images (multipart)',
  auth: 'token',
  registeredOnly: true,
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: wpsReply(z.object({ order: paymentOrder })),
});

/** The demo gateway's signed callback (what a real gateway posts to us). */
export const demoGatewayCallback = defineCall({
  method: 'POST',
  path: '/wps/payment/callback/demo',
  class: 'open',
  signed: 'gateway',
  summary: 'Demo instant gateway callback: signed (HMAC-SHA256 header x-gateway-signature), idempotent',
  body: z.object({
    orderRef: z.string().min(1).max(80),
    amount: minorUnits,
    status: z.enum(['PAID', 'FAILED']),
  }),
  response: z.object({ ok: z.literal(true), credited: z.boolean() }),
});

/** Wallet transfer (spec §7 GCS_walletTransfer): main ↔ one vendor wallet, or every vendor back to main. */
export const walletTransfer = defineCall({
  method: 'POST',
  path: '/wps/relay/GCS_walletTransfer',
  class: 'withdraw',
  summary:
    'Move money between the main wallet and a vendor wallet; `consolidate` brings every vendor wallet home',
  auth: 'token',
  registeredOnly: true,
  body: z.discriminatedUnion('direction', [
    z.object({
      requestId,
      direction: z.enum(['in', 'out']),
      vendor: z.string().trim().min(1).max(40),
      amount: amountField,
    }),
    z.object({ requestId, direction: z.literal('consolidate') }),
  ]),
  response: wpsReply(z.object({ wallets: z.array(z.object({ kind: z.string(), balance: minorUnits })) })),
});

export const walletList = defineCall({
  method: 'GET',
  path: '/wps/v2/wallets',
  class: 'read',
  summary: 'The member’s main and vendor wallets',
  auth: 'token',
  registeredOnly: true,
  query: emptyQuery,
  response: wpsReply(
    z.object({
      singleWallet: z.boolean(),
      wallets: z.array(z.object({ kind: z.string(), balance: minorUnits })),
    }),
  ),
});

export const transferToUpline = defineCall({
  method: 'POST',
  path: '/wps/wallet/transferUpline',
  class: 'money',
  summary: 'Transfer from the member’s main wallet to its upline agent (payment password required)',
  auth: 'token',
  registeredOnly: true,
  body: z.object({
    requestId,
    amount: amountField,
    paymentPassword: z.string().min(1).max(MONEY_FIELDS.paymentPassword.max),
  }),
  response: wpsReply(z.object({ balance: minorUnits })),
});

/** Account record (transactionHistory): ledger movements of the member's wallets. */
export const accountRecord = defineCall({
  method: 'GET',
  path: '/wps/member/accountRecord',
  class: 'read',
  summary:
    'The member’s money movements (deposits, withdrawals, bets, wins, transfers, bonuses), newest first',
  auth: 'token',
  registeredOnly: true,
  query: z.object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    kind: z.string().max(40).optional(),
    ...paging(),
  }),
  response: wpsReply(
    z.object({
      list: z.array(
        z.object({
          id: z.number().int(),
          kind: z.string(),
          wallet: z.string(),
          amount: minorUnits,
          balanceAfter: minorUnits,
          at: z.string(),
        }),
      ),
      totalPages: z.number().int(),
    }),
  ),
});

/** A game round as the betting records show it (the member's own, and a team's in the agent centre). */
export const gameRound = z.object({
  id: z.number().int(),
  roundRef: z.string(),
  nodeId: z.string(),
  gameName: z.string(),
  vendor: z.string(),
  gameType: z.string(),
  bet: minorUnits,
  win: minorUnits,
  status: z.enum(['OPEN', 'SETTLED', 'ROLLED_BACK']),
  at: z.string(),
});

/** A page of rounds with the totals of the whole filter. */
export const roundsPage = <T extends z.ZodType>(row: T) =>
  z.object({
    list: z.array(row),
    totals: z.object({ bet: minorUnits, win: minorUnits, rounds: z.number().int() }),
    totalPages: z.number().int(),
  });

/** Betting record (personalHistoryCopy): the member's game rounds. */
export const bettingRecord = defineCall({
  method: 'GET',
  path: '/wps/member/bettingRecord',
  class: 'read',
  summary: 'The member’s game rounds (bet, win, status), newest first, with totals',
  auth: 'token',
  registeredOnly: true,
  query: z.object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    gameType: z.string().max(20).optional(),
    vendor: z.string().max(40).optional(),
    ...paging(),
  }),
  response: wpsReply(roundsPage(gameRound)),
});

/** P&L (personalProfit): per day, bets, wins and profit, for the chart. */
export const profitAndLoss = defineCall({
  method: 'GET',
  path: '/wps/member/profit',
  class: 'read',
  summary: 'The member’s profit and loss per day over a date range',
  auth: 'token',
  registeredOnly: true,
  query: z.object({ from: z.iso.date(), to: z.iso.date() }),
  response: wpsReply(
    z.object({
      days: z.array(z.object({ day: z.string(), bet: minorUnits, win: minorUnits, profit: minorUnits })),
      totals: z.object({ bet: minorUnits, win: minorUnits, profit: minorUnits }),
    }),
  ),
});

/**
 * The demo gateway's own page (`/gateway/demo?ref=…`, not our site in real life): what is to be paid, and the
 * member's choice, after which the gateway posts its signed callback to us. Only where the demo gateway is on.
 */
export const demoGatewayOrder = defineCall({
  method: 'GET',
  path: '/gateway-demo/order',
  class: 'open',
  summary: 'Demo gateway: the payment a reference stands for (amount, merchant, status)',
  query: z.object({ ref: z.string().min(1).max(80) }),
  response: wpsReply(
    z.object({
      ref: z.string(),
      amount: minorUnits,
      merchantName: z.string(),
      currencySign: z.string(),
      /** PENDING until paid or failed. */
      status: paymentStatus,
    }),
  ),
});

export const demoGatewayPay = defineCall({
  method: 'POST',
  path: '/gateway-demo/pay',
  class: 'open',
  summary: 'Demo gateway: pay (or fail) a deposit; the gateway then posts its signed callback',
  body: z.object({ ref: z.string().min(1).max(80), outcome: z.enum(['PAID', 'FAILED']) }),
  response: wpsReply(
    z.object({
      ref: z.string(),
      status: paymentStatus,
      /** True when this call credited the deposit (false on a repeat). */
      credited: z.boolean(),
    }),
  ),
});

/** A hosted-checkout provider's webhook (server/ports/payments/hostedCheckout.ts): the outcome of a checkout. */
export const checkoutWebhook = defineCall({
  method: 'POST',
  path: '/wps/payment/callback/:channelId',
  class: 'open',
  signed: 'gateway',
  summary:
    'Hosted-checkout webhook: signed (X-Checkout-Timestamp within 5 minutes, X-Checkout-Signature hex HMAC-SHA256 of `<timestamp>.<raw body>` with the channel’s webhook secret), idempotent; an amount or currency other than the order’s is flagged for review, not credited',
  params: z.object({ channelId: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: z.object({
    eventId: z.string().min(1).max(120),
    orderRef: z.string().min(1).max(80),
    checkoutId: z.string().max(120).optional(),
    status: z.enum(['PAID', 'FAILED']),
    amount: minorUnits,
    currency: z.string().regex(/^[A-Z]{3}$/, 'Currency is an ISO 4217 code'),
  }),
  response: z.object({ ok: z.literal(true), credited: z.boolean(), review: z.boolean() }),
});

// ── Operators: a merchant's payment channels ─────────────────────────────────────────────────────────────────

const line = (max: number) => z.string().trim().min(1, 'Required').max(max);
const webAddress = z
  .url({ protocol: /^https?$/, error: 'A web address (https://…)' })
  .max(300)
  .transform((u) => u.replace(/\/+$/, ''));

/** Each driver's settings, as an operator enters them (secrets apart: `CHANNEL_SECRETS`). */
export const channelSettings = {
  BANK: z.object({
    bankName: line(60),
    accountName: line(60),
    accountNo: z.string().trim().regex(MONEY_FIELDS.accountNo.pattern, 'Account number is 6–30 digits'),
  }),
  VIETQR: z.object({
    bankName: line(60),
    /** The beneficiary bank's NAPAS BIN (e.g. 970436 Vietcombank). */
    bin: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The bank BIN is 6 digits'),
    accountNo: z
      .string()
      .trim()
      .regex(/^\d{6,19}$/, 'Account number is 6–19 digits'),
    accountName: line(60),
  }),
  HOSTED_CHECKOUT: z.object({
    /** The provider's API base: checkouts are created at `<apiUrl>/checkouts`. */
    apiUrl: webAddress,
    /** Our account at the provider. */
    merchantId: line(64),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'Currency is an ISO 4217 code (VND)'),
    /** The merchant site's public origin: the webhook and return addresses are made from it. */
    siteUrl: webAddress,
  }),
  DEMO_GATEWAY: z.object({}),
} as const satisfies Record<PaymentChannel, z.ZodType>;

/** The secrets each driver needs: written by operators, stored sealed, never sent back (shown as set). */
export const CHANNEL_SECRETS = {
  BANK: [],
  VIETQR: [],
  HOSTED_CHECKOUT: ['apiSecret', 'webhookSecret'],
  DEMO_GATEWAY: [],
} as const satisfies Record<PaymentChannel, readonly string[]>;

const secretValue = z.string().trim().min(16, 'At least 16 characters').max(256);
const channelLabel = line(40);

/** A channel as an operator writes it: one shape per driver; `secrets` required to add, optional to change. */
const channelBody = (adding: boolean) => {
  const base = { label: channelLabel, enabled: z.boolean().default(true) };
  return z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('BANK'), ...base, settings: channelSettings.BANK }),
    z.object({ kind: z.literal('VIETQR'), ...base, settings: channelSettings.VIETQR }),
    z.object({
      kind: z.literal('HOSTED_CHECKOUT'),
      ...base,
      settings: channelSettings.HOSTED_CHECKOUT,
      secrets: adding
        ? z.object({ apiSecret: secretValue, webhookSecret: secretValue })
        : z.object({ apiSecret: secretValue.optional(), webhookSecret: secretValue.optional() }).default({}),
    }),
    z.object({ kind: z.literal('DEMO_GATEWAY'), ...base, settings: channelSettings.DEMO_GATEWAY }),
  ]);
};
export type ChannelBody = z.output<ReturnType<typeof channelBody>>;

export const opsChannel = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  kind: paymentChannel,
  label: z.string(),
  enabled: z.boolean(),
  settings: z.record(z.string(), z.string()),
  /** The names of the secrets that are set; their values never leave the server. */
  secretsSet: z.array(z.string()),
  /** HOSTED_CHECKOUT: the webhook address to give the provider. */
  webhookUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type OpsChannel = z.infer<typeof opsChannel>;

const channelPath = z.object({ code: merchantCode });

export const opsPaymentChannels = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/payment-channels',
  summary:
    'Operator (FINANCE, ADMIN): a merchant’s payment channels, their settings and which secrets are set',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: channelPath,
  response: wpsReply(
    z.object({
      list: z.array(opsChannel),
      /** The driver kinds that may be added here (DEMO_GATEWAY outside production only). */
      kinds: z.array(paymentChannel),
      /** Secrets are sealed with PORTICO_SECRETS_KEY (false: stored as they are, development only). */
      sealed: z.boolean(),
    }),
  ),
});

export const opsAddPaymentChannel = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/payment-channels',
  summary: 'Operator (FINANCE, ADMIN): add a payment channel (driver, label, settings, secrets); audited',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: channelPath,
  body: channelBody(true),
  response: wpsReply(z.object({ channel: opsChannel })),
});

export const opsUpdatePaymentChannel = defineCall({
  method: 'PUT',
  path: '/ops/merchants/:code/payment-channels/:id',
  summary:
    'Operator (FINANCE, ADMIN): change a channel’s label, settings or secrets (an omitted secret stays), or disable it; audited',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: channelPath.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: channelBody(false),
  response: wpsReply(z.object({ channel: opsChannel })),
});
