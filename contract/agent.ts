import { z } from 'zod';
import { defineCall, paging, wpsReply } from './call.ts';
import { type FeatureFlag, merchantCode } from './merchant.ts';
import { amountField, gameRound, MONEY_FIELDS, roundsPage } from './payments.ts';
import { minorUnits } from './wallet.ts';

/**
 * The agent centre (spec §2, §6, §7): team, downline and contracts. Every call is for agents only (agent types 1, 2,
 * 41, 42); an agent reads only its own subtree, so a member id outside it answers 404 like a missing one.
 */

/** Spec §1 contract kinds (the spec's request types divtypereq, dailysalreqtype, contracthoursalreq, realtimesalreqtype). */
export const contractKind = z.enum(['DIVIDEND', 'DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY']);
export type ContractKind = z.infer<typeof contractKind>;

/** The feature flag that switches each kind (and its agent-centre page) on. */
export const CONTRACT_FEATURES: Record<ContractKind, FeatureFlag> = {
  DIVIDEND: 'AGENT_DIVIDEND',
  DAILY_SALARY: 'DAILY_SALARY',
  HOURLY_SALARY: 'HOURLY_SALARY',
  REALTIME_SALARY: 'REALTIME_SALARY',
};

/**
 * Spec §3 contract periods: Daily, Weekly, Semimonthly, Monthly. A dividend contract chooses one; salaries settle on
 * their own clock (daily salary per day, hourly per hour, real-time every 5 minutes, spec §9) and have none.
 */
export const contractPeriod = z.enum(['D', 'W', 'H', 'M']);
export type ContractPeriod = z.infer<typeof contractPeriod>;

/**
 * PROPOSED (upline offered) → ACTIVE (downline accepted) | REJECTED; PROPOSED or ACTIVE → TERMINATED (upline, or
 * when the upline's own contract of that kind ends).
 */
export const contractStatus = z.enum(['PROPOSED', 'ACTIVE', 'REJECTED', 'TERMINATED']);
export type ContractStatus = z.infer<typeof contractStatus>;

/** Spec §4 contract actions. */
export const contractAction = z.enum(['ACCEPT', 'REJECT', 'TERMINATE']);
export type ContractAction = z.infer<typeof contractAction>;

/**
 * A tier (spec §3: rate, active members, bet amount): reached when the team has at least `activeMembers` members who
 * bet in the window and bet at least `betAmount` together. `rateBp` in basis points (50 = 0.50 %) of the team's bet
 * amount (salaries) or of its net loss (dividend).
 */
/** Bounds of an offer's tiers, stated once for the schema below and the tier editor that checks them first. */
export const TIER_LIMITS = { tiers: 10, members: 1_000_000, bet: 1_000_000_000_000, rateBp: 10_000 } as const;

export const contractTier = z.object({
  activeMembers: z.number().int('Whole members only').min(0, 'Cannot be negative').max(TIER_LIMITS.members),
  betAmount: z.number().int('At most 2 decimals').min(0, 'Cannot be negative').max(TIER_LIMITS.bet),
  rateBp: z
    .number()
    .int('At most 2 decimals')
    .min(1, 'Rate must be more than 0')
    .max(TIER_LIMITS.rateBp, 'At most 100 %'),
});
export type ContractTier = z.infer<typeof contractTier>;

export const contractTiers = z
  .array(contractTier)
  .min(1, 'Add at least one tier')
  .max(TIER_LIMITS.tiers, `At most ${TIER_LIMITS.tiers} tiers`);

const party = z.object({ id: z.number().int(), account: z.string() });

export const agentContract = z.object({
  id: z.number().int(),
  kind: contractKind,
  /** Null when the operator granted it (a top agent's contract). */
  upline: party.nullable(),
  downline: party,
  period: contractPeriod.nullable(),
  tiers: z.array(contractTier),
  status: contractStatus,
  proposedAt: z.string(),
  /** When it came into force (accepted). */
  activeFrom: z.string().nullable(),
  /** When it was rejected or terminated. */
  endedAt: z.string().nullable(),
});
export type AgentContract = z.infer<typeof agentContract>;

const range = { from: z.iso.date('Choose a start date'), to: z.iso.date('Choose an end date') };
/** Accounts whose name starts with this (any case); an account outside the agent's subtree finds nothing. */
const account = z.string().trim().max(64).optional();
const agentCall = { auth: 'token', registeredOnly: true, agentOnly: true } as const;

export const teamOverview = defineCall({
  method: 'GET',
  path: '/wps/agent/team/overview',
  class: 'read',
  summary: 'The team’s figures over a date range and per day (for the chart)',
  ...agentCall,
  query: z.object(range),
  response: wpsReply(
    z.object({
      /** Accounts below the agent at every level, and its direct downline. */
      teamSize: z.number().int(),
      directMembers: z.number().int(),
      directAgents: z.number().int(),
      newMembers: z.number().int(),
      /** Members of the team who bet in the range. */
      activeMembers: z.number().int(),
      bet: minorUnits,
      win: minorUnits,
      /** The team's result: win − bet (negative when the team lost). */
      profit: minorUnits,
      deposits: minorUnits,
      withdrawals: minorUnits,
      days: z.array(
        z.object({
          day: z.string(),
          newMembers: z.number().int(),
          activeMembers: z.number().int(),
          bet: minorUnits,
          profit: minorUnits,
        }),
      ),
    }),
  ),
});

