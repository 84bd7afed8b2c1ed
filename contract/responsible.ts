import { z } from 'zod';
import { defineCall, emptyQuery, wpsReply } from './call.ts';
import { amountField } from './payments.ts';
import { minorUnits } from './wallet.ts';

/**
 * Responsible gambling (beyond the spec): deposit and loss limits per day, week or month — lowering applies at
 * once, raising after 24 h — and breaks: cooling-off for 24 h, 7 d or 30 d, or self-exclusion without end. A break
 * ends the member's sessions but the next login; meanwhile play and deposits are refused (withdrawals stay open).
 */
export const limitKind = z.enum(['DEPOSIT', 'LOSS']);
export const limitPeriod = z.enum(['D', 'W', 'M']);
export const breakLength = z.enum(['24H', '7D', '30D', 'SELF_EXCLUSION']);

/** How long each break lasts (ms); self-exclusion has no end. */
export const BREAK_LENGTH_MS: Record<z.infer<typeof breakLength>, number | null> = {
  '24H': 86_400_000,
  '7D': 7 * 86_400_000,
  '30D': 30 * 86_400_000,
  SELF_EXCLUSION: null,
};

/** A raised limit waits this long (ms). */
export const LIMIT_RAISE_DELAY_MS = 24 * 3_600_000;

export const gamblingLimit = z.object({
  kind: limitKind,
  period: limitPeriod,
  amount: minorUnits,
  /** A raise that applies from `pendingFrom`. */
  pendingAmount: minorUnits.nullable(),
  pendingFrom: z.string().nullable(),
  /** Counted so far in the current period: deposits credited or pending; losses settled plus open stakes. */
  used: minorUnits,
});

export const responsibleStatus = defineCall({
  method: 'GET',
  path: '/wps/member/responsible',
  class: 'read',
  summary: 'The member’s limits (with what is used this period) and any break in force',
  auth: 'token',
  query: emptyQuery,
  response: wpsReply(
    z.object({
      limits: z.array(gamblingLimit),
      break: z
        .object({ kind: z.enum(['COOLING_OFF', 'SELF_EXCLUSION']), endsAt: z.string().nullable() })
        .nullable(),
    }),
  ),
});

export const setLimit = defineCall({
  method: 'PUT',
  path: '/wps/member/responsible/limit',
  class: 'account',
  summary: 'Set a deposit or loss limit (lower: now; higher: after 24 h); amount null removes it after 24 h',
  auth: 'token',
  body: z.object({ kind: limitKind, period: limitPeriod, amount: amountField.nullable() }),
  response: wpsReply(gamblingLimit),
});

export const takeBreak = defineCall({
  method: 'POST',
  path: '/wps/member/responsible/break',
  class: 'account',
  summary: 'Start a cooling-off (24 h, 7 d, 30 d) or self-exclusion; ends every session of the member',
  auth: 'token',
  body: z.object({ length: breakLength, password: z.string().min(1).max(64) }),
  response: wpsReply(z.object({ endsAt: z.string().nullable() })),
});
