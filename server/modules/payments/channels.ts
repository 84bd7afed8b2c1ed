import { and, asc, eq } from 'drizzle-orm';
import {
  CHANNEL_SECRETS,
  type ChannelBody,
  type DepositMethod,
  type OpsChannel,
  type PaymentChannel,
  paymentChannel,
} from '../../../contract/payments.ts';
import type { Db } from '../../db/client.ts';
import { paymentChannels } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { SecretBox } from '../../secrets.ts';
import type { AuditLog } from '../audit/log.ts';
import { mustExist } from '../merchant/exists.ts';
import type { RulesStore } from '../rules/store.ts';
import { PAYMENT_RULES } from './rules.ts';

type Row = typeof paymentChannels.$inferSelect;

/** A channel members may deposit through, with what its driver needs (secrets opened). */
export interface OfferedChannel extends DepositMethod {
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

export interface ChannelsDeps {
  audit: AuditLog;
  box: SecretBox;
  rules: RulesStore;
  production?: boolean;
  /** The demo gateway is built in (outside production, with its secret). */
  demoGateway: boolean;
  /** A sealed secret that does not open: the channel is left out, and the operator told through the log. */
  onUnreadable?: (channelId: number, err: Error) => void;
  now?: () => Date;
}

const notFound = () => new DomainError(404, 'NOT_FOUND', 'No such payment channel');

/**
 * The payment-channel registry: what a merchant offers, configured by its operators in /ops. A merchant with none
 * configured offers the built-in ones (a transfer to the house bank account of its payment rules, and the demo
 * gateway outside production); once one is configured, exactly its enabled channels. Production never offers the
 * demo gateway, configured or not.
 */
export function createChannels(db: Db, deps: ChannelsDeps) {
  const { audit, box } = deps;
  const now = deps.now ?? (() => new Date());
  const context = (merchantCode: string) => `payment-channel:${merchantCode}`;
  const kinds = paymentChannel.options.filter((k) => !(deps.production && k === 'DEMO_GATEWAY'));

  const openSecrets = (row: Row): Record<string, string> =>
    row.secrets
      ? (JSON.parse(box.open(row.secrets, context(row.merchantCode))) as Record<string, string>)
      : {};

  const view = (row: Row): OpsChannel => {
    let set: string[];
    try {
      set = Object.keys(openSecrets(row));
    } catch {
      // Sealed with a key this server does not have: they are there, but unusable until the key is back.
      set = [...CHANNEL_SECRETS[row.kind]];
    }
    return {
      id: row.id,
      merchantCode: row.merchantCode,
      kind: row.kind,
      label: row.label,
      enabled: row.enabled,
      settings: row.settings as Record<string, string>,
      secretsSet: set,
      webhookUrl:
        row.kind === 'HOSTED_CHECKOUT'
          ? `${(row.settings as { siteUrl: string }).siteUrl}/wps/payment/callback/${row.id}`
          : null,
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  function refuseKind(kind: PaymentChannel) {
    if (!kinds.includes(kind))
      throw new DomainError(400, 'VALIDATION', 'The demo gateway is for development only', {
        kind: 'Not available in production',
      });
  }

  /** The secrets to store: in production only sealed (a database dump must not hand out a gateway's keys). */
  function sealed(merchantCode: string, secrets: Record<string, string>): string | null {
    if (Object.keys(secrets).length === 0) return null;
    if (deps.production && !box.sealed)
      throw new DomainError(
        409,
        'CONFLICT',
        'Secrets are stored only sealed in production: set PORTICO_SECRETS_KEY on the server first',
      );
    return box.seal(JSON.stringify(secrets), context(merchantCode));
  }

  /** What the audit log keeps of a channel: never a secret, only which ones changed. */
  const audited = (row: Row, secretsChanged: string[]) => ({
    channelId: row.id,
    kind: row.kind,
    label: row.label,
    enabled: row.enabled,
    settings: row.settings,
    secretsChanged,
  });

  async function rowOf(merchantCode: string, id: number) {
    const [row] = await db
      .select()
      .from(paymentChannels)
      .where(and(eq(paymentChannels.merchantCode, merchantCode), eq(paymentChannels.id, id)));
    return row;
  }

  return {
    kinds,
    sealed: box.sealed,

    async list(merchantCode: string) {
      await mustExist(db, merchantCode);
      const rows = await db
        .select()
        .from(paymentChannels)
        .where(eq(paymentChannels.merchantCode, merchantCode))
        .orderBy(asc(paymentChannels.id));
      return rows.map(view);
    },

    async add(merchantCode: string, body: ChannelBody): Promise<OpsChannel> {
      await mustExist(db, merchantCode);
      refuseKind(body.kind);
      const secrets = 'secrets' in body ? (body.secrets as Record<string, string>) : {};
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(paymentChannels)
          .values({
            merchantCode,
            kind: body.kind,
            label: body.label,
            enabled: body.enabled,
            settings: body.settings,
            secrets: sealed(merchantCode, secrets),
            createdAt: now(),
            updatedAt: now(),
          })
          .returning();
        await audit.append(tx, {
          merchantCode,
          actor: 'ops',
          action: 'PAYMENT_CHANNEL_ADDED',
          subject: audited(row!, Object.keys(secrets)),
        });
        return view(row!);
      });
    },

    async update(merchantCode: string, id: number, body: ChannelBody): Promise<OpsChannel> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(paymentChannels)
          .where(and(eq(paymentChannels.merchantCode, merchantCode), eq(paymentChannels.id, id)))
          .for('update');
        if (!row) throw notFound();
        if (row.kind !== body.kind)
          throw new DomainError(
            400,
            'VALIDATION',
            'A channel keeps its driver: add another channel instead',
            {
              kind: 'Cannot change',
            },
          );
        const given = Object.fromEntries(
          Object.entries(
            'secrets' in body ? (body.secrets as Record<string, string | undefined>) : {},
          ).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
        const changed = Object.keys(given);
        const secrets =
          changed.length > 0 ? sealed(merchantCode, { ...openSecrets(row), ...given }) : row.secrets;
        const [next] = await tx
          .update(paymentChannels)
          .set({
            label: body.label,
            enabled: body.enabled,
            settings: body.settings,
            secrets,
            updatedAt: now(),
          })
          .where(eq(paymentChannels.id, id))
          .returning();
        await audit.append(tx, {
          merchantCode,
          actor: 'ops',
          action: 'PAYMENT_CHANNEL_UPDATED',
          subject: audited(next!, changed),
        });
        return view(next!);
      });
    },

