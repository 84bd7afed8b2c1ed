import type { Db } from '../../db/client.ts';
import { bankDriver, demoGatewayDriver, type PaymentDrivers } from '../../ports/payments.ts';
import { type StoragePort, uploadsStorage } from '../../ports/storage.ts';
import { DEV_GATEWAY_SECRET, secretBox } from '../../secrets.ts';
import type { AuditLog } from '../audit/log.ts';
import { createRulesStore, type RulesStore } from '../rules/store.ts';
import { createChannels } from './channels.ts';
import { createPaymentPasswords } from './paymentPassword.ts';
import { createPaymentsService, type DepositCheck, type PaymentsDeps } from './service.ts';

export interface PaymentsOptions {
  audit: AuditLog;
  production?: boolean;
  /** The demo gateway's callback secret; outside production the public development one when unset. */
  gatewaySecret?: string;
  /** Where proof uploads go (default: the local folder `uploadsDir`, else ./data/uploads). */
  storage?: StoragePort;
  uploadsDir?: string;
  /** Responsible gambling's deposit check (breaks and deposit limits), when wired in. */
  checkDeposit?: DepositCheck;
  /** Where the merchants' payment rules are read (default: a store on `db`). */
  rules?: RulesStore;
  onOrder?: PaymentsDeps['onOrder'];
  /** Seals the payment channels' secrets at rest (PORTICO_SECRETS_KEY); unset, they are stored as they are. */
  secretsKey?: string;
  /** How hosted-checkout drivers reach their providers. */
  paymentFetch?: typeof fetch;
  /** A configured channel whose sealed secrets do not open (another PORTICO_SECRETS_KEY): left out, reported. */
  onUnreadableChannel?: (channelId: number, err: Error) => void;
  now?: () => Date;
}

/** Deposits and withdrawals with what they need: payment passwords, the audit log, the channel drivers. */
export function createPayments(db: Db, opts: PaymentsOptions) {
  const { audit } = opts;
  const passwords = createPaymentPasswords(db, audit, opts.now);
  const secret = opts.gatewaySecret ?? (opts.production ? undefined : DEV_GATEWAY_SECRET);
  const drivers: Partial<PaymentDrivers> = {
    BANK: bankDriver(),
    ...(secret ? { DEMO_GATEWAY: demoGatewayDriver(secret) } : {}),
  };
  const rules = opts.rules ?? createRulesStore(db);
  const channels = createChannels(db, {
    audit,
    box: secretBox(opts.secretsKey),
    rules,
    production: opts.production,
    // The demo gateway's pages pay whatever they are asked to: players never see it in production, whatever the
    // configuration; a set secret keeps only its signed callback there, for a gateway that speaks its protocol.
    demoGateway: secret !== undefined && !opts.production,
    onUnreadable: opts.onUnreadableChannel,
    now: opts.now,
  });
  const service = createPaymentsService(db, {
    audit,
    passwords,
    drivers,
    channels,
    fetch: opts.paymentFetch,
    storage: uploadsStorage(opts),
    checkDeposit: opts.checkDeposit,
    rules,
    onOrder: opts.onOrder,
    now: opts.now,
  });
  // The demo gateway's own pages pay any order on request: a demonstration, never a production route.
  return { service, passwords, audit, channels, demoPages: !opts.production };
}
export type Payments = ReturnType<typeof createPayments>;