export const downlineType = z.enum(['MEMBER', 'AGENT']);

export const registerDownline = defineCall({
  method: 'PUT',
  path: '/wps/agent/downline',
  class: 'account',
  summary:
    'Register an account directly below the agent: a member, or an agent (with its own invitation code)',
  ...agentCall,
  body: z.object({
    accountType: downlineType,
    username: z.string().trim().min(1, 'Input must not be empty').max(64),
    password: z.string().min(1, 'Input must not be empty').max(64),
    confirmPassword: z.string().max(64),
  }),
  response: wpsReply(
    z.object({
      id: z.number().int(),
      account: z.string(),
      agentType: z.number().int(),
      affiliateCode: z.string().nullable(),
    }),
  ),
});

export const downlineMember = z.object({
  id: z.number().int(),
  account: z.string(),
  agentType: z.number().int(),
  /** 1 = registered by the agent itself. */
  level: z.number().int(),
  uplineAccount: z.string().nullable(),
  /** Accounts below this one. */
  teamSize: z.number().int(),
  balance: minorUnits,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type DownlineMember = z.infer<typeof downlineMember>;

export const agentDownline = defineCall({
  method: 'GET',
  path: '/wps/agent/downline',
  class: 'read',
  summary: 'Team management: the accounts below the agent (direct only or every level), by account name',
  ...agentCall,
  query: z.object({ scope: z.enum(['direct', 'all']).default('direct'), account, ...paging() }),
  response: wpsReply(z.object({ list: z.array(downlineMember), totalPages: z.number().int() })),
});

export const teamBets = defineCall({
  method: 'GET',
  path: '/wps/agent/team/bets',
  class: 'read',
  summary: 'Team betting: the downline’s game rounds with filters, newest first, with totals',
  ...agentCall,
  query: z.object({
    ...range,
    account,
    gameType: z.string().max(20).optional(),
    status: z.enum(['OPEN', 'SETTLED', 'ROLLED_BACK']).optional(),
    ...paging(),
  }),
  response: wpsReply(roundsPage(gameRound.extend({ account: z.string() }))),
});

export const userLoss = defineCall({
  method: 'GET',
  path: '/wps/agent/team/loss',
  class: 'read',
  summary: 'User loss: each downline member’s bets, wins and result over a range, biggest loss first',
  ...agentCall,
  query: z.object({ ...range, account, ...paging() }),
  response: wpsReply(
    z.object({
      list: z.array(
        z.object({
          memberId: z.number().int(),
          account: z.string(),
          rounds: z.number().int(),
          bet: minorUnits,
          win: minorUnits,
          /** win − bet: negative is a loss. */
          profit: minorUnits,
        }),
      ),
      totals: z.object({ bet: minorUnits, win: minorUnits, profit: minorUnits }),
      totalPages: z.number().int(),
    }),
  ),
});

/** Money movements the account-details page filters on (the downline's main wallets). */
export const teamTransactionKind = z.enum(['DEPOSIT', 'WITHDRAWAL', 'TRANSFER', 'BONUS', 'CONTRACT']);

export const teamTransactions = defineCall({
  method: 'GET',
  path: '/wps/agent/team/transactions',
  class: 'read',
  summary:
    'Account details: the downline’s deposits, withdrawals, transfers, bonuses and contract pay, newest first',
  ...agentCall,
  query: z.object({ ...range, account, kind: teamTransactionKind.optional(), ...paging() }),
  response: wpsReply(
    z.object({
      list: z.array(
        z.object({
          id: z.number().int(),
          account: z.string(),
          kind: teamTransactionKind,
          /** The ledger's own name of the movement (DEPOSIT, TRANSFER_UPLINE, CONTRACT_PAY …). */
          detail: z.string(),
          amount: minorUnits,
          balanceAfter: minorUnits,
          at: z.string(),
        }),
      ),
      totalPages: z.number().int(),
    }),
  ),
});

export const contractSettlement = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: contractKind,
  windowStart: z.string(),
  windowEnd: z.string(),
  activeMembers: z.number().int(),
  bet: minorUnits,
  /** What the rate applies to: bet amount (salaries) or net loss (dividend). */
  base: minorUnits,
  rateBp: z.number().int(),
  /** rate × base, before the share of the agent's own contracted downlines. */
  gross: minorUnits,
  /** What the agent's direct downlines earned by their contracts of this kind in the same window. */
  deducted: minorUnits,
  amount: minorUnits,
  at: z.string(),
});
export type ContractSettlement = z.infer<typeof contractSettlement>;

