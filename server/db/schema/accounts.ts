import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, merchantCode } from './columns.ts';

/** A player or agent account of one merchant. `account` is the login name, stored lower-case. */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    account: text('account').notNull(),
    nickname: text('nickname').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** E.164-ish: dial code and number, digits only ("84901234567"). */
    mobile: text('mobile'),
    email: text('email'),
    payeeName: text('payee_name'),
    /** The withdrawal password (scrypt), separate from the login password; null until the member sets one. */
    paymentPasswordHash: text('payment_password_hash'),
    /** Wrong payment passwords since the last right one; at the limit it locks. */
    paymentPasswordFailures: integer('payment_password_failures').notNull().default(0),
    /** Payment-password checks under way (taken before the hash is compared) and when the last one began. */
    paymentPasswordChecks: integer('payment_password_checks').notNull().default(0),
    paymentPasswordCheckedAt: at('payment_password_checked_at'),
    /** While in the future, even the right payment password is refused. */
    paymentPasswordLockedUntil: at('payment_password_locked_until'),
    /** The other registration fields (qqNum, line, whatsapp …), as typed. */
    profile: jsonb('profile').$type<Record<string, string>>().notNull().default({}),
    /** The registration's birthday (know-your-customer; the merchant's minimum age was checked on it). */
    birthday: date('birthday'),
    /** 0 member; 1, 2, 41, 42 agents; 4 trial (spec §2/§6). */
    agentType: integer('agent_type').notNull().default(0),
    uplineId: integer('upline_id'),
    affiliateCode: text('affiliate_code'),
    /** The member's own referral code (spec §2 referral), made on first use; friends register with it. */
    referralCode: text('referral_code'),
    /** The member whose referral code this account registered with. */
    referredBy: integer('referred_by'),
    /** The Firebase user of a social login (Google, Facebook, Telegram). */
    firebaseUid: text('firebase_uid'),
    clubRank: integer('club_rank').notNull().default(1),
    /** Null until the first login (firstTimeLogin). */
    firstLoginAt: at('first_login_at'),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
    /** Set when an operator or the e-mail reset issued the password: the next login must change it. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** Set by an operator: the account cannot log in and its sessions are revoked, until unlocked. */
    lockedAt: at('locked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('members_merchant_account').on(t.merchantCode, t.account),
    uniqueIndex('members_merchant_mobile').on(t.merchantCode, t.mobile).where(sql`${t.mobile} is not null`),
    uniqueIndex('members_merchant_firebase')
      .on(t.merchantCode, t.firebaseUid)
      .where(sql`${t.firebaseUid} is not null`),
    uniqueIndex('members_merchant_referral')
      .on(t.merchantCode, t.referralCode)
      .where(sql`${t.referralCode} is not null`),
    index('members_referred_by').on(t.referredBy),
    uniqueIndex('members_merchant_affiliate')
      .on(t.merchantCode, t.affiliateCode)
      .where(sql`${t.affiliateCode} is not null`),
  ],
);

/** Server-side sessions: only the token's hash is stored; revoked or idle sessions are refused. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    merchantCode: merchantCode(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
    /** Remember-me: no idle expiry, only the absolute day (auth/sessions.ts). */
    remembered: boolean('remembered').notNull().default(false),
  },
  (t) => [index('sessions_member').on(t.memberId)],
);

/** Single-use captchas: the answer's hash, an expiry, and when it was used. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  merchantCode: merchantCode(),
  answerHash: text('answer_hash').notNull(),
  /** Dev mode keeps the answer readable for /__dev/captcha/:id (never in production). */
  devAnswer: text('dev_answer'),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** SMS codes (hashed) per number and purpose, with the sender's IP for throttling. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    purpose: text('purpose').$type<'register' | 'login'>().notNull(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('sms_codes_lookup').on(t.merchantCode, t.mobile, t.purpose),
    index('sms_codes_ip').on(t.ip, t.createdAt),
  ],
);

/**
 * SMS codes asked for per number and per sender address and day (UTC), counted atomically (upsert + 1) so parallel
 * requests cannot slip past the daily caps or the resend interval.
 */
export const smsSends = pgTable(
  'sms_sends',
  {
    merchantCode: merchantCode(),
    /** 'mobile:<digits>' or 'ip:<address>'. */
    key: text('key').notNull(),
    day: text('day').notNull(),
    sends: integer('sends').notNull().default(0),
    lastSentAt: at('last_sent_at').notNull().defaultNow(),
  },
  (t) => [unique('sms_sends_key').on(t.merchantCode, t.key, t.day)],
);

/**
 * Forgot-password codes sent by e-mail: only the code's hash, an expiry, the wrong tries it took and when it was
 * used; a member's newest code is the only live one.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('password_resets_member').on(t.memberId, t.createdAt)],
);

/** Failed logins per account name: past a threshold the next login needs a captcha. */
export const loginFailures = pgTable(
  'login_failures',
  {
    merchantCode: merchantCode(),
    account: text('account').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: at('last_failure_at').notNull().defaultNow(),
  },
  (t) => [unique('login_failures_key').on(t.merchantCode, t.account)],
);

/**
 * What an outbox row is: kept for development (OUTBOX, read at /__dev/outbox), waiting for the delivery job
 * (PENDING), handed to a driver (SENDING, leased until next_attempt_at), delivered (SENT) or given up (FAILED).
 */
export type DeliveryStatus = 'OUTBOX' | 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

/**
 * Every SMS and e-mail: the development outbox and the durable queue the delivery job sends from (server/ports/
 * messaging.ts). `preview` is the body with its code masked, the only text operators see.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    merchantCode: merchantCode(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    preview: text('preview').notNull().default(''),
    language: text('language').notNull().default('en'),
    status: text('status').$type<DeliveryStatus>().notNull().default('OUTBOX'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    lastError: text('last_error'),
    /** The provider's id of the sent message (Twilio's SID, the SMTP message id). */
    providerId: text('provider_id'),
    /** Past this a code is worthless: the message is given up rather than sent late. */
    expiresAt: at('expires_at'),
    sentAt: at('sent_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due').on(t.status, t.nextAttemptAt),
    index('outbox_merchant').on(t.merchantCode, t.id),
  ],
);