    /** What members of the merchant may deposit through, in the operators' order. */
    async offered(merchantCode: string): Promise<OfferedChannel[]> {
      const rows = await db
        .select()
        .from(paymentChannels)
        .where(eq(paymentChannels.merchantCode, merchantCode))
        .orderBy(asc(paymentChannels.id));
      if (rows.length === 0) {
        const { bank } = await deps.rules.get(merchantCode, PAYMENT_RULES);
        const builtIn: OfferedChannel[] = [
          { id: null, kind: 'BANK', label: '', bank, settings: {}, secrets: {} },
        ];
        if (deps.demoGateway && !deps.production)
          builtIn.push({ id: null, kind: 'DEMO_GATEWAY', label: '', bank: null, settings: {}, secrets: {} });
        return builtIn;
      }
      const offered: OfferedChannel[] = [];
      for (const row of rows) {
        if (!row.enabled || !kinds.includes(row.kind)) continue;
        if (row.kind === 'DEMO_GATEWAY' && !deps.demoGateway) continue;
        let secrets: Record<string, string>;
        try {
          secrets = openSecrets(row);
        } catch (err) {
          deps.onUnreadable?.(row.id, err as Error);
          continue;
        }
        const settings = row.settings as Record<string, string>;
        offered.push({
          id: row.id,
          kind: row.kind,
          label: row.label,
          bank:
            row.kind === 'BANK' || row.kind === 'VIETQR'
              ? {
                  bankName: settings.bankName!,
                  accountName: settings.accountName!,
                  accountNo: settings.accountNo!,
                }
              : null,
          settings,
          secrets,
        });
      }
      return offered;
    },

    /** A configured channel with its secrets opened, enabled or not (a disabled one still settles its orders). */
    async resolve(merchantCode: string, id: number) {
      const row = await rowOf(merchantCode, id);
      if (!row) return undefined;
      return { ...row, settings: row.settings as Record<string, string>, secrets: openSecrets(row) };
    },
  };
}
export type Channels = ReturnType<typeof createChannels>;