export const agentIncome = defineCall({
  method: 'GET',
  path: '/wps/agent/income',
  class: 'read',
  summary: 'My income: the agent’s contract pay (salaries and dividends) per window, newest first',
  ...agentCall,
  query: z.object({ ...range, kind: contractKind.optional(), ...paging() }),
  response: wpsReply(
    z.object({
      list: z.array(contractSettlement),
      totals: z.object({ amount: minorUnits }),
      totalPages: z.number().int(),
    }),
  ),
});

/** One upline–downline pair's contracts of a kind: in force, offered, and the latest rejected or terminated. */
const pairContracts = z.object({
  active: agentContract.nullable(),
  proposed: agentContract.nullable(),
  ended: agentContract.nullable(),
});

export const agentContracts = defineCall({
  method: 'GET',
  path: '/wps/agent/contracts',
  class: 'read',
  summary: 'Contracts of a kind: the agent’s own (from its upline) and those with each direct downline agent',
  ...agentCall,
  query: z.object({ kind: contractKind }),
  response: wpsReply(
    z.object({
      /** Its own contract in force, a pending offer from its upline, and the last one that ended. */
      mine: pairContracts,
      downlines: z.array(z.object({ member: party, ...pairContracts.shape })),
    }),
  ),
});

export const proposeContract = defineCall({
  method: 'POST',
  path: '/wps/agent/contracts',
  class: 'account',
  summary:
    'Offer a direct downline agent a contract; each tier’s rate is at most the agent’s own rate for that team',
  ...agentCall,
  body: z.object({
    kind: contractKind,
    downlineId: z.number().int().positive(),
    period: contractPeriod.optional(),
    tiers: contractTiers,
  }),
  response: wpsReply(agentContract),
});

export const actOnContract = defineCall({
  method: 'POST',
  path: '/wps/agent/contracts/:id',
  class: 'account',
  summary: 'Accept or reject an offer (the downline) or terminate a contract or offer (the upline)',
  ...agentCall,
  params: z.object({ id: z.coerce.number().int().positive() }),
  body: z.object({ action: contractAction }),
  response: wpsReply(agentContract),
});

/** Operator: give a top agent (or any agent) its contract of a kind from the house; in force at once. */
export const opsGrantContract = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/contracts',
  summary: 'Operator: grant an agent a contract from the house (replaces its contract of that kind)',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: z.object({ code: merchantCode }),
  body: z.object({
    account: z.string().trim().min(1).max(64),
    kind: contractKind,
    period: contractPeriod.optional(),
    tiers: contractTiers,
  }),
  response: wpsReply(agentContract),
});

/**
 * Operator: settle every window that has ended by `until` (default now) at once, instead of waiting for the job.
 * `until` in the future is a testing aid and refused in production.
 */
export const opsSettleContracts = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/contracts/settle',
  summary: 'Operator: run contract settlement now (windows ended by `until`)',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: z.object({ code: merchantCode }),
  body: z.object({ until: z.iso.datetime({ offset: true }).optional() }),
  response: wpsReply(z.object({ settled: z.number().int(), paid: minorUnits })),
});

/** One agent → direct downline transfer (the ledger transaction's id), as both sides and the operators see it. */
export const agentTransfer = z.object({
  id: z.number().int(),
  agent: party,
  member: party,
  amount: minorUnits,
  at: z.string(),
});
export type AgentTransfer = z.infer<typeof agentTransfer>;

/**
 * Spec §6 (upline and downline exchange transfers): the agent funds one of its DIRECT downline (member or agent)
 * from its main wallet, with its payment password, within the merchant's daily limit (rules topic
 * `agentTransfers`). Anyone else (a grand-child, the upline, another branch) answers 404 like a missing account.
 */
export const transferToDownline = defineCall({
  method: 'POST',
  path: '/wps/agent/transfer',
  class: 'money',
  summary:
    'Transfer from the agent’s main wallet to a direct downline account (payment password, daily limit)',
  ...agentCall,
  body: z.object({
    requestId: z.uuid('Request id must be a UUID'),
    downlineId: z.number({ error: 'Choose an account' }).int().positive('Choose an account'),
    amount: amountField,
    paymentPassword: z.string().min(1, 'Input must not be empty').max(MONEY_FIELDS.paymentPassword.max),
  }),
  response: wpsReply(
    z.object({
      /** The agent's main wallet after the transfer. */
      balance: minorUnits,
      /** What is left of today's limit after it. */
      remainingToday: minorUnits,
      transfer: agentTransfer,
    }),
  ),
});

/** Operator: a merchant's agent → downline transfers, newest first, by day range, agent and member account. */
export const opsAgentTransfers = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/agent-transfers',
  summary: 'Operator: a merchant’s agent → direct downline transfers, newest first, with the total',
  auth: 'ops',
  opsRoles: ['FINANCE', 'SUPPORT'],
  params: z.object({ code: merchantCode }),
  query: z.object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    agent: account,
    member: account,
    ...paging(50),
  }),
  response: wpsReply(
    z.object({
      list: z.array(agentTransfer),
      totals: z.object({ amount: minorUnits, count: z.number().int() }),
      totalPages: z.number().int(),
    }),
  ),
});
